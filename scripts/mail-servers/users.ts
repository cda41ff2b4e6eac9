// The mailbox users the servers are started with. Addresses are under example.test (a
// name reserved for testing, RFC 2606); passwords are new for each start.
import crypto from 'node:crypto';

export interface MailUser {
  /** The address, which is also the login name on every server. */
  address: string;
  password: string;
}

/** alice@ and bob@example.test, each with a fresh password (hex: safe in every config format). */
export function newMailUsers(localParts: string[] = ['alice', 'bob']): MailUser[] {
  return localParts.map((local) => ({ address: `${local}@example.test`, password: crypto.randomBytes(12).toString('hex') }));
}
