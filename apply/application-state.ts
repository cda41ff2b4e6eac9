// The application's state transitions. Each runs inside the caller's transaction, on a
// row the caller has locked, and sends the queue job that follows the change in that
// same transaction (pg-boss shares the database), so a crash leaves either both or
// neither: never a step without its worker job, never an answer without its fill.
import type { PgBoss } from '../db/boss.ts';
import { applyExpireQueue, applyMailboxCodeQueue, applyStepQueues, type QueueDefinition, type StepJob } from '../lib/queues.ts';
import type { PoolClient } from '../db/pool.ts';
import { connectedMailboxAt } from '../db/mailboxes.ts';
import {
  insertStep,
  stepsOf,
  updateApplication,
  updateStep,
  type Answer,
  type ApplicationRow,
  type CommandError,
  type Failure,
  type StepRow,
} from '../db/applications.ts';
import { refundIn } from '../db/credits.ts';
import { serializeStep } from './step-view.ts';
import { queueWebhook } from '../webhooks/delivery.ts';
import type { Field } from './fields.ts';
import { applicantEmail, codeOnlyField } from './mailboxes/code-step.ts';

export const FIELDS_REQUESTED = 'application.fields_requested';
/** A form that keeps rejecting answers ends the application rather than looping. */
export const MAX_CORRECTION_ROUNDS = 5;

export interface StateContext {
  client: PoolClient;
  boss: PgBoss;
  answerWindowSeconds: number;
}

const send = (context: StateContext, queue: QueueDefinition<StepJob>, data: StepJob, options: { startAfter?: Date } = {}) =>
  queue.sendInTransaction(context.client, context.boss, data, options);

/** Asks for a step's answers: the window's expiry job, and the webhook when there is a callback URL. */
async function requestAnswers(context: StateContext, application: ApplicationRow, step: StepRow): Promise<void> {
  await send(context, applyExpireQueue, { application_id: application.id, step_id: step.id, correction_round: step.correction_round }, { startAfter: step.answers_expire_at! });
  await notifyCaller(context, application, step);
}

/** The webhook asking the caller for a step's answers, when the application has a callback URL. */
export async function notifyCaller(context: StateContext, application: ApplicationRow, step: StepRow): Promise<void> {
  if (application.callback_url) {
    await queueWebhook(context.client, context.boss, {
      accountId: application.account_id,
      subjectId: application.id,
      kind: FIELDS_REQUESTED,
      url: application.callback_url,
      data: { application_id: application.id, step: serializeStep(step) },
    });
  }
}

const windowEnd = (context: StateContext) => new Date(Date.now() + context.answerWindowSeconds * 1000);

export interface PageRead {
  fields: Field[];
  isFinal: boolean;
  pageUrl: string | null;
  storageState: unknown;
}

/** A new form page was read: its fields wait for answers. */
export async function openStep(context: StateContext, application: ApplicationRow, sequence: number, read: PageRead): Promise<StepRow> {
  const step = await insertStep(context.client, {
    application_id: application.id,
    sequence,
    fields: read.fields,
    is_final: read.isFinal,
    answers_expire_at: windowEnd(context),
    page_url: read.pageUrl,
    storage_state: read.storageState,
  });
  const updated = await updateApplication(context.client, application.id, { status: 'awaiting_answers' });
  if (await answerableFromMailbox(context, updated, step)) {
    // The code is read from the applicant's mailbox first (apply/mailboxes/code-answer.ts); the
    // window still runs, and the caller is asked only if the mailbox cannot answer.
    await send(context, applyExpireQueue, { application_id: application.id, step_id: step.id, correction_round: step.correction_round }, { startAfter: step.answers_expire_at! });
    await send(context, applyMailboxCodeQueue, { application_id: application.id, step_id: step.id, correction_round: step.correction_round });
  } else {
    await requestAnswers(context, updated, step);
  }
  return step;
}

/** A step asking only for an emailed code, whose applicant's address is a mailbox the account has connected. */
async function answerableFromMailbox(context: StateContext, application: ApplicationRow, step: StepRow): Promise<boolean> {
  if (!codeOnlyField(step.fields as Field[])) return false;
  const email = applicantEmail(await stepsOf(context.client, [application.id]));
  return email !== null && (await connectedMailboxAt(context.client, application.account_id, email)) !== null;
}

/** Accepted answers: the step is answered and the browser work that follows is queued. */
export async function acceptAnswers(context: StateContext, application: ApplicationRow, step: StepRow, answers: Answer[]): Promise<void> {
  await updateStep(context.client, step.id, { status: 'answered', answers, command_errors: [], completed_at: new Date() });
  await updateApplication(context.client, application.id, { status: step.is_final ? 'submitting' : 'running' });
  await send(context, step.is_final ? applyStepQueues.submit : applyStepQueues.fill, { application_id: application.id, step_id: step.id, correction_round: step.correction_round });
}

/**
 * Answers that were refused (by our checks on a webhook reply, or by the form itself): a
 * new correction round with the errors, nothing consumed, and a new request for answers.
 */
export async function requestCorrection(context: StateContext, application: ApplicationRow, step: StepRow, errors: CommandError[]): Promise<void> {
  if (step.correction_round + 1 > MAX_CORRECTION_ROUNDS) {
    await failApplication(context.client, application, { code: 'too_many_corrections', message: `The answers were refused ${MAX_CORRECTION_ROUNDS + 1} times in a row.`, retryable: false }, { refund: false, openStep: step });
    return;
  }
  const corrected = await updateStep(context.client, step.id, {
    status: 'needs_correction',
    correction_round: step.correction_round + 1,
    command_errors: errors,
    answers: [],
    completed_at: null,
    answers_expire_at: windowEnd(context),
  });
  const updated = await updateApplication(context.client, application.id, { status: 'awaiting_answers' });
  await requestAnswers(context, updated, corrected);
}

/** A terminal failure; `refund` pays back the create's credits (failures on our or the form's side). */
export async function failApplication(
  client: PoolClient,
  application: ApplicationRow,
  failure: Failure,
  options: { refund: boolean; openStep?: StepRow | null },
): Promise<ApplicationRow> {
  if (options.openStep && options.openStep.status !== 'answered') await updateStep(client, options.openStep.id, { status: 'expired' });
  if (options.refund && application.credit_entry_id !== null) await refundIn(client, application.credit_entry_id, `refund: application ${application.id} failed (${failure.code})`);
  return updateApplication(client, application.id, { status: 'failed', failure, failed_at: new Date() });
}

export async function cancelApplication(client: PoolClient, application: ApplicationRow, by: string, openStep: StepRow | null): Promise<ApplicationRow> {
  if (openStep && (openStep.status === 'awaiting_answers' || openStep.status === 'needs_correction')) await updateStep(client, openStep.id, { status: 'expired' });
  return updateApplication(client, application.id, { status: 'canceled', cancel_requested: true, canceled_at: new Date(), canceled_by: by });
}

/** Can a worker's result still be written? Not once the application moved on or was canceled. */
export function isAnswerable(application: ApplicationRow, step: StepRow | null): step is StepRow {
  return application.status === 'awaiting_answers' && step !== null && (step.status === 'awaiting_answers' || step.status === 'needs_correction');
}
