// apply.session-expire: a session left at rest for the answer window ends `expired`.
import { expireIdleSession } from '../apply/sessions/session-engine.ts';
import { applySessionExpireQueue } from '../lib/queues.ts';
import { defineWorker } from './worker.ts';

export const applySessionExpire = defineWorker(applySessionExpireQueue, {
  work: { batchSize: 5, pollingIntervalSeconds: 1 },
  async handle(jobs, { pool, config }) {
    for (const job of jobs) await expireIdleSession(pool, job.data.session_id, config.autoApply.answerWindowSeconds);
  },
});
