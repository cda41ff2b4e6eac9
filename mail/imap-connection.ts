// A connection to a mailbox's IMAP server (imapflow), made safely: the host a caller names
// must resolve to public addresses only (lib/outbound-guard.ts, lifted by
// OUTBOUND_ALLOW_PRIVATE for tests), and the socket goes to the address that was checked,
// with the certificate verified against the host's name, so a DNS answer that changes
// between check and connect (rebinding) cannot steer it elsewhere. TLS is always on: from
// the first byte on 993, by a STARTTLS the client insists on for 143. Tests send a host to
// a loopback server with MAILBOX_IMAP_ROUTES and trust its CA with MAILBOX_TLS_CA_FILE.
// Errors are worded here, without the credential or the server's whole answer.
import net from 'node:net';
import tls from 'node:tls';
import { ImapFlow } from 'imapflow';
import { nonPublicKind, systemResolve, type Resolve } from '../lib/outbound-guard.ts';
import type { ImapSecurity } from './mailbox.ts';

export interface ImapEndpoint {
  host: string;
  port: number;
  security: ImapSecurity;
}

export type ImapAuth = { user: string; pass: string } | { user: string; accessToken: string };

/** How IMAP servers are reached (from config.mailboxes and config.outboundAllowPrivate). */
export interface ImapReach {
  allowPrivate: boolean;
  routes: Record<string, { host: string; port: number }>;
  tlsCa: string | null;
  resolve?: Resolve;
  /** Connect, greeting and socket time limits, in milliseconds. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** The host names an address we must not reach (private, loopback, ...), or does not resolve. */
export class ImapHostRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImapHostRefused';
  }
}

/** The server could not be reached, refused TLS, or refused the login. */
export class ImapConnectError extends Error {
  readonly loginRejected: boolean;
  constructor(message: string, loginRejected: boolean) {
    super(message);
    this.name = 'ImapConnectError';
    this.loginRejected = loginRejected;
  }
}

/** Where the socket goes: the checked address, and the name the certificate must carry. */
async function target(endpoint: ImapEndpoint, reach: ImapReach): Promise<{ address: string; port: number; servername: string | undefined }> {
  const routed = reach.routes[`${endpoint.host}:${endpoint.port}`];
  const host = routed?.host ?? endpoint.host;
  const port = routed?.port ?? endpoint.port;
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (reach.resolve ?? systemResolve)(host);
    } catch {
      throw new ImapHostRefused(`${endpoint.host} does not resolve.`);
    }
  }
  if (!addresses.length) throw new ImapHostRefused(`${endpoint.host} does not resolve.`);
  if (!reach.allowPrivate) {
    for (const address of addresses) {
      const kind = nonPublicKind(address);
      if (kind) throw new ImapHostRefused(`${endpoint.host} resolves to a ${kind} address (${address}); IMAP servers must be on the public internet.`);
    }
  }
  // A routed test server is checked against its own (loopback) name; a real one against the name asked for.
  const name = routed ? routed.host : endpoint.host;
  return { address: addresses[0]!, port, servername: net.isIP(name) ? undefined : name };
}

function describe(error: unknown, endpoint: ImapEndpoint): ImapConnectError {
  const failure = error as { authenticationFailed?: boolean; code?: string; message?: string; responseText?: string };
  const where = `${endpoint.host}:${endpoint.port}`;
  if (failure.authenticationFailed) {
    const said = failure.responseText ? ` (${failure.responseText.slice(0, 200)})` : '';
    return new ImapConnectError(`${where} refused the login${said}.`, true);
  }
  const code = failure.code ?? '';
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|HOSTNAME/i.test(code)) return new ImapConnectError(`${where}: the server's TLS certificate is not trusted (${code}).`, false);
  if (code === 'ECONNREFUSED') return new ImapConnectError(`${where} refused the connection.`, false);
  if (/TIMEOUT|ETIMEDOUT/i.test(code)) return new ImapConnectError(`${where} did not answer in time.`, false);
  if (/STARTTLS/i.test(code) || /STARTTLS/i.test(failure.message ?? '')) return new ImapConnectError(`${where} does not offer STARTTLS; use port 993 (ssl) instead.`, false);
  return new ImapConnectError(`${where}: could not connect${code ? ` (${code})` : ''}.`, false);
}

/** An imapflow client logged in to the mailbox; the caller logs out (or closes) it. */
export async function openImap(endpoint: ImapEndpoint, auth: ImapAuth, reach: ImapReach): Promise<ImapFlow> {
  const { address, port, servername } = await target(endpoint, reach);
  const timeout = reach.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = new ImapFlow({
    host: address,
    port,
    secure: endpoint.security === 'ssl',
    // Insist on STARTTLS: without it a server (or someone between) could keep the login in clear text.
    doSTARTTLS: endpoint.security === 'starttls' ? true : undefined,
    servername,
    tls: { servername, ca: reach.tlsCa ? [...tls.rootCertificates, reach.tlsCa] : undefined, minVersion: 'TLSv1.2' },
    auth: 'pass' in auth ? { user: auth.user, pass: auth.pass } : { user: auth.user, accessToken: auth.accessToken },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: Math.max(timeout, 90_000),
  });
  // imapflow emits 'error' on socket failures after connect; unheard, it would crash the process.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    client.close();
    throw describe(error, endpoint);
  }
  return client;
}

/** Logs in and out again: whether the credentials work (throws ImapHostRefused / ImapConnectError otherwise). */
export async function verifyImapLogin(endpoint: ImapEndpoint, auth: ImapAuth, reach: ImapReach): Promise<void> {
  const client = await openImap(endpoint, auth, reach);
  await client.logout().catch(() => client.close());
}
