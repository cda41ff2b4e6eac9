// The whole API path on local replicas of real ATS pages: AUTO_APPLY_PROVIDER_ORIGINS
// maps each replica's loopback origin to its provider, so create matches Greenhouse,
// Lever or Ashby, the workers discover the form with that provider's adapter, the answers
// go in through the API, and the replica's server records one submission.
import t from 'tap';
import { startAtsReplicas, type ReplicaProvider } from './helpers/ats-replicas.ts';
import { applyAccount, ended, RESUME, startApplyService } from './helpers/auto-apply.ts';

/** A valid answer for any field, from its format and label (the lookups offer these places). */
function answerFor(field: any, place: string): unknown {
  switch (field.format) {
    case 'file':
      return RESUME;
    case 'boolean':
      return true;
    case 'number':
      return 5;
    case 'date':
      return '2027-01-04';
    case 'options':
      return [field.options[0].value];
    case 'option':
      return field.options ? field.options[0].value : place;
    case 'email':
      return 'ada@example.com';
    case 'phone':
      return '+44 20 7946 0958';
    case 'uri':
      return 'https://www.linkedin.com/in/ada';
  }
  if (field.type === 'typeahead') return place;
  if (/e-?mail/i.test(field.label)) return 'ada@example.com';
  if (/phone/i.test(field.label)) return '+44 20 7946 0958';
  if (/linkedin|github|portfolio|website|url/i.test(field.label)) return 'https://www.linkedin.com/in/ada';
  return 'Ada Lovelace';
}

const replicas = await startAtsReplicas(t);
const origins = Object.entries(replicas.loopbackProviders).map(([origin, provider]) => `${origin}=${provider}`).join(',');
const service = await startApplyService(t, { env: { AUTO_APPLY_PROVIDER_ORIGINS: origins, AUTO_APPLY_CONFIRM_SECONDS: '10' } });
const { api } = await applyAccount(service);

/** The Ashby replica's Phone entry: its texting-consent radios are the question "<path>#1". */
const ASHBY_PHONE = '3e1a9c4b-5d6f-4a8b-9c0d-1e2f3a4b5c6d';

const cases: Array<{ name: string; provider: ReplicaProvider; url: string; place: string; expect: Array<[string, string, boolean]>; recorded?: Record<string, unknown> }> = [
  {
    name: 'Greenhouse job board',
    provider: 'greenhouse',
    url: replicas.applyUrls.greenhouse,
    place: 'London, England, United Kingdom',
    expect: [
      ['first_name', 'text', true],
      ['email', 'text', true],
      ['candidate-location', 'typeahead', true],
      ['resume', 'file', true],
      ['question_30003', 'select', true],
      ['question_30006[]', 'checkboxes', true],
      ['gender', 'select', false],
    ],
  },
  {
    name: 'Greenhouse classic board',
    provider: 'greenhouse',
    url: replicas.applyUrls.greenhouseLegacy,
    place: 'London, England, United Kingdom',
    expect: [
      ['job_application[first_name]', 'text', true],
      ['resume', 'file', true],
    ],
  },
  { name: 'Lever', provider: 'lever', url: replicas.jobUrls.lever, place: 'London, England, United Kingdom', expect: [['name', 'text', true], ['resume', 'file', true], ['eeo[gender]', 'select', false]] },
  {
    name: 'Ashby',
    provider: 'ashby',
    url: replicas.jobUrls.ashby,
    place: 'Berlin, Germany',
    expect: [['_systemfield_name', 'text', true], ['_systemfield_resume', 'file', true], [ASHBY_PHONE, 'tel', false], [`${ASHBY_PHONE}#1`, 'radio', false]],
    // The first option of the consent is "Yes - I consent…": Ashby records true beside the phone number.
    recorded: { [ASHBY_PHONE]: '+44 20 7946 0958', _systemfield_sms_consent: true },
  },
];

for (const [index, replica] of cases.entries()) {
  t.test(`${replica.name}: discovered, answered and submitted through the API`, async (t) => {
    const before = replicas.submissions(replica.provider).length;
    const created = await api.post('/api/auto-apply/applications', { apply_url: replica.url }, { headers: { 'Idempotency-Key': `replica-${index}` } });
    t.equal(created.status, 200);
    t.match(created.body, { status: 'awaiting_answers', provider_id: replica.provider }, JSON.stringify(created.body.failure));
    const fields = created.body.current_step?.fields ?? [];
    for (const [id, type, required] of replica.expect) {
      t.match(
        fields.find((field: any) => field.field_id === id),
        { type, required, requires_answer: required },
        `${id}: ${type}, ${required ? 'required' : 'optional'}`,
      );
    }
    t.ok(fields.filter((field: any) => field.format === 'option' && field.options).every((field: any) => field.options.every((option: any) => option.value !== '')), 'options carry their values');

    const answers = fields.map((field: any) => ({ field_id: field.field_id, value: answerFor(field, replica.place) }));
    const accepted = await api.post(`/api/auto-apply/applications/${created.body.id}/answers`, { step_id: created.body.current_step.id, correction_round: 0, answers });
    t.equal(accepted.status, 200, JSON.stringify(accepted.body.command_errors));
    const application = await ended(api, created.body.id);
    t.match(application, { status: 'completed', submission_confirmation_kind: /^(provider_receipt|confirmation_page)$/ }, JSON.stringify(application.failure ?? application.current_step?.command_errors));
    t.equal(replicas.submissions(replica.provider).length, before + 1, 'the replica received one submission');
    if (replica.recorded) t.match(replicas.submissions(replica.provider).at(-1)?.fields, replica.recorded, 'the answers are in the submission');
  });
}
