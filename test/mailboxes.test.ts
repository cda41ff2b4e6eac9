// Connected IMAP mailboxes over HTTP against real mail servers on loopback (GreenMail over
// IMAPS, Dovecot with STARTTLS; scripts/mail-servers/): the login verified before anything
// is stored, the spec's refusals, the credential sealed at rest and never shown, accounts
// and key kinds kept apart, verification codes read from real mail (waiting with IDLE,
// filtered by sender, link-style mail reported), and the mailbox.check health job.
// The servers are reached under public-looking names routed to loopback
// (MAILBOX_IMAP_ROUTES), with their test CA trusted explicitly (MAILBOX_TLS_CA_FILE).

import nodemailer from 'nodemailer';
import { pino } from 'pino';
import t from 'tap';
import { checkMailbox } from '../mail/mailbox-access.ts';
import { mailboxDeps } from '../mail/mailbox-deps.ts';
import { sealCredential } from '../mail/mailbox-store.ts';
import { storeMailboxCredential } from '../db/mailboxes.ts';
import { mailboxCheckPlanQueue, mailboxCheckQueue } from '../lib/queues.ts';
import { startWorkers } from '../workers/runner.ts';
import { mailboxCheck, mailboxCheckPlan } from '../workers/mailbox-check.ts';
import { addKey, createAccount } from './helpers/accounts.ts';
import { skipWithoutMailServers, startTestMailServers } from './helpers/mail-servers.ts';
import { startTestService } from './helpers/service.ts';
import { waitFor } from './helpers/wait.ts';

const MAILBOXES = '/api/auto-apply/mailboxes';
const GREENMAIL_HOST = 'imap.greenmail.test';
const DOVECOT_HOST = 'imap.dovecot.test';

if (!skipWithoutMailServers(t, ['greenmail', 'dovecot'])) {
  const servers = await startTestMailServers(t, { servers: ['greenmail', 'dovecot'] });
  const greenmail = servers.greenmail!;
  const dovecot = servers.dovecot!;
  const [alice, bob] = servers.users as [{ address: string; password: string }, { address: string; password: string }];
  const logLines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
  const service = await startTestService(t, {
    logger,
    env: {
      OUTBOUND_ALLOW_PRIVATE: '1',
      MAILBOX_TLS_CA_FILE: servers.caFile,
      MAILBOX_IMAP_ROUTES: `${GREENMAIL_HOST}:993=127.0.0.1:${greenmail.imapsPort},${DOVECOT_HOST}:143=127.0.0.1:${dovecot.port}`,
    },
  });
  const { pool, boss } = service.runtime;
  const unlimited = { minute: 100_000, hour: 1_000_000, day: 10_000_000 };
  const limits = { auto_apply_availability: 'enabled' as const, rate_limit_overrides: { Default: unlimited, AutoApplyManagement: unlimited } };
  const owner = await createAccount(pool, { name: 'Mailbox owner', ...limits });
  const api = service.client.with({ 'X-Api-Key': owner.key });
  const responses: string[] = [];
  /** Every response body is kept, to show no secret is ever in one. */
  const call = async (method: string, path: string, body?: unknown, client = api) => {
    const response = await client.request(method, path, body === undefined ? {} : { json: body });
    responses.push(response.text);
    return response;
  };

  const greenmailBox = (address: string, password = alice.password, username = alice.address) => ({ provider: 'imap', address, imap_host: GREENMAIL_HOST, username, password });
  const sendMail = async (mail: { from: string; to: string; subject: string; text?: string; html?: string }) => {
    const transport = nodemailer.createTransport({ host: greenmail.host, port: greenmail.smtpPort, secure: false });
    await transport.sendMail(mail);
    transport.close();
  };

  t.test('an IMAP mailbox over TLS (993): verified, stored connected, the password never shown', async (t) => {
    const created = await call('POST', MAILBOXES, greenmailBox('Alice@Example.TEST', alice.password, alice.address));
    t.equal(created.status, 200, created.text);
    t.match(created.body, {
      api_version: '2026-08-12', provider: 'imap', address: 'alice@example.test', status: 'connected', imap_host: GREENMAIL_HOST, imap_port: 993,
      imap_security: 'ssl', username: alice.address, authorization_url: null, last_error: null, connected_at: String,
    });
    t.notOk('password' in created.body, 'no password member');
    t.same((await call('GET', `${MAILBOXES}/${created.body.id}`)).body, created.body, 'read back as created');
    t.same((await call('GET', MAILBOXES)).body.mailboxes.map((box: { id: string }) => box.id), [created.body.id]);

    const { rows } = await pool.query<{ credential_sealed: Buffer }>('SELECT credential_sealed FROM mailboxes WHERE id = $1', [created.body.id]);
    t.notOk(rows[0]!.credential_sealed.includes(Buffer.from(alice.password)), 'the stored credential does not hold the password in the clear');

    const again = await call('POST', MAILBOXES, greenmailBox('alice@example.test'));
    t.match(again, { status: 409, body: { code: 'mailbox_already_exists', api_version: '2026-08-12' } }, 'one mailbox per address');
  });

  t.test('STARTTLS on 143 (Dovecot): the client insists on it and the login works', async (t) => {
    const created = await call('POST', MAILBOXES, { provider: 'imap', address: bob.address, imap_host: DOVECOT_HOST, imap_port: 143, password: bob.password });
    t.equal(created.status, 200, created.text);
    t.match(created.body, { status: 'connected', imap_port: 143, imap_security: 'starttls', username: bob.address });
  });

  t.test('a refused login, or a server that cannot be reached, stores nothing', async (t) => {
    const before = (await call('GET', MAILBOXES)).body.mailboxes.length;
    const wrong = await call('POST', MAILBOXES, greenmailBox('wrong@example.test', 'not-the-password'));
    t.match(wrong, { status: 422, body: { code: 'mailbox_verification_failed', detail: /refused the login.*Nothing was stored/ } });
    t.notMatch(wrong.text, /not-the-password/, 'the password is not echoed');
    const nobody = await call('POST', MAILBOXES, { provider: 'imap', address: 'x@example.test', imap_host: 'imap.nowhere.invalid', password: 'pw' });
    t.match(nobody, { status: 422, body: { code: 'unsafe_imap_host', detail: /does not resolve/ } });
    t.equal((await call('GET', MAILBOXES)).body.mailboxes.length, before, 'nothing stored');
  });

  t.test('only 993 with ssl and 143 with starttls', async (t) => {
    for (const body of [
      { imap_port: 2525 },
      { imap_port: 587 },
      { imap_port: 993, imap_security: 'starttls' },
      { imap_port: 143, imap_security: 'ssl' },
    ]) {
      const refused = await call('POST', MAILBOXES, { ...greenmailBox('ports@example.test'), ...body });
      t.match(refused, { status: 422, body: { code: 'unsafe_imap_host' } }, JSON.stringify(body));
    }
    const missing = await call('POST', MAILBOXES, { provider: 'imap', address: 'nohost@example.test', password: 'x' });
    t.match(missing, { status: 400, body: { code: 'invalid_request', errors: [{ field: 'imap_host' }] } });
    const unknown = await call('POST', MAILBOXES, { ...greenmailBox('field@example.test'), smtp_host: 'x' });
    t.equal(unknown.status, 400, 'an unknown field is refused');
  });

  t.test('at most five mailboxes per account', async (t) => {
    const account = await createAccount(pool, { name: 'Five mailboxes', ...limits });
    const client = service.client.with({ 'X-Api-Key': account.key });
    for (let i = 1; i <= 5; i++) t.equal((await call('POST', MAILBOXES, greenmailBox(`box${i}@example.test`), client)).status, 200, `mailbox ${i}`);
    const sixth = await call('POST', MAILBOXES, greenmailBox('box6@example.test'), client);
    t.match(sixth, { status: 422, body: { code: 'mailbox_limit_reached' } });
    const listed = (await call('GET', MAILBOXES, undefined, client)).body.mailboxes;
    t.equal(listed.length, 5);
    t.equal((await call('DELETE', `${MAILBOXES}/${listed[0].id}`, undefined, client)).status, 204, 'delete one');
    t.equal((await call('POST', MAILBOXES, greenmailBox('box6@example.test'), client)).status, 200, 'then there is room again');
  });

  t.test('accounts and key kinds are kept apart', async (t) => {
    const mine = (await call('GET', MAILBOXES)).body.mailboxes[0];
    const stranger = service.client.with({ 'X-Api-Key': (await createAccount(pool, { name: 'Stranger', ...limits })).key });
    t.equal((await call('GET', `${MAILBOXES}/${mine.id}`, undefined, stranger)).status, 404, "another account's mailbox is not found");
    t.equal((await call('DELETE', `${MAILBOXES}/${mine.id}`, undefined, stranger)).status, 404);
    t.equal((await call('GET', `${MAILBOXES}/${mine.id}/verification-code`, undefined, stranger)).status, 404);
    const sandbox = service.client.with({ 'X-Api-Key': (await addKey(pool, owner.id, 'sandbox')).key });
    for (const [method, path] of [['GET', MAILBOXES], ['POST', MAILBOXES], ['GET', `${MAILBOXES}/${mine.id}`], ['GET', `${MAILBOXES}/${mine.id}/verification-code`]] as const) {
      const refused = await call(method, path, method === 'POST' ? greenmailBox('sandbox@example.test') : undefined, sandbox);
      t.match(refused, { status: 403, body: { error: 'sandbox_token_audience_forbidden', api_version: '2026-08-12' } }, `${method} ${path}`);
    }
    const invited = await createAccount(pool, { name: 'Not granted', rate_limit_overrides: limits.rate_limit_overrides });
    const refused = await call('POST', MAILBOXES, greenmailBox('invited@example.test'), service.client.with({ 'X-Api-Key': invited.key }));
    t.match(refused, { status: 403, body: { code: 'auto_apply_not_enabled' } }, 'an account without Auto Apply connects no mailbox');
  });

  t.test('verification codes: the newest code, from the right sender, waited for with IDLE', async (t) => {
    const mailbox = (await call('GET', MAILBOXES)).body.mailboxes.find((box: { address: string }) => box.address === 'alice@example.test');
    const codePath = `${MAILBOXES}/${mailbox.id}/verification-code`;
    const since = new Date(Date.now() - 1000).toISOString();

    const none = await call('GET', `${codePath}?since=${encodeURIComponent(since)}`);
    t.match(none, { status: 404, body: { code: 'verification_code_not_found', api_version: '2026-08-12' } }, 'nothing yet');

    await sendMail({ from: 'Acme Careers <no-reply@acme-careers.example>', to: alice.address, subject: 'Your Acme verification code', text: 'Hi Alice,\n\nYour verification code is 482913.\nIt expires in 10 minutes.\n\nOrder of business: call 555-0134 with questions.' });
    await sendMail({ from: 'Newsletter <news@other.example>', to: alice.address, subject: 'Our November news', text: 'Save 20% with code 771100 on your next order, valid until 2026-12-01.' });
    const found = await call('GET', `${codePath}?since=${encodeURIComponent(since)}`);
    t.equal(found.status, 200, found.text);
    t.match(found.body, { api_version: '2026-08-12', code: '482913', from: /acme-careers\.example/, subject: 'Your Acme verification code', received_at: String });
    t.ok(Date.parse(found.body.received_at) >= Date.parse(since) - 1000, 'received after since');

    const other = await call('GET', `${codePath}?since=${encodeURIComponent(since)}&sender_contains=other.example`);
    t.equal(other.status, 404, "the other sender's mail holds no verification code");

    // A code that arrives while the request waits: the inbox is watched, the request answers as it lands.
    const waitSince = new Date().toISOString();
    const started = Date.now();
    const waiting = call('GET', `${codePath}?since=${encodeURIComponent(waitSince)}&sender_contains=greenhouse&wait_seconds=20`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await sendMail({
      from: 'Greenhouse <no-reply@us.greenhouse-mail.io>',
      to: alice.address,
      subject: 'Security code for your application',
      html: '<html><body><p style="display:none">Preview</p><p>Copy and paste this code into the security code field on your application:</p><h2>K7Q2ZP</h2><p>Questions? Write to us.</p></body></html>',
    });
    const arrived = await waiting;
    t.equal(arrived.status, 200, arrived.text);
    t.equal(arrived.body.code, 'K7Q2ZP', 'the code of the HTML mail');
    t.ok(Date.now() - started < 15_000, `answered as the mail landed (${Date.now() - started} ms)`);

    const linkSince = new Date().toISOString();
    await sendMail({
      from: 'Workday <noreply@myworkday.example>',
      to: alice.address,
      subject: 'Verify your email address',
      html: '<p>Please verify your email address to activate your candidate account.</p><p><a href="https://wd5.myworkday.example/verify?token=abc123">Verify email</a></p>',
    });
    const link = await call('GET', `${codePath}?since=${encodeURIComponent(linkSince)}&wait_seconds=5`);
    t.match(link, { status: 404, body: { code: 'verification_code_not_found', verification: 'link', detail: /asks to open a link/ } }, 'a link-style mail is reported, not guessed');

    const badSince = await call('GET', `${codePath}?since=yesterday`);
    t.equal(badSince.status, 400, 'since must be a date-time');
    const tooLong = await call('GET', `${codePath}?wait_seconds=61`);
    t.equal(tooLong.status, 400, 'wait_seconds is 0..60');
  });

  t.test('mailbox.check: last_checked_at on success, error with last_error on failure, connected again on recovery', async (t) => {
    service.runtime.onShutdown(await startWorkers(boss, [mailboxCheck, mailboxCheckPlan], service.runtime));
    const mailbox = (await call('GET', MAILBOXES)).body.mailboxes.find((box: { address: string }) => box.address === 'alice@example.test');
    const statusOf = async () => (await call('GET', `${MAILBOXES}/${mailbox.id}`)).body;
    const checkedAfter = async (moment: number) => waitFor('the check', async () => {
      const box = await statusOf();
      return Date.parse(box.last_checked_at) > moment && box;
    }, 30);

    let moment = Date.now();
    await mailboxCheckQueue.send(boss, { mailbox_id: mailbox.id });
    t.match(await checkedAfter(moment), { status: 'connected', last_error: null }, 'a working login is recorded');

    // The password changed on the server's side: the stored one is now wrong.
    await storeMailboxCredential(pool, mailbox.id, await sealCredential(pool, mailbox.id, { kind: 'password', password: 'changed-elsewhere' }));
    moment = Date.now();
    await mailboxCheckQueue.send(boss, { mailbox_id: mailbox.id });
    const failing = await checkedAfter(moment);
    t.match(failing, { status: 'error', last_error: /refused the login/ });
    t.notMatch(JSON.stringify(failing), /changed-elsewhere/, 'the wrong password is not shown');

    await storeMailboxCredential(pool, mailbox.id, await sealCredential(pool, mailbox.id, { kind: 'password', password: alice.password }));
    // The planner queues every mailbox not checked for the interval; an old check is due.
    await pool.query("UPDATE mailboxes SET last_checked_at = now() - interval '1 day' WHERE id = $1", [mailbox.id]);
    moment = Date.now() - 1000;
    await mailboxCheckPlanQueue.send(boss, {});
    t.match(await checkedAfter(moment), { status: 'connected', last_error: null }, 'recovered, through the planner');

    const direct = await checkMailbox(pool, mailbox.id, mailboxDeps(service.config));
    t.equal(direct?.status, 'connected', 'the check function itself');
  });

  t.test('deleting a mailbox forgets it and its credential', async (t) => {
    const created = await call('POST', MAILBOXES, greenmailBox('forget@example.test'));
    t.equal((await call('DELETE', `${MAILBOXES}/${created.body.id}`)).status, 204);
    t.equal((await call('GET', `${MAILBOXES}/${created.body.id}`)).status, 404);
    t.equal((await call('DELETE', `${MAILBOXES}/${created.body.id}`)).status, 404);
    const { rowCount } = await pool.query('SELECT 1 FROM mailboxes WHERE id = $1', [created.body.id]);
    t.equal(rowCount, 0);
  });

  t.test('no password appears in any response or log line', async (t) => {
    const secrets = [alice.password, bob.password, 'not-the-password', 'changed-elsewhere'];
    for (const secret of secrets) {
      t.notOk(responses.some((text) => text.includes(secret)), `no response holds ${secret.slice(0, 3)}…`);
      t.notOk(logLines.some((line) => line.includes(secret)), `no log line holds ${secret.slice(0, 3)}…`);
    }
    t.ok(responses.length > 20 && logLines.length > 20, `${responses.length} responses and ${logLines.length} log lines read`);
  });
}


