// The portal's Auto Apply page over real HTTP, signed in as a visitor would be (the sign-in
// form's CSRF cookie and field, then the session cookie; test/helpers/portal.ts): the account's applications (with
// their webhook deliveries), runs and sessions as stored by the real data-access modules;
// its mailboxes listed, connected over IMAP against GreenMail (when the local mail servers
// can run), refused with the API's own reasons, and deleted with the session's CSRF token
// only; another account's mailbox is a 404 page; an account without Auto Apply sees why,
// and no forms.
import crypto from 'node:crypto';
import t from 'tap';
import { insertApplication, updateApplication } from '../db/applications.ts';
import { insertSession, updateSession } from '../db/apply-sessions.ts';
import { insertMailbox, type MailboxInsert } from '../db/mailboxes.ts';
import { createWebhookDelivery, finishWebhookDelivery, recordWebhookAttempt } from '../db/webhooks.ts';
import { sealCredential } from '../mail/mailbox-store.ts';
import { mailServersProblem } from '../scripts/mail-servers/index.ts';
import { createAccount } from './helpers/accounts.ts';
import { startTestMailServers } from './helpers/mail-servers.ts';
import { freePort } from '../lib/net.ts';
import { PortalVisitor } from './helpers/portal.ts';
import { startTestService } from './helpers/service.ts';

const PAGE = '/portal/auto-apply';
const GREENMAIL_HOST = 'imap.greenmail.test';
const CLOSED_HOST = 'imap.closed.test';

// GreenMail for a real IMAP connect, and the OAuth2 server standing in for Microsoft; without
// Java those two cases are skipped (under CI they must run).
const mailProblem = process.env.CI === 'true' ? null : mailServersProblem(['greenmail', 'oauth2']);
const servers = mailProblem ? null : await startTestMailServers(t, { servers: ['greenmail', 'oauth2'] });
const closedPort = await freePort();
const routes = [`${CLOSED_HOST}:993=127.0.0.1:${closedPort}`, ...(servers ? [`${GREENMAIL_HOST}:993=127.0.0.1:${servers.greenmail!.imapsPort}`] : [])];
const service = await startTestService(t, {
  env: {
    OUTBOUND_ALLOW_PRIVATE: '1',
    MAILBOX_IMAP_ROUTES: routes.join(','),
    ...(servers ? { MAILBOX_TLS_CA_FILE: servers.caFile } : {}),
  },
});
const { pool } = service.runtime;

async function signedIn(key: string): Promise<PortalVisitor> {
  const visitor = new PortalVisitor(service.url);
  const signed = await visitor.signIn(key);
  if (signed.status !== 303 || !visitor.cookies.has('portal_session')) throw new Error(`sign-in: ${signed.status} ${signed.text.slice(0, 300)}`);
  return visitor;
}

const enabledAccount = (name: string) => createAccount(pool, { name, auto_apply_availability: 'enabled' });
const mailboxCount = async (accountId: string) => Number((await pool.query('SELECT count(*) FROM mailboxes WHERE account_id = $1', [accountId])).rows[0].count);
/** The page's forms other than the layout's sign-out. */
const pageForms = (text: string) => [...text.matchAll(/<form [^>]*action="([^"]+)"/g)].map((match) => match[1]).filter((action) => action !== '/portal/sign-out');

/** A mailbox row as the store writes one (its credential sealed for it), written with the data-access module. */
async function storedMailbox(accountId: string, overrides: Partial<MailboxInsert> = {}): Promise<MailboxInsert> {
  const id = crypto.randomUUID();
  const pending = overrides.status === 'pending';
  return {
    id,
    account_id: accountId,
    provider: 'imap',
    address: `box-${crypto.randomBytes(4).toString('hex')}@example.test`,
    status: 'connected',
    imap_host: 'imap.example.test',
    imap_port: 993,
    imap_security: 'ssl',
    username: 'login@example.test',
    credential_sealed: pending ? null : await sealCredential(pool, id, { kind: 'password', password: 'stored-password' }),
    authorization_url: null,
    connected_at: new Date(),
    oauth_state_hash: null,
    oauth_state_expires_at: null,
    ...overrides,
  };
}

t.test('an account with nothing yet: each section says so, with the forms', async (t) => {
  const account = await enabledAccount('Empty');
  const visitor = await signedIn(account.key);
  const page = await visitor.get(PAGE);
  t.equal(page.status, 200);
  t.match(page.headers.get('content-type'), /text\/html/);
  t.match(page.text, /<h1>Auto Apply<\/h1>/);
  t.match(page.text, /aria-current="page">Auto Apply</, 'the navigation marks the page');
  t.match(page.text, /No applications yet\./);
  t.match(page.text, /No runs yet\./);
  t.match(page.text, /No interactive sessions yet\./);
  t.match(page.text, /No mailboxes are connected yet\./);
  t.same(pageForms(page.text), [`${PAGE}/mailboxes/imap`], 'the IMAP form (Outlook is not configured here)');
  t.match(page.text, /Outlook is not available on this deployment/);
  for (const [id, name] of [['imap-address', 'address'], ['imap-host', 'imap_host'], ['imap-port', 'imap_port'], ['imap-security', 'imap_security'], ['imap-username', 'username'], ['imap-password', 'password']]) {
    t.match(page.text, new RegExp(`<label for="${id}">`), `${name} is labelled`);
    t.match(page.text, new RegExp(`id="${id}" name="${name}"`), `${name} is the labelled control`);
  }
  t.notMatch(page.text, /<h3[\s\S]*<h2 id="applications"/, 'headings in order: no h3 before the first h2');
  t.notMatch(page.text, /style=|<script>/, 'no inline style or script (CSP)');

  const outlook = await visitor.post(`${PAGE}/mailboxes/outlook`, { address: 'owner@outlook.example' });
  t.equal(outlook.status, 503, 'Outlook is refused as the API refuses it');
  t.match(outlook.text, /Outlook mailboxes are not configured on this service/);
  t.equal(await mailboxCount(account.id), 0);
});

t.test('applications with their webhooks, runs and sessions are listed, escaped', async (t) => {
  const account = await enabledAccount('Lists');
  const other = await enabledAccount('Someone else');
  const provider = { provider_id: 'greenhouse', provider_name: 'Greenhouse', provider_version: '1', matcher_revision: 1, catalog_revision: 1, settings_revision: 1 };
  const application = await insertApplication(pool, {
    account_id: account.id, job_id: null, apply_url: 'https://boards.greenhouse.io/acme/jobs/101', sandbox: false, callback_url: 'https://hooks.example.test/apply', credit_entry_id: null, ...provider,
  });
  await updateApplication(pool, application.id, { status: 'failed', failed_at: new Date(), failure: { code: 'form_unreachable', message: 'The form did not load <script>alert(1)</script>', retryable: false } });
  const deliveryId = crypto.randomUUID();
  await createWebhookDelivery(pool, { id: deliveryId, accountId: account.id, subjectId: application.id, kind: 'application.failed', url: 'https://hooks.example.test/apply', body: '{}', deadlineSeconds: 120 });
  await recordWebhookAttempt(pool, deliveryId, { started_at: new Date(), duration_ms: 40, status_code: 500, error: null });
  await recordWebhookAttempt(pool, deliveryId, { started_at: new Date(), duration_ms: 35, status_code: 204, error: null });
  await finishWebhookDelivery(pool, deliveryId, 'delivered');
  const queued = await insertApplication(pool, { account_id: account.id, job_id: null, apply_url: 'https://jobs.lever.co/acme/202', sandbox: true, callback_url: null, credit_entry_id: null, ...provider });
  const theirs = await insertApplication(pool, { account_id: other.id, job_id: null, apply_url: 'https://jobs.lever.co/other/1', sandbox: false, callback_url: null, credit_entry_id: null, ...provider });

  const sessionFields = { profile_id: null, apply_url: 'https://jobs.ashbyhq.com/acme/303', sandbox: false, provider_id: 'ashby', provider_name: 'Ashby', provider_version: '1', credit_entry_id: null, command: null };
  const session = await insertSession(pool, { ...sessionFields, account_id: account.id, kind: 'session', job_context: { company_name: 'Acme Analytics', title: 'Data Analyst' }, run_status: null });
  await updateSession(pool, session.id, { status: 'error', error: 'The form could not be opened: HTTP 404.', ended_at: new Date() });
  const run = await insertSession(pool, { ...sessionFields, account_id: account.id, kind: 'run', profile_id: crypto.randomUUID(), job_context: {}, run_status: 'Running' });
  await updateSession(pool, run.id, { status: 'form_ready', run_status: 'Incomplete', run_error: 'Required fields without an answer: Visa status.', steps_completed: 1, fields_filled: 6, run_finished_at: new Date() });

  const page = await (await signedIn(account.key)).get(PAGE);
  t.equal(page.status, 200);
  const section = (id: string) => page.text.slice(page.text.indexOf(`<h2 id="${id}">`)).split('<h2 ')[1] ?? '';
  const applications = section('applications');
  t.match(applications, application.id);
  t.match(applications, queued.id);
  t.notMatch(page.text, theirs.id, "another account's application is not shown");
  t.ok(applications.indexOf(queued.id) < applications.indexOf(application.id), 'newest first');
  t.match(applications, /<th scope="col">Status<\/th>/);
  t.match(applications, 'https://boards.greenhouse.io/acme/jobs/101');
  t.match(applications, /<span class="status status-failed">failed<\/span>/);
  t.match(applications, '<code>form_unreachable</code>: The form did not load &lt;script&gt;alert(1)&lt;/script&gt;', 'the failure, escaped');
  t.match(applications, /application\.failed: <span class="status status-delivered">delivered<\/span>, 2 attempts, last answer HTTP 204/, 'the delivery: status, attempts, last answer');
  t.match(applications, /status-queued">queued<\/span>/);
  t.match(applications, /Greenhouse · sandbox/);

  const runs = section('runs');
  t.match(runs, run.id);
  t.match(runs, /status-incomplete">Incomplete<\/span>/);
  t.match(runs, 'Required fields without an answer: Visa status.');
  t.match(runs, '1 page, 6 fields');

  const sessions = section('sessions');
  t.match(sessions, session.id);
  t.notMatch(sessions, run.id, 'a run is not listed as a session');
  t.match(sessions, 'Data Analyst · Acme Analytics');
  t.match(sessions, /status-error">error<\/span>/);
  t.match(sessions, 'The form could not be opened: HTTP 404.');
});

t.test('connecting an IMAP mailbox: the API\'s checks, the error at the form, values kept but not the password', async (t) => {
  const account = await enabledAccount('Refusals');
  const visitor = await signedIn(account.key);
  await visitor.get(PAGE);
  const password = `pw-${crypto.randomBytes(6).toString('hex')}`;
  const base = { address: 'Applicant@Example.TEST', imap_host: CLOSED_HOST, imap_port: '', imap_security: 'ssl', username: 'applicant-login', password };

  const unreachable = await visitor.post(`${PAGE}/mailboxes/imap`, base);
  t.equal(unreachable.status, 422, 'a server that refuses the connection');
  t.match(unreachable.text, /<p class="field-error" id="imap-form-error">The mailbox was not connected: imap\.closed\.test:993 refused the connection\. Nothing was stored\.<\/p>/);
  t.match(unreachable.text, /id="imap-host" name="imap_host"[^>]*value="imap\.closed\.test" aria-describedby="imap-host-hint imap-form-error" aria-invalid="true"/, 'the host keeps its value and points at the error');
  t.match(unreachable.text, /id="imap-address" name="address"[^>]*value="Applicant@Example.TEST"/, 'the address is kept as entered');
  t.match(unreachable.text, /id="imap-username" name="username"[^>]*value="applicant-login"/);
  t.notMatch(unreachable.text, password, 'the password is not sent back');
  t.match(unreachable.text, /class="notice notice-error">The mailbox was not connected: see the form below\./);

  const unresolved = await visitor.post(`${PAGE}/mailboxes/imap`, { ...base, imap_host: 'imap.nowhere.invalid' });
  t.equal(unresolved.status, 422);
  t.match(unresolved.text, /imap\.nowhere\.invalid does not resolve\./, "the API's unsafe_imap_host reason");

  const port = await visitor.post(`${PAGE}/mailboxes/imap`, { ...base, imap_port: '2525' });
  t.equal(port.status, 422);
  t.match(port.text, /IMAP port 2525 is not allowed; use 993 \(ssl\) or 143 \(starttls\)\./);
  t.match(port.text, /id="imap-port" name="imap_port"[^>]*value="2525"/);
  const mismatch = await visitor.post(`${PAGE}/mailboxes/imap`, { ...base, imap_port: '993', imap_security: 'starttls' });
  t.match(mismatch.text, /Port 993 is served with ssl, not starttls/);
  t.match(mismatch.text, /<option value="starttls" selected>/, 'the chosen security is kept');

  const invalid = await visitor.post(`${PAGE}/mailboxes/imap`, { ...base, address: 'not an address', imap_host: '', password: '' });
  t.equal(invalid.status, 422, 'the create schema: a malformed address, a missing host and password');
  t.match(invalid.text, /id="imap-address" name="address"[^>]*aria-describedby="imap-address-hint imap-address-error" aria-invalid="true"/);
  t.match(invalid.text, /<p class="field-error" id="imap-address-error">Enter the mailbox&#39;s email address/);
  t.match(invalid.text, /<p class="field-error" id="imap-host-error">Enter the IMAP server&#39;s host name/);
  t.match(invalid.text, /<p class="field-error" id="imap-password-error">Enter the mailbox&#39;s password/);
  t.notMatch(invalid.text, /imap-form-error/, 'nothing was tried');
  const word = await visitor.post(`${PAGE}/mailboxes/imap`, { ...base, imap_port: 'nine' });
  t.match(word.text, /<p class="field-error" id="imap-port-error">The port is 993/);

  t.equal(await mailboxCount(account.id), 0, 'nothing stored');
});

t.test('a mailbox connected over IMAP (GreenMail)', { skip: mailProblem ? `no local mail servers: ${mailProblem}` : false }, async (t) => {
  const account = await enabledAccount('Connects');
  const visitor = await signedIn(account.key);
  await visitor.get(PAGE);
  const alice = servers!.users[0]!;
  const wrong = await visitor.post(`${PAGE}/mailboxes/imap`, { address: alice.address, imap_host: GREENMAIL_HOST, imap_port: '993', imap_security: 'ssl', username: '', password: 'not-the-password' });
  t.equal(wrong.status, 422);
  t.match(wrong.text, /refused the login/);
  t.match(wrong.text, /id="imap-password" name="password"[^>]*aria-describedby="imap-password-hint imap-form-error" aria-invalid="true"/);

  const connected = await visitor.post(`${PAGE}/mailboxes/imap`, { address: alice.address, imap_host: GREENMAIL_HOST, imap_port: '', imap_security: 'ssl', username: '', password: alice.password });
  t.equal(connected.status, 303, connected.text.slice(0, 500));
  t.equal(connected.location, `${PAGE}?notice=mailbox_connected`);
  const page = await visitor.get(connected.location!);
  t.match(page.text, /class="notice notice-success">The mailbox is connected\./);
  t.match(page.text, new RegExp(`<td>${alice.address.replace(/[.]/g, '\\.')}</td>\\s*<td>IMAP<br><span class="hint">${GREENMAIL_HOST.replace(/[.]/g, '\\.')}:993 \\(SSL/TLS\\)</span></td>\\s*<td><span class="status status-connected">connected</span>`));
  t.notMatch(page.text, alice.password, 'the password is never shown');

  const again = await visitor.post(`${PAGE}/mailboxes/imap`, { address: alice.address, imap_host: GREENMAIL_HOST, imap_port: '', imap_security: 'ssl', username: '', password: alice.password });
  t.equal(again.status, 409, 'one mailbox per address, as the API answers');
  t.match(again.text, /id="imap-address-error"|aria-describedby="imap-address-hint imap-form-error"/);
  t.equal(await mailboxCount(account.id), 1);
});

t.test('an Outlook connection: pending, with its consent link on the page (not a redirect)', { skip: mailProblem ? `no local mail servers: ${mailProblem}` : false }, async (t) => {
  // A second process of the service on the same database, with the Microsoft app configured.
  const outlook = await startTestService(t, {
    databaseUrl: service.databaseUrl,
    env: {
      MICROSOFT_CLIENT_ID: 'portal-outlook-tests',
      MICROSOFT_CLIENT_SECRET: crypto.randomBytes(24).toString('hex'),
      MICROSOFT_AUTHORITY: servers!.oauth2!.issuer,
      MAILBOX_TLS_CA_FILE: servers!.caFile,
      OUTBOUND_ALLOW_PRIVATE: '1',
    },
  });
  const account = await enabledAccount('Outlook');
  const visitor = new PortalVisitor(outlook.url);
  t.equal((await visitor.signIn(account.key)).status, 303);
  const page = await visitor.get(PAGE);
  t.same(pageForms(page.text), [`${PAGE}/mailboxes/imap`, `${PAGE}/mailboxes/outlook`]);
  t.match(page.text, /<label for="outlook-address">/);

  const invalid = await visitor.post(`${PAGE}/mailboxes/outlook`, { address: 'nobody' });
  t.equal(invalid.status, 422);
  t.match(invalid.text, /id="outlook-address"[^>]*value="nobody" aria-describedby="outlook-address-hint outlook-address-error" aria-invalid="true"/);

  const started = await visitor.post(`${PAGE}/mailboxes/outlook`, { address: 'Owner@Outlook.Example' });
  t.equal(started.status, 201, started.text.slice(0, 500));
  t.equal(started.location, null, 'the page, not a redirect');
  const stored = (await pool.query('SELECT id, status, authorization_url FROM mailboxes WHERE account_id = $1', [account.id])).rows;
  t.match(stored, [{ status: 'pending', authorization_url: new RegExp(`^${servers!.oauth2!.authorizationEndpoint}\\?`) }]);
  const link = `<a href="${stored[0].authorization_url.replaceAll('&', '&amp;')}">Continue to Microsoft to give consent</a>`;
  t.match(started.text, /<h3 id="consent-heading">Consent for owner@outlook\.example<\/h3>/);
  t.match(started.text, link, 'the consent link, shown');
  t.match((await visitor.get(PAGE)).text, link, 'and in the list while the mailbox is pending');
});

t.test('deleting a mailbox: with the CSRF token only, and only the account\'s own', async (t) => {
  const account = await enabledAccount('Deletes');
  const stranger = await enabledAccount('Stranger');
  const mine = (await insertMailbox(pool, await storedMailbox(account.id, { address: 'mine@example.test' })))!;
  const pending = (await insertMailbox(pool, await storedMailbox(account.id, {
    provider: 'outlook', address: 'owner@outlook.example', status: 'pending', imap_host: null, imap_port: null, imap_security: null, username: null, connected_at: null,
    authorization_url: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=x&state=y',
  })))!;
  const theirs = (await insertMailbox(pool, await storedMailbox(stranger.id, { address: 'theirs@example.test' })))!;
  await pool.query("UPDATE mailboxes SET status = 'error', last_error = 'imap.example.test:993 refused the login (AUTHENTICATIONFAILED).', last_checked_at = now() WHERE id = $1", [mine.id]);

  const visitor = await signedIn(account.key);
  const page = await visitor.get(PAGE);
  t.match(page.text, /<td>mine@example\.test<\/td>/);
  t.match(page.text, /status-error">error<\/span>/);
  t.match(page.text, 'imap.example.test:993 refused the login (AUTHENTICATIONFAILED).');
  t.match(page.text, '<a href="https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=x&amp;state=y">Continue to Microsoft to give consent</a>', "a pending Outlook mailbox's consent link");
  t.notMatch(page.text, 'theirs@example.test');
  t.match(page.text, `action="${PAGE}/mailboxes/${mine.id}/delete"`);
  t.match(page.text, /aria-label="Delete the mailbox mine@example\.test"/);

  const forged = await visitor.request('POST', `${PAGE}/mailboxes/${mine.id}/delete`, {});
  t.equal(forged.status, 403, 'no CSRF token: refused');
  const wrongToken = await visitor.request('POST', `${PAGE}/mailboxes/${mine.id}/delete`, { csrf_token: 'x'.repeat(43) });
  t.equal(wrongToken.status, 403, 'a wrong CSRF token: refused');
  t.equal(await mailboxCount(account.id), 2, 'nothing deleted');

  const notMine = await visitor.post(`${PAGE}/mailboxes/${theirs.id}/delete`);
  t.equal(notMine.status, 404, "another account's mailbox");
  t.match(notMine.text, /<h1>Not found<\/h1>/);
  t.equal(await mailboxCount(stranger.id), 1, 'theirs is kept');
  t.equal((await visitor.post(`${PAGE}/mailboxes/not-an-id/delete`)).status, 404);

  const deleted = await visitor.post(`${PAGE}/mailboxes/${mine.id}/delete`);
  t.equal(deleted.status, 303);
  t.equal(deleted.location, `${PAGE}?notice=mailbox_deleted`);
  const after = await visitor.get(deleted.location!);
  t.match(after.text, /class="notice notice-success">The mailbox is deleted\./);
  t.notMatch(after.text, 'mine@example.test');
  t.match(after.text, pending.address);
  t.equal((await visitor.post(`${PAGE}/mailboxes/${mine.id}/delete`)).status, 404, 'deleted already');
  t.equal(await mailboxCount(account.id), 1);
});

t.test('an account without Auto Apply: the page says so, and has no forms', async (t) => {
  const account = await createAccount(pool, { name: 'Not granted' });
  const visitor = await signedIn(account.key);
  const page = await visitor.get(PAGE);
  t.equal(page.status, 200);
  t.match(page.text, /Auto Apply is not enabled for this account\./);
  t.match(page.text, /this account cannot connect one/);
  t.same(pageForms(page.text), [], 'no forms');
  t.match(page.text, /No applications yet\./);

  const refused = await visitor.post(`${PAGE}/mailboxes/imap`, { address: 'a@example.test', imap_host: CLOSED_HOST, imap_security: 'ssl', password: 'pw' });
  t.equal(refused.status, 403, 'a connect posted anyway is refused, as the API refuses it');
  t.match(refused.text, /Auto Apply is not enabled for this account, so it cannot connect mailboxes\./);
  t.equal(await mailboxCount(account.id), 0);

  const soon = await createAccount(pool, { name: 'Coming soon', auto_apply_availability: 'coming_soon' });
  const soonPage = await (await signedIn(soon.key)).get(PAGE);
  t.match(soonPage.text, /Auto Apply is coming soon for this account\./);
  t.same(pageForms(soonPage.text), [`${PAGE}/mailboxes/imap`], 'mailboxes can be connected ahead of it, as with the API');
});

t.test('signed out: the page sends the visitor to sign in', async (t) => {
  const response = await new PortalVisitor(service.url).get(PAGE);
  t.equal(response.status, 303);
  t.equal(response.location, '/portal/sign-in');
});
