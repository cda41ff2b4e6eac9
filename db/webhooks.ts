// Webhook secrets and deliveries (migration 008).
import { newWebhookSecret } from '../apply/webhook-signature.ts';
import type { Queryable } from './pool.ts';

/** How long a replaced secret keeps signing beside its successor. */
export const ROTATION_OVERLAP_HOURS = 24;

/** The secrets that sign now, newest first (two during a rotation). */
export async function activeWebhookSecrets(db: Queryable, accountId: string): Promise<string[]> {
  const { rows } = await db.query<{ secret: string }>(
    'SELECT secret FROM webhook_secrets WHERE account_id = $1 AND (expires_at IS NULL OR expires_at > now()) ORDER BY created_at DESC',
    [accountId],
  );
  return rows.map((row) => row.secret);
}

/** A new secret; the ones it replaces keep signing for 24 hours. Returns the new secret. */
export async function rotateWebhookSecret(db: Queryable, accountId: string): Promise<string> {
  const secret = newWebhookSecret();
  await db.query(
    `WITH retired AS (
       UPDATE webhook_secrets SET expires_at = now() + make_interval(hours => $3) WHERE account_id = $1 AND expires_at IS NULL
     )
     INSERT INTO webhook_secrets (account_id, secret) VALUES ($1, $2)`,
    [accountId, secret, ROTATION_OVERLAP_HOURS],
  );
  return secret;
}

export interface WebhookDelivery {
  id: string;
  account_id: string;
  subject_id: string | null;
  kind: string;
  url: string;
  body: string;
  status: 'pending' | 'delivered' | 'expired';
  reply: unknown;
  created_at: Date;
  deadline_at: Date;
  finished_at: Date | null;
}

export interface WebhookAttempt {
  attempt: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
}

/** A delivery to make; the caller queues webhook.deliver for it in the same transaction. */
export async function createWebhookDelivery(
  db: Queryable,
  input: { id: string; accountId: string; subjectId: string | null; kind: string; url: string; body: string; deadlineSeconds: number },
): Promise<void> {
  await db.query(
    `INSERT INTO webhook_deliveries (id, account_id, subject_id, kind, url, body, deadline_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    [input.id, input.accountId, input.subjectId, input.kind, input.url, input.body, input.deadlineSeconds],
  );
}

export async function findWebhookDelivery(db: Queryable, id: string): Promise<WebhookDelivery | null> {
  const { rows } = await db.query<WebhookDelivery>('SELECT * FROM webhook_deliveries WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function recordWebhookAttempt(db: Queryable, deliveryId: string, attempt: Omit<WebhookAttempt, 'attempt'>): Promise<number> {
  const { rows } = await db.query<{ attempt: number }>(
    `INSERT INTO webhook_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error)
     SELECT $1, coalesce(max(attempt), 0) + 1, $2, $3, $4, $5 FROM webhook_attempts WHERE delivery_id = $1
     RETURNING attempt`,
    [deliveryId, attempt.started_at, attempt.duration_ms, attempt.status_code, attempt.error],
  );
  return rows[0]!.attempt;
}

/** Ends a pending delivery; false when it had already ended (a repeat of the same job). */
export async function finishWebhookDelivery(db: Queryable, id: string, status: 'delivered' | 'expired', reply: unknown = null): Promise<boolean> {
  const result = await db.query("UPDATE webhook_deliveries SET status = $2, reply = $3, finished_at = now() WHERE id = $1 AND status = 'pending'", [
    id,
    status,
    reply === null ? null : JSON.stringify(reply),
  ]);
  return (result.rowCount ?? 0) > 0;
}

export async function webhookAttempts(db: Queryable, deliveryId: string): Promise<WebhookAttempt[]> {
  const { rows } = await db.query<WebhookAttempt>(
    'SELECT attempt, started_at, duration_ms, status_code, error FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt',
    [deliveryId],
  );
  return rows;
}
