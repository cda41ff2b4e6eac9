// Interactive sessions end to end, over HTTP with real Chromium: the sandbox's three-page
// form walked page by page to `submitted` (and what the sandbox received, exactly), a
// Greenhouse replica, the form's own validation errors, DELETE, idle expiry (and the
// worker's page freed), a worker process killed mid-session and another one finishing it
// by replay, and the credits: 200 up front, back when the session cannot be opened.
import t from 'tap';
import { applyAccount } from './helpers/auto-apply.ts';
import { startAtsReplicas } from './helpers/ats-replicas.ts';
import { addKey } from './helpers/accounts.ts';
import { waitFor } from './helpers/wait.ts';
import { questions, replicaAnswer, sandboxToken, sessionCalls, startSessionService, workerProcess } from './helpers/sessions.ts';
import { livePagesOf } from '../workers/apply-session.ts';

const replicas = await startAtsReplicas(t);
const origins = Object.entries(replicas.loopbackProviders).map(([origin, provider]) => `${origin}=${provider}`).join(',');
const service = await startSessionService(t, { env: { AUTO_APPLY_PROVIDER_ORIGINS: origins, AUTO_APPLY_CONFIRM_SECONDS: '5' } });
const { pool } = service.runtime;
const account = await applyAccount(service);
const calls = sessionCalls(account.api);
const sandboxUrl = (scenario: string) => `${service.url}/sandbox/apply/${scenario}`;
const balance = async () => (await account.api.get('/api/account')).body.account.credits_balance as number;
const submission = async (token: string) => (await pool.query('SELECT status, steps, files, receipt_id FROM sandbox_submissions WHERE token = $1', [token])).rows[0];
const fieldIds = (state: any) => questions(state).map((field: any) => field.field_id);

const visits = async (scenario: string) => (await pool.query('SELECT count(*)::int AS n FROM sandbox_submissions WHERE scenario = $1', [scenario])).rows[0].n as number;

t.test('the three-page sandbox form, page by page, to submitted: the sandbox received exactly the answers', async (t) => {
  const before = await balance();
  const visited = await visits('three-page');
  const created = await calls.create({ apply_url: sandboxUrl('three-page') });
  t.equal(created.status, 201);
  t.equal(created.headers.get('x-credits-deducted'), '200');
  t.equal(created.headers.get('location'), `/api/auto-apply/sessions/${created.body.id}`);
  t.equal(created.headers.get('x-ratelimit-group'), 'Default');
  let state = created.body;
  t.match(state, { api_version: '2026-08-12', provider_id: 'sandbox', provider_name: 'Sandbox ATS', status: 'form_ready', is_terminal: false, error: null, validation_errors: [], redirect_url: null, redirect_provider_id: null });
  t.equal(state.current_url, sandboxUrl('three-page'));
  t.same(state.fields, [
    { field_id: 'first_name', type: 'text', label: 'First name', is_required: true, options: [], handler_type: 'text', current_value: null },
    { field_id: 'last_name', type: 'text', label: 'Last name', is_required: true, options: [], handler_type: 'text', current_value: null },
    { field_id: 'email', type: 'email', label: 'Email', is_required: true, options: [], handler_type: 'text', current_value: null },
    { field_id: '@next', type: 'button', label: 'Next page', is_required: false, options: [], handler_type: 'click', current_value: null },
  ]);
  const id = state.id;

  const early = await calls.next(id);
  t.match(early, { status: 409, body: { code: 'invalid_state', api_version: '2026-08-12', detail: /first_name, last_name, email/ } });
  t.match(await calls.submit(id), { status: 409, body: { code: 'invalid_state' } });
  const refused = await calls.answers(id, [{ field_id: 'first_name', value: 'Ada' }, { field_id: 'nickname', value: 'x' }, { field_id: 'email', value: 'not-an-email' }]);
  t.equal(refused.status, 400);
  t.same(refused.body.command_errors.map((error: any) => [error.field_id, error.item_index, error.code]), [
    ['nickname', 1, 'unknown_field'],
    ['email', 2, 'invalid_format'],
  ]);
  t.equal((await calls.get(id)).body.fields[0].current_value, null, 'nothing was set');
  t.match(await calls.answers(id, []), { status: 400, body: { code: 'invalid_request' } }, 'at least one answer');
  t.match(await calls.answers(id, [{ field_id: 'first_name', value: 'Ada', handler_type: 'select' }]), { status: 400, body: { command_errors: [{ code: 'handler_mismatch' }] } });

  state = (await calls.answers(id, [{ field_id: 'first_name', value: 'Ada', type: 'text', handler_type: 'text' }])).body;
  t.equal(state.status, 'form_ready', 'required fields are still empty');
  t.same(questions(state).map((field: any) => field.current_value), ['Ada', null, null]);
  const answered = await calls.answers(id, [
    { field_id: 'last_name', value: 'Love' },
    { field_id: 'email', value: 'ada@example.com' },
  ]);
  t.equal(answered.status, 200);
  state = (await calls.answers(id, [{ field_id: 'last_name', value: 'lace', clear_first: false }])).body;
  t.equal(state.status, 'next_available', 'every required field has a value');
  t.same(questions(state).map((field: any) => field.current_value), ['Ada', 'Lovelace', 'ada@example.com'], 'clear_first false appends');
  t.match(await calls.submit(id), { status: 409, body: { code: 'invalid_state', detail: /not the last page/ } });

  state = (await calls.next(id)).body;
  t.equal(state.status, 'form_ready');
  t.same(fieldIds(state), ['years_experience', 'linkedin', 'work_authorization']);
  t.match(state.fields[0], { type: 'number', handler_type: 'text', is_required: true });
  t.match(state.fields[1], { type: 'url', is_required: false });
  t.same(state.fields[2], {
    field_id: 'work_authorization',
    type: 'radio',
    label: 'Are you authorized to work in the country of this job?',
    is_required: true,
    options: [{ value: 'yes', text: 'Yes' }, { value: 'no', text: 'No' }],
    handler_type: 'radio',
    current_value: null,
  });
  const token = sandboxToken(state.current_url);
  t.ok(token, 'the sandbox form moved to its second page');
  t.match(await calls.answers(id, [{ field_id: 'work_authorization', value: 'Yes' }]), { status: 400, body: { command_errors: [{ code: 'invalid_option' }] } }, 'an option by its label is refused');
  state = (await calls.answers(id, [
    { field_id: 'years_experience', value: 7 },
    { field_id: 'linkedin', value: 'https://www.linkedin.com/in/ada' },
    { field_id: 'work_authorization', value: 'no' },
  ])).body;
  t.equal(state.status, 'next_available');
  state = (await calls.answers(id, [{ field_id: 'work_authorization', value: 'yes' }])).body;
  t.equal(state.fields[2].current_value, 'yes', 'an answer can be changed');

  state = (await calls.next(id)).body;
  t.same(fieldIds(state), ['cover_letter', 'consent']);
  t.match(state.fields[1], { type: 'checkbox', handler_type: 'checkbox', is_required: true });
  state = (await calls.answers(id, [{ field_id: 'consent', value: true }, { field_id: 'cover_letter', value: 'I would like to work on the analytical engine.' }])).body;
  t.equal(state.status, 'submit_ready', 'the last page is complete');
  state = (await calls.answers(id, [{ field_id: 'cover_letter', value: ' Thank you.', clear_first: false }])).body;
  t.equal(state.status, 'submit_ready');
  t.match(await calls.next(id), { status: 409, body: { detail: /last page: submit it/ } });

  const submitted = await calls.submit(id);
  t.equal(submitted.status, 200);
  t.match(submitted.body, { status: 'submitted', is_terminal: true, error: null, fields: [], validation_errors: [] });
  t.equal((await calls.get(id)).body.status, 'submitted');
  const sent = await submission(token!);
  t.equal(sent.status, 'submitted');
  t.match(sent.receipt_id, /^SBX-/);
  t.same(
    sent.steps.map((step: any) => step.answers),
    [
      { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
      { years_experience: '7', linkedin: 'https://www.linkedin.com/in/ada', work_authorization: 'yes' },
      { cover_letter: 'I would like to work on the analytical engine. Thank you.', consent: 'agreed' },
    ],
    'each page received exactly the answers set',
  );
  const { rows } = await pool.query("SELECT count(*)::int AS n FROM sandbox_submissions WHERE scenario = 'three-page' AND status = 'submitted'");
  t.equal(rows[0].n, 1, 'submitted once');
  t.equal(await visits('three-page'), visited + 1, 'every command continued in the page the worker kept: the form was opened once');
  t.match(await calls.answers(id, [{ field_id: 'consent', value: true }]), { status: 409, body: { code: 'invalid_state', detail: /ended \(submitted\)/ } });
  t.equal(await balance(), before - 200, 'the 200 credits stay charged');
  t.equal((await calls.get('00000000-0000-4000-8000-000000000000')).status, 404);
});

t.test('the three-page form by the answers call alone (spec 4.8): answering the page\'s button moves it on', async (t) => {
  // An account of its own: the Default rate-limit group is per key.
  const calls = sessionCalls((await applyAccount(service)).api);
  const created = await calls.create({ apply_url: sandboxUrl('three-page') });
  const id = created.body.id;
  t.equal(created.body.fields.at(-1).field_id, '@next', 'the page\'s button is its last field');
  // Not complete: the button is not pressed, and the state says why.
  let state = (await calls.answers(id, [{ field_id: 'first_name', value: 'Ada' }, { field_id: '@next', value: true }])).body;
  t.equal(state.status, 'form_ready');
  t.same(state.validation_errors, [{ field_id: '@next', message: 'Not pressed: required fields without a value: last_name, email.' }]);
  t.match(await calls.answers(id, [{ field_id: '@submit', value: true }, { field_id: 'email', value: 'ada@example.com' }]), { status: 400, body: { command_errors: [{ field_id: '@submit', code: 'unknown_field' }] } }, 'only the page\'s own button');
  state = (await calls.answers(id, [{ field_id: 'last_name', value: 'Lovelace' }, { field_id: 'email', value: 'ada@example.com' }, { field_id: '@next', value: true }])).body;
  t.same(fieldIds(state), ['years_experience', 'linkedin', 'work_authorization'], 'the values were set and the page moved on in one call');
  const token = sandboxToken(state.current_url)!;
  state = (await calls.answers(id, [
    { field_id: 'years_experience', value: 3 },
    { field_id: 'work_authorization', value: 'yes' },
    { field_id: '@next', value: true },
  ])).body;
  t.same(fieldIds(state), ['cover_letter', 'consent']);
  t.equal(state.fields.at(-1).field_id, '@submit', 'the last page\'s button submits');
  state = (await calls.answers(id, [{ field_id: 'consent', value: true }, { field_id: '@submit', value: true }])).body;
  t.match(state, { status: 'submitted', is_terminal: true });
  t.same((await submission(token)).steps.map((step: any) => step.answers), [
    { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    { years_experience: '3', linkedin: '', work_authorization: 'yes' },
    { cover_letter: '', consent: 'agreed' },
  ]);
});

t.test('a Greenhouse replica: every field answered, submitted, one submission received', async (t) => {
  const created = await calls.create({ apply_url: replicas.applyUrls.greenhouse });
  t.equal(created.status, 201);
  let state = created.body;
  t.match(state, { provider_id: 'greenhouse', provider_name: 'Greenhouse' }, state.error);
  t.equal(state.status, 'form_ready', state.error);
  const byId = new Map(questions(state).map((field: any) => [field.field_id, field]));
  t.match(byId.get('candidate-location'), { handler_type: 'typeahead', is_required: true });
  t.match(byId.get('resume'), { handler_type: 'file', is_required: true });
  t.match(byId.get('question_30006[]'), { type: 'checkboxes', handler_type: 'checkbox' });
  const before = replicas.submissions('greenhouse').length;
  const answers = questions(state).map((field: any) => ({ field_id: field.field_id, value: replicaAnswer(field, 'London, England, United Kingdom') }));
  state = (await calls.answers(state.id, answers)).body;
  t.same(state.validation_errors, []);
  t.equal(state.status, 'submit_ready', 'a one-page form: its button submits');
  t.match(byIdOf(state).get('resume').current_value, { filename: 'resume.pdf', content_type: 'application/pdf', size: 30 }, 'files show by name and size');
  state = (await calls.submit(state.id)).body;
  t.equal(state.status, 'submitted', state.error);
  t.equal(replicas.submissions('greenhouse').length, before + 1, 'the replica received one submission');
  t.match(replicas.submissions('greenhouse').at(-1)!.fields, { first_name: 'Ada Lovelace' });
});

function byIdOf(state: any): Map<string, any> {
  return new Map(questions(state).map((field: any) => [field.field_id, field]));
}

t.test('a Lever replica (its job page in front of the form) to submitted', async (t) => {
  const created = await calls.create({ apply_url: replicas.jobUrls.lever });
  let state = created.body;
  t.equal(state.status, 'form_ready', state.error);
  t.equal(state.provider_id, 'lever');
  const before = replicas.submissions('lever').length;
  state = (await calls.answers(state.id, questions(state).map((field: any) => ({ field_id: field.field_id, value: replicaAnswer(field, 'London, England, United Kingdom') })))).body;
  t.equal(state.status, 'submit_ready', JSON.stringify(state.validation_errors));
  state = (await calls.submit(state.id)).body;
  t.equal(state.status, 'submitted', state.error);
  t.equal(replicas.submissions('lever').length, before + 1);
});

t.test("the form's own validation errors: shown on the page, corrected, then submitted", async (t) => {
  let state = (await calls.create({ apply_url: sandboxUrl('validation') })).body;
  t.same(fieldIds(state), ['first_name', 'last_name', 'email', 'phone']);
  state = (await calls.answers(state.id, [
    { field_id: 'first_name', value: 'Ada' },
    { field_id: 'last_name', value: 'Lovelace' },
    { field_id: 'email', value: 'ada@example.com' },
    { field_id: 'phone', value: '(020) 7946 0958' },
  ])).body;
  t.equal(state.status, 'submit_ready');
  state = (await calls.submit(state.id)).body;
  t.equal(state.status, 'form_ready', 'the form refused the submission');
  t.match(state.validation_errors, [{ field_id: 'phone', message: /international format/ }]);
  t.equal(state.validation_errors.length, 1);
  t.equal(byIdOf(state).get('phone').current_value, '(020) 7946 0958', 'the values stay set');
  t.match(await calls.submit(state.id), { status: 409, body: { code: 'invalid_state' } }, 'not submit_ready while the form refuses a value');
  const token = sandboxToken(state.current_url);
  state = (await calls.answers(state.id, [{ field_id: 'phone', value: '+442079460958' }])).body;
  t.same(state.validation_errors, []);
  t.equal(state.status, 'submit_ready');
  state = (await calls.submit(state.id)).body;
  t.equal(state.status, 'submitted');
  t.same((await submission(token!)).steps[0].answers, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+442079460958' });
});

t.test('DELETE ends a session: expired, terminal, and the call is idempotent', async (t) => {
  const before = await balance();
  const state = (await calls.create({ apply_url: sandboxUrl('one-page') })).body;
  t.equal(state.status, 'form_ready');
  const ended = await calls.end(state.id);
  t.equal(ended.status, 200);
  t.match(ended.body, { id: state.id, status: 'expired', is_terminal: true, fields: [], error: null });
  t.equal((await calls.get(state.id)).body.status, 'expired');
  t.match(await calls.answers(state.id, [{ field_id: 'first_name', value: 'Ada' }]), { status: 409, body: { code: 'invalid_state' } });
  t.match(await calls.end(state.id), { status: 200, body: { status: 'expired' } });
  t.equal(await balance(), before - 200, 'ended by the caller: not refunded');
  const other = await applyAccount(service);
  t.equal((await sessionCalls(other.api).end(state.id)).status, 404, "another account's session is not found");
});

t.test('credits: refunded when the session cannot be opened, and on error responses; sandbox keys', async (t) => {
  const before = await balance();
  for (const [scenario, message] of [
    ['broken', /HTTP 500/],
    ['captcha', /CAPTCHA/],
    ['login', /sign-in/],
  ] as const) {
    const created = await calls.create({ apply_url: sandboxUrl(scenario) });
    t.equal(created.status, 201, scenario);
    t.match(created.body, { status: 'error', is_terminal: true, error: message, fields: [] }, scenario);
  }
  t.equal(await balance(), before, 'each session that failed to open was refunded');
  const unsupported = await calls.create({ apply_url: 'https://careers.example.com/jobs/1' });
  t.match(unsupported, { status: 422, body: { code: 'unsupported_ats', api_version: '2026-08-12' } });
  t.equal(unsupported.headers.get('x-credits-deducted'), '0');
  t.match(await calls.create({ apply_url: 'ftp://example.com/x' }), { status: 400 });
  t.equal((await calls.create({ apply_url: `${service.url}/sandbox/apply/nope` })).status, 400);
  t.equal((await calls.create({ apply_url: sandboxUrl('one-page'), profile_id: '00000000-0000-4000-8000-000000000000' })).status, 404);
  t.equal(await balance(), before, 'error responses cost nothing');

  const sandboxKey = (await addKey(pool, account.id, 'sandbox')).key;
  const viaSandbox = sessionCalls(service.client.with({ 'X-Api-Key': sandboxKey }));
  t.match(await viaSandbox.create({ apply_url: replicas.applyUrls.greenhouse }), { status: 403, body: { error: 'sandbox_token_audience_forbidden' } });
  const free = await viaSandbox.create({ apply_url: sandboxUrl('one-page') });
  t.equal(free.status, 201);
  t.equal(free.body.status, 'form_ready');
  t.equal(await balance(), before, 'sandbox keys cost nothing');
  const invited = await applyAccount(service, { availability: 'invite_only' });
  t.match(await sessionCalls(invited.api).create({ apply_url: replicas.applyUrls.greenhouse }), { status: 403, body: { code: 'auto_apply_not_enabled' } });
});

t.test('an idle session expires after the answer window, and the worker closes its page', async (t) => {
  const idle = await startSessionService(t, { env: { AUTO_APPLY_ANSWER_WINDOW_SECONDS: '2' } });
  const { api } = await applyAccount(idle);
  const idleCalls = sessionCalls(api);
  const state = (await idleCalls.create({ apply_url: `${idle.url}/sandbox/apply/one-page` })).body;
  t.equal(state.status, 'form_ready');
  t.equal(livePagesOf(idle.runtime.pool), 1, "the worker keeps the session's page open");
  const expired = await waitFor('the idle session to expire', async () => {
    const current = await idleCalls.get(state.id);
    return current.body.status === 'expired' ? current.body : null;
  }, 30);
  t.match(expired, { is_terminal: true, fields: [] });
  await waitFor('the page to be closed', async () => livePagesOf(idle.runtime.pool) === 0, 30);
  t.match(await idleCalls.answers(state.id, [{ field_id: 'first_name', value: 'Ada' }]), { status: 409, body: { code: 'invalid_state' } });
});

t.test('a worker process killed mid-session: another one finishes it by replaying the stored answers', async (t) => {
  const api = await startSessionService(t, { workers: false });
  const { api: client } = await applyAccount(api);
  const apiSubmission = async (token: string) => (await api.runtime.pool.query('SELECT status, steps FROM sandbox_submissions WHERE token = $1', [token])).rows[0];
  const remote = sessionCalls(client);
  let worker = workerProcess(t, api);
  let state = (await remote.create({ apply_url: `${api.url}/sandbox/apply/three-page` })).body;
  t.equal(state.status, 'form_ready');
  state = (await remote.answers(state.id, [
    { field_id: 'first_name', value: 'Grace' },
    { field_id: 'last_name', value: 'Hopper' },
    { field_id: 'email', value: 'grace@example.com' },
  ])).body;
  t.equal(state.status, 'next_available');

  // Killed with page 1 filled in its browser: the next worker replays page 1 from the apply URL.
  await worker.kill();
  worker = workerProcess(t, api);
  state = (await remote.next(state.id)).body;
  t.equal(state.status, 'form_ready', state.error);
  t.same(fieldIds(state), ['years_experience', 'linkedin', 'work_authorization']);
  const token = sandboxToken(state.current_url)!;
  state = (await remote.answers(state.id, [
    { field_id: 'years_experience', value: 30 },
    { field_id: 'work_authorization', value: 'yes' },
  ])).body;
  t.equal(state.status, 'next_available');

  // Killed again on page 2: the next worker resumes where page 2 was read and sets its values again.
  await worker.kill();
  worker = workerProcess(t, api);
  state = (await remote.next(state.id)).body;
  t.same(fieldIds(state), ['cover_letter', 'consent'], state.error);
  state = (await remote.answers(state.id, [{ field_id: 'consent', value: true }])).body;
  t.equal(state.status, 'submit_ready');
  state = (await remote.submit(state.id)).body;
  t.equal(state.status, 'submitted', state.error);
  const sent = await apiSubmission(token);
  t.equal(sent.status, 'submitted');
  t.same(sent.steps.map((step: any) => step.answers), [
    { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' },
    { years_experience: '30', linkedin: '', work_authorization: 'yes' },
    { cover_letter: '', consent: 'agreed' },
  ]);
  await worker.kill();
});
