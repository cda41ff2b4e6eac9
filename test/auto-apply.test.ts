// Auto Apply end to end, over HTTP with real Chromium on the sandbox forms: create holds
// until the first step is read, answers by API and by signed webhook reply, corrections
// (ours and the form's), cancel, failures with clear codes, idempotent replay, and what
// the sandbox finally received.
import t from 'tap';
import { answersFor, applyAccount, ended, RESUME, settle, startApplyService, startReceiver } from './helpers/auto-apply.ts';
import { createAccount, addKey } from './helpers/accounts.ts';
import { updateAccount } from '../db/accounts.ts';
import { createCompanies, insertJobs, job } from './fixtures/jobs.ts';
import { MATCHER_REVISION } from '../apply/extract-fields.ts';

// The bundled Chromium, even where Debian's is installed: proves `npm install` alone
// brings a browser that does the whole sandbox flow.
const service = await startApplyService(t, { env: { AUTO_APPLY_CONFIRM_SECONDS: '3', CHROMIUM_SOURCE: 'bundled' } });
const { pool } = service.runtime;
const account = await applyAccount(service);
const api = account.api;
const sandboxUrl = (scenario: string) => `${service.url}/sandbox/apply/${scenario}`;
let keys = 0;
const create = (body: Record<string, unknown>, key = `key-${++keys}`) => api.post('/api/auto-apply/applications', body, { headers: { 'Idempotency-Key': key } });
const answer = (application: any, answers: unknown[], round = application.current_step.correction_round) =>
  api.post(`/api/auto-apply/applications/${application.id}/answers`, { step_id: application.current_step.id, correction_round: round, answers });
const submission = async (receipt: string) => (await pool.query('SELECT steps, files FROM sandbox_submissions WHERE receipt_id = $1', [receipt])).rows[0];

t.test('three pages answered by API, to a confirmed submission with exactly the answers', async (t) => {
  const created = await create({ apply_url: sandboxUrl('three-page'), sandbox: true });
  t.equal(created.status, 200, 'the hold ends when the first step is read');
  t.equal(created.body.api_version, '2026-08-12');
  t.equal(created.headers.get('x-credits-deducted'), '100');
  let application = created.body;
  t.match(application, { status: 'awaiting_answers', provider_id: 'sandbox', provider_name: 'Sandbox ATS', catalog_revision: 1, matcher_revision: MATCHER_REVISION, cancel_requested: false, failure: null });
  t.ok(application.started_at && application.queued_at);
  t.same(
    application.current_step.fields.map((field: any) => [field.field_id, field.type, field.required, field.requires_answer, field.format]),
    [
      ['first_name', 'text', true, true, 'string'],
      ['last_name', 'text', true, true, 'string'],
      ['email', 'email', true, true, 'email'],
    ],
  );
  t.match(application.current_step, { sequence: 1, status: 'awaiting_answers', correction_round: 0, field_count: 3, answer_count: 0, command_errors: [] });
  t.ok(Date.parse(application.current_step.answers_expire_at) - Date.now() > 14 * 60 * 1000, 'a 15-minute answer window');

  const first = await answer(application, answersFor(application.current_step));
  t.equal(first.status, 200);
  t.equal(first.body.status, 'running');
  t.match(first.body.steps[0], { status: 'answered', answer_count: 3 });

  application = await settle(api, application.id);
  t.match(application, { status: 'awaiting_answers', current_step: { sequence: 2 } });
  const [years, linkedin, authorization] = application.current_step.fields;
  t.match(years, { field_id: 'years_experience', type: 'number', format: 'number', constraints: { min: '0', max: '60' } });
  t.match(linkedin, { field_id: 'linkedin', required: false, requires_answer: false, format: 'uri' });
  t.match(authorization, { field_id: 'work_authorization', type: 'radio', format: 'option', options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] });

  const refused = await answer(application, [
    { field_id: 'years_experience', value: 99 },
    { field_id: 'work_authorization', value: 'Yes' },
    { field_id: 'nickname', value: 'x' },
  ]);
  t.equal(refused.status, 400);
  t.equal(refused.headers.get('content-type'), 'application/problem+json');
  t.match(refused.body, { code: 'validation_failed', api_version: '2026-08-12', correction_round: 0 });
  t.same(
    refused.body.command_errors.map((error: any) => [error.field_id, error.item_index, error.code]),
    [
      ['years_experience', 0, 'out_of_range'],
      ['work_authorization', 1, 'invalid_option'],
      ['nickname', 2, 'unknown_field'],
    ],
  );
  t.match(refused.body.command_errors[1], { field_key: 'are_you_authorized_to_work_in_the_country_of_this_job', message: /advertised values/ });
  const missing = await answer(application, [{ field_id: 'years_experience', value: 7 }]);
  t.match(missing.body.command_errors, [{ field_id: 'work_authorization', item_index: -1, code: 'answer_required' }]);
  const unchanged = await api.get(`/api/auto-apply/applications/${application.id}`);
  t.match(unchanged.body.current_step, { status: 'awaiting_answers', correction_round: 0, answer_count: 0 }, 'nothing consumed');
  t.match((await answer(application, answersFor(application.current_step), 3)).body, { code: 'stale_correction_round', correction_round: 0 });
  const wrongStep = await api.post(`/api/auto-apply/applications/${application.id}/answers`, { step_id: application.steps[0].id, correction_round: 0, answers: [] });
  t.match(wrongStep, { status: 409, body: { code: 'invalid_state' } });

  t.equal((await answer(application, answersFor(application.current_step))).status, 200);
  application = await settle(api, application.id);
  t.match(application.current_step, { sequence: 3 });
  t.same(application.current_step.fields.map((field: any) => [field.field_id, field.format]), [
    ['cover_letter', 'string'],
    ['consent', 'boolean'],
  ]);
  const last = await answer(application, answersFor(application.current_step));
  t.equal(last.body.status, 'submitting', 'the last step submits');

  application = await settle(api, application.id);
  t.match(application, { status: 'completed', submission_confirmation_kind: 'provider_receipt', provider_receipt_id: /^SBX-/, failure: null });
  t.ok(application.submitted_at && application.completed_at);
  const sent = await submission(application.provider_receipt_id);
  t.same(
    sent.steps.map((step: any) => step.answers),
    [
      { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
      { years_experience: '7', linkedin: 'https://www.linkedin.com/in/ada', work_authorization: 'yes' },
      { cover_letter: 'I would like to work on the analytical engine.\r\nThank you.', consent: 'agreed' },
    ],
    'each page received exactly the answers (once: replays start new sandbox tokens)',
  );
  t.equal((await api.post(`/api/auto-apply/applications/${application.id}/cancel`)).body.code, 'not_cancelable');
});

t.test('three pages answered by signed webhook replies', async (t) => {
  const receiver = await startReceiver(t, () => account.secret, (body) => ({ action: 'proceed', answers: answersFor(body.data.step) }));
  const created = await create({ apply_url: sandboxUrl('three-page'), sandbox: true, callback_url: receiver.url });
  t.equal(created.status, 200);
  const application = await ended(api, created.body.id);
  t.equal(application.status, 'completed', JSON.stringify(application.failure));
  t.equal(receiver.received.length, 3, 'one webhook per step');
  t.ok(receiver.received.every((hook) => hook.verified), 'every signature verifies');
  t.same(receiver.received.map((hook) => hook.body.data.step.sequence), [1, 2, 3]);
  t.match(receiver.received[0]!.body, { type: 'application.fields_requested', api_version: '2026-08-12', data: { application_id: application.id } });
  t.ok(receiver.received.every((hook) => hook.body.id === hook.id), 'the body id is the header id');
  t.equal(application.webhook_deliveries.length, 3);
  t.match(application.webhook_deliveries[0], { kind: 'application.fields_requested', status: 'delivered', attempts: [{ attempt: 1, status_code: 200, error: null }] });
  const sent = await submission(application.provider_receipt_id);
  t.same(sent.steps[1].answers, { years_experience: '7', linkedin: 'https://www.linkedin.com/in/ada', work_authorization: 'yes' });
});

t.test('a webhook reply with a bad answer opens a correction round; a cancel reply cancels', async (t) => {
  let replies = 0;
  const receiver = await startReceiver(t, () => account.secret, (body) => {
    replies += 1;
    if (replies === 1) return { action: 'proceed', answers: answersFor(body.data.step, { email: 'not-an-email' }) };
    return { action: 'cancel' };
  });
  const created = await create({ apply_url: sandboxUrl('one-page'), sandbox: true, callback_url: receiver.url });
  const application = await ended(api, created.body.id);
  t.match(application, { status: 'canceled', canceled_by: 'webhook', cancel_requested: true });
  t.ok(application.canceled_at);
  t.same(receiver.received.map((hook) => hook.body.data.step.correction_round), [0, 1]);
  t.match(receiver.received[1]!.body.data.step.command_errors, [{ field_id: 'email', code: 'invalid_format' }]);
  t.not(receiver.received[0]!.id, receiver.received[1]!.id, 'a new round is a new webhook');
});

t.test('the form refuses an answer: a correction round, then the corrected submission', async (t) => {
  const created = await create({ apply_url: sandboxUrl('validation'), sandbox: true });
  let application = created.body;
  t.equal(application.status, 'awaiting_answers');
  await answer(application, answersFor(application.current_step, { phone: '(020) 7946 0958' }));
  application = await settle(api, application.id);
  t.match(application, { status: 'awaiting_answers', current_step: { sequence: 1, status: 'needs_correction', correction_round: 1, answers: [] } });
  t.match(application.current_step.command_errors, [{ field_id: 'phone', code: 'rejected_by_form', message: /international/ }]);
  t.equal((await answer(application, answersFor(application.current_step), 0)).body.code, 'stale_correction_round');
  await answer(application, answersFor(application.current_step));
  application = await settle(api, application.id);
  t.equal(application.status, 'completed');
  t.same((await submission(application.provider_receipt_id)).steps.at(-1).answers.phone, '+442079460958');
});

t.test('an email verification code: the later step resumes where it was read, so the mailed code stays valid', async (t) => {
  const created = await create({ apply_url: sandboxUrl('email-code'), sandbox: true });
  await answer(created.body, answersFor(created.body.current_step, { email: 'code-test@example.com' }));
  let application = await settle(api, created.body.id);
  t.match(application.current_step, { sequence: 2, fields: [{ field_id: 'verification_code', constraints: { pattern: '\\d{6}', maxlength: 6 } }] });
  const mailbox = await service.client.get('/sandbox/mailbox?email=code-test%40example.com');
  t.equal(mailbox.body.length, 1, 'one code mailed');
  await answer(application, [{ field_id: 'verification_code', value: mailbox.body[0].code }]);
  application = await settle(api, application.id);
  t.equal(application.status, 'completed', JSON.stringify(application.failure ?? application.current_step.command_errors));
});

t.test('every field type is read, answered and submitted', async (t) => {
  const created = await create({ apply_url: sandboxUrl('all-fields'), sandbox: true });
  const fields = created.body.current_step.fields;
  t.same(fields.map((field: any) => field.format), ['string', 'email', 'phone', 'uri', 'number', 'date', 'string', 'option', 'options', 'option', 'options', 'option', 'file', 'boolean']);
  const values = {
    full_name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+44 20 7946 0958',
    website: 'https://ada.example.com',
    salary: '120000',
    start_date: '2027-01-04',
    about: 'Analyst.',
    seniority: 'senior',
    languages: ['ts', 'rs'],
    relocate: 'no',
    channels: ['friend', 'event'],
    location: 'Toronto, ON, Canada',
    cv: { ...RESUME, filename: 'cv.pdf' },
    terms: true,
  };
  const accepted = await answer(created.body, fields.map((field: any) => ({ field_id: field.field_id, value: (values as any)[field.field_id] })));
  t.equal(accepted.status, 200);
  t.same(accepted.body.steps[0].answers.find((item: any) => item.field_id === 'cv').value, { filename: 'cv.pdf', content_type: 'application/pdf', size: 30 }, 'files show by name and size');
  const application = await settle(api, created.body.id);
  t.equal(application.status, 'completed', JSON.stringify(application.failure ?? application.current_step?.command_errors));
  const sent = await submission(application.provider_receipt_id);
  const { cv: _file, ...fieldValues } = values;
  t.same(sent.steps[0].answers, { ...fieldValues, terms: 'yes' }, 'the form received every answer; the checkbox sends its own value');
  t.match(sent.files, [{ field: 'cv', filename: 'cv.pdf', size: 30 }]);
});

t.test('forms that cannot be worked end with clear codes, and the credits come back', async (t) => {
  const before = (await api.get('/api/account')).body.credits_balance;
  const cases: Array<[string, string]> = [
    ['captcha', 'captcha_required'],
    ['login', 'login_required'],
    ['broken', 'form_unavailable'],
  ];
  for (const [scenario, code] of cases) {
    const created = await create({ apply_url: sandboxUrl(scenario), sandbox: true });
    t.equal(created.status, 200, scenario);
    t.match(created.body, { status: 'failed', failure: { code, retryable: Boolean } }, scenario);
    t.ok(created.body.failed_at);
  }
  t.equal((await api.get('/api/account')).body.credits_balance, before, 'each failed application was refunded');
  const { rows } = await pool.query("SELECT reason, screenshot IS NOT NULL AS screenshot, html IS NOT NULL AS html FROM application_snapshots WHERE reason = 'captcha_required'");
  t.match(rows, [{ screenshot: true, html: true }], 'the page is kept for support');
});

t.test('a submission that never confirms ends submitted and unconfirmed, sent once', async (t) => {
  const created = await create({ apply_url: sandboxUrl('unconfirmed'), sandbox: true });
  await answer(created.body, answersFor(created.body.current_step));
  const application = await settle(api, created.body.id);
  t.match(application, { status: 'submitted', failure: { code: 'submission_unconfirmed', retryable: false }, provider_receipt_id: null });
  const { rows } = await pool.query("SELECT count(*)::int AS sent FROM sandbox_submissions WHERE scenario = 'unconfirmed' AND status = 'submitted'");
  t.equal(rows[0].sent, 1);
});

t.test('cancel', async (t) => {
  const created = await create({ apply_url: sandboxUrl('one-page'), sandbox: true });
  const canceled = await api.post(`/api/auto-apply/applications/${created.body.id}/cancel`);
  t.equal(canceled.status, 202);
  t.match(canceled.body, { status: 'canceled', canceled_by: 'api', cancel_requested: true, current_step: { status: 'expired' } });
  t.equal((await api.post(`/api/auto-apply/applications/${created.body.id}/cancel`)).body.code, 'not_cancelable');
  t.equal((await answer(created.body, answersFor(created.body.current_step))).body.code, 'invalid_state');
});

t.test('idempotent create: a replay returns the same application and is not charged again', async (t) => {
  const body = { apply_url: sandboxUrl('one-page'), sandbox: true };
  const first = await create(body, 'replay-key');
  const balance = Number(first.headers.get('x-credits-balance'));
  const again = await create({ sandbox: true, apply_url: body.apply_url }, 'replay-key');
  t.equal(again.status, 200);
  t.equal(again.body.id, first.body.id);
  t.equal(again.headers.get('x-credits-deducted'), '0');
  t.equal(Number(again.headers.get('x-credits-balance')), balance);
  const reused = await create({ apply_url: sandboxUrl('three-page'), sandbox: true }, 'replay-key');
  t.match(reused, { status: 409, body: { code: 'idempotency_key_reuse', api_version: '2026-08-12' } });
  t.equal((await api.post('/api/auto-apply/applications', body)).body.errors[0].field, 'Idempotency-Key');
  await api.post(`/api/auto-apply/applications/${first.body.id}/cancel`);
});

t.test('by job_id: the job\'s apply URL, or 422 job_apply_url_missing', async (t) => {
  const companies = await createCompanies(pool);
  const jobs = await insertJobs(pool, [
    job({ company_id: companies.acme, title: 'Sandbox Engineer', apply_url: sandboxUrl('one-page') }),
    job({ company_id: companies.acme, title: 'Listed Nowhere', apply_url: ' ' }),
  ]);
  const created = await create({ job_id: jobs.get('Sandbox Engineer'), sandbox: true });
  t.match(created, { status: 200, body: { status: 'awaiting_answers', job_id: jobs.get('Sandbox Engineer'), apply_url: sandboxUrl('one-page') } });
  await api.post(`/api/auto-apply/applications/${created.body.id}/cancel`);
  t.match(await create({ job_id: jobs.get('Listed Nowhere') }), { status: 422, body: { code: 'job_apply_url_missing' } });
});

t.test('refusals: target, gating, callbacks, sandbox keys, the concurrency limit', async (t) => {
  t.match((await create({})).body, { code: 'invalid_request' });
  t.match((await create({ apply_url: sandboxUrl('one-page'), job_id: '00000000-0000-4000-8000-000000000000', sandbox: true })).body, { code: 'invalid_request' });
  t.match((await create({ job_id: '00000000-0000-4000-8000-000000000000' })).status, 404);
  const unsupported = await create({ apply_url: 'https://www.example.com/careers/1' });
  t.match(unsupported, { status: 422, body: { code: 'unsupported_ats', api_version: '2026-08-12' } });
  t.match((await create({ apply_url: sandboxUrl('one-page') })).body, { code: 'invalid_request', errors: [{ field: 'sandbox' }] });
  t.match((await create({ apply_url: sandboxUrl('nope'), sandbox: true })).body, { code: 'invalid_request' });
  t.match((await create({ apply_url: sandboxUrl('one-page'), sandbox: true, callback_url: 'ftp://example.com/x' })).body, { code: 'invalid_request', errors: [{ field: 'callback_url' }] });

  const greenhouse = 'https://boards.greenhouse.io/acme/jobs/4012345';
  const invited = await applyAccount(service, { availability: 'invite_only' });
  const notEnabled = await invited.api.post('/api/auto-apply/applications', { apply_url: greenhouse }, { headers: { 'Idempotency-Key': 'k' } });
  t.match(notEnabled, { status: 403, body: { code: 'auto_apply_not_enabled', api_version: '2026-08-12' } });
  t.equal(notEnabled.headers.get('x-credits-deducted'), '0', 'refunded');
  const soon = await applyAccount(service, { availability: 'coming_soon' });
  t.match(await soon.api.post('/api/auto-apply/applications', { apply_url: greenhouse }, { headers: { 'Idempotency-Key': 'k' } }), { status: 503, body: { code: 'auto_apply_coming_soon' } });

  const noSecret = await createAccount(pool, { name: 'No secret', credits: 1000 });
  await updateAccount(pool, noSecret.id, { auto_apply_availability: 'enabled' });
  const plain = service.client.with({ 'X-Api-Key': noSecret.key });
  t.match((await plain.post('/api/auto-apply/applications', { apply_url: sandboxUrl('one-page'), sandbox: true, callback_url: 'https://93.184.216.34/hooks' }, { headers: { 'Idempotency-Key': 'k' } })).body, {
    code: 'webhook_secret_not_configured',
  });

  const sandboxKey = (await addKey(pool, account.id, 'sandbox')).key;
  const viaSandbox = service.client.with({ 'X-Api-Key': sandboxKey });
  t.match(await viaSandbox.post('/api/auto-apply/applications', { apply_url: greenhouse }, { headers: { 'Idempotency-Key': 'k' } }), { status: 403, body: { error: 'sandbox_token_audience_forbidden' } });

  const busy = await applyAccount(service);
  await pool.query(
    `INSERT INTO applications (account_id, apply_url, provider_id, provider_name, provider_version, matcher_revision, catalog_revision, settings_revision, status, sandbox)
     SELECT $1, $2, 'sandbox', 'Sandbox ATS', '1', 1, 1, 1, 'awaiting_answers', true FROM generate_series(1, 10)`,
    [busy.id, sandboxUrl('one-page')],
  );
  const limited = await busy.api.post('/api/auto-apply/applications', { apply_url: sandboxUrl('one-page'), sandbox: true }, { headers: { 'Idempotency-Key': 'k' } });
  t.match(limited, { status: 409, body: { code: 'concurrency_limit_reached', limit: 10, active: 10 } });
});

t.test('list: newest first, by status, by cursor', async (t) => {
  const all = await api.get('/api/auto-apply/applications?limit=100');
  t.equal(all.status, 200);
  t.ok(all.body.applications.length >= 8);
  const created = all.body.applications.map((item: any) => item.created_at);
  t.same(created, [...created].sort().reverse());
  const pages: string[] = [];
  let cursor: string | null = null;
  do {
    const page: any = await api.get(`/api/auto-apply/applications?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    pages.push(...page.body.applications.map((item: any) => item.id));
    cursor = page.body.next_cursor;
    t.equal(page.body.has_more, cursor !== null);
  } while (cursor);
  t.same(pages, all.body.applications.map((item: any) => item.id), 'pages add up to the whole list, once each');
  const completed = await api.get('/api/auto-apply/applications?status=completed');
  t.ok(completed.body.applications.every((item: any) => item.status === 'completed'));
  const first = await api.get('/api/auto-apply/applications?limit=1');
  t.match((await api.get(`/api/auto-apply/applications?status=failed&cursor=${encodeURIComponent(first.body.next_cursor)}`)).body, { code: 'feed_cursor_restart_required' });
  t.equal((await api.get('/api/auto-apply/applications?cursor=garbage')).body.code, 'invalid_cursor');
  t.equal((await api.get('/api/auto-apply/applications/00000000-0000-4000-8000-000000000000')).status, 404);
});
