// Real mail servers for a test file (scripts/mail-servers/): GreenMail, Dovecot and the
// OAuth2 server, or the ones the file names, started for the file and stopped at its
// teardown, also when a test fails. Without Java, Dovecot or openssl the file skips, except
// under CI=true, where it fails instead.
import {
  ALL_MAIL_SERVERS,
  mailServersProblem,
  startMailServers,
  type MailServerName,
  type MailServers,
  type MailServersOptions,
} from '../../scripts/mail-servers/index.ts';

interface TestLike {
  plan(count: number, reason: string): void;
  teardown(fn: () => unknown): void;
}

/** True when the file should skip (and has planned no tests); false when it can run. */
export function skipWithoutMailServers(t: TestLike, servers: readonly MailServerName[] = ALL_MAIL_SERVERS): boolean {
  const problem = mailServersProblem(servers);
  if (problem === null || process.env.CI === 'true') return false;
  t.plan(0, `no local mail servers: ${problem}`);
  return true;
}

/** Starts the servers (all three unless `options.servers` says otherwise), stopped at `t`'s teardown. */
export async function startTestMailServers(t: TestLike, options: MailServersOptions = {}): Promise<MailServers> {
  const servers = await startMailServers(options);
  t.teardown(() => servers.stop());
  return servers;
}
