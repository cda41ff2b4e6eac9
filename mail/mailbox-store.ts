// Connected mailboxes: create (an IMAP login verified before anything is stored; an Outlook
// mailbox pending its owner's consent), list, read, delete, the health check's outcome, and
// the credential a reader needs. The credential is sealed (lib/secret-box.ts) for its row
// and never leaves this module except to open a connection.
import crypto from 'node:crypto';
import { secretBox } from '../db/encryption-keys.ts';
import * as mailboxes from '../db/mailboxes.ts';
import type { MailboxRow } from '../db/mailboxes.ts';
import { withTransaction, type Pool, type Queryable } from '../db/pool.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { ImapConnectError, ImapHostRefused, verifyImapLogin, type ImapAuth, type ImapEndpoint, type ImapReach } from './imap-connection.ts';
import { MAILBOX_LIMITS, MailboxRefusal, type ImapSecurity, type MailboxCredential, type MailboxRecord } from './mailbox.ts';

export interface ImapMailboxInput {
  address: string;
  imap_host: string;
  imap_port?: number;
  imap_security?: ImapSecurity;
  username?: string;
  password: string;
}

/** The authenticated context of a credential: it opens only in its own row. */
const sealedFor = (id: string) => `mailboxes.credential:${id}`;

export function recordOf(row: MailboxRow): MailboxRecord {
  const { account_id: _account, credential_sealed: _credential, ...record } = row;
  return record;
}

/** The port and security a create asks for: 993 with TLS or 143 with STARTTLS, nothing else. */
export function imapEndpoint(input: Pick<ImapMailboxInput, 'imap_host' | 'imap_port' | 'imap_security'>): ImapEndpoint {
  const host = input.imap_host.trim().toLowerCase().replace(/\.$/, '');
  const security = input.imap_security ?? (input.imap_port === 143 ? 'starttls' : 'ssl');
  const port = input.imap_port ?? (security === 'starttls' ? 143 : 993);
  const expected = MAILBOX_LIMITS.imapPorts[port];
  if (!expected) throw new MailboxRefusal('unsafe_imap_host', `IMAP port ${port} is not allowed; use 993 (ssl) or 143 (starttls).`);
  if (expected !== security) throw new MailboxRefusal('unsafe_imap_host', `Port ${port} is served with ${expected}, not ${security}; use 993 with ssl or 143 with starttls.`);
  if (!host || /[\s/@:]/.test(host)) throw new MailboxRefusal('unsafe_imap_host', `"${input.imap_host}" is not a host name.`);
  return { host, port, security };
}

/** Refuses a create the account has no room for, or whose address it already has. */
async function checkRoom(db: Queryable, accountId: string, address: string): Promise<void> {
  if (await mailboxes.mailboxAddressTaken(db, accountId, address)) throw new MailboxRefusal('mailbox_already_exists', `A mailbox for ${address} is already connected to this account.`);
  if ((await mailboxes.countMailboxes(db, accountId)) >= MAILBOX_LIMITS.perAccount) {
    throw new MailboxRefusal('mailbox_limit_reached', `An account connects at most ${MAILBOX_LIMITS.perAccount} mailboxes; delete one first.`);
  }
}

/**
 * Inserts under a per-account lock, checking room again: two creates at once cannot pass the
 * limit or both take an address.
 */
async function insertWithRoom(pool: Pool, row: mailboxes.MailboxInsert): Promise<MailboxRow> {
  return withTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('mailboxes:' || $1))", [row.account_id]);
    await checkRoom(client, row.account_id, row.address);
    const inserted = await mailboxes.insertMailbox(client, row);
    if (!inserted) throw new MailboxRefusal('mailbox_already_exists', `A mailbox for ${row.address} is already connected to this account.`);
    return inserted;
  });
}

/** An IMAP mailbox, connected: its login is tried first, and a refused one stores nothing. */
export async function createImapMailbox(pool: Pool, accountId: string, input: ImapMailboxInput, reach: ImapReach): Promise<MailboxRecord> {
  const address = input.address.trim().toLowerCase();
  const endpoint = imapEndpoint(input);
  const username = input.username?.trim() || address;
  await checkRoom(pool, accountId, address);
  try {
    await verifyImapLogin(endpoint, { user: username, pass: input.password }, reach);
  } catch (error) {
    if (error instanceof ImapHostRefused) throw new MailboxRefusal('unsafe_imap_host', error.message);
    if (error instanceof ImapConnectError) throw new MailboxRefusal('mailbox_verification_failed', `${error.message} Nothing was stored.`);
    throw error;
  }
  const id = crypto.randomUUID();
  const box = await secretBox(pool);
  const credential: MailboxCredential = { kind: 'password', password: input.password };
  const row = await insertWithRoom(pool, {
    id,
    account_id: accountId,
    provider: 'imap',
    address,
    status: 'connected',
    imap_host: endpoint.host,
    imap_port: endpoint.port,
    imap_security: endpoint.security,
    username,
    credential_sealed: box.sealJson(credential, sealedFor(id)),
    authorization_url: null,
    connected_at: new Date(),
    oauth_state_hash: null,
    oauth_state_expires_at: null,
  });
  return recordOf(row);
}

/** A consent `state` is kept only as this hash: the database alone cannot finish a consent. */
export const stateHash = (state: string) => crypto.createHash('sha256').update(state, 'utf8').digest();

/**
 * An Outlook mailbox, pending its owner's consent at the URL `authorizationUrl(state)` builds;
 * `state` is single-use and expires after MAILBOX_LIMITS.consentMinutes.
 */
export async function createPendingOutlookMailbox(
  pool: Pool,
  accountId: string,
  address: string,
  authorizationUrl: (state: string) => Promise<string>,
): Promise<MailboxRecord> {
  const lowered = address.trim().toLowerCase();
  await checkRoom(pool, accountId, lowered);
  const state = crypto.randomBytes(32).toString('base64url');
  const row = await insertWithRoom(pool, {
    id: crypto.randomUUID(),
    account_id: accountId,
    provider: 'outlook',
    address: lowered,
    status: 'pending',
    imap_host: null,
    imap_port: null,
    imap_security: null,
    username: null,
    credential_sealed: null,
    authorization_url: await authorizationUrl(state),
    connected_at: null,
    oauth_state_hash: stateHash(state),
    oauth_state_expires_at: new Date(Date.now() + MAILBOX_LIMITS.consentMinutes * 60_000),
  });
  return recordOf(row);
}

export async function listAccountMailboxes(db: Queryable, accountId: string): Promise<MailboxRecord[]> {
  return (await mailboxes.listMailboxes(db, accountId)).map(recordOf);
}

export async function getAccountMailbox(db: Queryable, accountId: string, id: string): Promise<MailboxRecord | null> {
  const row = await mailboxes.getMailbox(db, accountId, id);
  return row ? recordOf(row) : null;
}

export async function deleteAccountMailbox(db: Queryable, accountId: string, id: string): Promise<boolean> {
  return mailboxes.deleteMailbox(db, accountId, id);
}

/** A stored mailbox with its credential opened, for a connection (readers and the health check). */
export interface OpenedMailbox {
  row: MailboxRow;
  credential: MailboxCredential;
}

export async function openMailbox(db: Queryable, row: MailboxRow, box?: SecretBox): Promise<OpenedMailbox> {
  if (!row.credential_sealed) throw new Error(`mailbox ${row.id} has no credential yet (status ${row.status})`);
  const opened = (box ?? (await secretBox(db))).openJson<MailboxCredential>(row.credential_sealed, sealedFor(row.id));
  return { row, credential: opened };
}

/** Seals a credential for a mailbox's row (new OAuth tokens). */
export async function sealCredential(db: Queryable, id: string, credential: MailboxCredential): Promise<Buffer> {
  return (await secretBox(db)).sealJson(credential, sealedFor(id));
}

/** The IMAP endpoint and login of an IMAP mailbox. */
export function imapAccess(opened: OpenedMailbox): { endpoint: ImapEndpoint; auth: ImapAuth } {
  const { row, credential } = opened;
  if (row.provider !== 'imap' || credential.kind !== 'password') throw new Error(`mailbox ${row.id} is not an IMAP mailbox`);
  return { endpoint: { host: row.imap_host!, port: row.imap_port!, security: row.imap_security! }, auth: { user: row.username!, pass: credential.password } };
}
