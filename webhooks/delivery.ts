// Delivering one webhook: sign the stored body with the account's active secrets, POST
// it, record the attempt. A 2xx ends the delivery with the receiver's JSON command. A
// transport failure or a non-2xx is retried with backoff (the queue's policy), under the
// same webhook id, until the absolute deadline; no attempt starts after it.
import crypto from 'node:crypto';
import type { PgBoss } from '../db/boss.ts';
import { webhookDeliverQueue } from '../lib/queues.ts';
import { withTransaction, type Pool, type PoolClient } from '../db/pool.ts';
import {
  activeWebhookSecrets,
  createWebhookDelivery,
  findWebhookDelivery,
  finishWebhookDelivery,
  recordWebhookAttempt,
  type WebhookDelivery,
} from '../db/webhooks.ts';
import { signWebhook } from './signature.ts';
import { guardedPost, OutboundRefusedError } from '../lib/outbound-guard.ts';

/** The callback deadline: an absolute 120 seconds (spec part 6). */
export const WEBHOOK_DEADLINE_SECONDS = 120;
/** One attempt waits at most this long for the receiver. */
const ATTEMPT_TIMEOUT_MS = 30_000;

export class WebhookRetry extends Error {}

/** Stores a webhook and queues its delivery in the caller's transaction; returns its id. */
export async function queueWebhook(
  client: PoolClient,
  boss: PgBoss,
  input: { accountId: string; subjectId: string | null; kind: string; url: string; data: unknown; deadlineSeconds?: number },
): Promise<string> {
  const id = crypto.randomUUID();
  const body = JSON.stringify({ id, type: input.kind, api_version: '2026-08-12', created_at: new Date().toISOString(), data: input.data });
  await createWebhookDelivery(client, { id, accountId: input.accountId, subjectId: input.subjectId, kind: input.kind, url: input.url, body, deadlineSeconds: input.deadlineSeconds ?? WEBHOOK_DEADLINE_SECONDS });
  await webhookDeliverQueue.sendInTransaction(client, boss, { delivery_id: id });
  return id;
}

export type DeliveryOutcome = { status: 'delivered'; reply: unknown } | { status: 'expired' } | { status: 'finished-before' };

/** What to do with a delivered webhook's reply, in the transaction that marks it delivered. */
export type ReplyHandler = (client: PoolClient, delivery: WebhookDelivery, reply: unknown) => Promise<unknown>;

/** One attempt; throws WebhookRetry when the queue should try again. */
export async function attemptWebhook(pool: Pool, deliveryId: string, options: { allowPrivate: boolean; onReply?: ReplyHandler }): Promise<DeliveryOutcome> {
  const { onReply } = options;
  const delivery = await findWebhookDelivery(pool, deliveryId);
  if (!delivery || delivery.status !== 'pending') return { status: 'finished-before' };
  const remaining = delivery.deadline_at.getTime() - Date.now();
  if (remaining <= 0) {
    await finishWebhookDelivery(pool, deliveryId, 'expired');
    return { status: 'expired' };
  }
  const secrets = await activeWebhookSecrets(pool, delivery.account_id);
  const started = new Date();
  let statusCode: number | null = null;
  let error: string | null = null;
  let reply: unknown = null;
  let refused = false;
  if (secrets.length === 0) {
    error = 'the account has no webhook secret to sign with';
  } else {
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      // The guard checks the address it connects to (no private targets, no DNS rebinding).
      const response = await guardedPost(delivery.url, {
        allowPrivate: options.allowPrivate,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'JobData-Webhooks/1',
          'x-service-webhook-id': delivery.id,
          'x-service-webhook-timestamp': String(timestamp),
          'x-service-webhook-signature': signWebhook(secrets, delivery.id, timestamp, delivery.body),
        },
        body: delivery.body,
        timeoutMs: Math.min(ATTEMPT_TIMEOUT_MS, remaining),
      });
      statusCode = response.status;
      if (statusCode >= 200 && statusCode < 300) {
        try {
          reply = response.text === '' ? null : JSON.parse(response.text);
        } catch {
          error = 'the reply is not JSON';
        }
      } else {
        error = `the receiver answered ${response.status}`;
      }
    } catch (failure) {
      refused = failure instanceof OutboundRefusedError;
      error = refused ? `refused: ${(failure as Error).message}` : (failure as Error).name === 'TimeoutError' ? 'the receiver did not answer in time' : `transport: ${(failure as Error).message}`;
    }
  }
  await recordWebhookAttempt(pool, deliveryId, { started_at: started, duration_ms: Date.now() - started.getTime(), status_code: statusCode, error });
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
    await withTransaction(pool, async (client) => {
      // Only the first run to finish the delivery applies its reply.
      if ((await finishWebhookDelivery(client, deliveryId, 'delivered', reply)) && onReply) await onReply(client, delivery, reply);
    });
    return { status: 'delivered', reply };
  }
  // A destination the guard refuses will not become acceptable by retrying.
  if (refused || Date.now() >= delivery.deadline_at.getTime()) {
    await finishWebhookDelivery(pool, deliveryId, 'expired');
    return { status: 'expired' };
  }
  throw new WebhookRetry(`webhook ${deliveryId}: ${error}`);
}
