// Data access for API keys. Keys are stored as SHA-256 hashes; the plaintext exists
// only in the return value of createApiKey.
import { accountLimits } from '../lib/pricing.ts';
import { generateApiKey, hashApiKey, type KeyKind } from '../lib/api-keys.ts';
import type { Account } from './accounts.ts';
import { withTransaction, type Pool, type PoolClient } from './pool.ts';

export interface ApiKeyRecord {
  id: string;
  account_id: string;
  kind: KeyKind;
  prefix: string;
  last4: string;
  name: string | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

export type CreateKeyResult =
  | { ok: true; apiKey: string; record: ApiKeyRecord }
  | { ok: false; reason: 'account_not_found' }
  | { ok: false; reason: 'limit_reached'; limit: number; active: number };

const KEY_COLUMNS = 'id, account_id, kind, prefix, last4, name, expires_at, revoked_at, created_at';

export async function insertApiKey(
  client: PoolClient | Pool,
  accountId: string,
  kind: KeyKind,
  options: { name?: string | null; expiresAt?: Date | null } = {},
): Promise<{ apiKey: string; record: ApiKeyRecord }> {
  const apiKey = generateApiKey(kind);
  const { rows } = await client.query<ApiKeyRecord>(
    `INSERT INTO api_keys (account_id, kind, key_hash, prefix, last4, name, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${KEY_COLUMNS}`,
    [accountId, kind, hashApiKey(apiKey), apiKey.slice(0, 8), apiKey.slice(-4), options.name ?? null, options.expiresAt ?? null],
  );
  return { apiKey, record: rows[0]! };
}

/** Creates a key unless the account already has the maximum of active keys. */
export async function createApiKey(
  pool: Pool,
  accountId: string,
  kind: KeyKind,
  now: Date,
  options: { name?: string | null; expiresAt?: Date | null } = {},
): Promise<CreateKeyResult> {
  return withTransaction(pool, async (client) => {
    // The account row lock serializes concurrent creations for one account.
    const account = await client.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    if (account.rowCount === 0) return { ok: false, reason: 'account_not_found' } as const;
    const { rows } = await client.query<{ active: number }>(
      `SELECT count(*)::int AS active FROM api_keys
        WHERE account_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)`,
      [accountId, now],
    );
    const active = rows[0]!.active;
    if (active >= accountLimits.activeApiKeys) {
      return { ok: false, reason: 'limit_reached', limit: accountLimits.activeApiKeys, active } as const;
    }
    const created = await insertApiKey(client, accountId, kind, options);
    return { ok: true, ...created } as const;
  });
}

export interface KeyWithAccount {
  key: Pick<ApiKeyRecord, 'id' | 'account_id' | 'kind' | 'expires_at' | 'revoked_at'>;
  account: Account;
}

const KEY_WITH_ACCOUNT = `k.id AS key_id, k.kind AS key_kind, k.expires_at AS key_expires_at, k.revoked_at AS key_revoked_at, a.*`;

function keyWithAccount(row: Record<string, any>): KeyWithAccount {
  const { key_id, key_kind, key_expires_at, key_revoked_at, ...account } = row;
  return {
    key: { id: key_id, account_id: account.id, kind: key_kind, expires_at: key_expires_at, revoked_at: key_revoked_at },
    account: account as Account,
  };
}

export async function findKeyByHash(pool: Pool, hash: Buffer): Promise<KeyWithAccount | null> {
  const { rows } = await pool.query(
    `SELECT ${KEY_WITH_ACCOUNT} FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = $1`,
    [hash],
  );
  return rows[0] ? keyWithAccount(rows[0]) : null;
}

/**
 * The gateway's lookup on a cache miss, in one round trip: the key (null when unknown)
 * and, for a key that fails, whether the client's address is blocked after failed
 * authentications (`blockedUntil`, when the block ends; null when not blocked).
 */
export async function findKeyForAddress(
  pool: Pool,
  hash: Buffer,
  ip: string,
  now: Date,
): Promise<{ found: KeyWithAccount | null; blockedUntil: Date | null }> {
  const { rows } = await pool.query(
    `SELECT (SELECT blocked_until FROM auth_failures WHERE ip = $2 AND blocked_until > $3) AS address_blocked_until, found.*
       FROM (SELECT 1) AS one
       LEFT JOIN (SELECT ${KEY_WITH_ACCOUNT} FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = $1) AS found ON true`,
    [hash, ip, now],
  );
  const { address_blocked_until: blockedUntil, ...row } = rows[0]!;
  return { found: row.key_id ? keyWithAccount(row) : null, blockedUntil };
}

export async function listApiKeys(pool: Pool, accountId: string): Promise<ApiKeyRecord[]> {
  const { rows } = await pool.query<ApiKeyRecord>(
    `SELECT ${KEY_COLUMNS} FROM api_keys WHERE account_id = $1 ORDER BY created_at, id`,
    [accountId],
  );
  return rows;
}

export async function findApiKey(pool: Pool, id: string): Promise<ApiKeyRecord | null> {
  const { rows } = await pool.query<ApiKeyRecord>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Revokes by id; returns the key (already revoked keys keep their first revocation time). */
export async function revokeApiKey(pool: Pool, id: string, now: Date): Promise<ApiKeyRecord | null> {
  const { rows } = await pool.query<ApiKeyRecord>(
    `UPDATE api_keys SET revoked_at = coalesce(revoked_at, $2) WHERE id = $1 RETURNING ${KEY_COLUMNS}`,
    [id, now],
  );
  return rows[0] ?? null;
}

export async function keyIdForPlaintext(pool: Pool, apiKey: string): Promise<string | null> {
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM api_keys WHERE key_hash = $1', [hashApiKey(apiKey)]);
  return rows[0]?.id ?? null;
}
