// The sandbox ATS's scenarios: the forms sandbox keys apply to, and the fixtures of the
// service's own Auto Apply tests. Each is a sequence of steps of fields, plus the
// behaviour that makes it a scenario (slow, broken, captcha...).

export type FieldType =
  | 'text'
  | 'email'
  | 'tel'
  | 'url'
  | 'number'
  | 'date'
  | 'textarea'
  | 'select'
  | 'multiselect'
  | 'radio'
  | 'checkbox'
  | 'checkboxes'
  | 'file'
  | 'typeahead';

/** How a field's label is tied to it, so the extractor meets every way real forms do it. */
export type LabelStyle = 'for' | 'wrapping' | 'aria-label' | 'aria-labelledby' | 'legend';

export interface SandboxField {
  name: string;
  type: FieldType;
  label: string;
  required: boolean;
  /** How `required` shows: the attribute, aria-required, or only an asterisk in the label. */
  requiredStyle?: 'attribute' | 'aria' | 'asterisk';
  labelStyle?: LabelStyle;
  options?: Array<{ value: string; text: string }>;
  maxlength?: number;
  pattern?: string;
  min?: number;
  max?: number;
  accept?: string;
  placeholder?: string;
}

export interface SandboxStep {
  title: string;
  fields: SandboxField[];
}

export type ScenarioName = 'one-page' | 'three-page' | 'all-fields' | 'validation' | 'email-code' | 'slow' | 'broken' | 'unconfirmed' | 'captcha' | 'login';

export interface Scenario {
  name: ScenarioName;
  description: string;
  steps: SandboxStep[];
  /** The first page answers only after this long (the slow form). */
  delayMs?: number;
  /** What the scenario does instead of, or after, its steps. */
  behaviour?: 'broken' | 'unconfirmed' | 'captcha' | 'login' | 'validation' | 'email-code';
}

const name = (prefix = ''): SandboxField[] => [
  { name: `${prefix}first_name`, type: 'text', label: 'First name', required: true, labelStyle: 'for', maxlength: 100 },
  { name: `${prefix}last_name`, type: 'text', label: 'Last name', required: true, labelStyle: 'wrapping', requiredStyle: 'aria', maxlength: 100 },
  { name: `${prefix}email`, type: 'email', label: 'Email', required: true, labelStyle: 'aria-labelledby', requiredStyle: 'asterisk' },
];
const resume: SandboxField = { name: 'resume', type: 'file', label: 'Resume/CV', required: true, accept: '.pdf,.doc,.docx,.txt' };
const yesNo = [
  { value: 'yes', text: 'Yes' },
  { value: 'no', text: 'No' },
];
export const LOCATIONS = ['Berlin, Germany', 'London, United Kingdom', 'New York, NY, United States', 'San Francisco, CA, United States', 'Toronto, ON, Canada', 'Bengaluru, India'];

const onePage: SandboxStep = {
  title: 'Apply for Sandbox Engineer',
  fields: [...name(), { name: 'phone', type: 'tel', label: 'Phone', required: false, labelStyle: 'aria-label' }, resume],
};

export const SCENARIOS: Scenario[] = [
  { name: 'one-page', description: 'One page: name, email, optional phone, resume upload.', steps: [onePage] },
  {
    name: 'three-page',
    description: 'Three pages: contact details, experience and work authorization, cover letter and consent.',
    steps: [
      { title: 'Contact details', fields: name() },
      {
        title: 'Experience',
        fields: [
          { name: 'years_experience', type: 'number', label: 'Years of professional experience', required: true, min: 0, max: 60 },
          { name: 'linkedin', type: 'url', label: 'LinkedIn profile', required: false, placeholder: 'https://' },
          { name: 'work_authorization', type: 'radio', label: 'Are you authorized to work in the country of this job?', required: true, labelStyle: 'legend', options: yesNo },
        ],
      },
      {
        title: 'Final questions',
        fields: [
          { name: 'cover_letter', type: 'textarea', label: 'Cover letter', required: false, maxlength: 2000 },
          { name: 'consent', type: 'checkbox', label: 'I agree to the processing of my data for this application', required: true, options: [{ value: 'agreed', text: 'I agree' }] },
        ],
      },
    ],
  },
  {
    name: 'all-fields',
    description: 'Every field type on one page: text, email, tel, url, number, date, textarea, select, multi-select, radio, checkbox, file upload and a location typeahead.',
    steps: [
      {
        title: 'Every field',
        fields: [
          { name: 'full_name', type: 'text', label: 'Full name', required: true, maxlength: 120, pattern: "[A-Za-zÀ-ÿ' .-]+" },
          { name: 'email', type: 'email', label: 'Email address', required: true },
          { name: 'phone', type: 'tel', label: 'Mobile phone', required: false },
          { name: 'website', type: 'url', label: 'Portfolio URL', required: false },
          { name: 'salary', type: 'number', label: 'Expected yearly salary (USD)', required: false, min: 0, max: 1000000 },
          { name: 'start_date', type: 'date', label: 'Earliest start date', required: true },
          { name: 'about', type: 'textarea', label: 'Tell us about yourself', required: false, maxlength: 500 },
          {
            name: 'seniority',
            type: 'select',
            label: 'Seniority',
            required: true,
            options: [
              { value: 'junior', text: 'Junior' },
              { value: 'mid', text: 'Mid-level' },
              { value: 'senior', text: 'Senior' },
            ],
          },
          {
            name: 'languages',
            type: 'multiselect',
            label: 'Programming languages',
            required: false,
            options: [
              { value: 'ts', text: 'TypeScript' },
              { value: 'go', text: 'Go' },
              { value: 'py', text: 'Python' },
              { value: 'rs', text: 'Rust' },
            ],
          },
          { name: 'relocate', type: 'radio', label: 'Willing to relocate?', required: true, labelStyle: 'legend', options: yesNo },
          {
            name: 'channels',
            type: 'checkboxes',
            label: 'How did you hear about us?',
            required: false,
            labelStyle: 'legend',
            options: [
              { value: 'friend', text: 'A friend' },
              { value: 'board', text: 'A job board' },
              { value: 'event', text: 'An event' },
            ],
          },
          { name: 'location', type: 'typeahead', label: 'Current location', required: true, options: LOCATIONS.map((text) => ({ value: text, text })) },
          { ...resume, name: 'cv' },
          { name: 'terms', type: 'checkbox', label: 'I accept the terms', required: true, requiredStyle: 'asterisk', options: [{ value: 'yes', text: 'I accept' }] },
        ],
      },
    ],
  },
  {
    name: 'validation',
    description: 'One page whose server rejects a phone number not in international format (+ and 8 to 15 digits): a correction round.',
    steps: [{ title: 'Apply', fields: [...name(), { name: 'phone', type: 'tel', label: 'Phone', required: true }] }],
    behaviour: 'validation',
  },
  {
    name: 'email-code',
    description: 'Contact details, then a page asking for the 6-digit code mailed to the applicant (readable at /sandbox/mailbox/{email}).',
    steps: [
      { title: 'Contact details', fields: name() },
      { title: 'Verify your email', fields: [{ name: 'verification_code', type: 'text', label: 'Verification code', required: true, pattern: '\\d{6}', maxlength: 6 }] },
    ],
    behaviour: 'email-code',
  },
  { name: 'slow', description: 'The one-page form, answering only after 100 seconds (longer than the 90-second hold); ?delay_ms= shortens it.', steps: [onePage], delayMs: 100_000 },
  { name: 'broken', description: 'A page that fails with a server error and has no form: a terminal failure.', steps: [], behaviour: 'broken' },
  { name: 'unconfirmed', description: 'The one-page form, whose submission never shows a confirmation.', steps: [onePage], behaviour: 'unconfirmed' },
  { name: 'captcha', description: 'A form behind a rendered CAPTCHA challenge: ends as a failure.', steps: [onePage], behaviour: 'captcha' },
  { name: 'login', description: 'A form behind a sign-in wall: ends as a failure.', steps: [onePage], behaviour: 'login' },
];

export function scenario(name: string): Scenario | undefined {
  return SCENARIOS.find((candidate) => candidate.name === name);
}
