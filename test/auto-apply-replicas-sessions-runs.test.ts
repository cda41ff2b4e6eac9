// Every provider replica (test/fixtures/ats-forms/ and test/fixtures/ats/) end to end, by
// one-call run and by interactive session, over HTTP with real Chromium:
//  - by run: a stored profile (a real PDF résumé, then every section set by PATCH) runs the
//    form. `Submitted`, or `Incomplete` naming exactly the required questions the profile
//    cannot answer clearly, then finished through its session (answers + the page's button);
//  - by session (no profile): each page answered with the answers call alone, its button
//    the last answer, to `submitted`;
// and each time the replica's recorded submission checked field by field against what the
// profile (or the answers) should produce, written from the replica's questions and the
// way its page posts them, files by SHA-256. Workday and iCIMS put a sign-in wall before any
// question: the run fails and the session ends `error` naming it, credits refunded.
// (SmartRecruiters is in the catalog only: there is no replica of its form to run.)
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import t, { type Test } from 'tap';
import { applyAccount, RESUME } from './helpers/auto-apply.ts';
import { startAtsReplicas, type ReplicaProvider } from './helpers/ats-replicas.ts';
import { startAtsFormReplicas } from './helpers/ats-form-replicas.ts';
import { waitFor } from './helpers/wait.ts';
import { buildResumePdf, SAMPLE_RESUME } from './helpers/resume-documents.ts';
import { questions, sessionCalls, startSessionService } from './helpers/sessions.ts';
import { updateAccount } from '../db/accounts.ts';
import { startWorkers } from '../workers/runner.ts';
import { workerModules } from '../workers/registry.ts';
import { profileImportQueue } from '../lib/queues.ts';

const FORM_PROVIDERS = ['workable', 'breezy', 'teamtailor', 'recruitee', 'bamboohr', 'personio', 'jobvite', 'jazzhr', 'workday', 'icims'];
const replicas = await startAtsReplicas(t);
const formReplicas = await startAtsFormReplicas(t, FORM_PROVIDERS);
const origins = Object.entries({ ...replicas.loopbackProviders, ...formReplicas.loopbackProviders }).map(([origin, provider]) => `${origin}=${provider}`).join(',');
const service = await startSessionService(t, { env: { AUTO_APPLY_PROVIDER_ORIGINS: origins, AUTO_APPLY_CONFIRM_SECONDS: '5' } });
service.runtime.onShutdown(await startWorkers(service.runtime.boss, workerModules.filter((module) => module.queue.name === profileImportQueue.name), service.runtime));
const account = await applyAccount(service);
// Every session call is in the Default group (60 a minute on this plan); this file makes a few hundred.
await updateAccount(service.runtime.pool, account.id, { rate_limit_overrides: { AutoApply: { minute: 1000, hour: 10_000, day: 100_000 }, Default: { minute: 1000, hour: 10_000, day: 100_000 } } });
const calls = sessionCalls(account.api);
const PROFILES = '/api/auto-apply/profiles';
const balance = async () => (await account.api.get('/api/account')).body.account.credits_balance as number;
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

// ---- The applicant: a résumé, then every section stated by the caller. ----
const SECTIONS = {
  contact: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada.lovelace@example.com', phone: '+44 20 7946 0958', date_of_birth: '1990-12-10' },
  location: { address_line1: "12 St James's Square", city: 'London', state: 'England', postal_code: 'SW1Y 4JH', country: 'GB' },
  links: { linkedin: 'https://www.linkedin.com/in/ada', github: 'https://github.com/ada', portfolio: 'https://ada.example.com' },
  work_experience: [
    { company: 'Difference Engines Ltd', title: 'Senior Data Analyst', start_date: '2019-04', is_current: true },
    { company: 'Analytical Engines', title: 'Analyst', start_date: '2012-03', end_date: '2019-03', is_current: false },
  ],
  education: [{ school: 'University of London', degree: 'BSc', field_of_study: 'Mathematics', start_date: '2008', end_date: '2011' }],
  eligibility: { work_authorized_countries: ['GB', 'DE'], requires_sponsorship: false },
  preferences: { salary_expectation: { amount: 65000, currency: 'GBP', period: 'year' }, earliest_start_date: '2027-01-04', willing_to_relocate: false, remote_preference: 'hybrid', preferred_locations: ['London', 'Berlin'] },
  self_identification: { gender: 'female', ethnicity: 'prefer_not_to_say', veteran_status: 'not_a_veteran', disability_status: 'prefer_not_to_say' },
  memories: ['My notice period is one month.'],
  cover_letter_template: 'Dear hiring team, I am {{full_name}} from {{city}} and I would like to apply.',
};
// What the profile says, as the answerer writes it (docs/auto-apply-answers.md).
const ADA = {
  first: 'Ada',
  last: 'Lovelace',
  full: 'Ada Lovelace',
  email: 'ada.lovelace@example.com',
  phone: '+44 20 7946 0958',
  /** Location as text: "City, State, Country". */
  place: 'London, England, United Kingdom',
  /** A salary text box: "amount currency per period". */
  salary: '65,000 GBP per year',
  start: '2027-01-04',
  letter: 'Dear hiring team, I am Ada Lovelace from London and I would like to apply.',
};
/** Total years of experience: 2012-03 to today without a gap (the current entry runs to today), rounded down. */
const YEARS = (() => {
  const now = new Date();
  return now.getUTCFullYear() - 2012 - (now.getUTCMonth() < 2 ? 1 : 0);
})();

const pdf = await buildResumePdf({ ...SAMPLE_RESUME, name: 'Ada Lovelace', contact: { ...SAMPLE_RESUME.contact, email: ADA.email, phone: ADA.phone, location: 'London, United Kingdom' } }, 'single');
const PDF = { filename: 'ada-lovelace.pdf', content_type: 'application/pdf', sha256: sha256(pdf) };
// The letter as an upload: a plain-text file, the text and its closing newline.
const LETTER = { filename: 'cover-letter.txt', content_type: 'text/plain', sha256: sha256(`${ADA.letter}\n`) };

const profileId: string = (await account.api.post(PROFILES, { name: 'Replica runs' })).body.id;
{
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), PDF.filename);
  const encoded = new Response(form);
  const uploaded = await account.api.request('PUT', `${PROFILES}/${profileId}/resume`, { rawBody: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } });
  if (uploaded.status !== 202) throw new Error(`résumé upload: ${uploaded.status} ${uploaded.text}`);
  const imported = await waitFor('the résumé import', async () => {
    const current = (await account.api.get(`${PROFILES}/${profileId}`)).body;
    return current.status !== 'importing' ? current : null;
  }, 60);
  if (imported.status !== 'ready') throw new Error(`résumé import: ${imported.status} ${imported.import_error}`);
  // The import merged what the résumé says; the caller's sections replace it, so the profile is exactly SECTIONS.
  const patched = await account.api.request('PATCH', `${PROFILES}/${profileId}`, { json: SECTIONS });
  if (patched.status !== 200) throw new Error(`profile PATCH: ${patched.status} ${patched.text}`);
}

// ---- What a session caller answers (no profile): another applicant, every question answered. ----
const GRACE = { first: 'Grace', last: 'Hopper', full: 'Grace Hopper', email: 'grace.hopper@example.com', phone: '+1 202 555 0143' };
const COVER = { filename: 'cover-grace.txt', content_type: 'text/plain', content_base64: Buffer.from('Dear team, I wrote the first compiler.').toString('base64') };
const RESUME_FILE = { filename: RESUME.filename, content_type: RESUME.content_type, sha256: sha256(Buffer.from(RESUME.content_base64, 'base64')) };
const COVER_FILE = { filename: COVER.filename, content_type: COVER.content_type, sha256: sha256(Buffer.from(COVER.content_base64, 'base64')) };

interface SentFile {
  field: string;
  filename: string;
  content_type: string;
  sha256: string;
}
interface Sent {
  fields: Record<string, unknown>;
  files: SentFile[];
}
type Answers = Array<[field_id: string, value: unknown]>;

interface ProviderCase {
  provider: string;
  url: () => string;
  submissions: () => Array<{ fields: Record<string, unknown>; files: Array<SentFile & { size: number }> }>;
  /** Sign-in wall: the run fails, the session ends `error`. */
  wall?: true;
  run?: {
    pages: number;
    /** Incomplete: the page it stops on and the required questions the profile cannot answer, [label, field_id]. */
    incomplete?: { page: number; fields: Array<[string, string]>; finish: Answers };
    sent: Sent;
  };
  /** Each page's questions in order, answered (every one) by the caller. */
  session?: { pages: Answers[]; sent: Sent };
}

// The replicas' own hidden inputs, posted with the answers (jazzhr/apply.html, lever/apply.html).
const JAZZHR_HIDDEN = {
  dv_deputy: '',
  form_id: 'submit_new_resume',
  'resumator-subdomain-value': 'northwind',
  'resumator-tags-value': '',
  'uploaded-file': '',
  'resumator-sfdc-id': 'customer_00000000000000_NORTHWIND',
  'resumator-application-id': 'AP-D0FHNVQROUMO-2',
  'resumator-source-value': '',
  'resumator-recruiter-value': '',
  MAX_FILE_SIZE: '10585760',
  'resumator-xml-value': '',
  'resumator-detect-mobile': '',
  'linkedin-profile': '',
};
const LEVER_CARD = 'cards[7c1f0a52-3d4e-4b6a-9f8e-2a1b3c4d5e6f]';
const LEVER_HIDDEN = {
  accountId: '2f5d9a8c-1b7e-4c3d-8a6f-0e9d8c7b6a54',
  linkedInData: '',
  origin: '',
  referer: '',
  // Set by the page's script from the browser's time zone (the service's Chromium runs in this machine's).
  timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  socialReferralKey: '',
  // The card's template, as the page carries it.
  [`${LEVER_CARD}[baseTemplate]`]: /name="cards\[[\w-]+\]\[baseTemplate\]" value="([^"]*)"/.exec(readFileSync(path.join(import.meta.dirname, 'fixtures/ats/lever/apply.html'), 'utf8'))![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
};
/** The suggestion picked in Lever's location lookup, as its page keeps it (the replica's ids: md5 of the name). */
const leverLocation = (name: string) => JSON.stringify({ name, id: createHash('md5').update(name).digest('hex').slice(0, 12) });

const ats = (provider: ReplicaProvider) => () => replicas.submissions(provider);
const forms = (provider: string) => () => formReplicas.submissions(provider);
const file = (field: string, what: Omit<SentFile, 'field'>): SentFile => ({ field, ...what });

const CASES: ProviderCase[] = [
  {
    provider: 'workable',
    url: () => formReplicas.url('workable'),
    submissions: forms('workable'),
    // The page posts its named inputs (a ticked box as "true", a radio's value) and the résumé as `resume`.
    run: {
      pages: 1,
      sent: {
        fields: { firstname: ADA.first, lastname: ADA.last, email: ADA.email, phone: ADA.phone, cover_letter: ADA.letter, QA_7187615: ADA.salary, QA_12390944: 'true', gdpr: 'true' },
        files: [file('resume', PDF)],
      },
    },
    session: {
      pages: [[
        ['firstname', GRACE.first],
        ['lastname', GRACE.last],
        ['email', GRACE.email],
        ['phone', GRACE.phone],
        ['input_files_input_Zos7eYaJ', RESUME],
        ['cover_letter', 'I wrote the first compiler.'],
        ['QA_7187615', '90,000 USD'],
        ['QA_12390944', 'false'],
        ['gdpr', true],
      ]],
      sent: {
        fields: { firstname: GRACE.first, lastname: GRACE.last, email: GRACE.email, phone: GRACE.phone, cover_letter: 'I wrote the first compiler.', QA_7187615: '90,000 USD', QA_12390944: 'false', gdpr: 'true' },
        files: [file('resume', RESUME_FILE)],
      },
    },
  },
  {
    provider: 'breezy',
    url: () => formReplicas.url('breezy'),
    submissions: forms('breezy'),
    // FormData(form): every named control; the optional SMS opt-in stays unticked (not sent).
    run: {
      pages: 1,
      incomplete: { page: 1, fields: [['Why do you want to join Acme?', 'q0']], finish: [['q0', 'To work on the analytical engine.']] },
      sent: {
        fields: { cName: ADA.full, cEmail: ADA.email, cPhoneNumber: ADA.phone, salaryCurrency: 'GBP', cSalary: '65000', salaryPeriod: 'yearly', q0: 'To work on the analytical engine.', q1: '1' },
        files: [file('resume', PDF)],
      },
    },
    session: {
      pages: [[
        ['resume', RESUME],
        ['cName', GRACE.full],
        ['cEmail', GRACE.email],
        ['cPhoneNumber', GRACE.phone],
        ['smsConsent', true],
        ['salaryCurrency', 'EUR'],
        ['cSalary', '7000'],
        ['salaryPeriod', 'monthly'],
        ['q0', 'To build compilers.'],
        ['q1', '0'],
      ]],
      sent: {
        fields: { cName: GRACE.full, cEmail: GRACE.email, cPhoneNumber: GRACE.phone, smsConsent: 'on', salaryCurrency: 'EUR', cSalary: '7000', salaryPeriod: 'monthly', q0: 'To build compilers.', q1: '0' },
        files: [file('resume', RESUME_FILE)],
      },
    },
  },
  {
    provider: 'teamtailor',
    url: () => formReplicas.url('teamtailor'),
    submissions: forms('teamtailor'),
    // A Rails form: the page's CSRF token, the question ids as hidden inputs, the consent box after its hidden "0", the button's name.
    run: {
      pages: 1,
      sent: {
        fields: {
          authenticity_token: 'k9Jd2vQm0vYbL3Hc8y0pWm6r4xZp1nQe7sTu5wVb2aI=',
          'candidate[first_name]': ADA.first,
          'candidate[last_name]': ADA.last,
          'candidate[email]': ADA.email,
          'candidate[phone]': ADA.phone,
          'candidate[job_applications_attributes][0][cover_letter]': ADA.letter,
          'candidate[answers_attributes][0][question_id]': '881204',
          'candidate[answers_attributes][0][text]': 'London',
          'candidate[answers_attributes][1][question_id]': '881205',
          'candidate[answers_attributes][1][boolean]': 'true',
          'candidate[consent_given]': ['0', '1'],
          button: '',
        },
        files: [file('candidate[resume]', PDF)],
      },
    },
    session: {
      pages: [[
        ['candidate[first_name]', GRACE.first],
        ['candidate[last_name]', GRACE.last],
        ['candidate[email]', GRACE.email],
        ['candidate[phone]', GRACE.phone],
        ['candidate[resume]', RESUME],
        ['candidate[job_applications_attributes][0][cover_letter]', 'I wrote the first compiler.'],
        ['candidate[answers_attributes][0][text]', 'Arlington'],
        ['candidate[answers_attributes][1][boolean]', 'false'],
        ['candidate[consent_given]', true],
      ]],
      sent: {
        fields: {
          authenticity_token: 'k9Jd2vQm0vYbL3Hc8y0pWm6r4xZp1nQe7sTu5wVb2aI=',
          'candidate[first_name]': GRACE.first,
          'candidate[last_name]': GRACE.last,
          'candidate[email]': GRACE.email,
          'candidate[phone]': GRACE.phone,
          'candidate[job_applications_attributes][0][cover_letter]': 'I wrote the first compiler.',
          'candidate[answers_attributes][0][question_id]': '881204',
          'candidate[answers_attributes][0][text]': 'Arlington',
          'candidate[answers_attributes][1][question_id]': '881205',
          'candidate[answers_attributes][1][boolean]': 'false',
          'candidate[consent_given]': ['0', '1'],
          button: '',
        },
        files: [file('candidate[resume]', RESUME_FILE)],
      },
    },
  },
  {
    provider: 'recruitee',
    url: () => formReplicas.url('recruitee'),
    submissions: forms('recruitee'),
    // The page's script posts to the Careers Site API: each open question with its id (a flag or content), each agreement.
    run: {
      pages: 1,
      incomplete: {
        page: 1,
        fields: [['Why do you want to start at Northwind Goods?', 'candidate.openQuestionAnswers.3352052.content']],
        finish: [['candidate.openQuestionAnswers.3352052.content', 'Your analytical tools.']],
      },
      sent: {
        fields: {
          'candidate[name]': ADA.full,
          'candidate[email]': ADA.email,
          'candidate[phone]': ADA.phone,
          'candidate[open_question_answers_attributes][0][open_question_id]': '2593511',
          'candidate[open_question_answers_attributes][0][content]': ADA.start,
          // Salary "in €": the profile's is in GBP, no conversion: left empty.
          'candidate[open_question_answers_attributes][1][open_question_id]': '2593512',
          'candidate[open_question_answers_attributes][1][content]': '',
          // Lives in the Netherlands? The profile's country is GB: No.
          'candidate[open_question_answers_attributes][2][open_question_id]': '7465118',
          'candidate[open_question_answers_attributes][2][flag]': 'false',
          'candidate[open_question_answers_attributes][3][open_question_id]': '3352052',
          'candidate[open_question_answers_attributes][3][content]': 'Your analytical tools.',
          'candidate[agreements][0][agreement_id]': '176',
          'candidate[agreements][0][consent]': 'true',
        },
        files: [file('candidate[cv]', PDF), file('candidate[cover_letter_file]', LETTER)],
      },
    },
    session: {
      pages: [[
        ['candidate.name', GRACE.full],
        ['candidate.email', GRACE.email],
        ['candidate.phone', GRACE.phone],
        ['candidate.cv', RESUME],
        ['candidate.coverLetterFile', COVER],
        ['candidate.openQuestionAnswers.2593511.content', 'February 2027'],
        ['candidate.openQuestionAnswers.2593512.content', '80000'],
        ['candidate.openQuestionAnswers.7465118.flag', 'true'],
        ['candidate.openQuestionAnswers.3352052.content', 'To build compilers.'],
        ['candidate.agreements.0.consent', true],
      ]],
      sent: {
        fields: {
          'candidate[name]': GRACE.full,
          'candidate[email]': GRACE.email,
          'candidate[phone]': GRACE.phone,
          'candidate[open_question_answers_attributes][0][open_question_id]': '2593511',
          'candidate[open_question_answers_attributes][0][content]': 'February 2027',
          'candidate[open_question_answers_attributes][1][open_question_id]': '2593512',
          'candidate[open_question_answers_attributes][1][content]': '80000',
          'candidate[open_question_answers_attributes][2][open_question_id]': '7465118',
          'candidate[open_question_answers_attributes][2][flag]': 'true',
          'candidate[open_question_answers_attributes][3][open_question_id]': '3352052',
          'candidate[open_question_answers_attributes][3][content]': 'To build compilers.',
          'candidate[agreements][0][agreement_id]': '176',
          'candidate[agreements][0][consent]': 'true',
        },
        files: [file('candidate[cv]', RESUME_FILE), file('candidate[cover_letter_file]', COVER_FILE)],
      },
    },
  },
  {
    provider: 'bamboohr',
    url: () => formReplicas.url('bamboohr'),
    submissions: forms('bamboohr'),
    // FormData(form): Fabric selects post the chosen option's id (detail.json), the résumé as `resumeFileId`, the trap left blank.
    run: {
      pages: 1,
      incomplete: {
        page: 1,
        fields: [
          ['State', 'state.value'],
          ['How did you hear about Curtin Maritime?', 'customQuestionAnswers.short_749'],
          ['If you were referred by a Curtin Maritime employee, please tell us their name...', 'customQuestionAnswers.short_750'],
        ],
        finish: [['state.value', 'NY'], ['customQuestionAnswers.short_749', 'A colleague'], ['customQuestionAnswers.short_750', 'Charles Babbage']],
      },
      sent: {
        fields: {
          firstName: ADA.first,
          lastName: ADA.last,
          email: ADA.email,
          phone: ADA.phone,
          'streetAddress.value': "12 St James's Square",
          'city.value': 'London',
          'state.value': '33',
          'zip.value': 'SW1Y 4JH',
          'countryId.value': '222',
          dateAvailable__cpFacade: ADA.start,
          desiredPay: ADA.salary,
          websiteUrl: 'https://ada.example.com',
          linkedinUrl: 'https://www.linkedin.com/in/ada',
          'customQuestionAnswers.short_749': 'A colleague',
          'customQuestionAnswers.short_750': 'Charles Babbage',
          genderId: '2',
          veteranStatusId: '-2',
          preferredName: '',
        },
        files: [file('resumeFileId', PDF)],
      },
    },
    session: {
      pages: [[
        ['firstName', GRACE.first],
        ['lastName', GRACE.last],
        ['email', GRACE.email],
        ['phone', GRACE.phone],
        ['streetAddress.value', '1 Navy Way'],
        ['city.value', 'Arlington'],
        ['state.value', 'WA'],
        ['zip.value', '22202'],
        ['countryId.value', 'United States'],
        ['file:Resume', RESUME],
        ['dateAvailable__cpFacade', '02/01/2027'],
        ['desiredPay', '$90,000'],
        ['websiteUrl', 'https://grace.example.com'],
        ['linkedinUrl', 'https://www.linkedin.com/in/grace'],
        ['customQuestionAnswers.short_749', 'LinkedIn'],
        ['customQuestionAnswers.short_750', 'Nobody'],
        ['genderId', 'Decline to answer'],
        ['veteranStatusId', 'Recently Separated Veteran'],
      ]],
      sent: {
        fields: {
          firstName: GRACE.first,
          lastName: GRACE.last,
          email: GRACE.email,
          phone: GRACE.phone,
          'streetAddress.value': '1 Navy Way',
          'city.value': 'Arlington',
          'state.value': '48',
          'zip.value': '22202',
          'countryId.value': '1',
          dateAvailable__cpFacade: '02/01/2027',
          desiredPay: '$90,000',
          websiteUrl: 'https://grace.example.com',
          linkedinUrl: 'https://www.linkedin.com/in/grace',
          'customQuestionAnswers.short_749': 'LinkedIn',
          'customQuestionAnswers.short_750': 'Nobody',
          genderId: '-1',
          veteranStatusId: '18383',
          preferredName: '',
        },
        files: [file('resumeFileId', RESUME_FILE)],
      },
    },
  },
  {
    provider: 'personio',
    url: () => formReplicas.url('personio'),
    submissions: forms('personio'),
    run: {
      pages: 1,
      sent: {
        fields: {
          first_name: ADA.first,
          last_name: ADA.last,
          email: ADA.email,
          phone: ADA.phone,
          location: ADA.place,
          public_profile: 'https://www.linkedin.com/in/ada',
          available_from: ADA.start,
          salary_expectations: ADA.salary,
          privacy_policy_acceptance: '1',
        },
        files: [file('documents.cv', PDF)],
      },
    },
    session: {
      pages: [[
        ['first_name', GRACE.first],
        ['last_name', GRACE.last],
        ['email', GRACE.email],
        ['phone', GRACE.phone],
        ['location', 'Arlington, Virginia'],
        ['public_profile', 'https://www.linkedin.com/in/grace'],
        ['available_from', '2027-02-01'],
        ['salary_expectations', '90,000 USD'],
        ['documents.cv', RESUME],
        ['privacy_policy_acceptance', true],
      ]],
      sent: {
        fields: {
          first_name: GRACE.first,
          last_name: GRACE.last,
          email: GRACE.email,
          phone: GRACE.phone,
          location: 'Arlington, Virginia',
          public_profile: 'https://www.linkedin.com/in/grace',
          available_from: '2027-02-01',
          salary_expectations: '90,000 USD',
          privacy_policy_acceptance: '1',
        },
        files: [file('documents.cv', RESUME_FILE)],
      },
    },
  },
  {
    provider: 'jobvite',
    url: () => formReplicas.url('jobvite'),
    submissions: forms('jobvite'),
    // Three pages: the data consent, the form behind it, the prescreen. The script posts the
    // policy id, the text inputs, the checked radios and the two uploads (résumé, cover letter).
    run: {
      pages: 3,
      sent: {
        // Authorized in the United States? The profile lists GB and DE only (a complete list): No.
        fields: { consentPolicyId: '815b0c56', 'input-yrKSYfwL': ADA.first, 'input-ytKSYfwN': ADA.last, 'input-ysKSYfwM': ADA.email, yROGYfw3: 'No' },
        files: [file('resume', PDF), file('coverLetter', LETTER)],
      },
    },
    session: {
      pages: [
        [['jv-country-select', '815b0c56']],
        [['file-input-0', RESUME], ['input-yrKSYfwL', GRACE.first], ['input-ytKSYfwN', GRACE.last], ['input-ysKSYfwM', GRACE.email], ['file-input-1', COVER]],
        [['yROGYfw3', 'Yes']],
      ],
      sent: {
        fields: { consentPolicyId: '815b0c56', 'input-yrKSYfwL': GRACE.first, 'input-ytKSYfwN': GRACE.last, 'input-ysKSYfwM': GRACE.email, yROGYfw3: 'Yes' },
        files: [file('resume', RESUME_FILE), file('coverLetter', COVER_FILE)],
      },
    },
  },
  {
    provider: 'jazzhr',
    url: () => formReplicas.url('jazzhr'),
    submissions: forms('jazzhr'),
    // The page's script posts every named input, and each checkbox question's ticked boxes joined into its hidden answer ("YES-||-").
    run: {
      pages: 1,
      incomplete: {
        page: 1,
        fields: [
          ["What's your citizenship / employment eligibility?", 'resumator-citizen-value'],
          ['Are you currently, or have you ever been employed by Northwind Goods?', 'resumator-questionnaire[1474074]'],
          ['Do you live in the geographical location that this position is based?', 'resumator-checkbox-2316844-1'],
        ],
        finish: [['resumator-citizen-value', '40'], ['resumator-questionnaire[1474074]', 'NO'], ['resumator-checkbox-2316844-1', ['resumator-checkbox-2316844-2']]],
      },
      sent: {
        fields: {
          ...JAZZHR_HIDDEN,
          'resumator-firstname-value': ADA.first,
          'resumator-lastname-value': ADA.last,
          'resumator-email-value': ADA.email,
          'resumator-phone-value': ADA.phone,
          'resumator-address-value': "12 St James's Square",
          'resumator-city-value': 'London',
          'resumator-state-value': 'England',
          'resumator-postal-value': 'SW1Y 4JH',
          'resumator-citizen-value': '40',
          // Born 1990: 18 or older.
          'resumator-over18-value': '1',
          'resumator-questionnaire[1474070]': 'YES-||-',
          'resumator-questionnaire[1474073]': '',
          'resumator-questionnaire[1474072]': ADA.salary,
          'resumator-questionnaire[1474074]': 'NO',
          // Over ten years: "5+" and "10+" both hold it, the higher one.
          'resumator-questionnaire[1586173]': YEARS >= 10 ? '10+' : '5+',
          'resumator-checkbox-1474070-1': 'YES',
          'resumator-questionnaire[2316844]': 'NO-||-',
          'resumator-checkbox-2316844-2': 'NO',
          'resumator-eeo_gender-value': '1',
          'resumator-eeo_race-value': '0',
          'resumator-job-value': 'Kq7XbT2mWd',
          'resumator-resumetext-value': '',
        },
        files: [file('resumator-resume-value', PDF)],
      },
    },
    session: {
      pages: [[
        ['resumator-firstname-value', GRACE.first],
        ['resumator-lastname-value', GRACE.last],
        ['resumator-email-value', GRACE.email],
        ['resumator-phone-value', GRACE.phone],
        ['resumator-address-value', '1 Navy Way'],
        ['resumator-city-value', 'Arlington'],
        ['resumator-state-value', 'VA'],
        ['resumator-postal-value', '22202'],
        ['resumator-resume-value', RESUME],
        ['resumator-citizen-value', '10'],
        ['resumator-over18-value', '1'],
        ['resumator-checkbox-1474070-1', true],
        ['resumator-questionnaire[1474073]', 'Ada Lovelace'],
        ['resumator-questionnaire[1474072]', '90,000 - 100,000'],
        ['resumator-questionnaire[1474074]', 'YES'],
        ['resumator-questionnaire[1586173]', '10+'],
        ['resumator-checkbox-2316844-1', ['YES']],
        ['resumator-eeo_gender-value', '1'],
        ['resumator-eeo_race-value', '51'],
      ]],
      sent: {
        fields: {
          ...JAZZHR_HIDDEN,
          'resumator-firstname-value': GRACE.first,
          'resumator-lastname-value': GRACE.last,
          'resumator-email-value': GRACE.email,
          'resumator-phone-value': GRACE.phone,
          'resumator-address-value': '1 Navy Way',
          'resumator-city-value': 'Arlington',
          'resumator-state-value': 'VA',
          'resumator-postal-value': '22202',
          'resumator-citizen-value': '10',
          'resumator-over18-value': '1',
          'resumator-questionnaire[1474070]': 'YES-||-',
          'resumator-questionnaire[1474073]': 'Ada Lovelace',
          'resumator-questionnaire[1474072]': '90,000 - 100,000',
          'resumator-questionnaire[1474074]': 'YES',
          'resumator-questionnaire[1586173]': '10+',
          'resumator-checkbox-1474070-1': 'YES',
          'resumator-questionnaire[2316844]': 'YES-||-',
          'resumator-checkbox-2316844-1': 'YES',
          'resumator-eeo_gender-value': '1',
          'resumator-eeo_race-value': '51',
          'resumator-job-value': 'Kq7XbT2mWd',
          'resumator-resumetext-value': '',
        },
        files: [file('resumator-resume-value', RESUME_FILE)],
      },
    },
  },
  { provider: 'workday', url: () => formReplicas.url('workday'), submissions: forms('workday'), wall: true },
  { provider: 'icims', url: () => formReplicas.url('icims'), submissions: forms('icims'), wall: true },
  {
    provider: 'greenhouse',
    url: () => replicas.applyUrls.greenhouse,
    submissions: ats('greenhouse'),
    run: {
      pages: 1,
      incomplete: {
        page: 1,
        fields: [['Why do you want to work at Acme?', 'question_30002']],
        finish: [['question_30002', 'The analytical engine.']],
      },
      sent: {
        fields: {
          first_name: ADA.first,
          last_name: ADA.last,
          email: ADA.email,
          phone: ADA.phone,
          question_30001: 'https://www.linkedin.com/in/ada',
          question_30002: 'The analytical engine.',
          // The phone's dialling code: United Kingdom +44.
          country: 'GB',
          'candidate-location': ADA.place,
          // Authorized in Germany (listed): Yes; sponsorship not needed: No.
          question_30003: '70001',
          question_30004: '70004',
          gender: '2',
          veteran_status: '1',
          // Offices: each preferred location the form offers (London, Berlin); the optional languages question left out.
          'question_30006[]': ['80001', '80002'],
          gdpr_processing_consent_given: 'true',
        },
        files: [file('resume', PDF), file('cover_letter', LETTER)],
      },
    },
    session: {
      pages: [[
        ['first_name', GRACE.first],
        ['last_name', GRACE.last],
        ['email', GRACE.email],
        ['country', 'United States +1'],
        ['phone', GRACE.phone],
        ['candidate-location', 'New York, New York, United States'],
        ['resume', RESUME],
        ['cover_letter', COVER],
        ['question_30001', 'https://www.linkedin.com/in/grace'],
        ['question_30002', 'To build compilers.'],
        ['question_30003', 'No'],
        ['question_30004', 'Yes'],
        ['question_30005[]', ['English', 'French']],
        ['question_30006[]', ['80003']],
        ['gender', 'Decline To Self Identify'],
        ['veteran_status', 'I identify as one or more of the classifications of protected veteran'],
        ['gdpr_processing_consent_given', true],
      ]],
      sent: {
        fields: {
          first_name: GRACE.first,
          last_name: GRACE.last,
          email: GRACE.email,
          phone: GRACE.phone,
          question_30001: 'https://www.linkedin.com/in/grace',
          question_30002: 'To build compilers.',
          country: 'US',
          'candidate-location': 'New York, New York, United States',
          question_30003: '70002',
          question_30004: '70003',
          'question_30005[]': ['70011', '70013'],
          gender: '3',
          veteran_status: '2',
          'question_30006[]': '80003',
          gdpr_processing_consent_given: 'true',
        },
        files: [file('resume', RESUME_FILE), file('cover_letter', COVER_FILE)],
      },
    },
  },
  {
    provider: 'lever',
    url: () => replicas.jobUrls.lever,
    submissions: ats('lever'),
    run: {
      pages: 1,
      incomplete: {
        page: 1,
        fields: [
          ['What interests you about Acme?', `${LEVER_CARD}[field1]`],
          ['How did you hear about this job?', `${LEVER_CARD}[field3]`],
        ],
        finish: [[`${LEVER_CARD}[field1]`, 'The analytical engine.'], [`${LEVER_CARD}[field3]`, 'Conference or meetup']],
      },
      sent: {
        fields: {
          ...LEVER_HIDDEN,
          name: ADA.full,
          email: ADA.email,
          phone: ADA.phone,
          location: ADA.place,
          selectedLocation: leverLocation(ADA.place),
          // The current entry of the work history.
          org: 'Difference Engines Ltd',
          'urls[LinkedIn]': 'https://www.linkedin.com/in/ada',
          'urls[GitHub]': 'https://github.com/ada',
          'urls[Portfolio]': 'https://ada.example.com',
          [`${LEVER_CARD}[field0]`]: 'Yes',
          [`${LEVER_CARD}[field1]`]: 'The analytical engine.',
          [`${LEVER_CARD}[field3]`]: 'Conference or meetup',
          comments: '',
          'eeo[gender]': 'Female',
          'eeo[race]': 'Decline to self-identify',
          'eeo[veteran]': 'Not a veteran',
        },
        files: [file('resume', PDF)],
      },
    },
    session: {
      pages: [[
        ['resume', RESUME],
        ['name', GRACE.full],
        ['email', GRACE.email],
        ['phone', GRACE.phone],
        ['location', 'New York, New York, United States'],
        ['org', 'US Navy'],
        ['urls[LinkedIn]', 'https://www.linkedin.com/in/grace'],
        ['urls[GitHub]', 'https://github.com/grace'],
        ['urls[Portfolio]', 'https://grace.example.com'],
        [`${LEVER_CARD}[field0]`, 'No'],
        [`${LEVER_CARD}[field1]`, 'Compilers.'],
        [`${LEVER_CARD}[field2]`, ['PostgreSQL', 'Kubernetes']],
        [`${LEVER_CARD}[field3]`, 'A friend or colleague'],
        ['comments', 'Thank you.'],
        ['eeo[gender]', 'Female'],
        ['eeo[race]', 'White (Not Hispanic or Latino)'],
        ['eeo[veteran]', 'Veteran'],
      ]],
      sent: {
        fields: {
          ...LEVER_HIDDEN,
          name: GRACE.full,
          email: GRACE.email,
          phone: GRACE.phone,
          location: 'New York, New York, United States',
          selectedLocation: leverLocation('New York, New York, United States'),
          org: 'US Navy',
          'urls[LinkedIn]': 'https://www.linkedin.com/in/grace',
          'urls[GitHub]': 'https://github.com/grace',
          'urls[Portfolio]': 'https://grace.example.com',
          [`${LEVER_CARD}[field0]`]: 'No',
          [`${LEVER_CARD}[field1]`]: 'Compilers.',
          [`${LEVER_CARD}[field2]`]: ['PostgreSQL', 'Kubernetes'],
          [`${LEVER_CARD}[field3]`]: 'A friend or colleague',
          comments: 'Thank you.',
          'eeo[gender]': 'Female',
          'eeo[race]': 'White (Not Hispanic or Latino)',
          'eeo[veteran]': 'Veteran',
        },
        files: [file('resume', RESUME_FILE)],
      },
    },
  },
  {
    provider: 'ashby',
    url: () => replicas.jobUrls.ashby,
    submissions: ats('ashby'),
    run: {
      pages: 1,
      incomplete: {
        page: 1,
        fields: [['Why do you want to join Acme?', '1a9c7e2d-3f4b-4c6d-9e8f-9a0b1c2d3e4f']],
        finish: [['1a9c7e2d-3f4b-4c6d-9e8f-9a0b1c2d3e4f', 'The analytical engine.']],
      },
      // The GraphQL submission: each answered field by path (yes/no as booleans, options by value), nulls left out.
      sent: {
        fields: {
          _systemfield_name: ADA.full,
          _systemfield_email: ADA.email,
          '3e1a9c4b-5d6f-4a8b-9c0d-1e2f3a4b5c6d': ADA.phone,
          _systemfield_location: ADA.place,
          '4f2b0d5c-6e7a-4b9c-8d1e-2f3a4b5c6d7e': 'https://www.linkedin.com/in/ada',
          '5a3c1e6d-7f8b-4c0d-9e2f-3a4b5c6d7e8f': true,
          '6b4d2f7e-8a9c-4d1e-8f3a-4b5c6d7e8f9a': false,
          '7c5e3a8f-9b0d-4e2f-9a4b-5c6d7e8f9a0b': 'GB',
          '0f8b6d1c-2e3a-4b5c-8d7e-8f9a0b1c2d3e': YEARS,
          '1a9c7e2d-3f4b-4c6d-9e8f-9a0b1c2d3e4f': 'The analytical engine.',
        },
        files: [file('_systemfield_resume', PDF)],
      },
    },
    session: {
      pages: [[
        ['_systemfield_name', GRACE.full],
        ['_systemfield_email', GRACE.email],
        ['_systemfield_resume', RESUME],
        ['3e1a9c4b-5d6f-4a8b-9c0d-1e2f3a4b5c6d', GRACE.phone],
        ['3e1a9c4b-5d6f-4a8b-9c0d-1e2f3a4b5c6d#1', 'No - I do not consent to receiving text messages'],
        ['_systemfield_location', 'Berlin, Germany'],
        ['4f2b0d5c-6e7a-4b9c-8d1e-2f3a4b5c6d7e', 'https://www.linkedin.com/in/grace'],
        ['5a3c1e6d-7f8b-4c0d-9e2f-3a4b5c6d7e8f', 'No'],
        ['6b4d2f7e-8a9c-4d1e-8f3a-4b5c6d7e8f9a', 'Yes'],
        ['7c5e3a8f-9b0d-4e2f-9a4b-5c6d7e8f9a0b', 'Other'],
        ['8d6f4b9a-0c1e-4f3a-8b5c-6d7e8f9a0b1c', 'She/Her'],
        ['9e7a5c0b-1d2f-4a4b-9c6d-7e8f9a0b1c2d', ['Checkout', 'Accessibility']],
        ['0f8b6d1c-2e3a-4b5c-8d7e-8f9a0b1c2d3e', 40],
        ['1a9c7e2d-3f4b-4c6d-9e8f-9a0b1c2d3e4f', 'To build compilers.'],
      ]],
      sent: {
        fields: {
          _systemfield_name: GRACE.full,
          _systemfield_email: GRACE.email,
          '3e1a9c4b-5d6f-4a8b-9c0d-1e2f3a4b5c6d': GRACE.phone,
          _systemfield_sms_consent: false,
          _systemfield_location: 'Berlin, Germany',
          '4f2b0d5c-6e7a-4b9c-8d1e-2f3a4b5c6d7e': 'https://www.linkedin.com/in/grace',
          '5a3c1e6d-7f8b-4c0d-9e2f-3a4b5c6d7e8f': false,
          '6b4d2f7e-8a9c-4d1e-8f3a-4b5c6d7e8f9a': true,
          '7c5e3a8f-9b0d-4e2f-9a4b-5c6d7e8f9a0b': 'OTHER',
          '8d6f4b9a-0c1e-4f3a-8b5c-6d7e8f9a0b1c': 'she',
          '9e7a5c0b-1d2f-4a4b-9c6d-7e8f9a0b1c2d': ['checkout', 'a11y'],
          '0f8b6d1c-2e3a-4b5c-8d7e-8f9a0b1c2d3e': 40,
          '1a9c7e2d-3f4b-4c6d-9e8f-9a0b1c2d3e4f': 'To build compilers.',
        },
        files: [file('_systemfield_resume', RESUME_FILE)],
      },
    },
  },
];

/** The one submission the replica recorded since `before`, compared exactly (files by field, name, type and hash). */
function checkSent(t: Test, c: ProviderCase, before: number, want: Sent, what: string) {
  const all = c.submissions();
  t.equal(all.length, before + 1, `${what}: the replica received one submission`);
  const got = all.at(-1);
  if (!got) return;
  t.same(got.fields, want.fields, `${what}: every field as the page posts it`);
  t.same(got.files.map(({ field, filename, content_type, sha256 }) => ({ field, filename, content_type, sha256 })), want.files, `${what}: the files, by hash`);
}

const answersOf = (answers: Answers) => answers.map(([field_id, value]) => ({ field_id, value }));

for (const c of CASES) {
  t.test(`${c.provider}: by run, from the profile`, async (t) => {
    const before = c.submissions().length;
    const credits = await balance();
    const response = await calls.run({ profile_id: profileId, apply_url: c.url() });
    t.equal(response.status, 200);
    const result = response.body;
    t.equal(result.provider_id, c.provider);
    if (c.wall) {
      t.match(result, { status: 'Failed', success: false, steps_completed: 0, error: /sign-in wall/ });
      t.match((await calls.get(result.session_id)).body, { status: 'error', is_terminal: true, error: /sign-in wall/ });
      t.equal(await balance(), credits, 'the failed run is refunded');
      t.equal(c.submissions().length, before, 'nothing was sent');
      return;
    }
    const run = c.run!;
    if (!run.incomplete) {
      t.match(result, { status: 'Submitted', success: true, error: null, steps_completed: run.pages }, result.error);
      t.equal((await calls.get(result.session_id)).body.status, 'submitted');
    } else {
      const { page, fields, finish } = run.incomplete;
      t.match(result, { status: 'Incomplete', success: false, steps_completed: page - 1 });
      t.match(result.error, `Stopped before submitting: ${fields.length} required field(s) on page ${page} have no answer from the profile: `, result.error);
      for (const [label, id] of fields) t.match(result.error, `"${label}" (${id}): `, `names "${label}"`);
      t.equal(c.submissions().length, before, 'nothing was sent');
      let state = (await calls.get(result.session_id)).body;
      t.equal(state.status, 'form_ready');
      t.same(questions(state).filter((field: any) => field.is_required && field.current_value === null).map((field: any) => field.field_id), fields.map(([, id]) => id), 'the open questions are the required fields left empty');
      state = (await calls.answers(result.session_id, [...answersOf(finish), { field_id: '@submit', value: true }])).body;
      t.match(state, { status: 'submitted', is_terminal: true }, state.error ?? JSON.stringify(state.validation_errors));
      t.equal((await calls.getRun(result.session_id)).body.status, 'Incomplete', 'the run result stays what the run did');
    }
    checkSent(t, c, before, run.sent, 'by run');
    t.equal(await balance(), credits - 200, 'submitted: the 200 credits stay charged');
  });

  t.test(`${c.provider}: by session, the answers call alone`, async (t) => {
    const before = c.submissions().length;
    const credits = await balance();
    const created = await calls.create({ apply_url: c.url() });
    t.equal(created.status, 201);
    let state = created.body;
    t.equal(state.provider_id, c.provider);
    if (c.wall) {
      t.match(state, { status: 'error', is_terminal: true, error: /sign-in wall/, fields: [] });
      t.equal(await balance(), credits, 'a session behind a sign-in wall is refunded');
      t.equal(c.submissions().length, before, 'nothing was sent');
      return;
    }
    const { pages, sent } = c.session!;
    for (const [index, answers] of pages.entries()) {
      const last = index === pages.length - 1;
      t.equal(state.status, 'form_ready', `page ${index + 1}: ${state.error ?? JSON.stringify(state.validation_errors)}`);
      t.same(questions(state).map((field: any) => field.field_id), answers.map(([id]) => id), `page ${index + 1}: the questions`);
      t.ok(questions(state).every((field: any) => field.current_value === null), `page ${index + 1}: no profile, nothing prefilled`);
      const button = last ? '@submit' : '@next';
      t.equal(state.fields.at(-1).field_id, button, `page ${index + 1}: its button is the last field`);
      const response = await calls.answers(state.id, [...answersOf(answers), { field_id: button, value: true }]);
      t.equal(response.status, 200, JSON.stringify(response.body.command_errors ?? response.body.detail));
      if (response.status !== 200) return;
      state = response.body;
    }
    t.match(state, { status: 'submitted', is_terminal: true, error: null }, state.error ?? JSON.stringify(state.validation_errors));
    checkSent(t, c, before, sent, 'by session');
    t.equal(await balance(), credits - 200);
  });
}
