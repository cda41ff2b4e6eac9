// Outlook mailboxes end to end, with real servers standing in for Microsoft
// (scripts/mail-servers/): navikt's mock-oauth2-server over HTTPS as the authority
// (MICROSOFT_AUTHORITY, its test CA trusted through MAILBOX_TLS_CA_FILE by msal-node's
// network client only), and Dovecot offering XOAUTH2 only, as Outlook does, reached under
// Outlook's IMAP name (MICROSOFT_IMAP_HOST routed to loopback by MAILBOX_IMAP_ROUTES).
// The owner's consent is played at the authorization URL the service hands out, and the
// provider's redirect is followed to the service's callback, as a browser would. Nothing
// is faked: tokens are real signed tokens, checked by Dovecot through introspection.
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { pino } from 'pino';
import t from 'tap';
import { openMailbox, sealCredential } from '../mail/mailbox-store.ts';
import type { MailboxCredential } from '../mail/mailbox.ts';
import { mailboxById, storeMailboxCredential } from '../db/mailboxes.ts';
import { httpsRequest } from '../scripts/mail-servers/clients.ts';
import type { MailServers } from '../scripts/mail-servers/index.ts';
import { createAccount } from './helpers/accounts.ts';
import type { ApiClient, ApiResponse } from './helpers/client.ts';
import { skipWithoutMailServers, startTestMailServers } from './helpers/mail-servers.ts';
import { startTestService } from './helpers/service.ts';

const MAILBOXES = '/api/auto-apply/mailboxes';
const CALLBACK = `${MAILBOXES}/oauth/callback`;
const OUTLOOK_IMAP = 'outlook.office365.com:143';
const IMAP_SCOPE = 'https://outlook.office.com/IMAP.AccessAsUser.All';
type OAuthCredential = Extract<MailboxCredential, { kind: 'oauth' }>;

if (!skipWithoutMailServers(t, ['dovecot', 'oauth2'])) {
  const servers = (await startTestMailServers(t, { servers: ['dovecot', 'oauth2'], oauth2Mechanisms: ['xoauth2'] })) as Required<MailServers>;
  const { dovecot, oauth2 } = servers;
  const [alice, bob] = servers.users as [{ address: string; password: string }, { address: string; password: string }];
  const clientSecret = crypto.randomBytes(24).toString('hex');
  const logLines: string[] = [];
  // Every level, so that nothing logged at debug or trace escapes the secrets check either.
  const logger = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) });
  const outlookEnv = {
    MICROSOFT_CLIENT_ID: 'jobdata-outlook-tests',
    MICROSOFT_CLIENT_SECRET: clientSecret,
    MICROSOFT_AUTHORITY: oauth2.issuer,
    // Dovecot here speaks STARTTLS (no implicit-TLS listener), so Outlook's STARTTLS port stands in for 993.
    MICROSOFT_IMAP_HOST: OUTLOOK_IMAP,
    MAILBOX_IMAP_ROUTES: `${OUTLOOK_IMAP}=127.0.0.1:${dovecot.port}`,
    MAILBOX_TLS_CA_FILE: servers.caFile,
    OUTBOUND_ALLOW_PRIVATE: '1',
  };
  const service = await startTestService(t, { logger, env: outlookEnv });
  const { pool } = service.runtime;
  const unlimited = { minute: 100_000, hour: 1_000_000, day: 10_000_000 };
  const owner = await createAccount(pool, { name: 'Outlook owner', auto_apply_availability: 'enabled', rate_limit_overrides: { Default: unlimited, AutoApplyManagement: unlimited } });
  const api = service.client.with({ 'X-Api-Key': owner.key });

  /** Every response body, and every secret seen, for the last test. */
  const responses: string[] = [];
  const secrets = new Set<string>([clientSecret]);
  const kept = <T>(response: ApiResponse<T>) => (responses.push(response.text), response);
  const call = async (method: string, path: string, body?: unknown, client: ApiClient = api) => kept(await client.request(method, path, body === undefined ? {} : { json: body }));

  /** The stored credential, opened (its tokens noted as secrets). */
  const storedCredential = async (id: string): Promise<OAuthCredential> => {
    const { credential } = await openMailbox(pool, (await mailboxById(pool, id))!);
    if (credential.kind !== 'oauth') throw new Error(`mailbox ${id} holds a ${credential.kind} credential`);
    secrets.add(credential.access_token);
    const cache = JSON.parse(credential.token_cache) as Record<string, Record<string, { secret: string }>>;
    for (const section of ['AccessToken', 'RefreshToken', 'IdToken']) for (const entry of Object.values(cache[section] ?? {})) secrets.add(entry.secret);
    return credential;
  };
  const storeCredential = async (id: string, credential: OAuthCredential) => storeMailboxCredential(pool, id, await sealCredential(pool, id, credential));

  const createOutlook = async (address: string) => {
    const created = await call('POST', MAILBOXES, { provider: 'outlook', address });
    if (created.status !== 200) throw new Error(`create answered ${created.status}: ${created.text}`);
    return created.body as { id: string; authorization_url: string; status: string };
  };
  /** The owner at the consent page as `user`; the redirect back to the service, followed as a browser would. */
  const consent = async (authorizationUrl: string, user: string, tamper: (redirect: URL) => void = () => {}) => {
    const redirect = await oauth2.approveAuthorization(authorizationUrl, user);
    const code = redirect.searchParams.get('code');
    if (code) secrets.add(code);
    tamper(redirect);
    return { redirect, page: await followRedirect(redirect) };
  };
  const followRedirect = async (redirect: URL) => kept(await service.client.get(`${redirect.pathname}${redirect.search}`));
  const mailboxNow = async (id: string) => (await call('GET', `${MAILBOXES}/${id}`)).body;
  const remove = async (id: string) => t.equal((await call('DELETE', `${MAILBOXES}/${id}`)).status, 204);
  const deliverCode = async (to: string, code: string) => {
    const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const mail = await composer.sendMail({ from: 'Acme Careers <no-reply@acme-careers.example>', to, subject: 'Your Acme verification code', text: `Hi,\n\nYour verification code is ${code}.\nIt expires in 10 minutes.` });
    await dovecot.deliver(to, mail.message as Buffer);
  };
  const xoauth2Logins = (address: string) => readFileSync(dovecot.logFile, 'utf8').split('\n').filter((line) => line.includes(`Login: user=<${address}>, method=XOAUTH2`)).length;

  let aliceBox: { id: string; authorization_url: string };
  let consentRedirect: URL;

  t.test('POST outlook: 200 pending, with an authorization URL at the authority', async (t) => {
    const created = await call('POST', MAILBOXES, { provider: 'outlook', address: 'Alice@Example.test' });
    t.equal(created.status, 200);
    t.match(created.body, { provider: 'outlook', address: alice.address, status: 'pending', imap_host: null, imap_port: null, imap_security: null, username: null, connected_at: null, last_error: null });
    aliceBox = created.body;
    const url = new URL(aliceBox.authorization_url);
    t.equal(`${url.origin}${url.pathname}`, oauth2.authorizationEndpoint, "the authority's authorization endpoint (from its OpenID configuration)");
    const query = url.searchParams;
    t.equal(query.get('client_id'), 'jobdata-outlook-tests');
    t.equal(query.get('response_type'), 'code');
    t.equal(query.get('redirect_uri'), `${service.url}${CALLBACK}`, 'back to the consent callback');
    t.equal(query.get('login_hint'), alice.address);
    t.ok(query.get('state') && query.get('state')!.length >= 43, 'a random state');
    t.equal(query.get('code_challenge_method'), 'S256', 'PKCE');
    t.ok(query.get('nonce'), 'an OpenID nonce');
    t.same(query.get('scope')!.split(' ').filter((scope) => [IMAP_SCOPE, 'offline_access'].includes(scope)).sort(), [IMAP_SCOPE, 'offline_access'].sort(), 'IMAP access and a refresh token');
    t.match((await call('GET', `${MAILBOXES}/${aliceBox.id}`)).body, { status: 'pending', authorization_url: aliceBox.authorization_url });
  });

  t.test("the owner's consent connects the mailbox: the code redeemed, the tokens sealed, an XOAUTH2 login", async (t) => {
    const loginsBefore = xoauth2Logins(alice.address);
    const { redirect, page } = await consent(aliceBox.authorization_url, alice.address);
    consentRedirect = redirect;
    t.equal(`${redirect.origin}${redirect.pathname}`, `${service.url}${CALLBACK}`, 'the provider sends the browser to the callback');
    t.equal(page.status, 200);
    t.match(page.headers.get('content-type'), /^text\/html/);
    t.equal(page.headers.get('cache-control'), 'no-store');
    t.equal(page.headers.get('referrer-policy'), 'no-referrer');
    t.match(page.text, /<h1>Mailbox connected<\/h1>/);
    t.match(page.text, `${alice.address} is connected`);

    const mailbox = await mailboxNow(aliceBox.id);
    t.match(mailbox, { status: 'connected', authorization_url: null, last_error: null });
    t.ok(mailbox.connected_at, 'connected_at is set');
    t.equal(xoauth2Logins(alice.address), loginsBefore + 1, 'the new access token opened the mailbox over IMAP (XOAUTH2) before it was stored');

    const row = (await mailboxById(pool, aliceBox.id))!;
    const credential = await storedCredential(aliceBox.id);
    t.match(credential, { kind: 'oauth', home_account_id: alice.address });
    t.ok(Date.parse(credential.expires_at) > Date.now() + 30 * 60_000, 'a fresh access token, with its expiry');
    t.match(JSON.parse(credential.token_cache), { RefreshToken: {} }, "msal's token cache, refresh token included");
    t.notOk(row.credential_sealed!.includes(Buffer.from(credential.access_token)), 'the token is not stored in clear');
    t.notOk(row.credential_sealed!.includes(Buffer.from('RefreshToken')), 'nor is the cache');
  });

  t.test('the callback refuses a replayed, an unknown, an expired or a missing state', async (t) => {
    const replay = await followRedirect(consentRedirect);
    t.equal(replay.status, 404, 'the same redirect again');
    t.match(replay.text, /Consent link not recognized/);
    t.match(await mailboxNow(aliceBox.id), { status: 'connected' }, 'the connected mailbox is untouched');

    const unknown = await followRedirect(new URL(`${service.url}${CALLBACK}?state=${crypto.randomBytes(32).toString('base64url')}&code=made-up`));
    t.equal(unknown.status, 404);
    t.match(unknown.text, /unknown, was already used, or has expired/);

    const late = await createOutlook(bob.address);
    await pool.query("UPDATE mailboxes SET oauth_state_expires_at = now() - interval '1 second' WHERE id = $1", [late.id]);
    const expired = await consent(late.authorization_url, bob.address);
    t.equal(expired.page.status, 404, 'a state past its 30 minutes');
    t.match(await mailboxNow(late.id), { status: 'pending', connected_at: null }, 'the mailbox stays pending');
    await remove(late.id);

    const missing = await call('GET', CALLBACK, undefined, service.client);
    t.equal(missing.status, 400);
    t.match(missing.body, { code: 'invalid_request' });
  });

  t.test("the provider's error keeps the mailbox pending with last_error; what it says is escaped", async (t) => {
    const box = await createOutlook(bob.address);
    const state = new URL(box.authorization_url).searchParams.get('state')!;
    const declined = new URL(`${service.url}${CALLBACK}`);
    declined.search = new URLSearchParams({ state, error: 'access_denied', error_description: 'The user <b>declined</b> to consent.' }).toString();
    const page = await followRedirect(declined);
    t.equal(page.status, 422);
    t.match(page.text, /<h1>Mailbox not connected<\/h1>/);
    t.match(page.text, 'access_denied: The user &lt;b&gt;declined&lt;/b&gt; to consent.', 'escaped');
    t.notMatch(page.text, '<b>declined</b>');
    t.match(await mailboxNow(box.id), { status: 'pending', authorization_url: null, last_error: 'the identity provider reported access_denied: The user <b>declined</b> to consent.' });
    t.equal((await followRedirect(declined)).status, 404, 'its state is spent');
    await remove(box.id);
  });

  t.test('a code that cannot be redeemed, or a consent by another account, leaves the mailbox pending', async (t) => {
    const forged = await createOutlook(bob.address);
    const redeem = await consent(forged.authorization_url, bob.address, (redirect) => redirect.searchParams.set('code', 'not-the-code-the-provider-gave'));
    t.equal(redeem.page.status, 422);
    t.match(await mailboxNow(forged.id), { status: 'pending', last_error: /could not be redeemed for tokens \(invalid_grant: .+\)/ });
    await remove(forged.id);

    const wrongAccount = await createOutlook(bob.address);
    const asAlice = await consent(wrongAccount.authorization_url, alice.address);
    t.equal(asAlice.page.status, 422, "alice's token does not open bob's mailbox");
    const mailbox = await mailboxNow(wrongAccount.id);
    t.match(mailbox, { status: 'pending', last_error: /did not open the mailbox over IMAP: .*refused the login.*The consent was given as alice@example\.test\./ });
    t.match(asAlice.page.text, 'The consent was given as alice@example.test.');
    t.equal((await mailboxById(pool, wrongAccount.id))!.credential_sealed, null, 'no tokens kept');
    await remove(wrongAccount.id);
  });

  t.test('verification codes are read over IMAP with XOAUTH2', async (t) => {
    const loginsBefore = xoauth2Logins(alice.address);
    await deliverCode(alice.address, '604218');
    const read = await call('GET', `${MAILBOXES}/${aliceBox.id}/verification-code`);
    t.equal(read.status, 200, read.text);
    t.match(read.body, { code: '604218', subject: 'Your Acme verification code', from: /no-reply@acme-careers\.example/ });
    t.equal(xoauth2Logins(alice.address), loginsBefore + 1, 'one XOAUTH2 login');
  });

  t.test('an access token that has run out is renewed silently, and the renewed credential stored', async (t) => {
    const before = await storedCredential(aliceBox.id);
    // As the stored token would be an hour later: its expiry passed.
    await storeCredential(aliceBox.id, { ...before, expires_at: new Date(Date.now() - 60_000).toISOString() });
    const read = await call('GET', `${MAILBOXES}/${aliceBox.id}/verification-code`);
    t.equal(read.status, 200, read.text);
    t.equal(read.body.code, '604218');
    const after = await storedCredential(aliceBox.id);
    t.not(after.access_token, before.access_token, 'a new access token, from the refresh token');
    t.ok(Date.parse(after.expires_at) > Date.now() + 30 * 60_000, 'valid for the next reads');
    t.equal(after.home_account_id, before.home_account_id);
    t.not(after.token_cache, before.token_cache, "msal's cache, updated");
    const again = await call('GET', `${MAILBOXES}/${aliceBox.id}/verification-code`);
    t.equal(again.status, 200);
    t.equal((await storedCredential(aliceBox.id)).access_token, after.access_token, 'a valid token is used as it is');
  });

  t.test('a refresh the provider refuses: 502 mailbox_unreachable, saying so without the token', async (t) => {
    const good = await storedCredential(aliceBox.id);
    const cache = JSON.parse(good.token_cache) as Record<string, Record<string, { secret: string }>>;
    for (const entry of Object.values(cache.RefreshToken ?? {})) entry.secret = 'revoked-refresh-token';
    await storeCredential(aliceBox.id, { ...good, expires_at: new Date(Date.now() - 60_000).toISOString(), token_cache: JSON.stringify(cache) });
    const read = await call('GET', `${MAILBOXES}/${aliceBox.id}/verification-code`);
    t.equal(read.status, 502);
    t.match(read.body, { code: 'mailbox_unreachable', detail: /Outlook access could not be renewed \(invalid_grant: unknown refresh_token\); its owner must connect the mailbox again\./ });
    await storeCredential(aliceBox.id, good);
    t.equal((await call('GET', `${MAILBOXES}/${aliceBox.id}/verification-code`)).status, 200, 'reads again with the good credential');
  });

  t.test('the OpenAPI document describes the callback as a public HTML page', async (t) => {
    const operation = (await service.client.get('/openapi.json')).body.paths[CALLBACK].get;
    t.same(operation.security, [], 'no key');
    t.match(operation.parameters, [{ name: 'state', in: 'query', required: true }]);
    for (const status of ['200', '404', '422']) t.ok(operation.responses[status].content['text/html'], `${status} is an HTML page`);
    t.ok(operation.responses['400'], 'a missing state is a 400 problem');
  });

  t.test("MICROSOFT_AUTHORITY_METADATA: the authority's OpenID configuration given instead of fetched", async (t) => {
    const discovery = await httpsRequest(oauth2.discoveryUrl, { ca: servers.ca });
    t.equal(discovery.status, 200);
    const configured = await startTestService(t, { databaseUrl: service.databaseUrl, logger, env: { ...outlookEnv, MICROSOFT_AUTHORITY_METADATA: discovery.body } });
    const ownerApi = configured.client.with({ 'X-Api-Key': owner.key });
    const box = (await call('POST', MAILBOXES, { provider: 'outlook', address: bob.address }, ownerApi)).body;
    t.equal(new URL(box.authorization_url).origin, new URL(oauth2.authorizationEndpoint).origin);
    const redirect = await oauth2.approveAuthorization(box.authorization_url, bob.address);
    secrets.add(redirect.searchParams.get('code')!);
    t.equal(`${redirect.origin}${redirect.pathname}`, `${configured.url}${CALLBACK}`, "this service's own callback");
    const page = kept(await configured.client.get(`${redirect.pathname}${redirect.search}`));
    t.equal(page.status, 200, page.text);
    t.match(await mailboxNow(box.id), { status: 'connected' });
    await storedCredential(box.id);
    await remove(box.id);
  });

  t.test("the authority's certificate is trusted through MAILBOX_TLS_CA_FILE only: without it, POST outlook is 503", async (t) => {
    const { MAILBOX_TLS_CA_FILE: _ca, ...untrusting } = outlookEnv;
    const plain = await startTestService(t, { databaseUrl: service.databaseUrl, logger, env: untrusting });
    const refused = await call('POST', MAILBOXES, { provider: 'outlook', address: 'carol@example.test' }, plain.client.with({ 'X-Api-Key': owner.key }));
    t.equal(refused.status, 503);
    t.match(refused.body, { code: 'mailbox_oauth_unavailable', detail: /^The Outlook sign-in service could not be reached \(network_error: The TLS certificate of 127\.0\.0\.1:\d+ is not trusted \(\w+\)\); try again later\.$/ });
    t.same((await call('GET', MAILBOXES, undefined, plain.client.with({ 'X-Api-Key': owner.key }))).body.mailboxes.filter((box: { address: string }) => box.address === 'carol@example.test'), [], 'nothing stored');
  });

  t.test('without MICROSOFT_* settings, POST outlook is 503 mailbox_oauth_unavailable', async (t) => {
    const { MICROSOFT_CLIENT_ID: _id, MICROSOFT_CLIENT_SECRET: _secret, MICROSOFT_AUTHORITY: _authority, ...others } = outlookEnv;
    const plain = await startTestService(t, { databaseUrl: service.databaseUrl, env: others });
    const refused = await call('POST', MAILBOXES, { provider: 'outlook', address: 'carol@example.test' }, plain.client.with({ 'X-Api-Key': owner.key }));
    t.equal(refused.status, 503);
    t.match(refused.body, { code: 'mailbox_oauth_unavailable' });
  });

  t.test('no token, code or client secret in any log line or response body', async (t) => {
    await storedCredential(aliceBox.id);
    t.ok(secrets.size >= 8, `${secrets.size} secrets to look for`);
    t.ok(logLines.length > 20 && responses.length > 20, `${logLines.length} log lines, ${responses.length} responses`);
    const leaks = [...secrets].flatMap((secret) => [
      ...logLines.filter((line) => line.includes(secret)).map(() => `a log line has ${secret.slice(0, 6)}…`),
      ...responses.filter((body) => body.includes(secret)).map(() => `a response has ${secret.slice(0, 6)}…`),
    ]);
    t.same(leaks, []);
  });
}
