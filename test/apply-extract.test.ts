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
