// Webhook secrets and deliveries (migration 008).
import { withTransaction, type Pool, type Queryable } from './pool.ts';

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

export interface WebhookSecretRecord {
  id: string;
  secret: string;
  created_at: Date;
  expires_at: Date | null;
}

/**
 * Stores a new signing secret (made by webhooks/secrets.ts); the ones it replaces keep
 * signing for 24 hours.
 */
export async function insertWebhookSecret(db: Queryable, accountId: string, secret: string): Promise<WebhookSecretRecord> {
  const { rows } = await db.query<WebhookSecretRecord>(
    `WITH retired AS (
       UPDATE webhook_secrets SET expires_at = now() + make_interval(hours => $3) WHERE account_id = $1 AND expires_at IS NULL
     ), revision AS (
       -- A new signing secret is a change of the account's Auto Apply settings.
       UPDATE accounts SET settings_revision = settings_revision + 1 WHERE id = $1
     )
     INSERT INTO webhook_secrets (account_id, secret) VALUES ($1, $2)
     RETURNING id, secret, created_at, expires_at`,
    [accountId, secret, ROTATION_OVERLAP_HOURS],
  );
  return rows[0]!;
}

/**
 * The operators' rotation (admin API and CLI, through webhooks/secrets.ts): null for an
 * unknown account. The account row lock serializes rotations of one account, so two at
 * once cannot both leave a secret without an expiry.
 */
export async function insertAccountWebhookSecret(pool: Pool, accountId: string, secret: string): Promise<WebhookSecretRecord | null> {
  return withTransaction(pool, async (client) => {
    const account = await client.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    if (account.rowCount === 0) return null;
    return insertWebhookSecret(client, accountId, secret);
  });
}

/** The secrets that sign now, as rows, newest first. */
export async function listActiveWebhookSecrets(db: Queryable, accountId: string): Promise<WebhookSecretRecord[]> {
  const { rows } = await db.query<WebhookSecretRecord>(
    'SELECT id, secret, created_at, expires_at FROM webhook_secrets WHERE account_id = $1 AND (expires_at IS NULL OR expires_at > now()) ORDER BY created_at DESC, id',
    [accountId],
  );
  return rows;
}

/** What operators see of a secret after it was issued: never the secret, only its last 4 characters. */
export function describeWebhookSecret(record: WebhookSecretRecord): { id: string; created_at: string; expires_at: string | null; secret_hint: string } {
  return {
    id: record.id,
    created_at: record.created_at.toISOString(),
    expires_at: record.expires_at?.toISOString() ?? null,
    secret_hint: record.secret.slice(-4),
  };
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
