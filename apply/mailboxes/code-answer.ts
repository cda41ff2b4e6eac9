// apply.mailbox-code's work: a step that asks only for an emailed code (code-step.ts) is
// answered from the applicant's connected mailbox. The read waits up to a minute for the
// mail (IMAP IDLE); its result is written only if the step is still waiting, so a caller
// who answered meanwhile wins. When no code can be read the caller is asked (the webhook,
// as for any step); the step's answer window has been running all along.
import type { PgBoss } from '../../db/boss.ts';
import { findApplication, lockApplication, stepsOf, type StepRow } from '../../db/applications.ts';
import { connectedMailboxAt } from '../../db/mailboxes.ts';
import { withTransaction, type Pool } from '../../db/pool.ts';
import type { Config } from '../../lib/config.ts';
import type { Logger } from '../../lib/logger.ts';
import type { StepJob } from '../../lib/queues.ts';
import { checkAnswers } from '../answers.ts';
import { acceptAnswers, isAnswerable, notifyCaller } from '../application-state.ts';
import type { Field } from '../fields.ts';
import { MailboxUnreachable, readMailboxCode } from '../../mail/mailbox-access.ts';
import { mailboxDeps } from '../../mail/mailbox-deps.ts';
import { applicantEmail, codeMailSince, codeOnlyField } from './code-step.ts';

/** How long the mail may take to arrive (the longest verification-code wait). */
const WAIT_SECONDS = 60;

export interface CodeAnswerContext {
  pool: Pool;
  boss: PgBoss;
  config: Config;
  logger: Logger;
}

const isJobStep = (step: StepRow | undefined, job: StepJob): step is StepRow => !!step && step.id === job.step_id && step.correction_round === job.correction_round;

/** What the mailbox says: the code, or why the caller must be asked. */
async function readCode(context: CodeAnswerContext, job: StepJob): Promise<{ code: string } | { reason: string } | null> {
  const application = await findApplication(context.pool, job.application_id);
  if (!application) return null;
  const steps = await stepsOf(context.pool, [application.id]);
  const step = steps.at(-1);
  if (!isJobStep(step, job) || !isAnswerable(application, step)) return null;
  const email = applicantEmail(steps);
  const mailbox = email ? await connectedMailboxAt(context.pool, application.account_id, email) : null;
  if (!mailbox) return { reason: 'no connected mailbox for the applicant address' };
  try {
    const result = await readMailboxCode(context.pool, mailbox, { since: codeMailSince(steps, step), senderContains: null, waitSeconds: WAIT_SECONDS }, mailboxDeps(context.config));
    if (result.found === 'code') return { code: result.code.code };
    return { reason: result.found === 'link' ? 'the verification mail asks to open a link' : `no code arrived within ${WAIT_SECONDS} s` };
  } catch (error) {
    if (error instanceof MailboxUnreachable) return { reason: `the mailbox could not be read: ${error.message}` };
    throw error;
  }
}

export async function answerCodeFromMailbox(context: CodeAnswerContext, job: StepJob): Promise<void> {
  const read = await readCode(context, job);
  if (!read) return;
  await withTransaction(context.pool, async (client) => {
    const application = await lockApplication(client, job.application_id);
    const step = application ? (await stepsOf(client, [application.id])).at(-1) : undefined;
    if (!application || !isJobStep(step, job) || !isAnswerable(application, step)) return;
    const state = { client, boss: context.boss, answerWindowSeconds: context.config.autoApply.answerWindowSeconds };
    const field = codeOnlyField(step.fields as Field[]);
    const checked = 'code' in read && field ? checkAnswers(step.fields as Field[], [{ field_id: field.field_id, value: read.code }]) : null;
    if (checked?.ok) {
      context.logger.info({ application_id: application.id, step: step.sequence }, 'verification code answered from the mailbox');
      await acceptAnswers(state, application, step, checked.answers);
      return;
    }
    const reason = 'reason' in read ? read.reason : "the code read does not fit the form's field";
    context.logger.info({ application_id: application.id, step: step.sequence, reason }, 'verification code left to the caller');
    await notifyCaller(state, application, step);
  });
}
