// The Idempotency-Key header for creating endpoints: same key and same canonical body
// → the original resource; same key, different body → 409 idempotency_key_reuse.
import crypto from 'node:crypto';
import canonicalize from 'canonicalize';
import type { Context } from 'koa';
import { withIdempotency } from '../db/idempotency.ts';
import type { Pool, PoolClient } from '../db/pool.ts';
import { clock } from '../lib/clock.ts';
import { invalidRequest, ProblemError } from './errors.ts';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The header as the OpenAPI document describes it (same rule as KEY_PATTERN). */
export const IDEMPOTENCY_KEY_SCHEMA = { type: 'string', pattern: '^[!-~]{1,255}$', description: '1 to 255 visible ASCII characters; a repeat with the same key and body returns the original result.' };

export function idempotencyKey(ctx: Context, required: boolean): string | null {
  const key = ctx.get('idempotency-key');
  // Sent but empty is a malformed key, not a missing one.
  if (!key && ctx.request.headers['idempotency-key'] === undefined) {
    if (required) {
      throw invalidRequest('The Idempotency-Key header is required.', [{ location: 'header', field: 'Idempotency-Key', message: 'is required' }]);
    }
    return null;
  }
  if (!KEY_PATTERN.test(key)) {
    throw invalidRequest('The Idempotency-Key header must be 1 to 255 visible ASCII characters.', [
      { location: 'header', field: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' },
    ]);
  }
  return key;
}

/** Hash of the operation and its body in canonical JSON (RFC 8785): key order and spacing do not matter. */
export function requestHash(operation: string, body: unknown): string {
  return crypto
    .createHash('sha256')
    .update(operation)
    .update('\n')
    .update(canonicalize(body ?? null) ?? 'null')
    .digest('hex');
}

export interface IdempotentResult {
  resourceId: string;
  replayed: boolean;
}

export async function runIdempotent(
  pool: Pool,
  options: { accountId: string; key: string; operation: string; body: unknown; autoApply?: boolean },
  create: (client: PoolClient) => Promise<string>,
): Promise<IdempotentResult> {
  const outcome = await withIdempotency(
    pool,
    { accountId: options.accountId, key: options.key, requestHash: requestHash(options.operation, options.body), now: clock.now() },
    create,
  );
  if (outcome.kind === 'conflict') {
    throw new ProblemError(409, {
      code: 'idempotency_key_reuse',
      anchor: 'idempotency_key_reuse',
      title: 'Idempotency key reused',
      detail: 'This Idempotency-Key was used in the last 24 hours with a different request. Use a new key for a new request.',
      autoApply: options.autoApply,
    });
  }
  return { resourceId: outcome.resourceId, replayed: outcome.kind === 'replayed' };
}
