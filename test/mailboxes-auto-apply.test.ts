// The whole email-code path with real mail servers: the sandbox email-code form mails its
// code by SMTP (SANDBOX_SMTP_URL), the mail lands in a real mailbox (GreenMail, read over
// IMAPS; or Dovecot, read with STARTTLS, behind a small SMTP relay that hands mail to
// dovecot-lda as an MTA would), and the application's code step is answered from the
// connected mailbox with no answer from the caller; also on the Outlook path (consent at a
// real OAuth2 server, the token redeemed, the mail read over XOAUTH2 from a Dovecot that
// offers only that, as Outlook does). Without a mailbox for the applicant's address, the
// caller is asked as before.
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import t from 'tap';
import { applyMailboxCodeQueue } from '../lib/queues.ts';
import { startWorkers } from '../workers/runner.ts';
import { workerModules } from '../workers/registry.ts';
import { answersFor, applyAccount, APPLY_QUEUES, ended, settle, startApplyService } from './helpers/auto-apply.ts';
import { newMailUsers } from '../scripts/mail-servers/index.ts';
import { skipWithoutMailServers, startTestMailServers } from './helpers/mail-servers.ts';
import { SESSION_QUEUES, sessionCalls } from './helpers/sessions.ts';

if (!skipWithoutMailServers(t)) {
  const servers = await startTestMailServers(t, { servers: ['greenmail', 'dovecot'] });
  // Outlook's side: an OAuth2 server and a Dovecot that takes XOAUTH2 only, for carol.
  const outlook = await startTestMailServers(t, { servers: ['dovecot', 'oauth2'], oauth2Mechanisms: ['xoauth2'], users: newMailUsers(['carol']) });
  const carol = outlook.users[0]!;
  // Each set has its own test CA: one file trusts both.
  const caFile = path.join(outlook.dir, 'both-cas.pem');
  writeFileSync(caFile, `${servers.ca}\n${outlook.ca}`);
  const greenmail = servers.greenmail!;
  const dovecot = servers.dovecot!;
  const [alice, bob] = servers.users as [{ address: string; password: string }, { address: string; password: string }];

  // An SMTP relay for Dovecot, which has no SMTP server of its own: what arrives for bob is
  // delivered with dovecot-lda; mail for anyone else goes on to GreenMail's SMTP.
  const relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = Buffer.concat(chunks);
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const deliver = (address: string) =>
          address === bob.address ? dovecot.deliver(address, message) : address === carol.address ? outlook.dovecot!.deliver(address, message) : forwardToGreenMail(address, message);
        Promise.all(recipients.map(deliver))
          .then(() => callback())
          .catch((error: Error) => callback(error));
      });
    },
  });
  relay.listen(0, '127.0.0.1');
  await once(relay.server, 'listening');
  t.teardown(() => new Promise<void>((resolve) => relay.close(() => resolve())));
  const relayPort = (relay.server.address() as AddressInfo).port;

  async function forwardToGreenMail(address: string, message: Buffer): Promise<void> {
    const nodemailer = (await import('nodemailer')).default;
    const transport = nodemailer.createTransport({ host: greenmail.host, port: greenmail.smtpPort, secure: false });
    await transport.sendMail({ envelope: { from: 'no-reply@sandbox-careers.example', to: address }, raw: message });
    transport.close();
  }

  const service = await startApplyService(t, {
    workers: false,
    env: {
      AUTO_APPLY_CONFIRM_SECONDS: '3',
      CHROMIUM_SOURCE: 'bundled',
      MAILBOX_TLS_CA_FILE: caFile,
      MAILBOX_IMAP_ROUTES: `imap.greenmail.test:993=127.0.0.1:${greenmail.imapsPort},imap.dovecot.test:143=127.0.0.1:${dovecot.port},outlook.office365.com:143=127.0.0.1:${outlook.dovecot!.port}`,
      MICROSOFT_CLIENT_ID: 'jobdata-outlook-tests',
      MICROSOFT_CLIENT_SECRET: 'outlook-test-secret',
      MICROSOFT_AUTHORITY: outlook.oauth2!.issuer,
      // The Outlook-like Dovecot speaks STARTTLS, so Outlook's STARTTLS port stands in for 993.
      MICROSOFT_IMAP_HOST: 'outlook.office365.com:143',
      SANDBOX_SMTP_URL: `smtp://127.0.0.1:${relayPort}`,
    },
  });
  const queues = [...APPLY_QUEUES, ...SESSION_QUEUES, applyMailboxCodeQueue.name];
  service.runtime.onShutdown(await startWorkers(service.runtime.boss, workerModules.filter((module) => queues.includes(module.queue.name)), service.runtime));
  const account = await applyAccount(service);
  const api = account.api;
  const sandboxUrl = `${service.url}/sandbox/apply/email-code`;
  let keys = 0;
  const create = () => api.post('/api/auto-apply/applications', { apply_url: sandboxUrl, sandbox: true }, { headers: { 'Idempotency-Key': `mailbox-code-${++keys}` } });
  const answer = (application: any, answers: unknown[]) =>
    api.post(`/api/auto-apply/applications/${application.id}/answers`, { step_id: application.current_step.id, correction_round: application.current_step.correction_round, answers });
  const submitted = async (receipt: string) => (await service.runtime.pool.query('SELECT steps FROM sandbox_submissions WHERE receipt_id = $1', [receipt])).rows[0];

  const connect = async (body: Record<string, unknown>) => {
    const created = await api.post('/api/auto-apply/mailboxes', body);
    if (created.status !== 200) throw new Error(`mailbox: ${created.status} ${created.text}`);
    return created.body;
  };
  await connect({ provider: 'imap', address: alice.address, imap_host: 'imap.greenmail.test', password: alice.password });
  await connect({ provider: 'imap', address: bob.address, imap_host: 'imap.dovecot.test', imap_port: 143, password: bob.password });

  // Carol's Outlook mailbox: pending, then connected by her consent, followed to the callback as a browser would.
  const pending = await connect({ provider: 'outlook', address: carol.address });
  const redirect = await outlook.oauth2!.approveAuthorization(pending.authorization_url, carol.address);
  const consentPage = await service.client.get(`${redirect.pathname}${redirect.search}`, { unchecked: true });
  if (consentPage.status !== 200) throw new Error(`consent: ${consentPage.status} ${consentPage.text}`);

  for (const [server, applicant] of [['GreenMail over IMAPS', alice], ['Dovecot with STARTTLS', bob], ['Outlook (consent, token, XOAUTH2)', carol]] as const) {
    t.test(`${server}: the code step is answered from the applicant's mailbox, and the application completes`, async (t) => {
      const created = await create();
      t.equal(created.status, 200, created.status === 200 ? 'the application is created and its first step read' : created.text);
      t.equal((await answer(created.body, answersFor(created.body.current_step, { email: applicant.address }))).status, 200, 'the first step answered by the caller');
      // No answer from the caller after this: the code is read from the mailbox.
      const application = await ended(api, created.body.id, 150);
      t.equal(application.status, 'completed', JSON.stringify(application.failure ?? application.current_step));
      const steps = (await submitted(application.provider_receipt_id)).steps;
      const mailed = (await service.client.get(`/sandbox/mailbox?email=${encodeURIComponent(applicant.address)}`)).body[0];
      t.equal(steps.at(-1).answers.verification_code, mailed.code, 'the mailed code was submitted');
    });
  }

  t.test('a one-call run from a profile: the code field is answered from the mailbox at the profile\'s address', async (t) => {
    const profile = await api.post('/api/auto-apply/profiles', { contact: { first_name: 'Alice', last_name: 'Example', email: alice.address } });
    t.equal(profile.status, 201, profile.text);
    const run = await sessionCalls(api).run({ profile_id: profile.body.id, apply_url: sandboxUrl });
    t.equal(run.status, 200, run.text);
    t.match(run.body, { status: 'Submitted', success: true, error: null }, JSON.stringify(run.body.step_log));
  });

  t.test('without a mailbox for the applicant, the caller is asked for the code as before', async (t) => {
    const created = await create();
    await answer(created.body, answersFor(created.body.current_step, { email: 'nobody@example.test' }));
    const application = await settle(api, created.body.id);
    t.match(application, { status: 'awaiting_answers', current_step: { sequence: 2, fields: [{ field_id: 'verification_code' }] } });
    const mailed = (await service.client.get('/sandbox/mailbox?email=nobody%40example.test')).body[0];
    t.equal((await answer(application, [{ field_id: 'verification_code', value: mailed.code }])).status, 200);
    t.equal((await ended(api, created.body.id)).status, 'completed');
  });
}
