// Idempotency keys: (account, Idempotency-Key) → the canonical request and the resource
// it created, for 24 hours. The key row is inserted in the same transaction as the
// resource, so a crash leaves neither; a concurrent request with the same key waits on
// the row's unique index until the first commits, then finds the resource.
import type { PoolClient } from './pool.ts';
import { withTransaction, type Pool } from './pool.ts';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface IdempotentRequest {
  accountId: string;
  key: string;
  requestHash: string;
  now: Date;
}

export type IdempotentOutcome =
  | { kind: 'created'; resourceId: string }
  | { kind: 'replayed'; resourceId: string }
  | { kind: 'conflict' };

export async function withIdempotency(
  pool: Pool,
  request: IdempotentRequest,
  create: (client: PoolClient) => Promise<string>,
): Promise<IdempotentOutcome> {
  return withTransaction(pool, async (client) => {
    const expiresAt = new Date(request.now.getTime() + IDEMPOTENCY_WINDOW_MS);
    // Takes the key when it is new or its 24 hours are over.
    const claimed = await client.query(
      `INSERT INTO idempotency_keys AS k (account_id, idempotency_key, request_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_id, idempotency_key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, resource_id = NULL, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
         WHERE k.expires_at <= EXCLUDED.created_at
       RETURNING 1`,
      [request.accountId, request.key, request.requestHash, request.now, expiresAt],
    );
    if (claimed.rowCount === 1) {
      const resourceId = await create(client);
      await client.query('UPDATE idempotency_keys SET resource_id = $3 WHERE account_id = $1 AND idempotency_key = $2', [
        request.accountId,
        request.key,
        resourceId,
      ]);
      return { kind: 'created', resourceId } as const;
    }
    const { rows } = await client.query<{ request_hash: string; resource_id: string }>(
      'SELECT request_hash, resource_id FROM idempotency_keys WHERE account_id = $1 AND idempotency_key = $2',
      [request.accountId, request.key],
    );
    const existing = rows[0]!;
    if (existing.request_hash !== request.requestHash) return { kind: 'conflict' } as const;
    return { kind: 'replayed', resourceId: existing.resource_id } as const;
  });
}

export async function pruneIdempotencyKeys(pool: Pool, now: Date): Promise<number> {
  const result = await pool.query('DELETE FROM idempotency_keys WHERE expires_at <= $1', [now]);
  return result.rowCount ?? 0;
}
