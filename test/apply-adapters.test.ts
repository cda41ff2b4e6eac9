// The provider adapters in real Chromium, on local replicas of the real application pages
// (test/fixtures/ats/): Greenhouse's current board and its classic layout, Lever and Ashby.
// For each: open the apply URL, extract the questions exactly, answer every one the way
// the engine does (the adapter's fillField, else the generic filler, which finds the
// control named field_id), submit, and check what the replica's server received.
import { createHash } from 'node:crypto';
import t from 'tap';
import type { Test } from 'tap';
import type { Page } from 'playwright-core';
import { launchTestChromium } from './helpers/chromium.ts';
import { startAtsReplicas, type RecordedFile, type ReplicaSubmission } from './helpers/ats-replicas.ts';
import { adapterFor } from '../apply/adapters/index.ts';
import type { ProviderAdapter } from '../apply/adapters/adapter.ts';
import { byAttribute, filePayload } from '../apply/adapters/dom.ts';
import type { ExtractedField } from '../apply/extract-fields.ts';
import type { FileValue } from '../apply/answers.ts';
import { publicField } from '../apply/fields.ts';
import { fillField } from '../apply/fill-fields.ts';
import { matchProvider } from '../apply/providers.ts';

const document = (filename: string, text: string): FileValue => ({ filename, content_type: 'application/pdf', content_base64: Buffer.from(`%PDF-1.4\n${text}\n%%EOF`).toString('base64') });
const received = (field: string, file: FileValue): RecordedFile => {
  const bytes = Buffer.from(file.content_base64, 'base64');
  return { field, filename: file.filename, content_type: 'application/pdf', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
};
const byField = (files: RecordedFile[]) => [...files].sort((a, b) => a.field.localeCompare(b.field));
const option = (value: string, text = value) => ({ value, text });

/** Answers every extracted field, each exactly once, as the engine does: the adapter first, else the generic filler. */
async function answerAll(t: Test, page: Page, adapter: ProviderAdapter, fields: ExtractedField[], answers: Record<string, unknown>) {
  t.strictSame(fields.map((field) => field.field_id).sort(), Object.keys(answers).sort(), 'every question is answered');
  for (const field of fields) await fillField(page, publicField(field), answers[field.field_id], adapter);
}

function only(t: Test, submissions: ReplicaSubmission[], path: string): ReplicaSubmission {
  const matching = submissions.filter((submission) => submission.path === path);
  t.equal(matching.length, 1, `one submission to ${path}`);
  return matching[0];
}

t.test('adapterFor: Greenhouse, Lever and Ashby have adapters; everything else is generic', async (t) => {
  for (const provider of ['greenhouse', 'lever', 'ashby']) {
    const adapter = adapterFor(provider);
    t.same(Object.keys(adapter).sort(), ['extractFields', 'fillField', 'openForm'], provider);
  }
  for (const provider of ['sandbox', 'workable', 'toString', 'nope']) t.strictSame(adapterFor(provider), {}, provider);
});

const replicas = await startAtsReplicas(t);
const browser = await launchTestChromium(t);
const newPage = async (t: Test) => {
  // Lever's page reports the browser's time zone; pin it.
  const page = await browser.newPage({ timezoneId: 'Europe/London' });
  page.setDefaultTimeout(10_000);
  t.teardown(() => page.close());
  return page;
};
/** A page on the replica's URL, brought to the form by the provider's adapter, and its questions. */
const openReplica = async (t: Test, provider: string, url: string) => {
  const page = await newPage(t);
  const adapter = adapterFor(provider);
  await page.goto(url);
  await adapter.openForm!(page);
  return { page, adapter, readFields: () => adapter.extractFields!(page) };
};

t.test('the catalog maps the replicas, by their loopback origins, to their providers', async (t) => {
  const options = { baseUrl: 'http://127.0.0.1:9', loopbackProviders: replicas.loopbackProviders };
  const provider = (url: string) => {
    const match = matchProvider(url, options);
    return match.ok ? match.provider.provider_id : match.code;
  };
  t.equal(provider(replicas.applyUrls.greenhouse), 'greenhouse');
  t.equal(provider(replicas.applyUrls.greenhouseLegacy), 'greenhouse');
  t.equal(provider(replicas.applyUrls.lever), 'lever');
  t.equal(provider(replicas.jobUrls.lever), 'lever');
  t.equal(provider(replicas.applyUrls.ashby), 'ashby');
  t.equal(provider(replicas.jobUrls.ashby), 'ashby');
});

t.test('Greenhouse job board: react-selects, uploads through Attach, controls by id', async (t) => {
  const { page, adapter, readFields } = await openReplica(t, 'greenhouse', replicas.applyUrls.greenhouse);
  const fields = await readFields();
  const yesNo = [option('Yes'), option('No')];
  t.strictSame(fields, [
    { field_id: 'first_name', type: 'text', label: 'First Name', required: true, constraints: { maxlength: 255 } },
    { field_id: 'last_name', type: 'text', label: 'Last Name', required: true, constraints: { maxlength: 255 } },
    { field_id: 'email', type: 'text', label: 'Email', required: true, constraints: { maxlength: 255 } },
    { field_id: 'country', type: 'select', label: 'Country', required: false, options: ['United States +1', 'Canada +1', 'United Kingdom +44', 'Germany +49'].map((text) => option(text)), constraints: {} },
    { field_id: 'phone', type: 'tel', label: 'Phone', required: false, constraints: { maxlength: 255 } },
    { field_id: 'candidate-location', type: 'typeahead', label: 'Location (City)', required: true, constraints: {} },
    { field_id: 'resume', type: 'file', label: 'Resume/CV', required: true, constraints: { accept: '.pdf,.doc,.docx,.txt,.rtf' } },
    { field_id: 'cover_letter', type: 'file', label: 'Cover Letter', required: false, constraints: { accept: '.pdf,.doc,.docx,.txt,.rtf' } },
    { field_id: 'question_30001', type: 'text', label: 'LinkedIn Profile', required: false, constraints: { maxlength: 255 } },
    { field_id: 'question_30002', type: 'textarea', label: 'Why do you want to work at Acme?', required: true, constraints: {} },
    { field_id: 'question_30003', type: 'select', label: 'Are you legally authorized to work in Germany?', required: true, options: yesNo, constraints: {} },
    { field_id: 'question_30004', type: 'select', label: 'Will you now or in the future require sponsorship for a work visa?', required: true, options: yesNo, constraints: {} },
    { field_id: 'question_30005[]', type: 'multiselect', label: 'Which languages do you speak fluently?', required: false, options: ['English', 'German', 'French', 'Spanish'].map((text) => option(text)), constraints: {} },
    { field_id: 'question_30006[]', type: 'checkboxes', label: 'Which of our offices could you work from?', required: true, options: [option('80001', 'Berlin'), option('80002', 'London'), option('80003', 'Remote (EU)')], constraints: {} },
    { field_id: 'gender', type: 'select', label: 'Gender', required: false, options: ['Male', 'Female', 'Decline To Self Identify'].map((text) => option(text)), constraints: {} },
    { field_id: 'veteran_status', type: 'select', label: 'Veteran Status', required: false, options: ['I am not a protected veteran', 'I identify as one or more of the classifications of protected veteran', "I don't wish to answer"].map((text) => option(text)), constraints: {} },
    { field_id: 'gdpr_processing_consent_given', type: 'checkbox', label: 'I consent to Acme processing my personal data for the purpose of this application.', required: true, options: [option('on', 'I consent to Acme processing my personal data for the purpose of this application.')], constraints: {} },
  ]);

  // The widget takes files only through "Attach": a file put straight into the input is refused.
  const draft = document('draft.pdf', 'an old draft');
  await page.locator('#resume').setInputFiles(filePayload(draft));
  await page.locator('#resume-error').filter({ hasText: 'There was an error uploading your file' }).waitFor();
  t.equal(await page.locator('.file-upload__filename').count(), 0, 'no file taken');
  // A taken file replaces the input; a new answer goes through the input "Remove file" brings back.
  const byId = (id: string) => fields.find((field) => field.field_id === id)!;
  t.equal(await adapter.fillField!(page, byId('resume'), draft), true);
  t.equal(await page.locator('#resume').count(), 0, 'the taken file replaced the input');

  // A place the lookup does not offer comes back as a correction for that field.
  await t.rejects(fillField(page, publicField(byId('candidate-location')), 'Atlantis', adapter), { name: 'FillError', fieldId: 'candidate-location' });

  const resume = document('ada-lovelace-resume.pdf', 'Ada Lovelace, engineer');
  const coverLetter = document('cover-letter.pdf', 'Dear Acme');
  await answerAll(t, page, adapter, fields, {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    country: 'United Kingdom +44',
    phone: '+44 20 7946 0958',
    'candidate-location': 'London, England, United Kingdom',
    resume,
    cover_letter: coverLetter,
    question_30001: 'https://www.linkedin.com/in/ada-lovelace',
    question_30002: 'I want deploys to be boring.',
    question_30003: 'Yes',
    question_30004: 'No',
    'question_30005[]': ['English', 'German'],
    'question_30006[]': ['80001', '80003'],
    gender: 'Female',
    veteran_status: "I don't wish to answer",
    gdpr_processing_consent_given: true,
  });
  await page.getByRole('button', { name: 'Submit application' }).click();
  await page.getByRole('heading', { name: 'Thank you for applying to Acme!' }).waitFor();
  t.match(page.url(), /\/acme\/jobs\/4012345\/confirmation$/);

  const submission = only(t, replicas.submissions('greenhouse'), '/embed/acme/jobs/4012345');
  t.strictSame(submission.fields, {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone: '+44 20 7946 0958',
    question_30001: 'https://www.linkedin.com/in/ada-lovelace',
    question_30002: 'I want deploys to be boring.',
    country: 'GB',
    'candidate-location': 'London, England, United Kingdom',
    question_30003: '70001',
    question_30004: '70004',
    'question_30005[]': ['70011', '70012'],
    gender: '2',
    veteran_status: '3',
    'question_30006[]': ['80001', '80003'],
    gdpr_processing_consent_given: 'true',
  });
  t.strictSame(byField(submission.files), [received('cover_letter', coverLetter), received('resume', resume)]);
});

t.test('Greenhouse classic board: select2 dropdowns, S3 uploads through regenerated inputs', async (t) => {
  const { page, adapter, readFields } = await openReplica(t, 'greenhouse', replicas.applyUrls.greenhouseLegacy);
  const fields = await readFields();
  const documentTypes = { accept: '.pdf,.doc,.docx,.txt,.rtf' };
  t.strictSame(fields, [
    { field_id: 'job_application[first_name]', type: 'text', label: 'First Name', required: true, constraints: { maxlength: 255 } },
    { field_id: 'job_application[last_name]', type: 'text', label: 'Last Name', required: true, constraints: { maxlength: 255 } },
    { field_id: 'job_application[email]', type: 'text', label: 'Email', required: true, constraints: { maxlength: 255 } },
    { field_id: 'job_application[phone]', type: 'text', label: 'Phone', required: false, constraints: { maxlength: 255 } },
    { field_id: 'resume', type: 'file', label: 'Resume/CV', required: true, constraints: documentTypes },
    { field_id: 'cover_letter', type: 'file', label: 'Cover Letter', required: false, constraints: documentTypes },
    { field_id: 'job_application[answers_attributes][0][text_value]', type: 'text', label: 'LinkedIn Profile', required: false, constraints: { maxlength: 255 } },
    { field_id: 'job_application[answers_attributes][1][text_value]', type: 'textarea', label: 'Why do you want to work at Acme?', required: true, constraints: {} },
    { field_id: 'job_application[answers_attributes][2][boolean_value]', type: 'select', label: 'Are you legally authorized to work in the United Kingdom?', required: true, options: [option('1', 'Yes'), option('0', 'No')], constraints: {} },
    {
      field_id: 'job_application[answers_attributes][3][answer_selected_options_attributes][3][question_option_id]',
      type: 'select',
      label: 'Where do you currently live?',
      required: true,
      options: [option('15574187005', 'Asia'), option('15574188005', 'Europe'), option('15574189005', 'North America'), option('15574190005', 'Other')],
      constraints: {},
    },
    { field_id: 'job_application[gender]', type: 'select', label: 'Gender', required: false, options: [option('1', 'Male'), option('2', 'Female'), option('3', 'Decline To Self Identify')], constraints: {} },
    { field_id: 'job_application[veteran_status]', type: 'select', label: 'Veteran Status', required: false, options: [option('1', 'I am not a protected veteran'), option('2', 'I identify as one or more of the classifications of protected veteran'), option('3', "I don't wish to answer")], constraints: {} },
  ]);

  // Each upload replaces the S3 form's file input; the next one must find the new input.
  const resumeInput = page.locator('#s3_upload_for_resume input[type=file]');
  t.equal(await resumeInput.getAttribute('id'), 's3_upload_for_resume_file_1');
  await adapter.fillField!(page, fields[4], document('draft.pdf', 'an old draft'));
  t.equal(await resumeInput.getAttribute('id'), 's3_upload_for_resume_file_2', 'a new input after the upload');

  const resume = document('ada-lovelace-cv.pdf', 'Ada Lovelace, data engineer');
  const coverLetter = document('cover-letter.pdf', 'Dear Acme');
  await answerAll(t, page, adapter, fields, {
    'job_application[first_name]': 'Ada',
    'job_application[last_name]': 'Lovelace',
    'job_application[email]': 'ada@example.com',
    'job_application[phone]': '+44 20 7946 0958',
    resume,
    cover_letter: coverLetter,
    'job_application[answers_attributes][0][text_value]': 'https://www.linkedin.com/in/ada-lovelace',
    'job_application[answers_attributes][1][text_value]': 'Honest numbers, on time.',
    'job_application[answers_attributes][2][boolean_value]': '1',
    'job_application[answers_attributes][3][answer_selected_options_attributes][3][question_option_id]': '15574188005',
    'job_application[gender]': '2',
    'job_application[veteran_status]': '3',
  });
  t.equal(await page.locator('#s2id_job_application_gender .select2-chosen').textContent(), 'Female', 'select2 shows the pick');
  const pageLoadTime = await page.locator('#page_load_time').inputValue();
  await page.locator('#submit_app').click();
  await page.getByRole('heading', { name: 'Thank you for applying.' }).waitFor();

  const s3 = `${replicas.origins.greenhouse}/s3-uploads/uploads/4012346`;
  const submission = only(t, replicas.submissions('greenhouse'), '/acme/jobs/4012346');
  t.strictSame(submission.fields, {
    utf8: '✓',
    fingerprint: '3f9c2e71d0a84b5f6e2d1c0b9a8f7e6d5c4b3a29',
    render_date: '2026-03-18 07:04:35 +0000',
    page_load_time: pageLoadTime,
    'job_application[first_name]': 'Ada',
    'job_application[last_name]': 'Lovelace',
    'job_application[email]': 'ada@example.com',
    'job_application[phone]': '+44 20 7946 0958',
    dev_field_1: '',
    'job_application[resume_url]': `${s3}/resume/ada-lovelace-cv.pdf`,
    'job_application[resume_url_filename]': 'ada-lovelace-cv.pdf',
    'job_application[resume_text]': '',
    'job_application[cover_letter_url]': `${s3}/cover_letter/cover-letter.pdf`,
    'job_application[cover_letter_url_filename]': 'cover-letter.pdf',
    'job_application[cover_letter_text]': '',
    'job_application[answers_attributes][0][question_id]': '7044571005',
    'job_application[answers_attributes][0][priority]': '0',
    'job_application[answers_attributes][0][text_value]': 'https://www.linkedin.com/in/ada-lovelace',
    'job_application[answers_attributes][1][question_id]': '7044572005',
    'job_application[answers_attributes][1][priority]': '1',
    'job_application[answers_attributes][1][text_value]': 'Honest numbers, on time.',
    'job_application[answers_attributes][2][question_id]': '7044573005',
    'job_application[answers_attributes][2][priority]': '2',
    'job_application[answers_attributes][2][boolean_value]': '1',
    'job_application[answers_attributes][3][question_id]': '7044574005',
    'job_application[answers_attributes][3][priority]': '3',
    'job_application[answers_attributes][3][answer_selected_options_attributes][3][question_option_id]': '15574188005',
    'job_application[gender]': '2',
    'job_application[veteran_status]': '3',
  });
  t.strictSame(byField(submission.files), [received('cover_letter', coverLetter), received('resume', resume)]);
});

t.test('Lever: from the posting to its form; questions labelled by Lever markup; location picked', async (t) => {
  const { page, adapter, readFields } = await openReplica(t, 'lever', replicas.jobUrls.lever);
  t.equal(page.url(), replicas.applyUrls.lever);
  const fields = await readFields();
  const card = (n: number) => `cards[7c1f0a52-3d4e-4b6a-9f8e-2a1b3c4d5e6f][field${n}]`;
  const same = (...texts: string[]) => texts.map((text) => option(text));
  t.strictSame(fields, [
    { field_id: 'resume', type: 'file', label: 'Resume/CV', required: true, constraints: {} },
    { field_id: 'name', type: 'text', label: 'Full name', required: true, constraints: {} },
    { field_id: 'email', type: 'email', label: 'Email', required: true, constraints: {} },
    { field_id: 'phone', type: 'text', label: 'Phone', required: false, constraints: {} },
    { field_id: 'location', type: 'text', label: 'Current location', required: false, constraints: {} },
    { field_id: 'org', type: 'text', label: 'Current company', required: false, constraints: {} },
    { field_id: 'urls[LinkedIn]', type: 'text', label: 'LinkedIn URL', required: false, constraints: {} },
    { field_id: 'urls[GitHub]', type: 'text', label: 'GitHub URL', required: false, constraints: {} },
    { field_id: 'urls[Portfolio]', type: 'text', label: 'Portfolio URL', required: false, constraints: {} },
    { field_id: card(0), type: 'radio', label: 'Are you authorized to work in the UK?', required: true, options: same('Yes', 'No'), constraints: {} },
    { field_id: card(1), type: 'textarea', label: 'What interests you about Acme?', required: true, constraints: {} },
    { field_id: card(2), type: 'checkboxes', label: 'Which of these have you run in production?', required: false, options: same('PostgreSQL', 'Kafka', 'Kubernetes'), constraints: {} },
    { field_id: card(3), type: 'select', label: 'How did you hear about this job?', required: true, options: same('A friend or colleague', 'LinkedIn', 'Conference or meetup', 'Other'), constraints: {} },
    { field_id: 'comments', type: 'textarea', label: 'Additional information', required: false, constraints: {} },
    { field_id: 'eeo[gender]', type: 'select', label: 'Gender', required: false, options: same('Male', 'Female', 'Decline to self-identify'), constraints: {} },
    {
      field_id: 'eeo[race]',
      type: 'select',
      label: 'Race',
      required: false,
      options: same('Hispanic or Latino', 'White (Not Hispanic or Latino)', 'Black or African American (Not Hispanic or Latino)', 'Asian (Not Hispanic or Latino)', 'Two or More Races (Not Hispanic or Latino)', 'Decline to self-identify'),
      constraints: {},
    },
    { field_id: 'eeo[veteran]', type: 'select', label: 'Veteran status', required: false, options: [option('Veteran', 'I identify as one or more of the classifications of protected veteran'), option('Not a veteran', 'I am not a protected veteran'), option('Decline to self-identify', "I don't wish to answer")], constraints: {} },
  ]);

  const resume = document('ada-lovelace-cv.pdf', 'Ada Lovelace, backend engineer');
  await answerAll(t, page, adapter, fields, {
    resume,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+44 20 7946 0958',
    location: 'London, England, United Kingdom',
    org: 'Analytical Engines Ltd',
    'urls[LinkedIn]': 'https://www.linkedin.com/in/ada-lovelace',
    'urls[GitHub]': 'https://github.com/ada',
    'urls[Portfolio]': 'https://ada.example.com',
    [card(0)]: 'Yes',
    [card(1)]: 'Money that moves correctly.',
    [card(2)]: ['PostgreSQL', 'Kubernetes'],
    [card(3)]: 'Conference or meetup',
    comments: 'Happy to talk any time.',
    'eeo[gender]': 'Female',
    'eeo[race]': 'Decline to self-identify',
    'eeo[veteran]': 'Not a veteran',
  });
  // Lever's parser fills only empty fields, so the answers stand once it has run.
  await page.locator('.application-question.resume.parsed').waitFor();
  const template = await page.locator('input[name$="[baseTemplate]"]').inputValue();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await page.getByRole('heading', { name: 'Application submitted!' }).waitFor();
  t.match(page.url(), /\/thanks$/);

  const submission = only(t, replicas.submissions('lever'), new URL(replicas.applyUrls.lever).pathname);
  t.strictSame(submission.fields, {
    accountId: '2f5d9a8c-1b7e-4c3d-8a6f-0e9d8c7b6a54',
    linkedInData: '',
    origin: '',
    referer: '',
    timezone: 'Europe/London',
    socialReferralKey: '',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+44 20 7946 0958',
    location: 'London, England, United Kingdom',
    selectedLocation: JSON.stringify({ name: 'London, England, United Kingdom', id: createHash('md5').update('London, England, United Kingdom').digest('hex').slice(0, 12) }),
    org: 'Analytical Engines Ltd',
    'urls[LinkedIn]': 'https://www.linkedin.com/in/ada-lovelace',
    'urls[GitHub]': 'https://github.com/ada',
    'urls[Portfolio]': 'https://ada.example.com',
    'cards[7c1f0a52-3d4e-4b6a-9f8e-2a1b3c4d5e6f][baseTemplate]': template,
    [card(0)]: 'Yes',
    [card(1)]: 'Money that moves correctly.',
    [card(2)]: ['PostgreSQL', 'Kubernetes'],
    [card(3)]: 'Conference or meetup',
    comments: 'Happy to talk any time.',
    'eeo[gender]': 'Female',
    'eeo[race]': 'Decline to self-identify',
    'eeo[veteran]': 'Not a veteran',
  });
  t.match(JSON.parse(template), { text: 'A few questions', fields: [{ type: 'multiple-choice' }, { type: 'textarea' }, { type: 'multiple-select' }, { type: 'dropdown' }] });
  t.strictSame(submission.files, [received('resume', resume)]);
});

t.test('Ashby: field entries by path, Yes/No buttons, comboboxes, unstable radio names, the texting consent beside the phone', async (t) => {
  const { page, adapter, readFields } = await openReplica(t, 'ashby', replicas.jobUrls.ashby);
  t.equal(page.url(), replicas.applyUrls.ashby, 'the Application tab');
  const fields = await readFields();
  const same = (...texts: string[]) => texts.map((text) => option(text));
  const path = {
    phone: '3e1a9c4b-5d6f-4a8b-9c0d-1e2f3a4b5c6d',
    linkedin: '4f2b0d5c-6e7a-4b9c-8d1e-2f3a4b5c6d7e',
    authorized: '5a3c1e6d-7f8b-4c0d-9e2f-3a4b5c6d7e8f',
    sponsorship: '6b4d2f7e-8a9c-4d1e-8f3a-4b5c6d7e8f9a',
    country: '7c5e3a8f-9b0d-4e2f-9a4b-5c6d7e8f9a0b',
    pronouns: '8d6f4b9a-0c1e-4f3a-8b5c-6d7e8f9a0b1c',
    areas: '9e7a5c0b-1d2f-4a4b-9c6d-7e8f9a0b1c2d',
    years: '0f8b6d1c-2e3a-4b5c-8d7e-8f9a0b1c2d3e',
    why: '1a9c7e2d-3f4b-4c6d-9e8f-9a0b1c2d3e4f',
  };
  const consent = {
    id: `${path.phone}#1`,
    label: 'Acme would like to send you text messages about your application at this number. Message and data rates may apply; reply STOP to opt out. See our privacy policy.',
    yes: 'Yes - I consent to receiving text messages',
    no: 'No - I do not consent to receiving text messages',
  };
  t.strictSame(fields, [
    { field_id: '_systemfield_name', type: 'text', label: 'Name', required: true, constraints: {} },
    { field_id: '_systemfield_email', type: 'email', label: 'Email', required: true, constraints: {} },
    { field_id: '_systemfield_resume', type: 'file', label: 'Resume', required: true, constraints: {} },
    { field_id: path.phone, type: 'tel', label: 'Phone', required: false, constraints: {} },
    { field_id: consent.id, type: 'radio', label: consent.label, required: false, options: same(consent.yes, consent.no), constraints: {} },
    { field_id: '_systemfield_location', type: 'typeahead', label: 'Location', required: false, constraints: {} },
    { field_id: path.linkedin, type: 'text', label: 'LinkedIn Profile', required: false, constraints: {} },
    { field_id: path.authorized, type: 'radio', label: 'Are you legally authorized to work in Germany?', required: true, options: same('Yes', 'No'), constraints: {} },
    { field_id: path.sponsorship, type: 'radio', label: 'Will you now or in the future require visa sponsorship?', required: true, options: same('Yes', 'No'), constraints: {} },
    { field_id: path.country, type: 'select', label: 'Which country do you currently live in?', required: true, options: same('Austria', 'France', 'Germany', 'Netherlands', 'Poland', 'Spain', 'United Kingdom', 'Other'), constraints: {} },
    { field_id: path.pronouns, type: 'radio', label: 'What pronouns would you like us to use?', required: false, options: same('He/Him', 'She/Her', 'They/Them', 'Prefer not to say'), constraints: {} },
    { field_id: path.areas, type: 'checkboxes', label: 'Which areas would you like to work on? (select all that apply)', required: false, options: same('Design system', 'Checkout', 'Performance', 'Accessibility'), constraints: {} },
    { field_id: path.years, type: 'number', label: 'How many years of professional experience do you have?', required: false, constraints: {} },
    { field_id: path.why, type: 'textarea', label: 'Why do you want to join Acme?', required: true, constraints: {} },
  ]);

  // The radios' name is per render; the field id (the entry's path) is not.
  const radioName = () => page.locator(`${byAttribute('data-field-path', path.pronouns)} input[type=radio]`).first().getAttribute('name');
  const before = await radioName();
  await page.reload();
  await adapter.openForm!(page);
  t.not(await radioName(), before, 'a new form instance id in the radio names');
  t.strictSame(await adapter.extractFields!(page), fields, 'the same questions after a re-render');

  // Nothing answered: Ashby refuses in the page and sends nothing.
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await page.getByText('Your form needs corrections').waitFor();
  t.equal(replicas.submissions('ashby').length, 0);

  const resume = document('ada-lovelace-cv.pdf', 'Ada Lovelace, frontend engineer');
  await answerAll(t, page, adapter, fields, {
    _systemfield_name: 'Ada Lovelace',
    _systemfield_email: 'ada@example.com',
    _systemfield_resume: resume,
    [path.phone]: '+44 20 7946 0958',
    [consent.id]: consent.no,
    _systemfield_location: 'Berlin, Germany',
    [path.linkedin]: 'https://www.linkedin.com/in/ada-lovelace',
    [path.authorized]: 'Yes',
    [path.sponsorship]: 'No',
    [path.country]: 'Germany',
    [path.pronouns]: 'She/Her',
    [path.areas]: ['Design system', 'Accessibility'],
    [path.years]: 12,
    [path.why]: 'Checkout should be fast everywhere.',
  });
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await page.locator('.ashby-application-form-success-container').getByText('Your application was successfully submitted.').waitFor();

  const submission = only(t, replicas.submissions('ashby'), '/api/non-user-graphql?op=ApiSubmitSingleApplicationFormAction');
  t.strictSame(submission.fields, {
    _systemfield_name: 'Ada Lovelace',
    _systemfield_email: 'ada@example.com',
    [path.phone]: '+44 20 7946 0958',
    _systemfield_sms_consent: false,
    _systemfield_location: 'Berlin, Germany',
    [path.linkedin]: 'https://www.linkedin.com/in/ada-lovelace',
    [path.authorized]: true,
    [path.sponsorship]: false,
    [path.country]: 'DE',
    [path.pronouns]: 'she',
    [path.areas]: ['design_system', 'a11y'],
    [path.years]: 12,
    [path.why]: 'Checkout should be fast everywhere.',
  });
  t.strictSame(submission.files, [received('_systemfield_resume', resume)]);
});

t.test('degrade, never die: Greenhouse and Ashby read right within seconds when their scripts never attach', async (t) => {
  const { openForm } = await import('../apply/form-driver.ts');
  for (const [provider, url, hydrated] of [
    ['greenhouse', replicas.withoutScripts.greenhouse, replicas.applyUrls.greenhouse],
    ['ashby', replicas.withoutScripts.ashby, replicas.jobUrls.ashby],
  ] as const) {
    const page = await newPage(t);
    const started = Date.now();
    const state = await openForm(page, url, adapterFor(provider), 60_000);
    const ms = Date.now() - started;
    t.ok(ms < 20_000, `${provider}: read in ${ms} ms`);
    if (state.kind !== 'form') {
      t.fail(`${provider}: ${state.kind}`);
      continue;
    }
    const normal = await openForm(await newPage(t), hydrated, adapterFor(provider), 60_000);
    const brief = (fields: ExtractedField[]) => fields.map((field) => `${field.label}|${field.required}`);
    t.strictSame(brief(state.fields), normal.kind === 'form' ? brief(normal.fields) : [], `${provider}: the same questions as with scripts`);
    if (provider === 'greenhouse') t.strictSame(state.fields, normal.kind === 'form' ? normal.fields : [], 'greenhouse: options from the embedded question data');
    else t.match(state.fields.find((field) => field.label === 'Which country do you currently live in?'), { type: 'typeahead' }, 'ashby: a list that never opens is a box that takes typing');
  }
});
