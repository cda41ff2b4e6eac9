import { spawn } from 'node:child_process';
import t from 'tap';
import { selectWorkers, workerModules } from '../workers/registry.ts';
import type { WorkerModule } from '../workers/worker.ts';
import { declareQueue, queueDefinitions } from '../lib/queues.ts';

const fixture = (name: string): WorkerModule => ({
  queue: declareQueue({ name, description: name, handler: 'test/workers.test.ts' }),
  async handle() {},
});
const modules = [fixture('alpha'), fixture('beta'), fixture('gamma')];

t.test('--queues selects the named queues only', async (t) => {
  t.same(selectWorkers(null, modules).map((module) => module.queue.name), ['alpha', 'beta', 'gamma'], 'no flag: all');
  t.same(selectWorkers(['gamma', 'alpha'], modules).map((module) => module.queue.name), ['alpha', 'gamma']);
  t.throws(() => selectWorkers(['alpha', 'nope'], modules), /unknown queue\(s\): nope\. Known queues: alpha, beta, gamma/);
});

t.test('boot/worker.ts refuses an unknown queue before touching the database', async (t) => {
  const child = spawn(process.execPath, ['boot/worker.ts', '--queues', 'no.such.queue'], {
    env: { ...process.env, DATABASE_URL: 'postgres://127.0.0.1:1/none' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  t.equal(code, 2);
  t.match(stderr, /unknown queue\(s\): no\.such\.queue/);
});

t.test('every declared queue has one worker module, exported by the module its declaration names', async (t) => {
  t.same(workerModules.map((module) => module.queue.name).sort(), queueDefinitions.map((queue) => queue.name).sort(), 'the registry serves the catalogue exactly');
  for (const queue of queueDefinitions) {
    const exported = Object.values(await import(`../${queue.handler}`));
    t.ok(exported.some((value) => (value as WorkerModule).queue === queue), `${queue.handler} serves ${queue.name}`);
  }
});

t.test('a queue declaration types its payload', async (t) => {
  const { geocodeLocationQueue } = await import('../lib/queues.ts');
  // Type checks only (never run): `npm run typecheck` fails if a wrong payload is accepted.
  const typeChecks = (boss: Parameters<typeof geocodeLocationQueue.send>[0]) => {
    void geocodeLocationQueue.send(boss, { job_ids: ['x'] });
    // @ts-expect-error a wrong field
    void geocodeLocationQueue.send(boss, { job_id: 'x' });
    // @ts-expect-error a wrong type
    void geocodeLocationQueue.send(boss, { job_ids: 'x' });
  };
  t.type(typeChecks, 'function');
  t.equal(geocodeLocationQueue.name, 'geocode.location');
});
