import { spawn } from 'node:child_process';
import t from 'tap';
import { selectWorkers } from '../workers/registry.ts';
import type { WorkerModule } from '../workers/worker.ts';

const fixture = (name: string): WorkerModule => ({
  queue: { name, description: name },
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
