// The whole API path on replicas of Workable's own form, Breezy HR and Teamtailor
// (test/fixtures/ats-forms/), and Workday's account wall: AUTO_APPLY_PROVIDER_ORIGINS maps
// each replica's origin to its provider; the questions discovered must be the ones a
// person sees on the page (the replica's expected.json); every answer given through the
// API must arrive in the submission the replica records.
import { createHash } from 'node:crypto';
import t from 'tap';
import { expectedFields, labelKey, startAtsFormReplicas, type FormSubmission } from './helpers/ats-form-replicas.ts';
import { applyAccount, ended, RESUME, startApplyService } from './helpers/auto-apply.ts';


/** An answer a person could give, distinct per field so each can be found in the submission. */
function answerFor(field: any, index: number): unknown {
  switch (field.format) {
    case 'file':
      return RESUME;
    case 'boolean':
      return true;
    case 'number':
      return 40_000 + index;
    case 'option':
      return field.options.at(-1).value;
    case 'options':
      return [field.options[0].value];
    case 'email':
      return 'ada@example.com';
    case 'phone':
      return '+44 20 7946 0958';
    case 'uri':
      return 'https://www.linkedin.com/in/ada';
  }
  if (/e-?mail/i.test(field.label)) return 'ada@example.com';
  if (/phone/i.test(field.label)) return '+44 20 7946 0958';
  return `Ada answer ${index}`;
}

/** Every text value the replica received, whatever the part names were. */
function sentValues(submission: FormSubmission): string[] {
  return Object.values(submission.fields).flatMap((value) => (Array.isArray(value) ? value : [value])).map(String);
}

const replicas = await startAtsFormReplicas(t, ['workable', 'breezy', 'teamtailor', 'workday']);
const service = await startApplyService(t, { env: { AUTO_APPLY_PROVIDER_ORIGINS: replicas.originsSetting, AUTO_APPLY_CONFIRM_SECONDS: '10' } });
const { api } = await applyAccount(service);
const resumeSha = createHash('sha256').update(Buffer.from(RESUME.content_base64, 'base64')).digest('hex');

for (const provider of ['workable', 'breezy', 'teamtailor']) {
  t.test(`${provider}: the questions a person sees, answered and submitted through the API`, async (t) => {
    const created = await api.post('/api/auto-apply/applications', { apply_url: replicas.url(provider) }, { headers: { 'Idempotency-Key': `more-${provider}` } });
    t.equal(created.status, 200);
    t.match(created.body, { status: 'awaiting_answers', provider_id: provider }, JSON.stringify(created.body.failure));
    const fields: any[] = created.body.current_step?.fields ?? [];

    // Matched by label and type: one heading may name several controls (Breezy's salary row).
    const unmatched = [...fields];
    for (const want of expectedFields(provider)) {
      const found = unmatched.find((field) => labelKey(field.label) === labelKey(want.label) && field.type === want.type);
      t.ok(found, `"${want.label}" (${want.type}) is asked`, { asked: fields.map((field) => `${field.label} (${field.type})`) });
      if (!found) continue;
      unmatched.splice(unmatched.indexOf(found), 1);
      t.equal(found.required, want.required, `"${want.label}": ${want.required ? 'required' : 'optional'}`);
      if (want.options) t.same(found.options.map((option: any) => labelKey(option.label)).sort(), want.options.map(labelKey).sort(), `"${want.label}" offers what the page shows`);
    }
    t.equal(fields.length, expectedFields(provider).length, 'nothing asked that the page does not ask');

    const answers = fields.map((field, position) => ({ field_id: field.field_id, value: answerFor(field, position) }));
    const accepted = await api.post(`/api/auto-apply/applications/${created.body.id}/answers`, { step_id: created.body.current_step.id, correction_round: 0, answers });
    t.equal(accepted.status, 200, JSON.stringify(accepted.body.command_errors));
    const application = await ended(api, created.body.id);
    t.match(application, { status: 'completed' }, JSON.stringify(application.failure ?? application.current_step?.command_errors));

    const submissions = replicas.submissions(provider);
    t.equal(submissions.length, 1, 'the replica received one submission');
    const [submission] = submissions;
    if (!submission) return;
    const values = sentValues(submission);
    for (const [position, field] of fields.entries()) {
      const answer = answers[position].value;
      if (field.format === 'file') t.ok(submission.files.some((file) => file.sha256 === resumeSha && file.filename === RESUME.filename), `"${field.label}": the résumé arrived`);
      else if (typeof answer === 'string' || typeof answer === 'number') t.ok(values.includes(String(answer)), `"${field.label}": ${answer} arrived`);
    }
  });
}

t.test('workday: the application starts with an account, reported as login_required with the page kept', async (t) => {
  for (const entry of ['job', 'apply']) {
    const created = await api.post('/api/auto-apply/applications', { apply_url: replicas.url('workday', entry) }, { headers: { 'Idempotency-Key': `more-workday-${entry}` } });
    t.equal(created.status, 200);
    t.match(created.body, { status: 'failed', provider_id: 'workday', failure: { code: 'login_required' } }, entry);
    const { rows } = await service.runtime.pool.query('SELECT page_url, html IS NOT NULL AS html, screenshot IS NOT NULL AS screenshot FROM application_snapshots WHERE application_id = $1', [created.body.id]);
    t.match(rows, [{ page_url: /\/apply\/applyManually$/, html: true, screenshot: true }], 'the sign-in wall is kept as a snapshot');
  }
  t.equal(replicas.submissions('workday').length, 0, 'nothing was sent');
});
