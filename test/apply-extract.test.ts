// The generic field extractor in real Chromium, on the sandbox forms: every labelling
// style, every way of marking a field required, options with their advertised values,
// and constraints.
import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { launchTestChromium } from './helpers/chromium.ts';
import { extractFields } from '../apply/extract-fields.ts';

const service = await startTestService(t);
const browser = await launchTestChromium(t);
const fieldsOf = async (path: string) => {
  const page = await browser.newPage();
  try {
    await page.goto(service.url + path);
    return await extractFields(page);
  } finally {
    await page.close();
  }
};

t.test('one page: for, wrapping, aria-labelledby and aria-label; required by attribute, aria and asterisk', async (t) => {
  t.same(await fieldsOf('/sandbox/apply/one-page'), [
    { field_id: 'first_name', type: 'text', label: 'First name', required: true, constraints: { maxlength: 100 } },
    { field_id: 'last_name', type: 'text', label: 'Last name', required: true, constraints: { maxlength: 100 } },
    { field_id: 'email', type: 'email', label: 'Email', required: true, constraints: {} },
    { field_id: 'phone', type: 'tel', label: 'Phone', required: false, constraints: {} },
    { field_id: 'resume', type: 'file', label: 'Resume/CV', required: true, constraints: { accept: '.pdf,.doc,.docx,.txt' } },
  ]);
});

t.test('every field type, with options and constraints', async (t) => {
  const yesNo = [
    { value: 'yes', text: 'Yes' },
    { value: 'no', text: 'No' },
  ];
  t.same(await fieldsOf('/sandbox/apply/all-fields'), [
    { field_id: 'full_name', type: 'text', label: 'Full name', required: true, constraints: { maxlength: 120, pattern: "[A-Za-zÀ-ÿ' .-]+" } },
    { field_id: 'email', type: 'email', label: 'Email address', required: true, constraints: {} },
    { field_id: 'phone', type: 'tel', label: 'Mobile phone', required: false, constraints: {} },
    { field_id: 'website', type: 'url', label: 'Portfolio URL', required: false, constraints: {} },
    { field_id: 'salary', type: 'number', label: 'Expected yearly salary (USD)', required: false, constraints: { min: '0', max: '1000000' } },
    { field_id: 'start_date', type: 'date', label: 'Earliest start date', required: true, constraints: {} },
    { field_id: 'about', type: 'textarea', label: 'Tell us about yourself', required: false, constraints: { maxlength: 500 } },
    { field_id: 'seniority', type: 'select', label: 'Seniority', required: true, options: [{ value: 'junior', text: 'Junior' }, { value: 'mid', text: 'Mid-level' }, { value: 'senior', text: 'Senior' }], constraints: {} },
    {
      field_id: 'languages',
      type: 'multiselect',
      label: 'Programming languages',
      required: false,
      options: [{ value: 'ts', text: 'TypeScript' }, { value: 'go', text: 'Go' }, { value: 'py', text: 'Python' }, { value: 'rs', text: 'Rust' }],
      constraints: {},
    },
    { field_id: 'relocate', type: 'radio', label: 'Willing to relocate?', required: true, options: yesNo, constraints: {} },
    {
      field_id: 'channels',
      type: 'checkboxes',
      label: 'How did you hear about us?',
      required: false,
      options: [{ value: 'friend', text: 'A friend' }, { value: 'board', text: 'A job board' }, { value: 'event', text: 'An event' }],
      constraints: {},
    },
    {
      field_id: 'location',
      type: 'typeahead',
      label: 'Current location',
      required: true,
      options: ['Berlin, Germany', 'London, United Kingdom', 'New York, NY, United States', 'San Francisco, CA, United States', 'Toronto, ON, Canada', 'Bengaluru, India'].map((value) => ({ value, text: value })),
      constraints: {},
    },
    { field_id: 'cv', type: 'file', label: 'Resume/CV', required: true, constraints: { accept: '.pdf,.doc,.docx,.txt' } },
    { field_id: 'terms', type: 'checkbox', label: 'I accept the terms', required: true, options: [{ value: 'yes', text: 'I accept the terms' }], constraints: {} },
  ]);
});

t.test('a legend labels a radio group on a later page', async (t) => {
  const page = await browser.newPage();
  t.teardown(() => page.close());
  await page.goto(`${service.url}/sandbox/apply/three-page`);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/steps\/2$/);
  t.same(await extractFields(page), [
    { field_id: 'years_experience', type: 'number', label: 'Years of professional experience', required: true, constraints: { min: '0', max: '60' } },
    { field_id: 'linkedin', type: 'url', label: 'LinkedIn profile', required: false, constraints: {} },
    { field_id: 'work_authorization', type: 'radio', label: 'Are you authorized to work in the country of this job?', required: true, options: [{ value: 'yes', text: 'Yes' }, { value: 'no', text: 'No' }], constraints: {} },
  ]);
});

// The families of real markup the generic extractor reads as a person does (test/fixtures/forms-generic/).
t.test('forms-generic: group questions, heading labels, marks inside labels, honeypots and banners left out, nameless controls filled', async (t) => {
  const { readFile } = await import('node:fs/promises');
  const { fillField } = await import('../apply/fill-fields.ts');
  const { publicField } = await import('../apply/fields.ts');
  const html = await readFile(new URL('./fixtures/forms-generic/families.html', import.meta.url), 'utf8');
  const page = await browser.newPage();
  t.teardown(() => page.close());
  await page.setContent(html);
  const fields = await extractFields(page);
  const brief = fields.map((field) => ({ label: field.label, type: field.type, required: field.required, ...(field.options && field.type !== 'checkbox' ? { options: field.options.map((option) => option.text) } : {}) }));
  t.strictSame(brief, [
    { label: 'First name', type: 'text', required: true },
    { label: 'Phone', type: 'tel', required: false },
    { label: 'Gender', type: 'radio', required: false, options: ['Male', 'Female', 'Prefer not to say'] },
    { label: 'Desired salary', type: 'select', required: false, options: ['GBP', 'EUR'] },
    { label: 'Resume', type: 'file', required: true },
    { label: 'Do you have the right to work in the UK?', type: 'checkboxes', required: true, options: ['I DO have the right to work', 'I DO NOT have the right to work'] },
    { label: 'Notice period', type: 'select', required: false, options: ['Immediately', '1 month', '3 months'] },
    { label: 'Which shifts can you work?', type: 'checkboxes', required: false, options: ['Early', 'Late'] },
    { label: 'I agree to the privacy notice', type: 'checkbox', required: true },
  ]);
  const byLabel = (label: string) => fields.find((field) => field.label === label)!;
  t.equal(byLabel('Notice period').field_id, 'auto:notice-period', 'a nameless select gets an id from its label');
  t.strictSame(await extractFields(page), fields, 'the same ids on a second read');

  const answers: Array<[string, unknown]> = [
    ['First name', 'Ada'],
    ['Gender', 'f'],
    ['Desired salary', 'EUR'],
    ['Do you have the right to work in the UK?', ['rtw_yes']],
    ['Notice period', '1 month'],
    ['Which shifts can you work?', ['late']],
    ['I agree to the privacy notice', true],
  ];
  for (const [label, value] of answers) await fillField(page, publicField(byLabel(label)), value, {});
  t.equal(await page.locator('select[aria-labelledby=notice-label]').inputValue(), '1 month', 'the nameless select took the answer');
  await page.getByRole('button', { name: 'Submit application' }).click();
  const sent = new URLSearchParams(await page.evaluate(() => (globalThis as any).document.body.dataset.sent));
  t.equal(sent.get('firstName'), 'Ada');
  t.equal(sent.get('gender'), 'f');
  t.equal(sent.get('salaryCurrency'), 'EUR');
  t.equal(sent.get('rtw_yes'), '1');
  t.equal(sent.get('rtw_no'), null, 'only the chosen box of the one question');
  t.strictSame(sent.getAll('shift'), ['late']);
  t.equal(sent.get('terms'), 'on');
  t.equal(sent.get('hp_email'), '', 'the honeypot left empty');
  t.equal(sent.get('preferredName'), '', 'the visible trap that asks to be left blank, too');
});
