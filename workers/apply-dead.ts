// apply.dead: the dead letters of the browser queues. A step that used up its retries
// (or whose worker processes kept dying) ends here: failed, or submitted-unconfirmed
// when the form may already have been sent.
import { endAbandoned } from '../apply/engine.ts';
import type { StepJob } from '../apply/application-state.ts';
import { queueDefinition } from '../lib/queues.ts';
import type { WorkerModule } from './worker.ts';

export const applyDead: WorkerModule<StepJob> = {
  queue: queueDefinition('apply.dead'),
  work: { batchSize: 5, pollingIntervalSeconds: 1 },
  async handle(jobs, { pool }) {
    for (const job of jobs) await endAbandoned(pool, job.data);
  },
};
