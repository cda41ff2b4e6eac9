// The profile answerer (apply/profiles/answerer.ts) on the questions real forms ask: every
// replica page's expected questions (test/fixtures/ats-forms/*/expected.json and
// test/fixtures/ats/expected.json), the sandbox scenarios and hand-built questions in
// German, French, Spanish and English. For each, a table of what a careful person would
// answer from the profile, written by reading the questions: exact values (option VALUES,
// which differ from the labels here), the résumé FileValue, the cover letter with its
// placeholders filled, the decline options, and the required questions left unanswered.
// Every answer set must also pass apply/answers.ts's own checking.
import t from 'tap';
import type { Test } from 'tap';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { answerFromProfile, type JobContext, type ProfileAnswers } from '../apply/profiles/answerer.ts';
import { publicField, type Field } from '../apply/fields.ts';
import { checkAnswers, type FileValue } from '../apply/answers.ts';
import type { ExtractedType } from '../apply/extract-fields.ts';
import type { ApplicantProfile } from '../apply/profiles/profile.ts';
import { clock } from '../lib/clock.ts';
import { SCENARIOS } from '../api/sandbox/scenarios.ts';
import { expectedFields, type ExpectedField } from './helpers/ats-form-replicas.ts';

clock.freeze(Date.parse('2026-06-15T12:00:00Z'));
t.teardown(() => clock.reset());

// ---------------------------------------------------------------------------------------
// Profiles.

const RESUME_BYTES = Buffer.from('%PDF-1.4\n% Amélie Okafor, curriculum vitae\n1 0 obj << >> endobj\n%%EOF\n');

const full: ApplicantProfile = {
  id: '5b0f3c1e-8d4a-4c57-9a0e-2f6d1c3b7e10',
  status: 'ready',
  name: 'Default',
  contact: { first_name: 'Amélie', last_name: 'Okafor', preferred_name: 'Amy', email: 'amelie.okafor@example.com', phone: '+44 7700 900123', date_of_birth: '1990-04-12' },
  location: { address_line1: '14 Elm Row', city: 'London', state: 'England', postal_code: 'N1 7GU', country: 'United Kingdom' },
  links: { linkedin: 'https://www.linkedin.com/in/amelie-okafor', github: 'https://github.com/aokafor', portfolio: 'https://amelie.dev', website: null },
  work_experience: [
    {
      company: 'Globex Payments',
      title: 'Senior Backend Engineer',
      location: 'London',
      start_date: '2021-03',
      is_current: true,
      description: 'Payment APIs in TypeScript and Node.js on PostgreSQL and Kubernetes.',
    },
    { company: 'Initech Ltd', title: 'Software Engineer', location: 'Manchester', start_date: '2017-09', end_date: '2021-02', is_current: false, description: 'Python and Django services; moved the front end to TypeScript.' },
    { company: 'Acme Labs', title: 'Junior Developer (Python)', location: 'Manchester', start_date: '2016-01', end_date: '2017-08', is_current: false, description: 'Data pipelines.' },
  ],
  education: [{ school: 'University of Manchester', degree: 'BSc', field_of_study: 'Computer Science', start_date: '2012-09', end_date: '2015-06', gpa: null }],
  eligibility: { work_authorized_countries: ['United Kingdom', 'DE'], requires_sponsorship: false },
  preferences: {
    salary_expectation: { amount: 85000, currency: 'GBP', period: 'year' },
    earliest_start_date: '2026-09-01',
    willing_to_relocate: true,
    remote_preference: 'hybrid',
    preferred_locations: ['London', 'Berlin'],
  },
  self_identification: { gender: 'female', ethnicity: 'black_or_african_american', veteran_status: 'not_a_veteran', disability_status: 'prefer_not_to_say' },
  memories: [
    'I have 6 years of experience with TypeScript.',
    'My notice period is one month.',
    'I hold a full UK driving licence.',
    'I am willing to travel up to 20% of the time.',
    'I have never been convicted of a criminal offence.',
  ],
  cover_letter_template:
    'Dear {{company_name}} team,\n\nI am applying for the {{ job_title }} role. As {{current_title}} at {{current_company}} I build payment APIs in TypeScript.\n\nKind regards,\n{{full_name}}',
  resume: { file_name: 'Amelie-Okafor-CV.pdf', content_type: 'application/pdf', bytes: RESUME_BYTES },
};

/** What a résumé import alone gives, minus the résumé: a name and an email. */
const sparse: ApplicantProfile = {
  id: '0c9e4b7a-1f2d-4e3c-8b5a-6d7e8f9a0b1c',
  status: 'ready',
  name: 'Default',
  contact: { first_name: 'Sam', last_name: 'Lee', email: 'sam.lee@example.org' },
  location: {},
  links: {},
  work_experience: [],
  education: [],
  eligibility: {},
  preferences: {},
  self_identification: {},
  memories: [],
  cover_letter_template: null,
  resume: null,
};

const job = (company_name: string | null, title: string | null, country_code: string | null): JobContext => ({ company_name, title, country_code });
const letter = (company: string, title: string) =>
  `Dear ${company} team,\n\nI am applying for the ${title} role. As Senior Backend Engineer at Globex Payments I build payment APIs in TypeScript.\n\nKind regards,\nAmélie Okafor`;

// ---------------------------------------------------------------------------------------
// Fields and expectations.

/** Fields as the API shows them, from a list of questions a person wrote; option values are not their texts. */
function fieldsFrom(prefix: string, questions: Array<ExpectedField & { constraints?: Field['constraints'] }>): Field[] {
  return questions.map((question, index) =>
    publicField({
      field_id: `${prefix}-${index + 1}`,
      type: question.type as ExtractedType,
      label: question.label,
      required: question.required,
      constraints: question.constraints ?? {},
      ...(question.options ? { options: question.options.map((text, option) => ({ value: `${prefix}-${index + 1}-o${option + 1}`, text })) } : {}),
    }),
  );
}

type Expect =
  | { text: string }
  | { pick: string }
  | { picks: string[] }
  | { tick: boolean }
  | { number: number }
  | { file: FileValue }
  | { unanswered: RegExp }
  | 'skip';

const resumeFile: { file: FileValue } = { file: { filename: 'Amelie-Okafor-CV.pdf', content_type: 'application/pdf', content_base64: RESUME_BYTES.toString('base64') } };
const letterFile = (company: string, title: string): { file: FileValue } => ({
  file: { filename: 'cover-letter.txt', content_type: 'text/plain', content_base64: Buffer.from(`${letter(company, title)}\n`, 'utf8').toString('base64') },
});
const text = (value: string) => ({ text: value });
const pick = (label: string) => ({ pick: label });
const open = (reason: RegExp) => ({ unanswered: reason });
const OPEN_QUESTION = /own words/;

/** Checks the answerer's result for `fields` against a table of [label, expectation] in field order. */
function expectAnswers(t: Test, fields: Field[], result: ProfileAnswers, table: Array<[string, Expect]>) {
  t.equal(table.length, fields.length, 'one expectation per field');
  t.strictSame(
    fields.map((field) => field.label),
    table.map(([label]) => label),
    'the table follows the page',
  );
  const answers: ProfileAnswers['answers'] = [];
  const unanswered: Array<{ field_id: string; label: string }> = [];
  const reasons = new Map<string, RegExp>();
  fields.forEach((field, index) => {
    const expect = table[index]![1];
    const optionValue = (label: string) => {
      const option = field.options?.find((candidate) => candidate.label === label);
      if (!option) throw new Error(`${field.label}: the table names an option "${label}" the field does not have`);
      return option.value;
    };
    if (expect === 'skip') return;
    if ('unanswered' in expect) {
      unanswered.push({ field_id: field.field_id, label: field.label });
      reasons.set(field.field_id, expect.unanswered);
      return;
    }
    const value =
      'text' in expect ? expect.text : 'pick' in expect ? optionValue(expect.pick) : 'picks' in expect ? expect.picks.map(optionValue) : 'tick' in expect ? expect.tick : 'number' in expect ? expect.number : expect.file;
    answers.push({ field_id: field.field_id, value });
  });
  t.strictSame(result.answers, answers, 'answers');
  t.strictSame(
    result.unanswered.map(({ field_id, label }) => ({ field_id, label })),
    unanswered,
    'unanswered',
  );
  for (const entry of result.unanswered) {
    const reason = reasons.get(entry.field_id);
    if (reason) t.match(entry.reason, reason, `reason for "${entry.label}"`);
  }
  // The answers pass the answer endpoint's own checking; what it still misses is exactly the unanswered list.
  const checked = checkAnswers(fields, result.answers);
  if (result.unanswered.length === 0) t.ok(checked.ok, 'the answers pass apply/answers.ts');
  else {
    t.notOk(checked.ok);
    if (!checked.ok) {
      t.strictSame(
        checked.errors.map((error) => ({ code: error.code, field_id: error.field_id, item_index: error.item_index })),
        result.unanswered.map((entry) => ({ code: 'answer_required', field_id: entry.field_id, item_index: -1 })),
        'apply/answers.ts finds nothing wrong but the unanswered questions',
      );
    }
  }
}

function run(t: Test, name: string, fields: Field[], context: JobContext, tables: { full: Array<[string, Expect]>; sparse: Array<[string, Expect]> }) {
  t.test(name, async (t) => {
    t.test('full profile', async (t) => expectAnswers(t, fields, answerFromProfile(fields, full, context), tables.full));
    t.test('sparse profile', async (t) => expectAnswers(t, fields, answerFromProfile(fields, sparse, context), tables.sparse));
  });
}

// ---------------------------------------------------------------------------------------
// Replicas of providers' pages (test/fixtures/ats-forms).

t.test('replica pages (test/fixtures/ats-forms)', async (t) => {
  run(t, 'BambooHR', fieldsFrom('bamboohr', expectedFields('bamboohr')), job('Curtin Maritime', 'Software Engineer', 'US'), {
    full: [
      ['First Name', text('Amélie')],
      ['Last Name', text('Okafor')],
      ['Email', text('amelie.okafor@example.com')],
      ['Phone', text('+44 7700 900123')],
      ['Address', text('14 Elm Row')],
      ['City', text('London')],
      ['State', open(/state or region "England"/)],
      ['ZIP', text('N1 7GU')],
      ['Country', pick('United Kingdom')],
      ['Resume', resumeFile],
      ['Date Available', text('2026-09-01')],
      ['Desired Pay', text('85,000 GBP per year')],
      ['Website, Blog or Portfolio', text('https://amelie.dev')],
      ['LinkedIn URL', text('https://www.linkedin.com/in/amelie-okafor')],
      ['How did you hear about Curtin Maritime?', open(/nothing in the profile/)],
      ['If you were referred by a Curtin Maritime employee, please tell us their name so we can thank them!', open(/nothing in the profile/)],
      ['Gender', pick('Female')],
      ['Veteran Status', pick('Not a veteran')],
    ],
    sparse: [
      ['First Name', text('Sam')],
      ['Last Name', text('Lee')],
      ['Email', text('sam.lee@example.org')],
      ['Phone', open(/phone number/)],
      ['Address', open(/street address/)],
      ['City', open(/city/)],
      ['State', open(/state/)],
      ['ZIP', open(/postal code/)],
      ['Country', open(/country/)],
      ['Resume', open(/résumé/)],
      ['Date Available', open(/earliest start date/)],
      ['Desired Pay', open(/salary expectation/)],
      ['Website, Blog or Portfolio', 'skip'],
      ['LinkedIn URL', 'skip'],
      ['How did you hear about Curtin Maritime?', open(/nothing in the profile/)],
      ['If you were referred by a Curtin Maritime employee, please tell us their name so we can thank them!', open(/nothing in the profile/)],
      ['Gender', pick('Decline to answer')],
      ['Veteran Status', pick('Decline to answer')],
    ],
  });

  run(t, 'Breezy', fieldsFrom('breezy', expectedFields('breezy')), job('Acme', 'Backend Engineer', 'GB'), {
    full: [
      ['Upload Resume', resumeFile],
      ['Full Name', text('Amélie Okafor')],
      ['Email Address', text('amelie.okafor@example.com')],
      ['Phone Number', text('+44 7700 900123')],
      [
        'By providing your phone number you agree to receive informational text messages from Acme. Acme will send updates about your application via SMS. Message & data rates may apply, reply STOP to opt out at any time.',
        'skip',
      ],
      ['Desired Salary', pick('British Pound (£)')],
      ['Desired Salary', text('85000')],
      ['Desired Salary', pick('Yearly')],
      ['Why do you want to join Acme?', open(OPEN_QUESTION)],
      ['Do you require visa sponsorship?', pick('No')],
    ],
    sparse: [
      ['Upload Resume', open(/résumé/)],
      ['Full Name', text('Sam Lee')],
      ['Email Address', text('sam.lee@example.org')],
      ['Phone Number', open(/phone number/)],
      [
        'By providing your phone number you agree to receive informational text messages from Acme. Acme will send updates about your application via SMS. Message & data rates may apply, reply STOP to opt out at any time.',
        'skip',
      ],
      ['Desired Salary', 'skip'],
      ['Desired Salary', 'skip'],
      ['Desired Salary', 'skip'],
      ['Why do you want to join Acme?', open(OPEN_QUESTION)],
      ['Do you require visa sponsorship?', open(/sponsorship/)],
    ],
  });

  const certify =
    "I understand that this application will be considered active for a period not to exceed six months. I certify that the information set forth in this application are true and complete. I understand that false statements or omissions may result in my disqualification as an applicant or termination if I'm employed.";
  run(t, 'JazzHR', fieldsFrom('jazzhr', expectedFields('jazzhr')), job('Northwind Goods', 'Backend Developer', 'US'), {
    full: [
      ['First Name', text('Amélie')],
      ['Last Name', text('Okafor')],
      ['Email Address', text('amelie.okafor@example.com')],
      ['Phone', text('+44 7700 900123')],
      ['Address', text('14 Elm Row')],
      ['City', text('London')],
      ['State/Province', text('England')],
      ['Postal', text('N1 7GU')],
      ['Resume', resumeFile],
      ["What's your citizenship / employment eligibility?", open(/citizenship/)],
      ['Are you 18 years of age or older?', pick('Yes')],
      [certify, { tick: true }],
      ['If a current employee referred you to apply for this position, please provide their name for our records.', 'skip'],
      ['Desired/expected annual salary - please provide a numerical range.', text('85,000 GBP per year')],
      ['Are you currently, or have you ever been employed by Northwind Goods?', open(/Northwind Goods/)],
      ['How many years of experience do you have?', pick('10+')],
      ['Do you live in the geographical location that this position is based?', open(/nearness|names no country/)],
      ['Gender', pick('Female')],
      ['Race/Ethnicity', pick('Black or African-American, not Hispanic or Latino')],
    ],
    sparse: [
      ['First Name', text('Sam')],
      ['Last Name', text('Lee')],
      ['Email Address', text('sam.lee@example.org')],
      ['Phone', open(/phone number/)],
      ['Address', 'skip'],
      ['City', 'skip'],
      ['State/Province', 'skip'],
      ['Postal', 'skip'],
      ['Resume', open(/résumé/)],
      ["What's your citizenship / employment eligibility?", open(/citizenship/)],
      ['Are you 18 years of age or older?', open(/date of birth/)],
      [certify, { tick: true }],
      ['If a current employee referred you to apply for this position, please provide their name for our records.', 'skip'],
      ['Desired/expected annual salary - please provide a numerical range.', open(/salary expectation/)],
      ['Are you currently, or have you ever been employed by Northwind Goods?', open(/Northwind Goods/)],
      ['How many years of experience do you have?', open(/no work history/)],
      ['Do you live in the geographical location that this position is based?', open(/nearness|names no country/)],
      ['Gender', pick('Decline to answer')],
      ['Race/Ethnicity', pick('Decline to answer')],
    ],
  });

  const jobviteTable: Array<[string, Expect]> = [['Location of Residence and Language', pick('Global BRAMBLEWAY APPLICANT AND CANDIDATE PRIVACY POLICY')]];
  run(t, 'Jobvite (the data consent step)', fieldsFrom('jobvite', expectedFields('jobvite')), job('Brambleway', 'Engineer', 'US'), { full: jobviteTable, sparse: jobviteTable });

  const personioConsent = 'I have read and understood the privacy policy and consent to the processing of my data for this application.';
  run(t, 'Personio', fieldsFrom('personio', expectedFields('personio')), job('Acme', 'Backend Engineer', 'DE'), {
    full: [
      ['First name', text('Amélie')],
      ['Last name', text('Okafor')],
      ['Email', text('amelie.okafor@example.com')],
      ['Phone', text('+44 7700 900123')],
      ['Location', text('London, England, United Kingdom')],
      ['LinkedIn profile', text('https://www.linkedin.com/in/amelie-okafor')],
      ['Available from', text('2026-09-01')],
      ['Salary expectations', text('85,000 GBP per year')],
      ['CV', resumeFile],
      [personioConsent, { tick: true }],
    ],
    sparse: [
      ['First name', text('Sam')],
      ['Last name', text('Lee')],
      ['Email', text('sam.lee@example.org')],
      ['Phone', 'skip'],
      ['Location', 'skip'],
      ['LinkedIn profile', 'skip'],
      ['Available from', open(/earliest start date/)],
      ['Salary expectations', open(/salary expectation/)],
      ['CV', 'skip'],
      [personioConsent, { tick: true }],
    ],
  });

  const recruiteeConsent =
    'I consent to my data being transmitted to the career tool used by Northwind Goods and used to contact me again in the event of subsequent job offers.';
  run(t, 'Recruitee', fieldsFrom('recruitee', expectedFields('recruitee')), job('Northwind Goods', 'Backend Engineer', 'NL'), {
    full: [
      ['Full name', text('Amélie Okafor')],
      ['Email address', text('amelie.okafor@example.com')],
      ['Phone number', text('+44 7700 900123')],
      ['CV or resume', resumeFile],
      ['Cover letter', letterFile('Northwind Goods', 'Backend Engineer')],
      ['Please tell us your earliest possible date of availability.', text('2026-09-01')],
      // The profile's expectation is in pounds; the form asks in euros: no conversion.
      ['Please let us know your salary expectations (in €).', 'skip'],
      ['Do you live in the Netherlands?', pick('No')],
      ['Why do you want to start at Northwind Goods?', open(OPEN_QUESTION)],
      [recruiteeConsent, { tick: true }],
    ],
    sparse: [
      ['Full name', text('Sam Lee')],
      ['Email address', text('sam.lee@example.org')],
      ['Phone number', 'skip'],
      ['CV or resume', open(/résumé/)],
      ['Cover letter', 'skip'],
      ['Please tell us your earliest possible date of availability.', open(/earliest start date/)],
      ['Please let us know your salary expectations (in €).', 'skip'],
      ['Do you live in the Netherlands?', open(/country of residence/)],
      ['Why do you want to start at Northwind Goods?', open(OPEN_QUESTION)],
      [recruiteeConsent, { tick: true }],
    ],
  });

  run(t, 'Teamtailor', fieldsFrom('teamtailor', expectedFields('teamtailor')), job('Acme', 'Backend Engineer', 'GB'), {
    full: [
      ['First name', text('Amélie')],
      ['Last name', text('Okafor')],
      ['Email', text('amelie.okafor@example.com')],
      ['Phone', text('+44 7700 900123')],
      ['Resume', resumeFile],
      ['Cover letter', text(letter('Acme', 'Backend Engineer'))],
      ['Which city do you live in?', text('London')],
      ['Do you have the right to work in the UK?', pick('Yes')],
      ['I have read and accept the privacy policy', { tick: true }],
    ],
    sparse: [
      ['First name', text('Sam')],
      ['Last name', text('Lee')],
      ['Email', text('sam.lee@example.org')],
      ['Phone', 'skip'],
      ['Resume', open(/résumé/)],
      ['Cover letter', 'skip'],
      ['Which city do you live in?', open(/city/)],
      ['Do you have the right to work in the UK?', open(/countries the applicant may work in/)],
      ['I have read and accept the privacy policy', { tick: true }],
    ],
  });

  const workableConsent = 'I agree to the storage and handling of my data by Acme according to its privacy policy.';
  run(t, 'Workable', fieldsFrom('workable', expectedFields('workable')), job('Acme', 'Backend Engineer', 'GB'), {
    full: [
      ['First name', text('Amélie')],
      ['Last name', text('Okafor')],
      ['Email', text('amelie.okafor@example.com')],
      ['Phone', text('+44 7700 900123')],
      ['Resume', resumeFile],
      ['Cover letter', text(letter('Acme', 'Backend Engineer'))],
      ['What is your desired gross annual salary?', text('85,000 GBP per year')],
      ['Are you legally authorised to work in the United Kingdom?', pick('Yes')],
      [workableConsent, { tick: true }],
    ],
    sparse: [
      ['First name', text('Sam')],
      ['Last name', text('Lee')],
      ['Email', text('sam.lee@example.org')],
      ['Phone', 'skip'],
      ['Resume', open(/résumé/)],
      ['Cover letter', 'skip'],
      ['What is your desired gross annual salary?', open(/salary expectation/)],
      ['Are you legally authorised to work in the United Kingdom?', open(/countries the applicant may work in/)],
      [workableConsent, { tick: true }],
    ],
  });

  t.test('iCIMS and Workday open on a sign-in wall: no questions, nothing to answer', async (t) => {
    for (const provider of ['icims', 'workday']) {
      t.strictSame(expectedFields(provider), []);
      t.strictSame(answerFromProfile([], full, job('Acme', 'Engineer', 'US')), { answers: [], unanswered: [] });
    }
  });
});

// ---------------------------------------------------------------------------------------
// Greenhouse, Lever and Ashby replicas (test/fixtures/ats/expected.json).

const atsExpected = JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures/ats/expected.json'), 'utf8')) as {
  providers: Record<string, Array<{ page: string; fields: ExpectedField[] }>>;
};
const atsPage = (provider: string, page: string) => atsExpected.providers[provider]!.find((entry) => entry.page === page)!.fields;

t.test('Greenhouse, Lever and Ashby replicas (test/fixtures/ats)', async (t) => {
  const greenhouseConsent = 'I consent to Acme processing my personal data for the purpose of this application.';
  const greenhouse = {
    full: [
      ['First Name', text('Amélie')],
      ['Last Name', text('Okafor')],
      ['Email', text('amelie.okafor@example.com')],
      ['Country', pick('United Kingdom +44')],
      ['Phone', text('+44 7700 900123')],
      ['Location (City)', text('London, England, United Kingdom')],
      ['Resume/CV', resumeFile],
      ['Cover Letter', letterFile('Acme', 'Backend Engineer')],
      ['LinkedIn Profile', text('https://www.linkedin.com/in/amelie-okafor')],
      ['Why do you want to work at Acme?', open(OPEN_QUESTION)],
      ['Are you legally authorized to work in Germany?', pick('Yes')],
      ['Will you now or in the future require sponsorship for a work visa?', pick('No')],
      ['Which languages do you speak fluently?', 'skip'],
      ['Which of our offices could you work from?', { picks: ['Berlin', 'London'] }],
      ['Gender', pick('Female')],
      ['Veteran Status', pick('I am not a protected veteran')],
      [greenhouseConsent, { tick: true }],
    ] as Array<[string, Expect]>,
    sparse: [
      ['First Name', text('Sam')],
      ['Last Name', text('Lee')],
      ['Email', text('sam.lee@example.org')],
      ['Country', 'skip'],
      ['Phone', 'skip'],
      ['Location (City)', open(/city of residence/)],
      ['Resume/CV', open(/résumé/)],
      ['Cover Letter', 'skip'],
      ['LinkedIn Profile', 'skip'],
      ['Why do you want to work at Acme?', open(OPEN_QUESTION)],
      ['Are you legally authorized to work in Germany?', open(/countries the applicant may work in/)],
      ['Will you now or in the future require sponsorship for a work visa?', open(/sponsorship/)],
      ['Which languages do you speak fluently?', 'skip'],
      ['Which of our offices could you work from?', open(/preferred locations/)],
      ['Gender', pick('Decline To Self Identify')],
      ['Veteran Status', pick("I don't wish to answer")],
      [greenhouseConsent, { tick: true }],
    ] as Array<[string, Expect]>,
  };
  const greenhouseJob = job('Acme', 'Backend Engineer', 'DE');
  run(t, 'Greenhouse', fieldsFrom('greenhouse', atsPage('greenhouse', 'greenhouse')), greenhouseJob, greenhouse);
  run(t, 'Greenhouse without its scripts', fieldsFrom('greenhouse', atsPage('greenhouse', 'greenhouse-without-scripts')), greenhouseJob, greenhouse);

  run(t, 'Greenhouse classic layout', fieldsFrom('legacy', atsPage('greenhouse', 'greenhouse-legacy')), job('Acme', 'Backend Engineer', 'GB'), {
    full: [
      ['First Name', text('Amélie')],
      ['Last Name', text('Okafor')],
      ['Email', text('amelie.okafor@example.com')],
      ['Phone', text('+44 7700 900123')],
      ['Resume/CV', resumeFile],
      ['Cover Letter', letterFile('Acme', 'Backend Engineer')],
      ['LinkedIn Profile', text('https://www.linkedin.com/in/amelie-okafor')],
      ['Why do you want to work at Acme?', open(OPEN_QUESTION)],
      ['Are you legally authorized to work in the United Kingdom?', pick('Yes')],
      ['Where do you currently live?', pick('Europe')],
      ['Gender', pick('Female')],
      ['Veteran Status', pick('I am not a protected veteran')],
    ],
    sparse: [
      ['First Name', text('Sam')],
      ['Last Name', text('Lee')],
      ['Email', text('sam.lee@example.org')],
      ['Phone', 'skip'],
      ['Resume/CV', open(/résumé/)],
      ['Cover Letter', 'skip'],
      ['LinkedIn Profile', 'skip'],
      ['Why do you want to work at Acme?', open(OPEN_QUESTION)],
      ['Are you legally authorized to work in the United Kingdom?', open(/countries the applicant may work in/)],
      ['Where do you currently live?', open(/city or country of residence/)],
      ['Gender', pick('Decline To Self Identify')],
      ['Veteran Status', pick("I don't wish to answer")],
    ],
  });

  run(t, 'Lever', fieldsFrom('lever', atsPage('lever', 'lever')), job('Acme', 'Backend Engineer', 'GB'), {
    full: [
      ['Resume/CV', resumeFile],
      ['Full name', text('Amélie Okafor')],
      ['Email', text('amelie.okafor@example.com')],
      ['Phone', text('+44 7700 900123')],
      ['Current location', text('London, England, United Kingdom')],
      ['Current company', text('Globex Payments')],
      ['LinkedIn URL', text('https://www.linkedin.com/in/amelie-okafor')],
      ['GitHub URL', text('https://github.com/aokafor')],
      ['Portfolio URL', text('https://amelie.dev')],
      ['Are you authorized to work in the UK?', pick('Yes')],
      ['What interests you about Acme?', open(OPEN_QUESTION)],
      // Optional, and no memory says what the applicant ran in production: left out.
      ['Which of these have you run in production?', 'skip'],
      ['How did you hear about this job?', open(/nothing in the profile/)],
      ['Additional information', 'skip'],
      ['Gender', pick('Female')],
      ['Race', pick('Black or African American (Not Hispanic or Latino)')],
      ['Veteran status', pick('I am not a protected veteran')],
    ],
    sparse: [
      ['Resume/CV', open(/résumé/)],
      ['Full name', text('Sam Lee')],
      ['Email', text('sam.lee@example.org')],
      ['Phone', 'skip'],
      ['Current location', 'skip'],
      ['Current company', 'skip'],
      ['LinkedIn URL', 'skip'],
      ['GitHub URL', 'skip'],
      ['Portfolio URL', 'skip'],
      ['Are you authorized to work in the UK?', open(/countries the applicant may work in/)],
      ['What interests you about Acme?', open(OPEN_QUESTION)],
      ['Which of these have you run in production?', 'skip'],
      ['How did you hear about this job?', open(/nothing in the profile/)],
      ['Additional information', 'skip'],
      ['Gender', pick('Decline to self-identify')],
      ['Race', pick('Decline to self-identify')],
      ['Veteran status', pick("I don't wish to answer")],
    ],
  });

  const sms = 'Acme would like to send you text messages about your application at this number. Message and data rates may apply; reply STOP to opt out. See our privacy policy.';
  const ashby = (countryField: Expect, sparseCountry: Expect) => ({
    full: [
      ['Name', text('Amélie Okafor')],
      ['Email', text('amelie.okafor@example.com')],
      ['Resume', resumeFile],
      ['Phone', text('+44 7700 900123')],
      [sms, 'skip'],
      ['Location', text('London, England, United Kingdom')],
      ['LinkedIn Profile', text('https://www.linkedin.com/in/amelie-okafor')],
      ['Are you legally authorized to work in Germany?', pick('Yes')],
      ['Will you now or in the future require visa sponsorship?', pick('No')],
      ['Which country do you currently live in?', countryField],
      ['What pronouns would you like us to use?', 'skip'],
      ['Which areas would you like to work on? (select all that apply)', 'skip'],
      ['How many years of professional experience do you have?', { number: 10 }],
      ['Why do you want to join Acme?', open(OPEN_QUESTION)],
    ] as Array<[string, Expect]>,
    sparse: [
      ['Name', text('Sam Lee')],
      ['Email', text('sam.lee@example.org')],
      ['Resume', open(/résumé/)],
      ['Phone', 'skip'],
      [sms, 'skip'],
      ['Location', 'skip'],
      ['LinkedIn Profile', 'skip'],
      ['Are you legally authorized to work in Germany?', open(/countries the applicant may work in/)],
      ['Will you now or in the future require visa sponsorship?', open(/sponsorship/)],
      ['Which country do you currently live in?', sparseCountry],
      ['What pronouns would you like us to use?', 'skip'],
      ['Which areas would you like to work on? (select all that apply)', 'skip'],
      ['How many years of professional experience do you have?', 'skip'],
      ['Why do you want to join Acme?', open(OPEN_QUESTION)],
    ] as Array<[string, Expect]>,
  });
  const ashbyJob = job('Acme', 'Backend Engineer', 'DE');
  run(t, 'Ashby', fieldsFrom('ashby', atsPage('ashby', 'ashby')), ashbyJob, ashby(pick('United Kingdom'), open(/country of residence/)));
  run(t, 'Ashby without its scripts (the country is a typeahead)', fieldsFrom('ashby', atsPage('ashby', 'ashby-without-scripts')), ashbyJob, ashby(text('United Kingdom'), open(/country of residence/)));
});

// ---------------------------------------------------------------------------------------
// Generic form families and the sandbox forms.

t.test('generic form families (test/fixtures/forms-generic)', async (t) => {
  const families = JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures/forms-generic/expected.json'), 'utf8')) as { pages: Array<{ fields: ExpectedField[] }> };
  run(t, 'families.html', fieldsFrom('generic', families.pages[0]!.fields), job('Acme', 'Support Engineer', 'GB'), {
    full: [
      ['First name', text('Amélie')],
      ['Phone', text('+44 7700 900123')],
      ['Gender', pick('Female')],
      ['Desired salary', pick('GBP')],
      ['Resume', resumeFile],
      ['Do you have the right to work in the UK?', { picks: ['I DO have the right to work'] }],
      ['Notice period', pick('1 month')],
      ['Which shifts can you work?', 'skip'],
      ['I agree to the privacy notice', { tick: true }],
    ],
    sparse: [
      ['First name', text('Sam')],
      ['Phone', 'skip'],
      ['Gender', pick('Prefer not to say')],
      ['Desired salary', 'skip'],
      ['Resume', open(/résumé/)],
      ['Do you have the right to work in the UK?', open(/countries the applicant may work in/)],
      ['Notice period', 'skip'],
      ['Which shifts can you work?', 'skip'],
      ['I agree to the privacy notice', { tick: true }],
    ],
  });
});

t.test('sandbox forms (api/sandbox/scenarios.ts), with their real option values and constraints', async (t) => {
  const stepFields = (scenario: string, step: number): Field[] =>
    SCENARIOS.find((entry) => entry.name === scenario)!.steps[step]!.fields.map((field) =>
      publicField({
        field_id: field.name,
        type: field.type,
        label: field.label,
        required: field.required,
        constraints: {
          ...(field.maxlength !== undefined ? { maxlength: field.maxlength } : {}),
          ...(field.pattern !== undefined ? { pattern: field.pattern } : {}),
          ...(field.min !== undefined ? { min: String(field.min) } : {}),
          ...(field.max !== undefined ? { max: String(field.max) } : {}),
          ...(field.accept !== undefined ? { accept: field.accept } : {}),
        },
        ...(field.options ? { options: field.options } : {}),
      }),
    );
  const sandboxJob = job('Sandbox Co', 'Sandbox Engineer', 'GB');
  const names = (first: string, last: string, email: string): Array<[string, Expect]> => [
    ['First name', text(first)],
    ['Last name', text(last)],
    ['Email', text(email)],
  ];
  run(t, 'one-page', stepFields('one-page', 0), sandboxJob, {
    full: [...names('Amélie', 'Okafor', 'amelie.okafor@example.com'), ['Phone', text('+44 7700 900123')], ['Resume/CV', resumeFile]],
    sparse: [...names('Sam', 'Lee', 'sam.lee@example.org'), ['Phone', 'skip'], ['Resume/CV', open(/résumé/)]],
  });
  run(t, 'three-page, step 2', stepFields('three-page', 1), sandboxJob, {
    full: [
      ['Years of professional experience', { number: 10 }],
      ['LinkedIn profile', text('https://www.linkedin.com/in/amelie-okafor')],
      ['Are you authorized to work in the country of this job?', pick('Yes')],
    ],
    sparse: [
      ['Years of professional experience', open(/no work history/)],
      ['LinkedIn profile', 'skip'],
      ['Are you authorized to work in the country of this job?', open(/countries the applicant may work in/)],
    ],
  });
  run(t, 'three-page, step 3', stepFields('three-page', 2), sandboxJob, {
    full: [
      ['Cover letter', text(letter('Sandbox Co', 'Sandbox Engineer'))],
      ['I agree to the processing of my data for this application', { tick: true }],
    ],
    sparse: [
      ['Cover letter', 'skip'],
      ['I agree to the processing of my data for this application', { tick: true }],
    ],
  });
  run(t, 'all-fields', stepFields('all-fields', 0), sandboxJob, {
    full: [
      ['Full name', text('Amélie Okafor')],
      ['Email address', text('amelie.okafor@example.com')],
      ['Mobile phone', text('+44 7700 900123')],
      ['Portfolio URL', text('https://amelie.dev')],
      // Asked in US dollars; the expectation is in pounds.
      ['Expected yearly salary (USD)', 'skip'],
      ['Earliest start date', text('2026-09-01')],
      ['Tell us about yourself', 'skip'],
      ['Seniority', pick('Senior')],
      ['Programming languages', 'skip'],
      ['Willing to relocate?', pick('Yes')],
      ['How did you hear about us?', 'skip'],
      ['Current location', pick('London, United Kingdom')],
      ['Resume/CV', resumeFile],
      ['I accept the terms', { tick: true }],
    ],
    sparse: [
      ['Full name', text('Sam Lee')],
      ['Email address', text('sam.lee@example.org')],
      ['Mobile phone', 'skip'],
      ['Portfolio URL', 'skip'],
      ['Expected yearly salary (USD)', 'skip'],
      ['Earliest start date', open(/earliest start date/)],
      ['Tell us about yourself', 'skip'],
      ['Seniority', open(/job title/)],
      ['Programming languages', 'skip'],
      ['Willing to relocate?', open(/relocate/)],
      ['How did you hear about us?', 'skip'],
      ['Current location', open(/city or country of residence/)],
      ['Resume/CV', open(/résumé/)],
      ['I accept the terms', { tick: true }],
    ],
  });
  run(t, 'validation', stepFields('validation', 0), sandboxJob, {
    full: [...names('Amélie', 'Okafor', 'amelie.okafor@example.com'), ['Phone', text('+44 7700 900123')]],
    sparse: [...names('Sam', 'Lee', 'sam.lee@example.org'), ['Phone', open(/phone number/)]],
  });
  run(t, 'email-code, step 2', stepFields('email-code', 1), sandboxJob, {
    full: [['Verification code', open(/mailbox/)]],
    sparse: [['Verification code', open(/mailbox/)]],
  });
});

// ---------------------------------------------------------------------------------------
// Hand-built questions: other languages, screening questions, memories, edge cases.

type Q = ExpectedField & { constraints?: Field['constraints'] };
const yesNo = ['Yes', 'No'];

/** One table of [question, expectation] for one profile and job. */
function table(t: Test, name: string, applicant: ApplicantProfile, context: JobContext, rows: Array<[Q, Expect]>) {
  t.test(name, async (t) => {
    const fields = fieldsFrom(name.replace(/\W+/g, '-').toLowerCase(), rows.map(([question]) => question));
    expectAnswers(t, fields, answerFromProfile(fields, applicant, context), rows.map(([question, expect]) => [question.label, expect]));
  });
}

t.test('German, French and Spanish forms', async (t) => {
  table(t, 'German', full, job('Beispiel GmbH', 'Backend-Entwickler', 'DE'), [
    [{ label: 'Vorname', type: 'text', required: true }, text('Amélie')],
    [{ label: 'Nachname', type: 'text', required: true }, text('Okafor')],
    [{ label: 'E-Mail-Adresse', type: 'email', required: true }, text('amelie.okafor@example.com')],
    [{ label: 'Telefonnummer', type: 'tel', required: false }, text('+44 7700 900123')],
    [{ label: 'Sind Sie berechtigt, in Deutschland zu arbeiten?', type: 'radio', required: true, options: ['Ja', 'Nein'] }, pick('Ja')],
    [{ label: 'Benötigen Sie jetzt oder in Zukunft ein Visa-Sponsoring?', type: 'radio', required: true, options: ['Ja', 'Nein'] }, pick('Nein')],
    [{ label: 'Gehaltsvorstellung (brutto/Jahr)', type: 'text', required: true }, text('85,000 GBP per year')],
    [{ label: 'Frühestmöglicher Eintrittstermin', type: 'date', required: true }, text('2026-09-01')],
    [{ label: 'Kündigungsfrist', type: 'text', required: false }, text('1 month')],
    [{ label: 'Anschreiben', type: 'textarea', required: false }, text(letter('Beispiel GmbH', 'Backend-Entwickler'))],
    [{ label: 'Wie viele Jahre Erfahrung haben Sie mit Python?', type: 'number', required: true }, { number: 5 }],
    [{ label: 'Geschlecht', type: 'select', required: false, options: ['Männlich', 'Weiblich', 'Divers', 'Keine Angabe'] }, pick('Weiblich')],
    [{ label: 'Sind Sie bereit umzuziehen?', type: 'radio', required: true, options: ['Ja', 'Nein'] }, pick('Ja')],
    [{ label: 'Haben Sie einen Führerschein?', type: 'text', required: false }, 'skip'],
  ]);
  table(t, 'German, sparse', sparse, job('Beispiel GmbH', 'Backend-Entwickler', 'DE'), [
    [{ label: 'Vorname', type: 'text', required: true }, text('Sam')],
    [{ label: 'Name', type: 'text', required: true }, text('Lee')],
    [{ label: 'Geschlecht', type: 'select', required: false, options: ['Männlich', 'Weiblich', 'Divers', 'Keine Angabe'] }, pick('Keine Angabe')],
    [{ label: 'Sind Sie berechtigt, in Deutschland zu arbeiten?', type: 'radio', required: true, options: ['Ja', 'Nein'] }, open(/countries the applicant may work in/)],
    [{ label: 'Anschreiben', type: 'textarea', required: true }, open(/no cover letter template/)],
  ]);
  table(t, 'French', full, job('Exemple SA', 'Développeur backend', 'FR'), [
    [{ label: 'Prénom', type: 'text', required: true }, text('Amélie')],
    [{ label: 'Nom', type: 'text', required: true }, text('Okafor')],
    [{ label: 'Adresse e-mail', type: 'email', required: true }, text('amelie.okafor@example.com')],
    [{ label: 'Êtes-vous autorisé(e) à travailler en France ?', type: 'radio', required: true, options: ['Oui', 'Non'] }, pick('Non')],
    [{ label: 'Lettre de motivation', type: 'file', required: false }, letterFile('Exemple SA', 'Développeur backend')],
    [{ label: "Combien d'années d'expérience avez-vous en Python ?", type: 'select', required: true, options: ['Moins de 2 ans', '2 à 5 ans', 'Plus de 5 ans'] }, pick('2 à 5 ans')],
    [{ label: 'Genre', type: 'select', required: false, options: ['Homme', 'Femme', 'Je ne souhaite pas répondre'] }, pick('Femme')],
    [{ label: 'Êtes-vous prêt(e) à déménager ?', type: 'text', required: false }, text('Oui')],
  ]);
  table(t, 'Spanish', full, job('Ejemplo SL', 'Ingeniera backend', 'ES'), [
    [{ label: 'Nombre', type: 'text', required: true }, text('Amélie')],
    [{ label: 'Apellidos', type: 'text', required: true }, text('Okafor')],
    [{ label: 'Correo electrónico', type: 'email', required: true }, text('amelie.okafor@example.com')],
    // No sponsorship needed, says the profile, yet Spain is not among the countries she may work in: a contradiction, not an answer.
    [{ label: '¿Requiere patrocinio de visa para trabajar en España?', type: 'radio', required: true, options: ['Sí', 'No'] }, open(/does not list Spain/)],
    [{ label: '¿Cuántos años de experiencia tienes con Kubernetes?', type: 'text', required: true }, text('5')],
    [{ label: '¿Estás dispuesto a reubicarte?', type: 'radio', required: true, options: ['Sí', 'No'] }, pick('Sí')],
    [{ label: '¿Tienes permiso de trabajo en España?', type: 'text', required: true }, text('No')],
  ]);
});

t.test('screening questions from the profile and its memories', async (t) => {
  table(t, 'English screening', full, job('Initech', 'Staff Engineer', 'US'), [
    [{ label: 'Preferred name', type: 'text', required: false }, text('Amy')],
    [{ label: 'Date of birth', type: 'date', required: true }, text('1990-04-12')],
    [{ label: 'Country code', type: 'select', required: true, options: ['+1', '+44', '+49'] }, pick('+44')],
    [{ label: 'Are you legally authorized to work in the United States?', type: 'radio', required: true, options: yesNo }, pick('No')],
    [{ label: 'Will you now or in the future require sponsorship to work in the United States?', type: 'radio', required: true, options: yesNo }, open(/does not list United States/)],
    [{ label: 'Have you previously been employed by Initech?', type: 'radio', required: true, options: yesNo }, pick('Yes')],
    [{ label: 'How many years of experience do you have with TypeScript?', type: 'number', required: true }, { number: 6 }],
    [{ label: 'How many years of experience do you have with Rust?', type: 'number', required: true }, open(/mentions rust/)],
    [{ label: 'How many years of relevant experience do you have?', type: 'number', required: true }, open(/judgement/)],
    [{ label: 'Do you have at least 5 years of experience with Python?', type: 'radio', required: true, options: yesNo }, pick('Yes')],
    [{ label: 'Do you have 8+ years of experience with Python?', type: 'radio', required: true, options: yesNo }, pick('No')],
    [{ label: 'Do you have experience with Kubernetes?', type: 'radio', required: true, options: yesNo }, pick('Yes')],
    [{ label: "Do you have a valid driver's license?", type: 'radio', required: true, options: yesNo }, pick('Yes')],
    [{ label: 'Are you willing to travel?', type: 'select', required: true, options: yesNo }, pick('Yes')],
    [{ label: 'Have you ever been convicted of a criminal offence?', type: 'radio', required: true, options: yesNo }, pick('No')],
    [{ label: 'Do you own a car?', type: 'radio', required: true, options: yesNo }, open(/nothing in the profile/)],
    [{ label: 'What is your notice period?', type: 'text', required: true }, text('1 month')],
    [{ label: 'Are you open to remote work?', type: 'radio', required: true, options: yesNo }, pick('Yes')],
    [{ label: 'Work arrangement preference', type: 'select', required: true, options: ['Remote', 'Hybrid', 'On-site'] }, pick('Hybrid')],
    [{ label: 'Highest level of education', type: 'select', required: true, options: ['High School', "Associate's Degree", "Bachelor's Degree", "Master's Degree", 'Doctorate'] }, pick("Bachelor's Degree")],
    [{ label: 'University', type: 'text', required: true }, text('University of Manchester')],
    [{ label: 'Field of study', type: 'text', required: true }, text('Computer Science')],
    [{ label: 'Current job title', type: 'text', required: true }, text('Senior Backend Engineer')],
    [{ label: 'Most recent employer', type: 'text', required: true }, text('Globex Payments')],
    [{ label: 'GitHub', type: 'url', required: false }, text('https://github.com/aokafor')],
    [{ label: 'Are you Hispanic or Latino?', type: 'radio', required: false, options: ['Yes', 'No', 'Decline to self-identify'] }, pick('No')],
    [
      { label: 'Disability status', type: 'select', required: false, options: ['Yes, I have a disability (or previously had a disability)', 'No, I do not have a disability', 'I do not want to answer'] },
      pick('I do not want to answer'),
    ],
    [{ label: 'Do you identify as LGBTQ+?', type: 'radio', required: false, options: ['Yes', 'No', 'Prefer not to say'] }, pick('Prefer not to say')],
    [{ label: 'Do you require any adjustments for a disability during the interview process?', type: 'radio', required: false, options: yesNo }, 'skip'],
    [{ label: 'I am 18 years of age or older', type: 'checkbox', required: true }, { tick: true }],
    [{ label: 'I would like to receive news about future job opportunities', type: 'checkbox', required: false }, 'skip'],
    [{ label: 'Subscribe to our newsletter and marketing emails', type: 'checkbox', required: true }, open(/marketing opt-in/)],
    [{ label: 'Desired salary (EUR)', type: 'text', required: true }, open(/asks in EUR/)],
    [{ label: 'Expected monthly salary', type: 'text', required: true }, open(/per month/)],
    [{ label: 'Social Security Number', type: 'text', required: true }, open(/identity documents/)],
    [{ label: 'Create a password', type: 'password', required: true }, open(/passwords/)],
    [{ label: 'Are you authorised to work in the EU?', type: 'radio', required: true, options: yesNo }, open(/region/)],
    [{ label: 'Which office would you prefer to work from?', type: 'radio', required: true, options: ['New York', 'Berlin (Mitte)', 'London'] }, pick('London')],
    [{ label: 'Visa status', type: 'text', required: false }, 'skip'],
  ]);
});

t.test('never guess', async (t) => {
  table(t, 'a self-identification question without a decline option', sparse, job('Acme', 'Engineer', 'US'), [
    [{ label: 'Gender', type: 'select', required: true, options: ['Male', 'Female'] }, open(/no option to decline/)],
    [{ label: 'Veteran status', type: 'radio', required: false, options: ['I am a protected veteran', 'I am not a protected veteran'] }, 'skip'],
  ]);
  table(t, 'a protected veteran and a form that asks which kind', { ...full, self_identification: { veteran_status: 'protected_veteran' } }, job('Acme', 'Engineer', 'US'), [
    [{ label: 'Veteran Status', type: 'select', required: true, options: ['Decline to answer', 'Not a veteran', 'Disabled Veteran', 'Recently Separated Veteran'] }, open(/which kind of protected veteran/)],
    [{ label: 'Gender', type: 'radio', required: true, options: ['Male', 'Female', 'Decline to self-identify'] }, pick('Decline to self-identify')],
  ]);
  table(t, 'sponsorship required', { ...full, eligibility: { work_authorized_countries: ['GB'], requires_sponsorship: true } }, job('Acme', 'Engineer', 'US'), [
    [{ label: 'Will you now or in the future require sponsorship for employment visa status (e.g., H-1B)?', type: 'select', required: true, options: yesNo }, pick('Yes')],
    [{ label: 'Are you legally authorized to work in the United States without sponsorship?', type: 'select', required: true, options: yesNo }, pick('No')],
    [{ label: 'Are you authorized to work in the UK?', type: 'radio', required: true, options: yesNo }, pick('Yes')],
  ]);
  table(t, 'a cover letter whose placeholders cannot be filled', full, job(null, 'Engineer', 'GB'), [
    [{ label: 'Cover letter', type: 'textarea', required: true }, open(/\{\{company_name\}\}/)],
    [{ label: 'Cover letter', type: 'file', required: false }, 'skip'],
  ]);
  table(
    t,
    'every placeholder of the cover letter',
    {
      ...full,
      cover_letter_template:
        'Hello {{ preferred_name }} / {{email}} / {{phone}} / {{city}}, {{country}} / {{linkedin}} {{github}} {{portfolio}} / {{current_company}} / {{first_name}} {{last_name}} / {{job_title}} at {{company_name}}',
    },
    job('Acme', 'Platform Engineer', 'GB'),
    [
      [
        { label: 'Cover letter', type: 'textarea', required: true },
        text(
          'Hello Amy / amelie.okafor@example.com / +44 7700 900123 / London, United Kingdom / https://www.linkedin.com/in/amelie-okafor https://github.com/aokafor https://amelie.dev / Globex Payments / Amélie Okafor / Platform Engineer at Acme',
        ),
      ],
    ],
  );
  table(t, 'a placeholder with no value in the profile', { ...full, cover_letter_template: 'See {{website}}.' }, job('Acme', 'Engineer', 'GB'), [
    [{ label: 'Cover letter', type: 'textarea', required: true }, open(/\{\{website\}\}/)],
  ]);
  table(t, 'a memory answers what the work history cannot', { ...full, memories: [...full.memories, 'I have never been employed by Northwind Goods.'] }, job('Northwind Goods', 'Backend Developer', 'US'), [
    [{ label: 'Are you currently, or have you ever been employed by Northwind Goods?', type: 'select', required: true, options: ['YES', 'NO'] }, pick('NO')],
    [{ label: 'Have you worked for us before?', type: 'radio', required: true, options: yesNo }, pick('No')],
  ]);
  table(t, 'a cover letter with an unknown placeholder', { ...full, cover_letter_template: 'Dear {{hiring_manager}}, I am {{first_name}}.' }, job('Acme', 'Engineer', 'GB'), [
    [{ label: 'Cover letter', type: 'textarea', required: true }, open(/unknown placeholders: \{\{hiring_manager\}\}/)],
  ]);
  table(t, 'a cover letter longer than the form allows', full, job('Acme', 'Engineer', 'GB'), [
    [{ label: 'Cover letter', type: 'textarea', required: true, constraints: { maxlength: 50 } }, open(/at most 50 characters/)],
  ]);
  table(t, 'a résumé the form does not accept', full, job('Acme', 'Engineer', 'GB'), [
    [{ label: 'Resume', type: 'file', required: true, constraints: { accept: '.doc,.docx' } }, open(/accepts \.doc,\.docx/)],
    [{ label: 'Cover letter', type: 'file', required: false, constraints: { accept: '.pdf' } }, 'skip'],
    [{ label: 'Portfolio (PDF)', type: 'file', required: true }, open(/only the résumé and a cover letter/)],
  ]);
  table(t, 'memories that disagree', { ...full, memories: ['I can start immediately.', 'My notice period is three months.'] }, job('Acme', 'Engineer', 'GB'), [
    [{ label: 'Notice period', type: 'select', required: true, options: ['Immediately', '1 month', '3 months'] }, open(/different notice periods/)],
    [{ label: 'How many years of experience do you have with TypeScript?', type: 'number', required: true }, { number: 8 }],
  ]);
  table(t, 'work history without dates', { ...full, work_experience: [{ company: 'Globex Payments', title: 'Senior Backend Engineer', description: 'TypeScript' }], memories: [] }, job('Acme', 'Engineer', 'GB'), [
    [{ label: 'How many years of experience do you have with TypeScript?', type: 'number', required: true }, open(/no usable start date/)],
    [{ label: 'Current company', type: 'text', required: false }, 'skip'],
  ]);
  table(t, 'labels that mention a profile fact without asking for it', full, job('Acme', 'Engineer', 'GB'), [
    [{ label: 'Phone interview availability', type: 'text', required: true }, open(/nothing in the profile/)],
    [{ label: 'How did you hear about us? (LinkedIn, website, referral)', type: 'text', required: true }, open(/nothing in the profile/)],
    [{ label: 'Why do you want to leave your current company?', type: 'textarea', required: true }, open(OPEN_QUESTION)],
    [{ label: 'Current salary', type: 'text', required: true }, open(/current or last salary/)],
    [{ label: 'Start date of your current position', type: 'date', required: true }, open(/nothing in the profile/)],
    [{ label: 'Have you relocated for work before?', type: 'radio', required: true, options: yesNo }, open(/nothing in the profile/)],
    [{ label: 'Referrer email', type: 'email', required: true }, open(/nothing in the profile/)],
    [{ label: "Referrer's first name", type: 'text', required: true }, open(/nothing in the profile/)],
    [{ label: 'Emergency contact phone', type: 'tel', required: true }, open(/nothing in the profile/)],
    [{ label: 'Title', type: 'select', required: true, options: ['Mr', 'Ms', 'Dr'] }, open(/nothing in the profile/)],
    [{ label: 'Salary range', type: 'select', required: true, options: ['£50k-£70k', '£70k-£90k', '£90k+'] }, open(/bands/)],
    [{ label: 'Years of experience', type: 'select', required: true, options: ['0-2', '3-5', '6-9', '10+'] }, pick('10+')],
    [{ label: 'Do you speak German?', type: 'radio', required: true, options: yesNo }, open(/nothing in the profile/)],
    [{ label: 'Country of citizenship', type: 'select', required: true, options: ['United Kingdom', 'Germany'] }, open(/citizenship/)],
    [{ label: 'Nombre y apellidos', type: 'text', required: true }, text('Amélie Okafor')],
    // A box that states a fact is not a consent to the form's conditions.
    [{ label: 'I confirm that I am available to work weekends', type: 'checkbox', required: true }, open(/nothing in the profile/)],
    [{ label: 'Notice period', type: 'select', required: true, options: ['Immediately'] }, open(/notice period of 1 month/)],
  ]);
  table(t, 'a start date already past means today', { ...full, preferences: { ...full.preferences, earliest_start_date: '2026-01' } }, job('Acme', 'Engineer', 'GB'), [
    [{ label: 'Earliest start date', type: 'date', required: true }, text('2026-06-15')],
  ]);
});
