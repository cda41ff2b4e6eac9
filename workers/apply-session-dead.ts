// apply.session-dead: the dead letters of apply.session. A command that used up its
// retries (or whose worker processes kept dying) ends its session here: error, or
// submitted when the form may already have been sent.
import { endAbandonedSession } from '../apply/sessions/session-engine.ts';
import { applySessionDeadQueue } from '../lib/queues.ts';
import { defineWorker } from './worker.ts';

export const applySessionDead = defineWorker(applySessionDeadQueue, {
  work: { batchSize: 5, pollingIntervalSeconds: 1 },
  async handle(jobs, { pool }) {
    for (const job of jobs) await endAbandonedSession(pool, job.data);
  },
});
