// Dovecot 2.3 (Debian's dovecot-imapd) on loopback with a configuration of its own in a
// temp directory: its own base_dir, state_dir, log and mail homes, IMAP with STARTTLS on a
// free port of 127.0.0.1 with our test certificate, users from a passwd-file, and, given
// an OAuth2 server, XOAUTH2 and OAUTHBEARER checked by token introspection over HTTPS.
// It shares nothing with a system Dovecot (ports 143/993, /run/dovecot) and runs as root
// (CI) or as an ordinary user. Mail is delivered with dovecot-lda, Dovecot's own delivery
// agent, as an MTA would: see `deliver`.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../../lib/net.ts';
import type { TestCertificates } from './certificates.ts';
import { greets } from './clients.ts';
import { MailServerError, processesTitled, startServerProcess, waitUntilReady, type ServerProcess } from './server-process.ts';
import type { MailUser } from './users.ts';

const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;
const DOVECOT_CANDIDATES = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'];
/** The services Dovecot 2.3 chroots by default; chroot() needs root, so without it they run unchrooted. */
const CHROOTED_SERVICES = ['aggregator', 'anvil', 'director', 'imap-login', 'imap-urlauth-login', 'ipc', 'old-stats'];
const LDA_CANDIDATES = ['/usr/lib/dovecot/dovecot-lda', '/usr/libexec/dovecot/dovecot-lda', '/usr/local/libexec/dovecot/dovecot-lda'];

export interface DovecotBinaries {
  dovecot: string;
  lda: string;
  version: string;
}

/** Dovecot 2.3 and its delivery agent, or a MailServerError saying what is missing. */
export function findDovecot(): DovecotBinaries {
  const onPath = spawnSync('sh', ['-c', 'command -v dovecot'], { encoding: 'utf8' }).stdout.trim();
  const dovecot = [onPath, ...DOVECOT_CANDIDATES].find((candidate) => candidate && existsSync(candidate));
  const lda = LDA_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!dovecot || !lda) throw new MailServerError(`Dovecot is not installed (no ${dovecot ? 'dovecot-lda' : 'dovecot binary'} found). Install it (Debian: apt-get install dovecot-imapd).`);
  const version = spawnSync(dovecot, ['--version'], { encoding: 'utf8' }).stdout.trim().split(' ')[0] ?? '';
  // 2.4 renamed most settings (and its oauth2 passdb is configured differently).
  if (!version.startsWith('2.3.')) throw new MailServerError(`The local Dovecot server is configured for Dovecot 2.3; ${dovecot} is ${version || 'of an unknown version'}.`);
  return { dovecot, lda, version };
}

/** The OAuth2 server Dovecot asks, by RFC 7662 introspection, whether an XOAUTH2/OAUTHBEARER token is valid. */
export interface DovecotOAuth2 {
  /** https://127.0.0.1:PORT/ISSUER/introspect */
  introspectionEndpoint: string;
  /** Sent as HTTP Basic credentials with each introspection. */
  clientId: string;
  clientSecret: string;
  /** The CA that Dovecot verifies the OAuth2 server's certificate with. */
  caFile: string;
}

export type OAuth2Mechanism = 'xoauth2' | 'oauthbearer';

export interface DovecotOptions {
  /** Its configuration, run directory, mail homes and log (dovecot.log) go here. */
  dir: string;
  certificates: TestCertificates;
  users: MailUser[];
  oauth2?: DovecotOAuth2;
  /**
   * The token mechanisms offered with `oauth2` (default both). Outlook offers XOAUTH2 only,
   * and imapflow picks OAUTHBEARER whenever it is offered.
   */
  oauth2Mechanisms?: readonly OAuth2Mechanism[];
  onProgress?: (message: string) => void;
}

export interface Dovecot {
  /** Dovecot's instance_name: every process of this server has it in its title. */
  instanceName: string;
  host: string;
  /** IMAP; STARTTLS upgrades it to TLS with the certificate that `caFile` verifies. */
  port: number;
  users: MailUser[];
  /** The SASL mechanisms offered: PLAIN and LOGIN, and the token ones when an OAuth2 server is given. */
  mechanisms: string[];
  logFile: string;
  /** Delivers an RFC 5322 message into the user's INBOX with dovecot-lda (as an MTA would). */
  deliver(address: string, message: string | Buffer): Promise<void>;
  process: ServerProcess;
  stop(): Promise<void>;
}

/** Who Dovecot's processes run as: Debian's unprivileged users under root, else the current user for everything. */
interface Accounts {
  loginUser: string;
  internalUser: string;
  internalGroup: string;
  /** Owner of the mail homes: the uid and gid mail is read and delivered as. */
  mail: { uid: number; gid: number };
  /** Whether services keep their default chroot (chroot() needs root). */
  chroot: boolean;
}

function idOf(args: string[]): string {
  const result = spawnSync('id', args, { encoding: 'utf8' });
  if (result.status !== 0) {
    const hint = process.getuid?.() === 0 ? ' Dovecot started by root needs the system users dovenull, dovecot (Debian\'s dovecot-core) and mail.' : '';
    throw new MailServerError(`\`id ${args.join(' ')}\` failed: ${result.stderr.trim()}.${hint}`);
  }
  return result.stdout.trim();
}

function accounts(): Accounts {
  if (process.getuid?.() === 0) {
    // dovenull and dovecot come with Debian's dovecot-core; mail (uid 8) is a base Debian user.
    for (const user of ['dovenull', 'dovecot']) idOf(['-u', user]);
    const mail = { uid: Number(idOf(['-u', 'mail'])), gid: Number(idOf(['-g', 'mail'])) };
    return { loginUser: 'dovenull', internalUser: 'dovecot', internalGroup: 'dovecot', mail, chroot: true };
  }
  const user = idOf(['-un']);
  return { loginUser: user, internalUser: user, internalGroup: idOf(['-gn']), mail: { uid: Number(idOf(['-u'])), gid: Number(idOf(['-g'])) }, chroot: false };
}

function dovecotConfig(settings: { dir: string; instance: string; port: number; certificates: TestCertificates; accounts: Accounts; oauth2Mechanisms: readonly OAuth2Mechanism[] }): string {
  const { dir, accounts: who } = settings;
  const oauth2 = settings.oauth2Mechanisms.join(' ');
  return `# Written by scripts/mail-servers/dovecot.ts for one test server (Dovecot 2.3); removed when it stops.
instance_name = ${settings.instance}
base_dir = ${dir}/run
state_dir = ${dir}/state
listen = 127.0.0.1
protocols = imap
log_path = ${dir}/dovecot.log
auth_verbose = yes

default_login_user = ${who.loginUser}
default_internal_user = ${who.internalUser}
default_internal_group = ${who.internalGroup}

# STARTTLS on the IMAP port. Plaintext logins need TLS, but Dovecot counts a connection
# from the server's own address as secured, so on loopback the client must insist on it.
ssl = yes
ssl_cert = <${settings.certificates.certFile}
ssl_key = <${settings.certificates.keyFile}
ssl_min_protocol = TLSv1.2
disable_plaintext_auth = yes

auth_mechanisms = plain login${oauth2 ? ` ${oauth2}` : ''}
# No delay after a refused login: tests refuse on purpose (a real server keeps the 2 s).
auth_failure_delay = 0

mail_location = maildir:~/Maildir
mail_uid = ${who.mail.uid}
mail_gid = ${who.mail.gid}
first_valid_uid = ${who.mail.uid}
postmaster_address = postmaster@example.test

passdb {
  driver = passwd-file
  mechanisms = plain login
  args = scheme=PLAIN username_format=%Lu ${dir}/users
}
${
  oauth2
    ? `passdb {
  driver = oauth2
  mechanisms = ${oauth2}
  args = ${dir}/oauth2.conf.ext
}
`
    : ''
}userdb {
  driver = passwd-file
  args = username_format=%Lu ${dir}/users
  default_fields = home=${dir}/mail/%Lu
}

service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${settings.port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  # mode 0 disables the listener, and with it the auth penalty: refused logins from one
  # address would otherwise delay that address's next logins by 2 to 15 s.
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
${who.chroot ? '' : CHROOTED_SERVICES.map((service) => `service ${service} {\n  chroot =\n}\n`).join('')}`;
}

/** The oauth2 passdb's settings: RFC 7662 introspection by POST, with Basic client credentials in the URL. */
function oauth2Config(oauth2: DovecotOAuth2): string {
  const url = new URL(oauth2.introspectionEndpoint);
  url.username = oauth2.clientId;
  url.password = oauth2.clientSecret;
  return `# Written by scripts/mail-servers/dovecot.ts: XOAUTH2/OAUTHBEARER tokens are checked by introspection.
introspection_mode = post
introspection_url = ${url}
force_introspection = yes
username_attribute = username
active_attribute = active
active_value = true
tls_ca_cert_file = ${oauth2.caFile}
timeout_msecs = 10000
`;
}

export async function startDovecot(options: DovecotOptions): Promise<Dovecot> {
  const binaries = findDovecot();
  const who = accounts();
  const dir = options.dir;
  const host = '127.0.0.1';
  const port = await freePort();
  const instance = `dovecot-test-${crypto.randomBytes(4).toString('hex')}`;
  const configFile = path.join(dir, 'dovecot.conf');
  const usersFile = path.join(dir, 'users');
  const oauth2Mechanisms = options.oauth2 ? (options.oauth2Mechanisms ?? ['xoauth2', 'oauthbearer']) : [];

  // Dovecot's unprivileged users must reach their files through this directory, never list it.
  await fs.mkdir(path.join(dir, 'mail'), { recursive: true });
  await fs.chmod(dir, 0o711);
  await fs.chown(path.join(dir, 'mail'), who.mail.uid, who.mail.gid);
  await fs.chmod(path.join(dir, 'mail'), 0o700);
  // passwd-file lines: user:password:uid:gid:gecos:home:shell (empty uid and gid: mail_uid and mail_gid).
  const lines = options.users.map((user) => `${user.address.toLowerCase()}:{PLAIN}${user.password}::::::\n`);
  await fs.writeFile(usersFile, lines.join(''), { mode: 0o640 });
  // The auth process (the internal user) reads it.
  if (who.chroot) await fs.chown(usersFile, 0, Number(idOf(['-g', who.internalUser])));
  if (options.oauth2) await fs.writeFile(path.join(dir, 'oauth2.conf.ext'), oauth2Config(options.oauth2), { mode: 0o600 });
  await fs.writeFile(configFile, dovecotConfig({ dir, instance, port, certificates: options.certificates, accounts: who, oauth2Mechanisms }), { mode: 0o644 });

  options.onProgress?.(`starting Dovecot ${binaries.version} on ${host}:${port} (STARTTLS)`);
  // -F: in the foreground, so it is our child and SIGTERM stops it with all its processes.
  const master = startServerProcess('Dovecot', binaries.dovecot, ['-F', '-c', configFile], { logFile: path.join(dir, 'dovecot-master.log') });
  const stopMaster = master.stop;
  const stop = async () => {
    await stopMaster();
    // The master's children end after it (each is titled `instance/service`); wait for them,
    // so nothing of this instance outlives stop().
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (processesTitled(instance) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  const server: ServerProcess = { ...master, stop };
  // Dovecot greets only once its auth process is ready.
  await waitUntilReady(server, () => greets(host, port, '* OK'), START_TIMEOUT_MS);

  const deliver = (address: string, message: string | Buffer) =>
    new Promise<void>((resolve, reject) => {
      const lda = spawn(binaries.lda, ['-c', configFile, '-d', address.toLowerCase()], { stdio: ['pipe', 'ignore', 'pipe'] });
      let stderr = '';
      lda.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      lda.on('error', reject);
      lda.on('close', (code) => (code === 0 ? resolve() : reject(new MailServerError(`dovecot-lda exited ${code} delivering to ${address}: ${stderr.trim()}`))));
      lda.stdin.end(message);
    });

  return {
    instanceName: instance,
    host,
    port,
    users: options.users,
    mechanisms: ['PLAIN', 'LOGIN', ...oauth2Mechanisms.map((mechanism) => mechanism.toUpperCase())],
    logFile: path.join(dir, 'dovecot.log'),
    deliver,
    process: server,
    stop,
  };
}
