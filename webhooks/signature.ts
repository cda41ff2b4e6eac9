// Signing of outbound webhooks (spec part 6; CONTRACT.md): HMAC-SHA256 over
// `id.timestamp.body` with the secret's bytes (the base64 after the `whsec_` prefix, as
// Standard Webhooks does), base64-encoded, sent as `v1=<signature>`; while a secret
// rotates, both active secrets sign, space-separated.
import crypto from 'node:crypto';

const PREFIX = 'whsec_';
/** Receivers reject timestamps further than this from their clock. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

export function newWebhookSecret(): string {
  return PREFIX + crypto.randomBytes(32).toString('base64');
}

function keyOf(secret: string): Buffer {
  if (!secret.startsWith(PREFIX)) throw new Error('A webhook secret starts with whsec_.');
  return Buffer.from(secret.slice(PREFIX.length), 'base64');
}

function signature(secret: string, id: string, timestamp: number, body: string): string {
  return crypto.createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
}

/** The X-Service-Webhook-Signature value: one `v1=` per active secret. */
export function signWebhook(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets.map((secret) => `v1=${signature(secret, id, timestamp, body)}`).join(' ');
}

/** What a receiver does (and the tests' receivers do): true when a `v1=` value matches and the time is near. */
export function verifyWebhook(secret: string, headers: { id: string; timestamp: string; signature: string }, body: string, now = Date.now()): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > TIMESTAMP_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signature(secret, headers.id, timestamp, body));
  return headers.signature
    .split(' ')
    .filter((value) => value.startsWith('v1='))
    .some((value) => {
      const given = Buffer.from(value.slice(3));
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    });
}
