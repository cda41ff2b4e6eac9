// GreenMail (com.icegreen:greenmail-standalone) on loopback: SMTP, IMAP and IMAPS on free
// ports, the users preset by -Dgreenmail.users, IMAPS serving our test certificate
// (-Dgreenmail.tls.keystore.file) instead of GreenMail's built-in one. GreenMail has no
// STARTTLS: IMAP is plain, IMAPS is TLS from the first byte. Ready once each port greets.
import fs from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../../lib/net.ts';
import type { TestCertificates } from './certificates.ts';
import { greets } from './clients.ts';
import { findJava, JVM_OPTIONS, mavenClasspath } from './java.ts';
import { startServerProcess, waitUntilReady, type ServerProcess } from './server-process.ts';
import type { MailUser } from './users.ts';

const POM = path.join(import.meta.dirname, 'greenmail.pom.xml');
const START_TIMEOUT_MS = 60_000;

export interface GreenMailOptions {
  /** Its log (greenmail.log) goes here. */
  dir: string;
  cacheDir: string;
  certificates: TestCertificates;
  users: MailUser[];
  onProgress?: (message: string) => void;
}

export interface GreenMail {
  host: string;
  smtpPort: number;
  /** Plain IMAP (GreenMail offers no STARTTLS). */
  imapPort: number;
  /** IMAP over TLS, with the certificate that `caFile` verifies. */
  imapsPort: number;
  users: MailUser[];
  process: ServerProcess;
  stop(): Promise<void>;
}

export function prepareGreenMail(cacheDir: string, onProgress: (message: string) => void = () => {}): Promise<string> {
  return mavenClasspath(POM, cacheDir, onProgress);
}

export async function startGreenMail(options: GreenMailOptions): Promise<GreenMail> {
  const onProgress = options.onProgress ?? (() => {});
  const java = findJava();
  const classpath = await prepareGreenMail(options.cacheDir, onProgress);
  const host = '127.0.0.1';
  const ports = new Set<number>();
  while (ports.size < 3) ports.add(await freePort());
  const [smtpPort, imapPort, imapsPort] = [...ports] as [number, number, number];
  const listeners = Object.entries({ smtp: smtpPort, imap: imapPort, imaps: imapsPort }).flatMap(([protocol, port]) => [
    `-Dgreenmail.${protocol}.hostname=${host}`,
    `-Dgreenmail.${protocol}.port=${port}`,
  ]);
  // `logon:password@domain`; with users.login=email the login is the whole address.
  const users = options.users.map((user) => {
    const [local, domain] = user.address.split('@') as [string, string];
    return `${local}:${user.password}@${domain}`;
  });

  onProgress(`starting GreenMail (SMTP ${smtpPort}, IMAP ${imapPort}, IMAPS ${imapsPort}) with Java ${java.major}`);
  const server = startServerProcess(
    'GreenMail',
    java.bin,
    [
      ...JVM_OPTIONS,
      ...listeners,
      `-Dgreenmail.users=${users.join(',')}`,
      '-Dgreenmail.users.login=email',
      `-Dgreenmail.tls.keystore.file=${options.certificates.keystoreFile}`,
      `-Dgreenmail.tls.keystore.password=${options.certificates.keystorePassword}`,
      '-cp',
      classpath,
      'com.icegreen.greenmail.standalone.GreenMailStandaloneRunner',
    ],
    { logFile: path.join(options.dir, 'greenmail.log') },
  );
  const ca = await fs.readFile(options.certificates.caFile, 'utf8');
  await waitUntilReady(
    server,
    async () => (await greets(host, smtpPort, '220')) && (await greets(host, imapPort, '* OK')) && (await greets(host, imapsPort, '* OK', ca)),
    START_TIMEOUT_MS,
  );
  return { host, smtpPort, imapPort, imapsPort, users: options.users, process: server, stop: server.stop };
}
