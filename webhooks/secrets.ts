// Webhook signing secrets: a rotation makes a new secret (signature.ts) and stores it
// (db/webhooks.ts); the secrets it replaces keep signing for 24 hours.
import { insertAccountWebhookSecret, insertWebhookSecret, type WebhookSecretRecord } from '../db/webhooks.ts';
import type { Pool, Queryable } from '../db/pool.ts';
import { newWebhookSecret } from './signature.ts';

/** A new secret for the account; returns the new secret. */
export async function rotateWebhookSecret(db: Queryable, accountId: string): Promise<string> {
  return (await insertWebhookSecret(db, accountId, newWebhookSecret())).secret;
}

/** The operators' rotation (admin API and CLI): null for an unknown account. */
export async function rotateAccountWebhookSecret(pool: Pool, accountId: string): Promise<WebhookSecretRecord | null> {
  return insertAccountWebhookSecret(pool, accountId, newWebhookSecret());
}
