// mailboxes (migration 020). Rows as stored: the credential stays sealed here;
// mail/mailbox-store.ts seals and opens it.
import type { Queryable } from './pool.ts';

/** mail/mailbox.ts names the same unions (db/ sits below mail/). */
export type MailboxProvider = 'imap' | 'outlook';
export type MailboxStatus = 'pending' | 'connected' | 'error' | 'disabled';
export type ImapSecurity = 'ssl' | 'starttls';

export interface MailboxRow {
  id: string;
  account_id: string;
  provider: MailboxProvider;
  address: string;
  status: MailboxStatus;
  imap_host: string | null;
  imap_port: number | null;
  imap_security: ImapSecurity | null;
  username: string | null;
  credential_sealed: Buffer | null;
  authorization_url: string | null;
  last_error: string | null;
  connected_at: Date | null;
  last_checked_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, account_id, provider, address, status, imap_host, imap_port, imap_security, username,
  credential_sealed, authorization_url, last_error, connected_at, last_checked_at, created_at, updated_at`;

export type MailboxInsert = Pick<MailboxRow, 'id' | 'account_id' | 'provider' | 'address' | 'status' | 'imap_host' | 'imap_port' | 'imap_security' | 'username' | 'credential_sealed' | 'authorization_url' | 'connected_at'> & {
  oauth_state_hash: Buffer | null;
  oauth_state_expires_at: Date | null;
};

/** The new row; null when the account already has a mailbox at the address (the unique key). */
export async function insertMailbox(db: Queryable, row: MailboxInsert): Promise<MailboxRow | null> {
  const { rows } = await db.query<MailboxRow>(
    `INSERT INTO mailboxes (id, account_id, provider, address, status, imap_host, imap_port, imap_security, username,
       credential_sealed, authorization_url, connected_at, oauth_state_hash, oauth_state_expires_at, last_checked_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $12)
     ON CONFLICT (account_id, address) DO NOTHING
     RETURNING ${COLUMNS}`,
    [row.id, row.account_id, row.provider, row.address, row.status, row.imap_host, row.imap_port, row.imap_security, row.username,
      row.credential_sealed, row.authorization_url, row.connected_at, row.oauth_state_hash, row.oauth_state_expires_at],
  );
  return rows[0] ?? null;
}

export async function countMailboxes(db: Queryable, accountId: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>('SELECT count(*) FROM mailboxes WHERE account_id = $1', [accountId]);
  return Number(rows[0]!.count);
}

export async function mailboxAddressTaken(db: Queryable, accountId: string, address: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM mailboxes WHERE account_id = $1 AND address = $2', [accountId, address]);
  return (rowCount ?? 0) > 0;
}

/** An account's mailboxes, oldest first. */
export async function listMailboxes(db: Queryable, accountId: string): Promise<MailboxRow[]> {
  const { rows } = await db.query<MailboxRow>(`SELECT ${COLUMNS} FROM mailboxes WHERE account_id = $1 ORDER BY created_at, id`, [accountId]);
  return rows;
}

export async function getMailbox(db: Queryable, accountId: string, id: string): Promise<MailboxRow | null> {
  const { rows } = await db.query<MailboxRow>(`SELECT ${COLUMNS} FROM mailboxes WHERE account_id = $1 AND id = $2`, [accountId, id]);
  return rows[0] ?? null;
}

/** Any account's mailbox, for the workers. */
export async function mailboxById(db: Queryable, id: string): Promise<MailboxRow | null> {
  const { rows } = await db.query<MailboxRow>(`SELECT ${COLUMNS} FROM mailboxes WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** An account's connected mailbox at an address (the applicant's), for reading codes during an application. */
export async function connectedMailboxAt(db: Queryable, accountId: string, address: string): Promise<MailboxRow | null> {
  const { rows } = await db.query<MailboxRow>(
    `SELECT ${COLUMNS} FROM mailboxes WHERE account_id = $1 AND address = $2 AND status = 'connected'`,
    [accountId, address.toLowerCase()],
  );
  return rows[0] ?? null;
}

export async function deleteMailbox(db: Queryable, accountId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM mailboxes WHERE account_id = $1 AND id = $2', [accountId, id]);
  return (rowCount ?? 0) > 0;
}

/** The outcome of a connectivity check: `connected` (error cleared) or `error` with its reason. */
export async function recordMailboxCheck(db: Queryable, id: string, outcome: { ok: true } | { ok: false; error: string }): Promise<MailboxRow | null> {
  const { rows } = await db.query<MailboxRow>(
    `UPDATE mailboxes
        SET status = CASE WHEN $2 THEN 'connected' ELSE 'error' END,
            last_error = CASE WHEN $2 THEN NULL ELSE $3 END,
            connected_at = CASE WHEN $2 THEN coalesce(connected_at, now()) ELSE connected_at END,
            last_checked_at = now(), updated_at = now()
      WHERE id = $1 AND status IN ('connected', 'error')
      RETURNING ${COLUMNS}`,
    [id, outcome.ok, outcome.ok ? null : outcome.error],
  );
  return rows[0] ?? null;
}

/** A refreshed credential (new OAuth tokens), sealed. */
export async function storeMailboxCredential(db: Queryable, id: string, sealed: Buffer): Promise<void> {
  await db.query('UPDATE mailboxes SET credential_sealed = $2, updated_at = now() WHERE id = $1', [id, sealed]);
}

/**
 * Takes the pending mailbox a consent `state` belongs to, once: the state is cleared in the
 * same statement, so a replayed callback finds nothing. Expired states find nothing too.
 */
export async function claimOauthState(db: Queryable, stateHash: Buffer): Promise<MailboxRow | null> {
  const { rows } = await db.query<MailboxRow>(
    `UPDATE mailboxes SET oauth_state_hash = NULL, oauth_state_expires_at = NULL, updated_at = now()
      WHERE oauth_state_hash = $1 AND status = 'pending' AND oauth_state_expires_at > now()
      RETURNING ${COLUMNS}`,
    [stateHash],
  );
  return rows[0] ?? null;
}

/** A pending Outlook mailbox whose consent succeeded: its tokens sealed, connected. */
export async function connectOutlookMailbox(db: Queryable, id: string, sealed: Buffer): Promise<MailboxRow | null> {
  const { rows } = await db.query<MailboxRow>(
    `UPDATE mailboxes SET status = 'connected', credential_sealed = $2, authorization_url = NULL, last_error = NULL,
            connected_at = now(), last_checked_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'pending'
      RETURNING ${COLUMNS}`,
    [id, sealed],
  );
  return rows[0] ?? null;
}

/** A pending Outlook mailbox whose consent failed: it stays pending with the reason, its old link spent. */
export async function recordConsentFailure(db: Queryable, id: string, error: string): Promise<void> {
  await db.query(`UPDATE mailboxes SET last_error = $2, authorization_url = NULL, updated_at = now() WHERE id = $1 AND status = 'pending'`, [id, error]);
}

/** Mailboxes due a connectivity check: connected or failing, not checked since `before`, least recently checked first. */
export async function mailboxesDueForCheck(db: Queryable, before: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM mailboxes
      WHERE status IN ('connected', 'error') AND (last_checked_at IS NULL OR last_checked_at < $1)
      ORDER BY last_checked_at NULLS FIRST LIMIT $2`,
    [before, limit],
  );
  return rows.map((row) => row.id);
}
