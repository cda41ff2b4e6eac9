// The connected mailbox of spec 2.9 as responses show it (never its credential).
import type { MailboxRecord } from '../../mail/mailbox.ts';
import { API_VERSION } from '../api-version.ts';
import type { Mailbox } from '../schemas/mailboxes.ts';
import { iso } from './time.ts';

const isoOrNull = (value: Date | null) => (value ? iso(value) : null);

export function serializeMailbox(record: MailboxRecord): Mailbox {
  return {
    api_version: API_VERSION,
    id: record.id,
    provider: record.provider,
    address: record.address,
    status: record.status,
    imap_host: record.imap_host,
    imap_port: record.imap_port,
    imap_security: record.imap_security,
    username: record.username,
    authorization_url: record.status === 'pending' ? record.authorization_url : null,
    last_error: record.last_error,
    connected_at: isoOrNull(record.connected_at),
    last_checked_at: isoOrNull(record.last_checked_at),
    created_at: iso(record.created_at),
    updated_at: iso(record.updated_at),
  };
}
