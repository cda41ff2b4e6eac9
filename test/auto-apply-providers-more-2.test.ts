// The whole API path on replicas of Recruitee, BambooHR, Personio and Jobvite application
// pages and iCIMS's account step (test/fixtures/ats-forms/): AUTO_APPLY_PROVIDER_ORIGINS
// maps each replica's origin to its provider; the questions discovered must be the ones a
// person sees (the replica's expected.json, and for Jobvite's later steps the list below);
// every answer given through the API must arrive in the submission the replica records,
// the way the provider's page sends it.
import { createHash } from 'node:crypto';
import t, { type Test } from 'tap';
import { expectedFields, labelKey, startAtsFormReplicas, type FormSubmission, type ExpectedField } from './helpers/ats-form-replicas.ts';
import { applyAccount, ended, RESUME, settle, startApplyService } from './helpers/auto-apply.ts';


/** Jobvite's steps after the consent, as a person sees them once "I Accept" is pressed. */
const JOBVITE_STEPS: ExpectedField[][] = [
  [
    { label: 'Add Resume', type: 'file', required: true },
    { label: 'First Name', type: 'text', required: true },
    { label: 'Last Name', type: 'text', required: true },
    { label: 'Email', type: 'text', required: true },
    { label: 'Add Cover Letter', type: 'file', required: false },
  ],
  [{ label: 'Are you legally authorized to work in the United States?', type: 'radio', required: true, options: ['Yes', 'No'] }],
];

/** An answer a person could give, distinct per field so each can be found in the submission. */
function answerFor(field: any, index: number): unknown {
  switch (field.format) {
    case 'file':
      return RESUME;
    case 'boolean':
      return true;
    case 'number':
      return 40_000 + index;
    case 'date':
      return '2027-01-04';
    case 'option':
      return field.options.at(-1).value;
    case 'options':
      return [field.options[0].value];
    case 'email':
      return 'ada@example.com';
    case 'phone':
      return '+31 6 12345678';
    case 'uri':
      return 'https://www.linkedin.com/in/ada';
  }
  if (/e-?mail/i.test(field.label)) return 'ada@example.com';
  return `Ada answer ${index}`;
}

/** Checks the discovered fields against what a person sees; returns those that match, in page order. */
function checkFields(t: Test, fields: any[], expected: ExpectedField[]): any[] {
  const unmatched = [...fields];
  const matched: any[] = [];
  for (const want of expected) {
    const found = unmatched.find((field) => labelKey(field.label) === labelKey(want.label) && field.type === want.type);
    t.ok(found, `"${want.label}" (${want.type}) is asked`, { asked: fields.map((field) => `${field.label} (${field.type})`) });
    if (!found) continue;
    unmatched.splice(unmatched.indexOf(found), 1);
    matched.push(found);
    t.equal(found.required, want.required, `"${want.label}": ${want.required ? 'required' : 'optional'}`);
    if (want.options) t.same(found.options.map((option: any) => labelKey(option.label)).sort(), want.options.map(labelKey).sort(), `"${want.label}" offers what the page shows`);
  }
  t.same(unmatched.map((field) => field.label), [], 'nothing asked that the page does not ask');
  return fields.filter((field) => matched.includes(field));
}

const sent = (submission: FormSubmission | undefined, name: string) => submission?.fields[name];
const values = (submission: FormSubmission) => Object.values(submission.fields).flatMap((value) => (Array.isArray(value) ? value : [value])).map(String);

const replicas = await startAtsFormReplicas(t, ['recruitee', 'bamboohr', 'personio', 'jobvite', 'icims']);
const service = await startApplyService(t, { env: { AUTO_APPLY_PROVIDER_ORIGINS: replicas.originsSetting, AUTO_APPLY_CONFIRM_SECONDS: '10' } });
const { api } = await applyAccount(service);
const resumeSha = createHash('sha256').update(Buffer.from(RESUME.content_base64, 'base64')).digest('hex');

/** Answers every step as it comes (the matched questions only) until the application ends. */
async function applyThrough(t: Test, provider: string, steps: ExpectedField[][]): Promise<{ application: any; answered: Array<{ field: any; value: unknown }> }> {
  const created = await api.post('/api/auto-apply/applications', { apply_url: replicas.url(provider) }, { headers: { 'Idempotency-Key': `more2-${provider}` } });
  t.equal(created.status, 200);
  t.match(created.body, { status: 'awaiting_answers', provider_id: provider }, JSON.stringify(created.body.failure));
  const answered: Array<{ field: any; value: unknown }> = [];
  let current = created.body;
  for (const [index, expected] of steps.entries()) {
    if (current.status !== 'awaiting_answers') break;
    const fields = checkFields(t, current.current_step.fields, expected);
    const answers = fields.map((field, position) => ({ field_id: field.field_id, value: answerFor(field, position) }));
    answers.forEach((answer, position) => answered.push({ field: fields[position], value: answer.value }));
    const accepted = await api.post(`/api/auto-apply/applications/${current.id}/answers`, { step_id: current.current_step.id, correction_round: 0, answers });
    t.equal(accepted.status, 200, JSON.stringify(accepted.body.command_errors));
    current = index === steps.length - 1 ? await ended(api, current.id) : await settle(api, current.id, 90);
    if (index < steps.length - 1) t.match(current, { status: 'awaiting_answers' }, JSON.stringify(current.failure ?? current.current_step?.command_errors));
  }
  t.match(current, { status: 'completed' }, JSON.stringify(current.failure ?? current.current_step?.command_errors));
  return { application: current, answered };
}

function checkSentTexts(t: Test, submission: FormSubmission, answered: Array<{ field: any; value: unknown }>) {
  for (const { field, value } of answered) {
    if (field.format === 'file') t.ok(submission.files.some((file) => file.sha256 === resumeSha && file.filename === RESUME.filename), `"${field.label}": the résumé arrived`);
    else if (typeof value === 'string' && field.format !== 'option' && field.format !== 'boolean') t.ok(values(submission).includes(value), `"${field.label}": ${value} arrived`);
  }
}

t.test('recruitee: the Application tab, answered and sent to the Careers Site API', async (t) => {
  const { answered } = await applyThrough(t, 'recruitee', [expectedFields('recruitee')]);
  const submissions = replicas.submissions('recruitee');
  t.equal(submissions.length, 1, 'the replica received one submission');
  const [submission] = submissions;
  if (!submission) return;
  t.match(submission, { method: 'POST', path: '/api/offers/data-analyst/candidates', content_type: 'multipart/form-data' });
  checkSentTexts(t, submission, answered);
  t.equal(sent(submission, 'candidate[name]'), answered[0].value, 'the name');
  t.same(submission.files.map((file) => file.field).sort(), ['candidate[cover_letter_file]', 'candidate[cv]'], 'the CV and the cover letter');
  const questions = [0, 1, 2, 3].map((index) => [sent(submission, `candidate[open_question_answers_attributes][${index}][open_question_id]`), sent(submission, `candidate[open_question_answers_attributes][${index}][flag]`)]);
  t.same(questions[2], ['7465118', 'false'], 'the Yes/No question answered "No" (its last option)');
  t.equal(sent(submission, 'candidate[agreements][0][consent]'), 'true', 'the consent given');
});

t.test('recruitee: the offer page leads to the same form', async (t) => {
  const created = await api.post('/api/auto-apply/applications', { apply_url: replicas.url('recruitee', 'job') }, { headers: { 'Idempotency-Key': 'more2-recruitee-job' } });
  t.match(created.body, { status: 'awaiting_answers', provider_id: 'recruitee' }, JSON.stringify(created.body.failure));
  t.equal(created.body.current_step?.fields.length, expectedFields('recruitee').length);
  t.equal((await api.post(`/api/auto-apply/applications/${created.body.id}/cancel`, {})).status, 202, 'canceled');
});

t.test('bamboohr: "Apply for This Job", Fabric selects and the nameless résumé input', async (t) => {
  const { answered } = await applyThrough(t, 'bamboohr', [expectedFields('bamboohr')]);
  const [submission] = replicas.submissions('bamboohr');
  t.equal(replicas.submissions('bamboohr').length, 1, 'the replica received one submission');
  if (!submission) return;
  t.match(submission, { method: 'POST', path: '/careers/201/apply', content_type: 'multipart/form-data' });
  checkSentTexts(t, submission, answered);
  t.same(submission.files.map((file) => file.field), ['resumeFileId'], 'the résumé');
  // A Fabric select sends the chosen option's id (detail.json), picked by its text.
  t.equal(sent(submission, 'state.value'), '48', 'State: WA');
  t.equal(sent(submission, 'countryId.value'), '222', 'Country: United Kingdom, replacing the preset United States');
  t.equal(sent(submission, 'genderId'), '2', 'Gender: Female');
  t.equal(sent(submission, 'veteranStatusId'), '18383', 'Veteran Status: Recently Separated Veteran');
  t.equal(sent(submission, 'preferredName'), '', 'the "leave this field blank" trap left blank');
});

t.test('personio: the job page, its application page and the privacy consent', async (t) => {
  const { answered } = await applyThrough(t, 'personio', [expectedFields('personio')]);
  const [submission] = replicas.submissions('personio');
  t.equal(replicas.submissions('personio').length, 1, 'the replica received one submission');
  if (!submission) return;
  t.match(submission, { method: 'POST', path: '/job/1834171/apply', content_type: 'multipart/form-data' });
  checkSentTexts(t, submission, answered);
  t.same(submission.files.map((file) => file.field), ['documents.cv'], 'the CV');
  t.equal(sent(submission, 'available_from'), '2027-01-04');
  t.equal(sent(submission, 'privacy_policy_acceptance'), '1', 'the consent given');
  const created = await api.post('/api/auto-apply/applications', { apply_url: replicas.url('personio', 'job') }, { headers: { 'Idempotency-Key': 'more2-personio-job' } });
  t.match(created.body, { status: 'awaiting_answers', current_step: { fields: answered.map(({ field }) => ({ field_id: field.field_id })) } }, 'the job page leads to the same questions');
  await api.post(`/api/auto-apply/applications/${created.body.id}/cancel`, {});
});

t.test('jobvite: the data consent, the form behind it and its prescreen step', async (t) => {
  const { answered } = await applyThrough(t, 'jobvite', [expectedFields('jobvite'), ...JOBVITE_STEPS]);
  const [submission] = replicas.submissions('jobvite');
  t.equal(replicas.submissions('jobvite').length, 1, 'the replica received one submission');
  if (!submission) return;
  t.match(submission, { method: 'POST', path: '/brambleway/job/oAbCdEfG/apply', content_type: 'multipart/form-data' });
  checkSentTexts(t, submission, answered);
  t.equal(sent(submission, 'consentPolicyId'), '815b0c56', 'the consent chosen');
  t.equal(sent(submission, 'yROGYfw3'), 'No', 'the prescreen answer');
  t.same(submission.files.map((file) => file.field).sort(), ['coverLetter', 'resume'], 'résumé and cover letter, each through its popup');
});

t.test('icims: the apply route is the account step, reported as login_required with the page kept', async (t) => {
  for (const entry of ['job', 'apply']) {
    const created = await api.post('/api/auto-apply/applications', { apply_url: replicas.url('icims', entry) }, { headers: { 'Idempotency-Key': `more2-icims-${entry}` } });
    t.equal(created.status, 200);
    t.match(created.body, { status: 'failed', provider_id: 'icims', failure: { code: 'login_required' } }, entry);
    const { rows } = await service.runtime.pool.query('SELECT page_url, html, screenshot IS NOT NULL AS screenshot FROM application_snapshots WHERE application_id = $1', [created.body.id]);
    t.match(rows, [{ page_url: /\/jobs\/1234\/data-analyst\/login\?in_iframe=1$/, html: /id="enterEmailForm"/, screenshot: true }], `${entry}: the account step is kept as a snapshot`);
  }
  t.equal(replicas.submissions('icims').length, 0, 'not even the email was sent');
});
