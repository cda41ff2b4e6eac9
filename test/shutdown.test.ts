import t from 'tap';
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestService } from './helpers/service.ts';
import { declareQueue } from '../lib/queues.ts';
import { slowRoute } from './fixtures/routes.ts';
import { startWorkers } from '../workers/runner.ts';
import type { WorkerModule } from '../workers/worker.ts';

function signal(): { promise: Promise<void>; fire: () => void } {
  let fire!: () => void;
  const promise = new Promise<void>((resolve) => (fire = resolve));
  return { promise, fire };
}

t.test('shutdown lets an in-flight request finish, then refuses new connections', async (t) => {
  const requestStarted = signal();
  const service = await startTestService(t, { extraRoutes: [slowRoute(requestStarted.fire)] });
  const inFlight = service.client.get('/test/slow?ms=700');
  await requestStarted.promise;
  const stopping = service.runtime.shutdown();
  const response = await inFlight;
  t.equal(response.status, 200, 'the request that was running completed');
  t.same(response.body, { slept: 700 });
  await stopping;
  await t.rejects(fetch(`${service.url}/healthz`), 'no new connections after shutdown');
});

t.test('readiness turns unavailable while draining', async (t) => {
  const requestStarted = signal();
  const service = await startTestService(t, { extraRoutes: [slowRoute(requestStarted.fire)] });
  const keepAlive = service.client.get('/test/slow?ms=500');
  await requestStarted.promise;
  service.runtime.lifecycle.shuttingDown = true;
  const ready = await service.client.get('/readyz');
  t.equal(ready.status, 503);
  t.equal(ready.body.status, 'unavailable');
  service.runtime.lifecycle.shuttingDown = false;
  await keepAlive;
});

t.test('shutdown lets an in-flight job finish and records it completed', async (t) => {
  const service = await startTestService(t);
  const jobStarted = signal();
  const finished: string[] = [];
  const slowQueue = declareQueue<{ n: number }>({ name: 'test.slow-job', description: 'test only', handler: 'test/shutdown.test.ts', retryLimit: 0 });
  const slowWorker: WorkerModule<{ n: number }> = {
    queue: slowQueue,
    work: { pollingIntervalSeconds: 0.5 },
    async handle(jobs) {
      jobStarted.fire();
      await sleep(700);
      finished.push(...jobs.map((job) => job.id));
    },
  };
  await startWorkers(service.runtime.boss, [slowWorker], service.runtime);
  const id = await slowQueue.send(service.runtime.boss, { n: 1 });
  await jobStarted.promise;
  await service.runtime.shutdown();
  t.same(finished, [id], 'the handler ran to its end before shutdown returned');

  const client = new pg.Client({ connectionString: service.databaseUrl });
  await client.connect();
  const { rows } = await client.query('SELECT state FROM pgboss.job WHERE id = $1', [id]);
  await client.end();
  t.same(rows, [{ state: 'completed' }]);
});
