// Reaching a stored mailbox: an IMAP login with its password, or, for Outlook, a login over
// IMAP with an access token (XOAUTH2) that the Outlook client refreshes silently when it
// has run out (the refreshed tokens are sealed back into the row). Used by the
// verification-code reads and by the mailbox.check health job.
import type { ImapFlow } from 'imapflow';
import * as mailboxes from '../db/mailboxes.ts';
import type { MailboxRow } from '../db/mailboxes.ts';
import type { Pool } from '../db/pool.ts';
import { findVerificationCode, type CodeQuery, type CodeSearchResult } from './code-search.ts';
import { ImapConnectError, ImapHostRefused, openImap, type ImapEndpoint, type ImapReach } from './imap-connection.ts';
import { imapAccess, openMailbox, sealCredential } from './mailbox-store.ts';
import type { MailboxCredential } from './mailbox.ts';

type OAuthCredential = Extract<MailboxCredential, { kind: 'oauth' }>;

/** What reads Outlook mailboxes needs from the Outlook client (mail/outlook.ts). */
export interface OutlookAccess {
  /** Outlook's IMAP server. */
  endpoint: ImapEndpoint;
  /** Where the owner grants access; `state` comes back to the consent callback. */
  authorizationUrl(state: string, loginHint: string): Promise<string>;
  /** A valid access token for the credential, and the credential to store when it was refreshed. */
  accessToken(credential: OAuthCredential): Promise<{ accessToken: string; refreshed: OAuthCredential | null }>;
}

export interface MailboxDeps {
  reach: ImapReach;
  /** Null when Outlook connections are not configured. */
  outlook: OutlookAccess | null;
}

/** The mailbox cannot be reached; `message` says why without any secret. */
export class MailboxUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailboxUnreachable';
  }
}

/** A logged-in IMAP client for a stored mailbox; the caller logs out. */
export async function connectMailbox(pool: Pool, row: MailboxRow, deps: MailboxDeps): Promise<ImapFlow> {
  const opened = await openMailbox(pool, row);
  try {
    if (opened.credential.kind === 'password') {
      const { endpoint, auth } = imapAccess(opened);
      return await openImap(endpoint, auth, deps.reach);
    }
    if (!deps.outlook) throw new MailboxUnreachable('Outlook connections are not configured on this service (MICROSOFT_CLIENT_ID).');
    const { accessToken, refreshed } = await deps.outlook.accessToken(opened.credential);
    if (refreshed) await mailboxes.storeMailboxCredential(pool, row.id, await sealCredential(pool, row.id, refreshed));
    return await openImap(deps.outlook.endpoint, { user: row.address, accessToken }, deps.reach);
  } catch (error) {
    if (error instanceof ImapConnectError || error instanceof ImapHostRefused) throw new MailboxUnreachable(error.message);
    throw error;
  }
}

/** The newest verification code in a stored mailbox (code-search.ts). */
export async function readMailboxCode(pool: Pool, row: MailboxRow, query: CodeQuery, deps: MailboxDeps): Promise<CodeSearchResult> {
  const client = await connectMailbox(pool, row, deps);
  try {
    return await findVerificationCode(client, query);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** The health check of one mailbox: a login, recorded as `connected` or `error` with its reason. */
export async function checkMailbox(pool: Pool, id: string, deps: MailboxDeps): Promise<MailboxRow | null> {
  const row = await mailboxes.mailboxById(pool, id);
  if (!row || (row.status !== 'connected' && row.status !== 'error')) return null;
  try {
    const client = await connectMailbox(pool, row, deps);
    await client.logout().catch(() => client.close());
    return await mailboxes.recordMailboxCheck(pool, id, { ok: true });
  } catch (error) {
    const reason = error instanceof MailboxUnreachable ? error.message : 'the check failed unexpectedly';
    return await mailboxes.recordMailboxCheck(pool, id, { ok: false, error: reason });
  }
}
