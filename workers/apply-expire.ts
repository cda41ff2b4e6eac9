// apply.expire: a step's answer window passed unanswered → answers_timeout.
import { expireAnswers } from '../apply/engine.ts';
import type { StepJob } from '../apply/application-state.ts';
import { queueDefinition } from '../lib/queues.ts';
import type { WorkerModule } from './worker.ts';

export const applyExpire: WorkerModule<StepJob> = {
  queue: queueDefinition('apply.expire'),
  work: { batchSize: 5, pollingIntervalSeconds: 1 },
  async handle(jobs, { pool }) {
    for (const job of jobs) await expireAnswers(pool, job.data);
  },
};
