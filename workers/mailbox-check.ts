// mailbox.check: one connectivity check of one mailbox (mail/mailbox-access.ts),
// recorded on it: `connected` or `error` with `last_error`. A refusal is an outcome, not a
// failed job; only an error outside the mailbox (the database) fails it, for pg-boss to retry.
// mailbox.check-plan (every 5 minutes, crawlers/schedule.ts): queues the mailboxes due,
// those not checked for MAILBOX_CHECK_INTERVAL_MINUTES.
import { checkMailbox } from '../mail/mailbox-access.ts';
import { mailboxDeps } from '../mail/mailbox-deps.ts';
import { mailboxesDueForCheck } from '../db/mailboxes.ts';
import { mailboxCheckPlanQueue, mailboxCheckQueue } from '../lib/queues.ts';
import { defineWorker } from './worker.ts';

/** Checks queued per round at most; more wait for the next round. */
const PER_ROUND = 500;

export const mailboxCheck = defineWorker(mailboxCheckQueue, {
  work: { localConcurrency: 4 },
  async handle(jobs, { config, pool, logger }) {
    const deps = mailboxDeps(config);
    for (const job of jobs) {
      const row = await checkMailbox(pool, job.data.mailbox_id, deps);
      if (row) logger.info({ mailbox_id: row.id, status: row.status, last_error: row.last_error }, 'mailbox checked');
    }
  },
});

export const mailboxCheckPlan = defineWorker(mailboxCheckPlanQueue, {
  async handle(_jobs, { config, pool, boss, logger }) {
    const due = await mailboxesDueForCheck(pool, new Date(Date.now() - config.mailboxes.checkIntervalMinutes * 60_000), PER_ROUND);
    for (const id of due) await mailboxCheckQueue.send(boss, { mailbox_id: id }, { singletonKey: id });
    if (due.length > 0) logger.info({ queued: due.length }, 'mailbox checks queued');
  },
});
