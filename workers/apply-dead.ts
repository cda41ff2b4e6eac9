// apply.dead: the dead letters of the browser queues. A step that used up its retries
// (or whose worker processes kept dying) ends here: failed, or submitted-unconfirmed
// when the form may already have been sent.
import { endAbandoned } from '../apply/engine.ts';
import { applyDeadQueue } from '../lib/queues.ts';
import { defineWorker } from './worker.ts';

export const applyDead = defineWorker(applyDeadQueue, {
  work: { batchSize: 5, pollingIntervalSeconds: 1 },
  async handle(jobs, { pool }) {
    for (const job of jobs) await endAbandoned(pool, job.data);
  },
});
