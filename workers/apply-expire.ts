// apply.expire: a step's answer window passed unanswered → answers_timeout.
import { expireAnswers } from '../apply/engine.ts';
import { applyExpireQueue } from '../lib/queues.ts';
import { defineWorker } from './worker.ts';

export const applyExpire = defineWorker(applyExpireQueue, {
  work: { batchSize: 5, pollingIntervalSeconds: 1 },
  async handle(jobs, { pool }) {
    for (const job of jobs) await expireAnswers(pool, job.data);
  },
});
