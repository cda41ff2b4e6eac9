// One-call runs end to end, over HTTP with real Chromium and real stored profiles: the
// three-page sandbox form filled from the profile and submitted (the sandbox's record
// checked field by field), a form with a required question the profile cannot answer
// (stopped before submitting, the field named, the session finished by the session
// endpoints), profiles that cannot be used, the credits, and runs on provider replicas.
import t from 'tap';
import { applyAccount } from './helpers/auto-apply.ts';
import { startAtsReplicas } from './helpers/ats-replicas.ts';
import { startAtsFormReplicas } from './helpers/ats-form-replicas.ts';
import { addKey } from './helpers/accounts.ts';
import { waitFor } from './helpers/wait.ts';
import { buildResumePdf, SAMPLE_RESUME } from './helpers/resume-documents.ts';
import { questions, sandboxToken, sessionCalls, startSessionService, workerProcess } from './helpers/sessions.ts';
import { createCompanies, insertJobs, job, berlin } from './fixtures/jobs.ts';
import { startWorkers } from '../workers/runner.ts';
import { workerModules } from '../workers/registry.ts';
import { profileImportQueue } from '../lib/queues.ts';
import type { ApiClient } from './helpers/client.ts';

const replicas = await startAtsReplicas(t);
const formReplicas = await startAtsFormReplicas(t, ['personio', 'teamtailor', 'workable']);
const origins = Object.entries({ ...replicas.loopbackProviders, ...formReplicas.loopbackProviders }).map(([origin, provider]) => `${origin}=${provider}`).join(',');
const service = await startSessionService(t, { env: { AUTO_APPLY_PROVIDER_ORIGINS: origins, AUTO_APPLY_CONFIRM_SECONDS: '5' } });
const { pool } = service.runtime;
const account = await applyAccount(service);
const calls = sessionCalls(account.api);
const PROFILES = '/api/auto-apply/profiles';
const threePage = `${service.url}/sandbox/apply/three-page`;
const balance = async () => (await account.api.get('/api/account')).body.account.credits_balance as number;
const submission = async (token: string) => (await pool.query('SELECT status, steps, files FROM sandbox_submissions WHERE token = $1', [token])).rows[0];

const ADA = {
  name: 'Engineering roles',
  contact: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada.lovelace@example.com', phone: '+44 20 7946 0958' },
  location: { city: 'Berlin', country: 'DE' },
  links: { linkedin: 'https://www.linkedin.com/in/ada' },
  work_experience: [{ company: 'Analytical Engines', title: 'Analyst', start_date: '2012-03', end_date: '2019-03', is_current: false }],
  eligibility: { work_authorized_countries: ['DE', 'GB'], requires_sponsorship: false },
  cover_letter_template: 'Dear {{company_name}} team, I would like to join as {{job_title}}.',
};

async function createProfile(api: ApiClient, body: Record<string, unknown> = ADA): Promise<any> {
  const created = await api.post(PROFILES, body);
  if (created.status !== 201) throw new Error(`profile create: ${created.status} ${created.text}`);
  return created.body;
}

// The job behind the three-page form: its company, title and country are what the answerer works with.
const companies = await createCompanies(pool);
await insertJobs(pool, [job({ company_id: companies.acme, title: 'Sandbox Engineer', apply_url: threePage, locations: [berlin] })]);

t.test('a run on the three-page sandbox form submits exactly the profile\'s values', async (t) => {
  const profile = await createProfile(account.api);
  const before = await balance();
  const response = await calls.run({ profile_id: profile.id, apply_url: threePage });
  t.equal(response.status, 200);
  t.equal(response.headers.get('x-credits-deducted'), '200');
  const result = response.body;
  t.match(result, {
    api_version: '2026-08-12',
    profile_id: profile.id,
    apply_url: threePage,
    provider_id: 'sandbox',
    provider_display_name: 'Sandbox ATS',
    status: 'Submitted',
    success: true,
    error: null,
    steps_completed: 3,
    fields_filled: 8,
  });
  t.ok(result.duration_ms > 0 && result.duration_ms < 90_000, `duration_ms ${result.duration_ms}`);
  t.same(
    result.step_log.map((entry: any) => [entry.step, entry.action, entry.status, entry.fields_count, entry.error]),
    [
      [1, 'fill_form', 'completed', 3, null],
      [1, 'navigate_next', 'completed', 3, null],
      [2, 'fill_form', 'completed', 3, null],
      [2, 'navigate_next', 'completed', 3, null],
      [3, 'fill_form', 'completed', 2, null],
      [3, 'submit', 'completed', 2, null],
    ],
  );
  const stamps = result.step_log.map((entry: any) => Date.parse(entry.timestamp));
  t.same(stamps, [...stamps].sort((a, b) => a - b), 'the log is in order');

  const session = (await calls.get(result.session_id)).body;
  t.match(session, { status: 'submitted', is_terminal: true });
  const sent = await submission(sandboxToken(session.current_url)!);
  t.equal(sent.status, 'submitted');
  t.same(sent.steps.map((step: any) => step.answers), [
    { first_name: 'Ada', last_name: 'Lovelace', email: 'ada.lovelace@example.com' },
    { years_experience: '7', linkedin: 'https://www.linkedin.com/in/ada', work_authorization: 'yes' },
    { cover_letter: 'Dear Acme Robotics team, I would like to join as Sandbox Engineer.', consent: 'agreed' },
  ], 'the sandbox received the profile\'s values, field by field');
  t.equal(await balance(), before - 200, 'a submitted run keeps its charge');
  t.same((await calls.getRun(result.session_id)).body, result, 'GET /runs/{id} gives the same result');
});

t.test('a required question the profile cannot answer: stopped before submitting, the field named, the session finished by hand', async (t) => {
  const profile = await createProfile(account.api);
  // No job behind this URL: "authorized to work in the country of this job?" has no country to go by.
  const applyUrl = `${threePage}?source=run-test`;
  const result = (await calls.run({ profile_id: profile.id, apply_url: applyUrl })).body;
  t.match(result, { status: 'Incomplete', success: false, steps_completed: 1, fields_filled: 5 });
  t.match(result.error, /^Stopped before submitting: 1 required field\(s\) on page 2 have no answer from the profile: "Are you authorized to work in the country of this job\?" \(work_authorization\): /);
  t.match(result.error, /country/);
  t.same(result.step_log.map((entry: any) => [entry.step, entry.action, entry.status]), [
    [1, 'fill_form', 'completed'],
    [1, 'navigate_next', 'completed'],
    [2, 'fill_form', 'incomplete'],
  ]);
  t.match(result.step_log[2].error, /work in the country/);

  let state = (await calls.get(result.session_id)).body;
  t.match(state, { status: 'form_ready', is_terminal: false, validation_errors: [] });
  t.same(questions(state).map((field: any) => [field.field_id, field.current_value]), [
    ['years_experience', 7],
    ['linkedin', 'https://www.linkedin.com/in/ada'],
    ['work_authorization', null],
  ], 'what the profile answered is set; the open question is not');
  const token = sandboxToken(state.current_url)!;
  t.equal((await submission(token)).status, 'in_progress', 'nothing was submitted');

  state = (await calls.answers(result.session_id, [{ field_id: 'work_authorization', value: 'yes' }])).body;
  t.equal(state.status, 'next_available');
  state = (await calls.next(result.session_id)).body;
  t.equal(state.status, 'submit_ready', 'the last page is complete from the profile');
  t.same(questions(state).map((field: any) => [field.field_id, field.current_value]), [['cover_letter', null], ['consent', true]], 'no cover letter: the job is unknown, so the template cannot be filled');
  state = (await calls.submit(result.session_id)).body;
  t.equal(state.status, 'submitted');
  t.same((await submission(token)).steps.map((step: any) => step.answers), [
    { first_name: 'Ada', last_name: 'Lovelace', email: 'ada.lovelace@example.com' },
    { years_experience: '7', linkedin: 'https://www.linkedin.com/in/ada', work_authorization: 'yes' },
    { cover_letter: '', consent: 'agreed' },
  ]);
  t.equal((await calls.getRun(result.session_id)).body.status, 'Incomplete', 'the run result stays what the run did');
});

t.test("an interactive session with a profile: each page starts with the profile's values", async (t) => {
  const profile = await createProfile(account.api);
  const created = await calls.create({ apply_url: threePage, profile_id: profile.id });
  t.equal(created.status, 201);
  let state = created.body;
  t.equal(state.status, 'next_available', 'page 1 is complete from the profile');
  t.same(questions(state).map((field: any) => [field.field_id, field.current_value]), [
    ['first_name', 'Ada'],
    ['last_name', 'Lovelace'],
    ['email', 'ada.lovelace@example.com'],
  ]);
  state = (await calls.answers(state.id, [{ field_id: 'first_name', value: 'Augusta Ada' }])).body;
  t.equal(state.fields[0].current_value, 'Augusta Ada', 'the caller can change a prefilled value');
  state = (await calls.next(state.id)).body;
  t.equal(state.status, 'next_available');
  t.same(questions(state).map((field: any) => [field.field_id, field.current_value]), [
    ['years_experience', 7],
    ['linkedin', 'https://www.linkedin.com/in/ada'],
    ['work_authorization', 'yes'],
  ], "the job's country answers the work-authorization question");
  t.equal((await calls.end(state.id)).body.status, 'expired');
});

t.test('credits: an incomplete run whose session then ends unsubmitted is refunded; errors cost nothing', async (t) => {
  const profile = await createProfile(account.api);
  const before = await balance();
  const result = (await calls.run({ profile_id: profile.id, apply_url: `${threePage}?source=refund-test` })).body;
  t.equal(result.status, 'Incomplete');
  t.equal(await balance(), before - 200, 'held while the session is open');
  t.equal((await calls.end(result.session_id)).body.status, 'expired');
  t.equal(await balance(), before, 'nothing was submitted: refunded');

  const broken = await calls.run({ profile_id: profile.id, apply_url: `${service.url}/sandbox/apply/broken` });
  t.match(broken, { status: 200, body: { status: 'Failed', success: false, error: /HTTP 500/, steps_completed: 0 } });
  t.match(broken.body.step_log, [{ step: 1, action: 'fill_form', status: 'failed' }]);
  t.equal((await calls.get(broken.body.session_id)).body.status, 'error');
  t.equal(await balance(), before, 'a failed run is refunded');

  const unsupported = await calls.run({ profile_id: profile.id, apply_url: 'https://careers.example.com/jobs/1' });
  t.match(unsupported, { status: 422, body: { code: 'unsupported_ats' } });
  t.equal(await balance(), before);
});

t.test('profiles that cannot be used: not the caller\'s (404), importing or import_failed (409)', async (t) => {
  const other = await applyAccount(service);
  const theirs = await createProfile(other.api);
  const before = await balance();
  t.match(await calls.run({ profile_id: theirs.id, apply_url: threePage }), { status: 404, body: { detail: /No profile/ } });
  t.match(await calls.create({ apply_url: threePage, profile_id: theirs.id }), { status: 404 });
  const sandboxOwn = await createProfile(service.client.with({ 'X-Api-Key': (await addKey(pool, account.id, 'sandbox')).key }));
  t.equal((await calls.run({ profile_id: sandboxOwn.id, apply_url: threePage })).status, 404, "a sandbox key's profile is kept apart from live keys");

  const importing = await createProfile(account.api);
  const pdf = await buildResumePdf(SAMPLE_RESUME, 'single');
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'resume.pdf');
  const encoded = new Response(form);
  const uploaded = await account.api.request('PUT', `${PROFILES}/${importing.id}/resume`, { rawBody: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } });
  t.equal(uploaded.status, 202);
  t.equal(uploaded.body.status, 'importing', 'no import worker runs here: it stays importing');
  t.match(await calls.run({ profile_id: importing.id, apply_url: threePage }), { status: 409, body: { code: 'profile_not_ready', detail: /importing/ } });
  await pool.query("UPDATE applicant_profiles SET status = 'import_failed', import_error = 'The PDF has no text layer.' WHERE id = $1", [importing.id]);
  t.match(await calls.run({ profile_id: importing.id, apply_url: threePage }), { status: 409, body: { code: 'profile_not_ready', detail: /no text layer/ } });
  t.equal(await balance(), before, 'refused runs cost nothing');
});

t.test('runs on provider replicas, with the résumé from the profile', async (t) => {
  const withImports = await startWorkers(service.runtime.boss, workerModules.filter((module) => module.queue.name === profileImportQueue.name), service.runtime);
  t.teardown(withImports);
  const profile = await createProfile(account.api, {
    ...ADA,
    location: { city: 'London', country: 'GB' },
    preferences: { salary_expectation: { amount: 65000, currency: 'GBP', period: 'year' }, earliest_start_date: '2027-01-04' },
  });
  const pdf = await buildResumePdf({ ...SAMPLE_RESUME, name: 'Ada Lovelace', contact: { ...SAMPLE_RESUME.contact, email: 'ada.lovelace@example.com', phone: '+44 20 7946 0958', location: 'London, United Kingdom' } }, 'single');
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'ada-lovelace.pdf');
  const encoded = new Response(form);
  await account.api.request('PUT', `${PROFILES}/${profile.id}/resume`, { rawBody: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } });
  const ready = await waitFor('the résumé import', async () => {
    const current = (await account.api.get(`${PROFILES}/${profile.id}`)).body;
    return current.status !== 'importing' ? current : null;
  }, 60);
  t.equal(ready.status, 'ready', ready.import_error);

  for (const provider of ['personio', 'teamtailor', 'workable']) {
    const before = formReplicas.submissions(provider).length;
    const result = (await calls.run({ profile_id: profile.id, apply_url: formReplicas.url(provider) })).body;
    t.match(result, { provider_id: provider, status: 'Submitted', success: true, error: null }, `${provider}: ${result.error ?? 'submitted'}`);
    t.ok(result.fields_filled >= 5, `${provider}: ${result.fields_filled} fields filled`);
    t.equal(formReplicas.submissions(provider).length, before + 1, `${provider}: one submission`);
    const sent = formReplicas.submissions(provider).at(-1)!;
    t.match(JSON.stringify(sent.fields), ready.contact.email, `${provider}: the profile's email went out`);
    t.match(JSON.stringify(sent.fields), 'Lovelace', `${provider}: the profile's name went out`);
    if (provider !== 'personio') t.match(sent.files, [{ filename: 'ada-lovelace.pdf', size: pdf.length }], `${provider}: the profile's résumé was attached`);
  }

  // Ashby's form asks why the applicant wants to join: only they can say. Nothing is sent.
  const before = replicas.submissions('ashby').length;
  const result = (await calls.run({ profile_id: profile.id, apply_url: replicas.jobUrls.ashby })).body;
  t.match(result, { provider_id: 'ashby', status: 'Incomplete', success: false, steps_completed: 0 });
  t.match(result.error, /1 required field\(s\) on page 1 have no answer from the profile: "Why do you want to join Acme\?" \(1a9c7e2d-3f4b-4c6d-9e8f-9a0b1c2d3e4f\): an open question/);
  t.equal(replicas.submissions('ashby').length, before, 'nothing was sent');
  const state = (await calls.get(result.session_id)).body;
  t.equal(state.status, 'form_ready');
  t.equal(state.fields.find((field: any) => field.field_id === '_systemfield_email').current_value, ready.contact.email, 'what the profile answers is set');
});

t.test('a run whose worker process is killed mid-run is taken up by the next worker and submitted once', async (t) => {
  const api = await startSessionService(t, { workers: false, env: { AUTO_APPLY_HOLD_SECONDS: '1' } });
  const { api: client } = await applyAccount(api);
  const remote = sessionCalls(client);
  const slowUrl = `${api.url}/sandbox/apply/three-page?delay_ms=4000`;
  const ids = await createCompanies(api.runtime.pool);
  await insertJobs(api.runtime.pool, [job({ company_id: ids.acme, title: 'Sandbox Engineer', apply_url: slowUrl, locations: [berlin] })]);
  const profile = await createProfile(client);
  let worker = workerProcess(t, api);
  const started = await remote.run({ profile_id: profile.id, apply_url: slowUrl });
  t.equal(started.status, 202, 'the hold runs out while the form is slow to answer');
  t.match(started.body, { status: 'Running', success: false, error: null, steps_completed: 0, step_log: [] });
  const jobState = async () => (await api.runtime.pool.query("SELECT state FROM pgboss.job WHERE name = 'apply.session' AND data->>'session_id' = $1", [started.body.session_id])).rows[0]?.state;
  await waitFor('the worker to take the run', async () => (await jobState()) === 'active', 30);
  await worker.kill();
  worker = workerProcess(t, api);
  const result = await waitFor('the run to end', async () => {
    const current = await remote.getRun(started.body.session_id, 30);
    return current.body.status !== 'Running' ? current.body : null;
  }, 120);
  t.match(result, { status: 'Submitted', success: true, steps_completed: 3, fields_filled: 8 });
  t.same(result.step_log.map((entry: any) => [entry.step, entry.action, entry.status]), [
    [1, 'fill_form', 'completed'],
    [1, 'navigate_next', 'completed'],
    [2, 'fill_form', 'completed'],
    [2, 'navigate_next', 'completed'],
    [3, 'fill_form', 'completed'],
    [3, 'submit', 'completed'],
  ]);
  const { rows } = await api.runtime.pool.query("SELECT count(*)::int AS n FROM sandbox_submissions WHERE scenario = 'three-page' AND status = 'submitted'");
  t.equal(rows[0].n, 1, 'submitted once');
  await worker.kill();
});
