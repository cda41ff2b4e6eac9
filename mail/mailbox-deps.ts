// What mailbox connections need from the configuration: how IMAP servers are reached and
// trusted (config.mailboxes, config.outboundAllowPrivate), and the Outlook client when
// Outlook connections are configured (one per configuration, so per process: it keeps the
// authority's metadata once fetched).
import type { Config } from '../lib/config.ts';
import type { MailboxDeps } from './mailbox-access.ts';
import type { ImapReach } from './imap-connection.ts';
import { createOutlookClient, type OutlookClient } from './outlook.ts';

export function imapReach(config: Config): ImapReach {
  return { allowPrivate: config.outboundAllowPrivate, routes: config.mailboxes.imapRoutes, tlsCa: config.mailboxes.tlsCa };
}

const outlookClients = new WeakMap<Config, OutlookClient>();

/** The Outlook client, or null when MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET are not set. */
export function outlookClient(config: Config): OutlookClient | null {
  const outlook = config.mailboxes.outlook;
  if (!outlook) return null;
  let client = outlookClients.get(config);
  if (!client) {
    client = createOutlookClient(outlook, { baseUrl: config.baseUrl, tlsCa: config.mailboxes.tlsCa });
    outlookClients.set(config, client);
  }
  return client;
}

export function mailboxDeps(config: Config): MailboxDeps {
  return { reach: imapReach(config), outlook: outlookClient(config) };
}
