// apply.mailbox-code: a step asking only for an emailed verification code, answered from
// the applicant's connected mailbox (apply/mailboxes/code-answer.ts), or left to the caller.
import { answerCodeFromMailbox } from '../apply/mailboxes/code-answer.ts';
import { applyMailboxCodeQueue } from '../lib/queues.ts';
import { defineWorker } from './worker.ts';

export const applyMailboxCode = defineWorker(applyMailboxCodeQueue, {
  work: { localConcurrency: 4 },
  async handle(jobs, { pool, boss, config, logger }) {
    for (const job of jobs) await answerCodeFromMailbox({ pool, boss, config, logger }, job.data);
  },
});
