// `npm run mail-servers`: GreenMail, Dovecot and the OAuth2 server on free loopback ports
// (scripts/mail-servers/), their addresses and users printed, until SIGINT or SIGTERM,
// which stops them and removes their temp directory. `--prepare` only fetches the jars and
// checks Java and Dovecot (what .ci/run does up front). docs/testing-mail.md has the rest.
import { DEFAULT_CACHE_DIR, MailServerError, prepareMailServers, startMailServers, type MailServers } from './mail-servers/index.ts';

const progress = (message: string) => process.stderr.write(`${message}\n`);

function fail(error: unknown): never {
  if (!(error instanceof MailServerError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

if (process.argv.includes('--prepare')) {
  const ready = await prepareMailServers(DEFAULT_CACHE_DIR, progress).catch(fail);
  process.stdout.write(
    `Mail server jars ready (${ready.classpaths.greenmail}, ${ready.classpaths.oauth2}), Java ${ready.java.major} at ${ready.java.bin}, ` +
      `Dovecot ${ready.dovecot.version} at ${ready.dovecot.dovecot}\n`,
  );
  process.exit(0);
}

function describe(servers: MailServers): string {
  const { greenmail, dovecot, oauth2 } = servers;
  return [
    `GreenMail   SMTP ${greenmail!.host}:${greenmail!.smtpPort}  IMAP ${greenmail!.host}:${greenmail!.imapPort}  IMAPS ${greenmail!.host}:${greenmail!.imapsPort}`,
    `Dovecot     IMAP+STARTTLS ${dovecot!.host}:${dovecot!.port}  (${dovecot!.mechanisms.join(', ')}; log ${dovecot!.logFile})`,
    `OAuth2      issuer ${oauth2!.issuer}`,
    `            discovery ${oauth2!.discoveryUrl}`,
    `            authorize ${oauth2!.authorizationEndpoint}  token ${oauth2!.tokenEndpoint}  introspect ${oauth2!.introspectionEndpoint}`,
    `Trust       ${servers.caFile} (the CA of every server's certificate)`,
    `Users       ${servers.users.map((user) => `${user.address} / ${user.password}`).join('   ')}`,
    `Ctrl-C stops them and removes ${servers.dir}.`,
  ].join('\n');
}

// Installed before the start: a signal while the servers boot stops them once they are up
// (Ctrl-C reaches them directly too, as they share the terminal's process group).
let servers: MailServers | undefined;
let stopRequested = false;
const stop = async () => {
  if (stopRequested) return;
  stopRequested = true;
  if (!servers) return;
  await servers.stop();
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());

servers = await startMailServers({ onProgress: progress }).catch((error: unknown) => (stopRequested ? process.exit(0) : fail(error)));
if (stopRequested) {
  stopRequested = false;
  await stop();
}
process.stdout.write(`${describe(servers)}\n`);
const ended = await Promise.race([servers.greenmail!, servers.dovecot!, servers.oauth2!].map((server) => server.process.exited.then(() => server.process)));
if (!stopRequested) {
  process.stderr.write(`${ended.name} stopped on its own. Last output:\n${ended.lastOutput()}\n`);
  await servers.stop();
  process.exit(1);
}
