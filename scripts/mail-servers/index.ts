// Real mail and identity servers on loopback for tests and development: GreenMail (SMTP,
// IMAP, IMAPS), Dovecot (IMAP with STARTTLS; XOAUTH2 by token introspection) and an
// OAuth2/OIDC server (HTTPS), started together in one temp directory with one test CA,
// and stopped together: processes ended, directory removed. docs/testing-mail.md tells
// how they are set up and why.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkOpenssl, createTestCertificates } from './certificates.ts';
import { findDovecot, startDovecot, type Dovecot, type OAuth2Mechanism } from './dovecot.ts';
import { prepareGreenMail, startGreenMail, type GreenMail } from './greenmail.ts';
import { DEFAULT_CACHE_DIR, findJava } from './java.ts';
import { prepareOAuth2Server, startOAuth2Server, type OAuth2Server } from './oauth2-server.ts';
import { MailServerError } from './server-process.ts';
import { newMailUsers, type MailUser } from './users.ts';

export { DEFAULT_CACHE_DIR, MailServerError, newMailUsers, type Dovecot, type GreenMail, type MailUser, type OAuth2Mechanism, type OAuth2Server };

export type MailServerName = 'greenmail' | 'dovecot' | 'oauth2';
export const ALL_MAIL_SERVERS: readonly MailServerName[] = ['greenmail', 'dovecot', 'oauth2'];

export interface MailServersOptions {
  /** Which servers to start (default: all three). Dovecot gets XOAUTH2 only with 'oauth2' beside it. */
  servers?: readonly MailServerName[];
  /** Preset on GreenMail and Dovecot alike (default: alice@ and bob@example.test with fresh passwords). */
  users?: MailUser[];
  /** The token mechanisms Dovecot offers (default both; ['xoauth2'] is what Outlook offers). */
  oauth2Mechanisms?: readonly OAuth2Mechanism[];
  cacheDir?: string;
  onProgress?: (message: string) => void;
}

export interface MailServers {
  /** The temp directory: certificates, configurations, logs and mail; removed by stop(). */
  dir: string;
  /** The test CA that every server's certificate chains to: a file, and its PEM. */
  caFile: string;
  ca: string;
  users: MailUser[];
  greenmail?: GreenMail;
  dovecot?: Dovecot;
  oauth2?: OAuth2Server;
  /** Stops every server (also one that failed to start) and removes the directory. */
  stop(): Promise<void>;
}

/** Why the given servers cannot run here (Java, Dovecot or openssl missing), or null when they can. */
export function mailServersProblem(servers: readonly MailServerName[] = ALL_MAIL_SERVERS): string | null {
  try {
    checkOpenssl();
    if (servers.includes('greenmail') || servers.includes('oauth2')) findJava();
    if (servers.includes('dovecot')) findDovecot();
    return null;
  } catch (error) {
    if (error instanceof MailServerError) return error.message;
    throw error;
  }
}

/** Fetches the jars and checks Java and Dovecot, so that starting fetches nothing (what .ci/run does up front). */
export async function prepareMailServers(cacheDir = DEFAULT_CACHE_DIR, onProgress: (message: string) => void = () => {}) {
  checkOpenssl();
  const java = findJava();
  const greenmail = await prepareGreenMail(cacheDir, onProgress);
  const oauth2 = await prepareOAuth2Server(cacheDir, onProgress);
  const dovecot = findDovecot();
  return { java, classpaths: { greenmail, oauth2 }, dovecot };
}

export async function startMailServers(options: MailServersOptions = {}): Promise<MailServers> {
  const wanted = new Set(options.servers ?? ALL_MAIL_SERVERS);
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
  const users = options.users ?? newMailUsers();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mail-servers-'));
  // Dovecot's unprivileged users (under root) reach the CA and their own directory through it.
  await fs.chmod(dir, 0o711);
  const started: { stop(): Promise<void> }[] = [];
  const stop = async () => {
    await Promise.all(started.map((server) => server.stop()));
    await fs.rm(dir, { recursive: true, force: true });
  };
  try {
    const certificates = await createTestCertificates(path.join(dir, 'certificates'));
    const ca = await fs.readFile(certificates.caFile, 'utf8');
    const subdir = async (name: string) => {
      await fs.mkdir(path.join(dir, name));
      return path.join(dir, name);
    };
    const track = <T extends { stop(): Promise<void> }>(server: T): T => (started.push(server), server);
    // Each starts on its own; they start at once (the JVMs take the longest).
    const greenmail = wanted.has('greenmail')
      ? subdir('greenmail').then((sub) => startGreenMail({ dir: sub, cacheDir, certificates, users, onProgress: options.onProgress }).then(track))
      : undefined;
    const oauth2 = wanted.has('oauth2')
      ? subdir('oauth2').then((sub) => startOAuth2Server({ dir: sub, cacheDir, certificates, onProgress: options.onProgress }).then(track))
      : undefined;
    const dovecot = wanted.has('dovecot')
      ? Promise.all([subdir('dovecot'), oauth2]).then(([sub, identity]) =>
          startDovecot({
            dir: sub,
            certificates,
            users,
            oauth2: identity && { introspectionEndpoint: identity.introspectionEndpoint, clientId: identity.clientId, clientSecret: identity.clientSecret, caFile: certificates.caFile },
            oauth2Mechanisms: options.oauth2Mechanisms,
            onProgress: options.onProgress,
          }).then(track),
        )
      : undefined;
    const results = await Promise.allSettled([greenmail, oauth2, dovecot]);
    const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) throw failure.reason;
    return { dir, caFile: certificates.caFile, ca, users, greenmail: await greenmail, oauth2: await oauth2, dovecot: await dovecot, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
