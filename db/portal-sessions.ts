// Data access for portal sessions. A session is found by the SHA-256 of its cookie token
// and only while it is unexpired and the key it was signed in with is still live.
import type { Account } from './accounts.ts';
import type { Queryable } from './pool.ts';

export interface PortalSession {
  id: string;
  csrfToken: string;
  keyId: string;
  expiresAt: Date;
  account: Account;
}

export async function insertPortalSession(
  db: Queryable,
  session: { tokenHash: Buffer; accountId: string; keyId: string; csrfToken: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO portal_sessions (token_hash, account_id, api_key_id, csrf_token, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [session.tokenHash, session.accountId, session.keyId, session.csrfToken, session.expiresAt],
  );
}

export async function findPortalSession(db: Queryable, tokenHash: Buffer, now: Date): Promise<PortalSession | null> {
  const { rows } = await db.query(
    `SELECT s.id AS session_id, s.csrf_token, s.api_key_id, s.expires_at AS session_expires_at, a.*
       FROM portal_sessions s
       JOIN api_keys k ON k.id = s.api_key_id
       JOIN accounts a ON a.id = s.account_id
      WHERE s.token_hash = $1 AND s.expires_at > $2
        AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > $2)`,
    [tokenHash, now],
  );
  if (!rows[0]) return null;
  const { session_id, csrf_token, api_key_id, session_expires_at, ...account } = rows[0];
  return { id: session_id, csrfToken: csrf_token, keyId: api_key_id, expiresAt: session_expires_at, account: account as Account };
}

export async function deletePortalSession(db: Queryable, tokenHash: Buffer): Promise<void> {
  await db.query('DELETE FROM portal_sessions WHERE token_hash = $1', [tokenHash]);
}

/** Sessions past their expiry, or whose key is revoked or expired: they can never be used again. */
export async function prunePortalSessions(db: Queryable, now: Date): Promise<number> {
  const result = await db.query(
    `DELETE FROM portal_sessions s USING api_keys k
      WHERE k.id = s.api_key_id AND (s.expires_at <= $1 OR k.revoked_at IS NOT NULL OR k.expires_at <= $1)`,
    [now],
  );
  return result.rowCount ?? 0;
}
