// The whole API path on a replica of a JazzHR posting page (test/fixtures/ats-forms/jazzhr/):
// AUTO_APPLY_PROVIDER_ORIGINS maps the replica's origin to `jazzhr`; the questions
// discovered must be the ones a person sees (the replica's expected.json); every answer given
// through the API must arrive in the multipart POST the page's own script sends to the
// posting link, the checkbox questions joined the way JazzHR joins them ("YES-||-").
import { createHash } from 'node:crypto';
import t from 'tap';
import { expectedFields, labelKey, startAtsFormReplicas } from './helpers/ats-form-replicas.ts';
import { applyAccount, ended, RESUME, startApplyService } from './helpers/auto-apply.ts';

const expected = expectedFields('jazzhr');

/** What a person answers, by the question's label; an option is named by the text it shows. */
const ANSWERS: Record<string, unknown> = {
  'First Name': 'Ada',
  'Last Name': 'Lovelace',
  'Email Address': 'ada@example.com',
  Phone: '+1 503 555 0142',
  Address: '12 Alder Street',
  City: 'Portland',
  'State/Province': 'OR',
  Postal: '97205',
  Resume: RESUME,
  "What's your citizenship / employment eligibility?": { option: 'Non-citizen allowed to work for any employer' },
  'Are you 18 years of age or older?': { option: 'Yes' },
  'If a current employee referred you to apply for this position, please provide their name for our records.': 'Grace Hopper',
  'Desired/expected annual salary - please provide a numerical range.': '85,000 - 95,000',
  'Are you currently, or have you ever been employed by Northwind Goods?': { option: 'NO' },
  'How many years of experience do you have?': { option: '3-5' },
  'Do you live in the geographical location that this position is based?': { options: ['YES'] },
  Gender: { option: 'Female' },
  'Race/Ethnicity': { option: 'Decline to answer' },
};
const attestation = expected.find((field) => field.type === 'checkbox')!;
ANSWERS[attestation.label] = true;

const replicas = await startAtsFormReplicas(t, ['jazzhr']);
const service = await startApplyService(t, { env: { AUTO_APPLY_PROVIDER_ORIGINS: replicas.originsSetting, AUTO_APPLY_CONFIRM_SECONDS: '10' } });
const { api } = await applyAccount(service);

t.test('jazzhr: the posting page, answered and posted the way its script posts it', async (t) => {
  const created = await api.post('/api/auto-apply/applications', { apply_url: replicas.url('jazzhr') }, { headers: { 'Idempotency-Key': 'more3-jazzhr' } });
  t.equal(created.status, 200);
  t.match(created.body, { status: 'awaiting_answers', provider_id: 'jazzhr' }, JSON.stringify(created.body.failure));
  const fields: any[] = created.body.current_step?.fields ?? [];

  // What is asked is what a person sees: label, type, required and the options shown.
  t.same(
    fields.map((field) => ({ label: labelKey(field.label), type: field.type, required: field.required })),
    expected.map((field) => ({ label: labelKey(field.label), type: field.type, required: field.required })),
    'the questions, in page order',
  );
  for (const want of expected.filter((field) => field.options)) {
    const found = fields.find((field) => labelKey(field.label) === labelKey(want.label));
    t.same(found?.options.map((option: any) => labelKey(option.label)).sort(), want.options!.map(labelKey).sort(), `"${want.label}" offers what the page shows, not its "No answer" entry`);
  }

  const answers = fields.map((field) => {
    const answer = Object.entries(ANSWERS).find(([label]) => labelKey(label) === labelKey(field.label))?.[1];
    const byText = (text: string) => field.options.find((option: any) => labelKey(option.label) === labelKey(text))?.value;
    const value = answer && typeof answer === 'object' && 'option' in answer ? byText(answer.option as string) : answer && typeof answer === 'object' && 'options' in answer ? (answer.options as string[]).map(byText) : answer;
    return { field_id: field.field_id, value };
  });
  t.notOk(answers.some((answer) => answer.value === undefined), 'every question has an answer');
  const accepted = await api.post(`/api/auto-apply/applications/${created.body.id}/answers`, { step_id: created.body.current_step.id, correction_round: 0, answers });
  t.equal(accepted.status, 200, JSON.stringify(accepted.body.command_errors));
  const done = await ended(api, created.body.id);
  t.match(done, { status: 'completed' }, JSON.stringify(done.failure ?? done.current_step?.command_errors));

  const submissions = replicas.submissions('jazzhr');
  t.equal(submissions.length, 1, 'the replica received one submission');
  const [submission] = submissions;
  if (!submission) return;
  t.match(submission, { method: 'POST', path: '/apply/Kq7XbT2mWd/Data-Analyst', content_type: 'multipart/form-data' });
  t.match(
    submission.fields,
    {
      'resumator-firstname-value': 'Ada',
      'resumator-lastname-value': 'Lovelace',
      'resumator-email-value': 'ada@example.com',
      'resumator-phone-value': '+1 503 555 0142',
      'resumator-address-value': '12 Alder Street',
      'resumator-city-value': 'Portland',
      'resumator-state-value': 'OR',
      'resumator-postal-value': '97205',
      'resumator-citizen-value': '20',
      'resumator-over18-value': '1',
      'resumator-questionnaire[1474073]': 'Grace Hopper',
      'resumator-questionnaire[1474072]': '85,000 - 95,000',
      'resumator-questionnaire[1474074]': 'NO',
      'resumator-questionnaire[1586173]': '3-5',
      'resumator-eeo_gender-value': '1',
      'resumator-eeo_race-value': '0',
      'resumator-job-value': 'Kq7XbT2mWd',
    },
    'every answer, under the names the page posts',
  );
  // The page's script joins each checkbox question's ticked boxes into its hidden answer.
  t.equal(submission.fields['resumator-questionnaire[1474070]'], 'YES-||-', 'the attestation ticked');
  t.equal(submission.fields['resumator-questionnaire[2316844]'], 'YES-||-', 'lives near the job: YES only');
  t.equal(submission.fields['resumator-checkbox-2316844-2'], undefined, 'NO left unticked');
  const resumeSha = createHash('sha256').update(Buffer.from(RESUME.content_base64, 'base64')).digest('hex');
  t.match(submission.files, [{ field: 'resumator-resume-value', filename: RESUME.filename, sha256: resumeSha }], 'the résumé, as the file upload');
  t.equal(submission.fields['resumator-resumetext-value'], '', 'nothing pasted instead');
});
