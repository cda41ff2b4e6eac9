// A throwaway certificate authority and one server certificate it signs (for localhost and
// 127.0.0.1), made with the openssl CLI for each start. Every server (GreenMail's IMAPS,
// Dovecot's STARTTLS, the OAuth2 server's HTTPS) presents that certificate, so a client
// trusts all of them through one file, ca.pem, and verifies names as usual.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MailServerError } from './server-process.ts';

export interface TestCertificates {
  /** The CA certificate (PEM) that clients trust. */
  caFile: string;
  /** The server certificate (PEM) and its private key (PEM, unencrypted, mode 0600). */
  certFile: string;
  keyFile: string;
  /** The same key and certificate chain as a PKCS#12 keystore, for the Java servers. */
  keystoreFile: string;
  keystorePassword: string;
}

/** Days the certificates are valid: the servers live for one test run or one CLI session. */
const VALID_DAYS = '7';
/** P-256 keys: made in milliseconds, and spoken by Java, OpenSSL (Dovecot) and Node alike. */
const NEW_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** Throws a MailServerError when the openssl CLI is missing. */
export function checkOpenssl(): void {
  if (spawnSync('openssl', ['version']).status !== 0) throw new MailServerError('The mail servers\' certificates are made with the openssl CLI, which is not installed (Debian: openssl).');
}

function openssl(args: string[], what: string, env?: NodeJS.ProcessEnv): void {
  const result = spawnSync('openssl', args, { encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.error) throw new MailServerError(`${what}: openssl could not run (${result.error.message}). Install it (Debian: openssl).`);
  if (result.status !== 0) throw new MailServerError(`${what} failed (openssl exited ${result.status}):\n${result.stderr.slice(-2000)}`);
}

/** Makes the CA and the server certificate in `dir`. */
export async function createTestCertificates(dir: string): Promise<TestCertificates> {
  await fs.mkdir(dir, { recursive: true });
  const file = (name: string) => path.join(dir, name);
  openssl(
    ['req', '-x509', ...NEW_KEY, '-keyout', file('ca-key.pem'), '-out', file('ca.pem'), '-days', VALID_DAYS, '-subj', '/CN=jobdata local mail servers test CA',
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
    'making the test CA',
  );
  openssl(['req', '-new', ...NEW_KEY, '-keyout', file('server-key.pem'), '-out', file('server.csr'), '-subj', '/CN=localhost'], 'making the server key');
  await fs.writeFile(
    file('server-ext.cnf'),
    'subjectAltName = DNS:localhost, IP:127.0.0.1\nbasicConstraints = critical, CA:FALSE\nkeyUsage = critical, digitalSignature\nextendedKeyUsage = serverAuth\n',
  );
  openssl(
    ['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca-key.pem'), '-set_serial', `0x${crypto.randomBytes(8).toString('hex')}`,
      '-days', VALID_DAYS, '-extfile', file('server-ext.cnf'), '-out', file('server.pem')],
    'signing the server certificate',
  );
  const keystorePassword = crypto.randomBytes(12).toString('hex');
  openssl(
    ['pkcs12', '-export', '-in', file('server.pem'), '-inkey', file('server-key.pem'), '-certfile', file('ca.pem'), '-name', 'server',
      '-out', file('server.p12'), '-passout', 'env:KEYSTORE_PASSWORD'],
    'writing the keystore',
    { KEYSTORE_PASSWORD: keystorePassword },
  );
  // The CA's key signs nothing else; without it nobody can mint a certificate this CA vouches for.
  await Promise.all([fs.rm(file('ca-key.pem')), fs.rm(file('server.csr')), fs.chmod(file('server-key.pem'), 0o600), fs.chmod(file('server.p12'), 0o600)]);
  await fs.chmod(file('ca.pem'), 0o644);
  return { caFile: file('ca.pem'), certFile: file('server.pem'), keyFile: file('server-key.pem'), keystoreFile: file('server.p12'), keystorePassword };
}
