// Applying a receiver's reply to application.fields_requested: `{action: "proceed",
// answers}` answers the step it was asked about, `{action: "cancel"}` cancels. It runs
// in the transaction that marks the delivery delivered, so a reply is applied exactly
// once. A reply about a step or round that has moved on changes nothing; answers that
// fail the checks open a new correction round (and a new webhook) with the errors.
import type { PgBoss } from '../db/boss.ts';
import type { PoolClient } from '../db/pool.ts';
import { currentStep, lockApplication } from '../db/applications.ts';
import type { WebhookDelivery } from '../db/webhooks.ts';
import { acceptAnswers, cancelApplication, isAnswerable, requestCorrection, FIELDS_REQUESTED } from './application-state.ts';
import { checkAnswers } from './answers.ts';
import type { Field } from './fields.ts';

export type ReplyOutcome = 'answered' | 'corrections' | 'canceled' | 'stale' | 'no_command';

export async function applyFieldsReply(client: PoolClient, boss: PgBoss, answerWindowSeconds: number, delivery: WebhookDelivery, reply: unknown): Promise<ReplyOutcome> {
  if (delivery.kind !== FIELDS_REQUESTED || delivery.subject_id === null) return 'no_command';
  const command = reply as { action?: unknown; answers?: unknown } | null;
  if (typeof command !== 'object' || command === null || (command.action !== 'proceed' && command.action !== 'cancel')) return 'no_command';
  const asked = (JSON.parse(delivery.body) as { data: { step: { id: string; correction_round: number } } }).data.step;
  const application = await lockApplication(client, delivery.subject_id);
  if (!application) return 'stale';
  const step = await currentStep(client, application.id);
  if (!isAnswerable(application, step) || step.id !== asked.id || step.correction_round !== asked.correction_round) return 'stale';
  if (command.action === 'cancel') {
    await cancelApplication(client, application, 'webhook', step);
    return 'canceled';
  }
  const context = { client, boss, answerWindowSeconds };
  const checked = checkAnswers(step.fields as Field[], command.answers);
  if (!checked.ok) {
    await requestCorrection(context, application, step, checked.errors);
    return 'corrections';
  }
  await acceptAnswers(context, application, step, checked.answers);
  return 'answered';
}
