// The local mail and identity servers (scripts/mail-servers/), driven by the clients the
// mailbox feature will use: nodemailer sends to GreenMail over SMTP and imapflow reads it
// over IMAPS; imapflow reads Dovecot over STARTTLS with a password, watches it with IDLE,
// and logs in with tokens from the OAuth2 server (HTTPS), which Dovecot checks by
// introspection. Every TLS connection trusts the test CA explicitly, and a client without
// it is refused. Real servers on loopback, nothing faked. Without Java, Dovecot or openssl
// the file skips, except under CI=true, where that is a failure.
import crypto from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import https from 'node:https';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import nodemailer from 'nodemailer';
import t, { type Test } from 'tap';
import type { MailServers, MailUser } from '../scripts/mail-servers/index.ts';
import { processesTitled } from '../scripts/mail-servers/server-process.ts';
import { skipWithoutMailServers, startTestMailServers } from './helpers/mail-servers.ts';
import { waitFor } from './helpers/wait.ts';

if (!skipWithoutMailServers(t)) {
  const starting = Date.now();
  // Beside the full set, a Dovecot that offers XOAUTH2 only, as Outlook does (imapflow
  // prefers OAUTHBEARER whenever a server offers it), with an OAuth2 server of its own.
  const [servers, outlookLike] = await Promise.all([
    startTestMailServers(t),
    startTestMailServers(t, { servers: ['dovecot', 'oauth2'], oauth2Mechanisms: ['xoauth2'] }),
  ]);
  t.comment(`GreenMail, two Dovecots and two OAuth2 servers ready in ${((Date.now() - starting) / 1000).toFixed(1)} s`);
  const [alice, bob] = servers.users as [MailUser, MailUser];

  t.test('GreenMail: a message sent over SMTP is read over IMAPS, the certificate verified against the test CA', async (t) => {
    const greenmail = servers.greenmail!;
    const subject = uniqueSubject('Your verification code');
    const transport = nodemailer.createTransport({ host: greenmail.host, port: greenmail.smtpPort, secure: false });
    const sent = await transport.sendMail({ from: 'no-reply@employer.example', to: alice.address, subject, text: 'Your code is 482913.' });
    transport.close();
    t.same(sent.rejected, [], 'GreenMail accepted the recipient');

    const client = await connected(t, { host: greenmail.host, port: greenmail.imapsPort, secure: true, tls: { ca: servers.ca }, auth: { user: alice.address, pass: alice.password } });
    t.ok(client.secureConnection, 'TLS from the first byte');
    t.match(await messageSource(client, subject), /Your code is 482913\./, 'the message, as sent');

    const untrusting = imap({ host: greenmail.host, port: greenmail.imapsPort, secure: true, auth: { user: alice.address, pass: alice.password } });
    await t.rejects(untrusting.connect(), { code: /CERT|VERIFY/ }, 'a client that does not trust the test CA refuses the certificate');
  });

  t.test('Dovecot: a password login after STARTTLS reads a message delivered by dovecot-lda', async (t) => {
    const dovecot = servers.dovecot!;
    const subject = uniqueSubject('Confirm your email');
    await dovecot.deliver(alice.address, await rfc822({ from: 'no-reply@employer.example', to: alice.address, subject, text: 'Your code is 771204.' }));

    const client = await connected(t, { host: dovecot.host, port: dovecot.port, doSTARTTLS: true, tls: { ca: servers.ca }, auth: { user: alice.address, pass: alice.password } });
    t.ok(client.secureConnection, 'upgraded to TLS by STARTTLS');
    t.match(await messageSource(client, subject), /Your code is 771204\./, 'the delivered message');

    const wrongPassword = { host: dovecot.host, port: dovecot.port, doSTARTTLS: true, tls: { ca: servers.ca }, auth: { user: alice.address, pass: 'not-her-password' } };
    t.match(await connectError(wrongPassword), { authenticationFailed: true }, 'a wrong password is refused');
    const untrusting = imap({ host: dovecot.host, port: dovecot.port, doSTARTTLS: true, auth: { user: alice.address, pass: alice.password } });
    await t.rejects(untrusting.connect(), { code: /CERT|VERIFY/ }, 'a client that does not trust the test CA refuses the certificate');
  });

  t.test('Dovecot: IDLE reports a message delivered while the client idles', async (t) => {
    const dovecot = servers.dovecot!;
    const client = await connected(t, { host: dovecot.host, port: dovecot.port, doSTARTTLS: true, tls: { ca: servers.ca }, auth: { user: bob.address, pass: bob.password } });
    const mailbox = await client.mailboxOpen('INBOX');
    const before = mailbox.exists;
    const announced = new Promise<number>((resolve) => client.on('exists', (event: { count: number }) => resolve(event.count)));
    const idling = client.idle();
    await waitFor('the client to idle', async () => client.idling, 5);

    const subject = uniqueSubject('Your one-time code');
    await dovecot.deliver(bob.address, await rfc822({ from: 'no-reply@employer.example', to: bob.address, subject, text: 'Your code is 309155.' }));
    t.equal(await within(10_000, announced, 'an EXISTS while idling'), before + 1, 'the server announced the new message during IDLE');
    await client.logout();
    await idling.catch(() => {});
  });

  t.test('the OAuth2 server speaks HTTPS with a certificate that only the test CA vouches for', async (t) => {
    const oauth2 = servers.oauth2!;
    const discovery = JSON.parse(await httpsGet(oauth2.discoveryUrl, servers.ca)) as Record<string, string>;
    t.match(discovery, {
      issuer: oauth2.issuer,
      authorization_endpoint: oauth2.authorizationEndpoint,
      token_endpoint: oauth2.tokenEndpoint,
      introspection_endpoint: oauth2.introspectionEndpoint,
    });
    await t.rejects(httpsGet(oauth2.discoveryUrl), { code: /CERT|VERIFY/ }, 'Node without the CA refuses it: nothing trusts it globally');
  });

  t.test('Dovecot: XOAUTH2 with an access token from the OAuth2 server, checked by introspection', async (t) => {
    const { dovecot, oauth2, ca } = outlookLike as Required<MailServers>;
    t.same(dovecot.mechanisms, ['PLAIN', 'LOGIN', 'XOAUTH2'], 'XOAUTH2 only, as Outlook offers');
    const token = await oauth2.accessToken(alice.address);
    const claims = JSON.parse(Buffer.from(token.access_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    t.match(claims, { iss: oauth2.issuer, sub: alice.address, username: alice.address }, 'a signed token naming the user');

    const subject = uniqueSubject('Verify your account');
    await dovecot.deliver(alice.address, await rfc822({ from: 'no-reply@employer.example', to: alice.address, subject, text: 'Your code is 650118.' }));
    const client = await connected(t, { host: dovecot.host, port: dovecot.port, doSTARTTLS: true, tls: { ca }, auth: { user: alice.address, accessToken: token.access_token } });
    t.match(await messageSource(client, subject), /Your code is 650118\./, 'logged in with the token; the delivered message');
    t.match(readFileSync(dovecot.logFile, 'utf8'), `Login: user=<${alice.address}>, method=XOAUTH2`, 'Dovecot logged the XOAUTH2 login');

    const asAlice = (accessToken: string) => connectError({ host: dovecot.host, port: dovecot.port, doSTARTTLS: true, tls: { ca }, auth: { user: alice.address, accessToken } });
    const refused = { authenticationFailed: true };
    t.match(await asAlice('not-a-token'), refused, 'a made-up token is refused');
    t.match(await asAlice((await oauth2.accessToken(alice.address, { expired: true })).access_token), refused, 'an expired token (correctly signed) is refused');
    t.match(await asAlice((await oauth2.accessToken(bob.address)).access_token), refused, "another user's token is refused");
    t.match(await asAlice((await servers.oauth2!.accessToken(alice.address)).access_token), refused, 'a token from another OAuth2 server is refused');
    const log = readFileSync(dovecot.logFile, 'utf8');
    t.match(log, 'Introspection failed: Provided token is not valid', 'the OAuth2 server answered "not active" (introspection over HTTPS worked)');
    t.match(log, `Username '${alice.address}' did not match '${bob.address}'`, "the introspection named bob as the token's user");
  });

  t.test('Dovecot: OAUTHBEARER with an access token from the OAuth2 server', async (t) => {
    const { dovecot, oauth2 } = servers as Required<MailServers>;
    const token = await oauth2.accessToken(bob.address);
    const client = await connected(t, { host: dovecot.host, port: dovecot.port, doSTARTTLS: true, tls: { ca: servers.ca }, auth: { user: bob.address, accessToken: token.access_token } });
    t.equal((await client.mailboxOpen('INBOX')).path, 'INBOX', 'logged in with the token');
    t.match(readFileSync(dovecot.logFile, 'utf8'), `Login: user=<${bob.address}>, method=OAUTHBEARER`, 'Dovecot logged the OAUTHBEARER login');
  });

  t.test('stopping ends every server process and removes the temp directory', async (t) => {
    for (const set of [servers, outlookLike]) {
      t.notMatch(readFileSync(set.dovecot!.logFile, 'utf8'), /: (Error|Fatal|Panic):/, 'Dovecot logged no error while it ran');
      const pids = [set.greenmail, set.dovecot, set.oauth2].flatMap((server) => (server ? [server.process.pid] : []));
      const stopping = Date.now();
      await set.stop();
      t.comment(`stopped in ${((Date.now() - stopping) / 1000).toFixed(1)} s`);
      t.same(pids.filter(isRunning), [], 'no server process is left');
      t.equal(processesTitled(set.dovecot!.instanceName), 0, "none of Dovecot's processes is left");
      t.notOk(existsSync(set.dir), 'the temp directory is gone');
    }
  });
}

function imap(options: Omit<ImapFlowOptions, 'logger'>): ImapFlow {
  const client = new ImapFlow({ ...options, logger: false });
  // A refused connection also emits 'error'; the rejected connect() is what the tests check.
  client.on('error', () => {});
  return client;
}

/** Why connecting and logging in failed, or null when it worked (the client then logs out). */
async function connectError(options: Omit<ImapFlowOptions, 'logger'>): Promise<unknown> {
  const client = imap(options);
  try {
    await client.connect();
  } catch (error) {
    return error;
  }
  await client.logout();
  return null;
}

/** A client that is connected and logged in, logged out at the test's end. */
async function connected(t: Test, options: Omit<ImapFlowOptions, 'logger'>): Promise<ImapFlow> {
  const client = imap(options);
  await client.connect();
  t.teardown(() => client.logout().catch(() => {}));
  return client;
}

/** The whole message in INBOX whose subject is `subject`. */
async function messageSource(client: ImapFlow, subject: string): Promise<string> {
  const lock = await client.getMailboxLock('INBOX');
  try {
    for await (const message of client.fetch('1:*', { envelope: true, source: true })) {
      if (message.envelope?.subject === subject) return message.source?.toString('utf8') ?? '';
    }
    throw new Error(`no message "${subject}" in INBOX`);
  } finally {
    lock.release();
  }
}

/** An RFC 5322 message as nodemailer writes it (what an MTA hands to dovecot-lda). */
async function rfc822(mail: { from: string; to: string; subject: string; text: string }): Promise<Buffer> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return (await composer.sendMail(mail)).message as Buffer;
}

function uniqueSubject(text: string): string {
  return `${text} ${crypto.randomBytes(4).toString('hex')}`;
}

function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no ${what} within ${ms / 1000} s`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** GET over HTTPS trusting `ca` only (or, without it, Node's default trust). */
function httpsGet(url: string, ca?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    https
      .get(url, ca ? { ca } : {}, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk));
        response.on('end', () => (response.statusCode === 200 ? resolve(body) : reject(new Error(`${url}: ${response.statusCode}`))));
      })
      .on('error', reject);
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
