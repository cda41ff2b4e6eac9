// What a connected mailbox is (spec 2.9) on this side of the store: its record as responses
// show it, and its limits (CONTRACT.md: five per account; IMAP on 993 with TLS or 143 with
// STARTTLS only).
import type { ImapSecurity, MailboxProvider, MailboxRow, MailboxStatus } from '../db/mailboxes.ts';

export type { ImapSecurity, MailboxProvider, MailboxStatus };

export const MAILBOX_LIMITS = {
  perAccount: 5,
  /** The only ports, each with its own security (spec part 8). */
  imapPorts: { 993: 'ssl', 143: 'starttls' } as Record<number, ImapSecurity>,
  /** How long an Outlook consent link stays usable. */
  consentMinutes: 30,
};

/** A mailbox as responses show it: the stored row without its owner and its credential. */
export type MailboxRecord = Omit<MailboxRow, 'account_id' | 'credential_sealed'>;

/** The sealed credential, opened: an IMAP password or an Outlook account's tokens. */
export type MailboxCredential =
  | { kind: 'password'; password: string }
  | { kind: 'oauth'; access_token: string; expires_at: string; home_account_id: string; token_cache: string };

/** A refusal with one of the spec's codes, raised before anything is stored. */
export class MailboxRefusal extends Error {
  readonly code: 'mailbox_already_exists' | 'mailbox_verification_failed' | 'unsafe_imap_host' | 'mailbox_limit_reached' | 'mailbox_oauth_unavailable';
  constructor(code: MailboxRefusal['code'], message: string) {
    super(message);
    this.name = 'MailboxRefusal';
    this.code = code;
  }
}
