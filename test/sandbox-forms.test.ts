// The sandbox ATS over plain HTTP: scenarios, steps in order, server-side validation and
// correction, file uploads, the email code, the failure scenarios, and the stored
// submissions that show exactly what a form received.
import t from 'tap';
import { startTestService } from './helpers/service.ts';

const service = await startTestService(t);
const base = service.url;

interface Page {
  status: number;
  location: string | null;
  text: string;
}
async function get(path: string): Promise<Page> {
  const response = await fetch(base + path, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}
async function post(path: string, form: Record<string, string | string[] | Blob>): Promise<Page> {
  const body = new FormData();
  for (const [name, value] of Object.entries(form)) {
    if (value instanceof Blob) body.append(name, value, name === 'resume' || name === 'cv' ? 'resume.pdf' : 'file.bin');
    else for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  const response = await fetch(base + path, { method: 'POST', body, redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}
const actionOf = (page: Page) => /<form method="post" action="([^"]+)"/.exec(page.text)![1]!.replace(/&amp;/g, '&');
const tokenOf = (action: string) => action.split('/')[4]!;
const submission = async (token: string) => (await fetch(`${base}/sandbox/submissions/${token}`)).json() as Promise<Record<string, any>>;
const pdf = new Blob(['%PDF-1.4 sandbox resume'], { type: 'application/pdf' });
const person = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

t.test('GET /sandbox/scenarios lists every scenario with its apply URL', async (t) => {
  const list = (await (await fetch(`${base}/sandbox/scenarios`)).json()) as Array<{ name: string; apply_url: string }>;
  t.same(list.map((item) => item.name), ['one-page', 'three-page', 'all-fields', 'validation', 'email-code', 'slow', 'broken', 'unconfirmed', 'captcha', 'login']);
  t.equal(list[0]!.apply_url, `${base}/sandbox/apply/one-page`);
});

t.test('one page: fields, a correction, the upload, the confirmation and what was stored', async (t) => {
  const form = await get('/sandbox/apply/one-page');
  t.equal(form.status, 200);
  t.match(form.text, /<label for="field-first_name">First name<\/label> <input type="text" id="field-first_name" name="first_name" required maxlength="100"/);
  t.match(form.text, /aria-labelledby="field-email-label"/);
  t.match(form.text, /aria-label="Phone"/);
  t.match(form.text, /enctype="multipart\/form-data"/);
  const action = actionOf(form);
  const missing = await post(action, { first_name: 'Ada', email: 'not-an-email' });
  t.equal(missing.status, 422, 'rejected on the server');
  t.match(missing.text, /Last name is required\./);
  t.match(missing.text, /Email must be an email address\./);
  t.match(missing.text, /Resume\/CV is required\./);
  t.match(missing.text, /value="Ada"/, 'what was typed stays');
  const done = await post(action, { ...person, phone: '+44 20 7946 0958', resume: pdf });
  t.equal(done.status, 303);
  const confirmation = await get(done.location!);
  const receipt = /data-receipt-id="(SBX-[0-9A-F]+)"/.exec(confirmation.text)?.[1];
  t.ok(receipt, 'the confirmation shows a receipt');
  const stored = await submission(tokenOf(action));
  t.match(stored, { scenario: 'one-page', status: 'submitted', receipt_id: receipt });
  t.same(stored.steps.map((step: any) => step.answers), [{ ...person, phone: '+44 20 7946 0958' }], 'exactly what was submitted');
  t.match(stored.files, [{ field: 'resume', filename: 'resume.pdf', content_type: 'application/pdf', size: 23 }]);
  t.equal((await post(action, { ...person, resume: pdf })).status, 409, 'a submitted application takes no more answers');
});

t.test('three pages, in order', async (t) => {
  const first = await get('/sandbox/apply/three-page');
  const action = actionOf(first);
  const token = tokenOf(action);
  const ahead = await get(`/sandbox/apply/three-page/${token}/steps/3`);
  t.equal(ahead.status, 302, 'a later step before the earlier ones: back to the first unanswered');
  t.match(ahead.location, /\/steps\/1$/);
  const second = await post(action, person);
  t.match(second.location, /\/steps\/2$/);
  const experience = await get(second.location!);
  t.match(experience.text, /<fieldset id="field-work_authorization"><legend>Are you authorized/);
  t.equal((await post(actionOf(experience), { years_experience: '70', work_authorization: 'maybe' })).status, 422, 'range and options are checked');
  const third = await post(actionOf(experience), { years_experience: '7', linkedin: 'https://linkedin.example.com/in/ada', work_authorization: 'yes' });
  const final = await get(third.location!);
  t.match(final.text, /Submit application/);
  const done = await post(actionOf(final), { cover_letter: 'Dear team,', consent: 'agreed' });
  t.match(done.location, /\/confirmation$/);
  t.same((await submission(token)).steps.map((step: any) => step.answers), [
    person,
    { years_experience: '7', linkedin: 'https://linkedin.example.com/in/ada', work_authorization: 'yes' },
    { cover_letter: 'Dear team,', consent: 'agreed' },
  ]);
});

t.test('every field type', async (t) => {
  const form = await get('/sandbox/apply/all-fields');
  for (const marker of ['type="date"', 'type="url"', 'type="number"', '<textarea', '<select id="field-seniority"', 'multiple', 'type="radio"', 'type="checkbox"', 'type="file"', 'role="combobox"', 'pattern=']) {
    t.match(form.text, marker, marker);
  }
  const answers = {
    full_name: 'Ada Lovelace',
    email: 'ada@example.com',
    start_date: '2027-01-15',
    seniority: 'senior',
    languages: ['ts', 'rs'],
    relocate: 'no',
    channels: ['friend', 'event'],
    location: 'Berlin, Germany',
    terms: 'yes',
  };
  const wrong = await post(actionOf(form), { ...answers, languages: ['ts', 'cobol'], location: 'Atlantis', cv: pdf });
  t.equal(wrong.status, 422);
  t.match(wrong.text, /Programming languages: choose from the listed options/);
  t.match(wrong.text, /Current location: choose from the listed options/);
  const done = await post(actionOf(form), { ...answers, cv: pdf });
  t.equal(done.status, 303);
  t.same((await submission(tokenOf(actionOf(form)))).steps[0].answers, answers, 'multi-valued fields as arrays');
});

t.test('validation: the server rejects a local phone number; the corrected answer passes', async (t) => {
  const form = await get('/sandbox/apply/validation');
  const rejected = await post(actionOf(form), { ...person, phone: '020 7946 0958' });
  t.equal(rejected.status, 422);
  t.match(rejected.text, /international format/);
  t.equal((await post(actionOf(form), { ...person, phone: '+442079460958' })).status, 303);
});

t.test('email-code: the code mailed to the applicant unlocks the last step', async (t) => {
  const form = await get('/sandbox/apply/email-code');
  const second = await post(actionOf(form), { ...person, email: 'grace@example.com' });
  const verify = await get(second.location!);
  t.match(verify.text, /We sent a 6-digit verification code to grace@example\.com/);
  const mail = (await (await fetch(`${base}/sandbox/mailbox?email=GRACE@example.com`)).json()) as Array<{ code: string }>;
  t.match(mail[0], { code: /^\d{6}$/ });
  const wrongCode = mail[0]!.code === '000000' ? '111111' : '000000';
  t.match((await post(actionOf(verify), { verification_code: wrongCode })).text, /That code is not correct/);
  t.equal((await post(actionOf(verify), { verification_code: mail[0]!.code })).status, 303);
});

t.test('the failure scenarios', async (t) => {
  const broken = await get('/sandbox/apply/broken');
  t.equal(broken.status, 500);
  t.notMatch(broken.text, /<form/);
  t.match((await get('/sandbox/apply/captcha')).text, /class="captcha-challenge"/);
  const login = await get('/sandbox/apply/login');
  t.equal(login.status, 302);
  t.match(login.location, /^\/sandbox\/login\?next=/);
  t.equal((await fetch(`${base}/sandbox/login`, { method: 'POST', body: new URLSearchParams({ username: 'a', password: 'b' }) })).status, 401, 'the wall never opens');
  const started = performance.now();
  t.equal((await get('/sandbox/apply/slow?delay_ms=300')).status, 200);
  t.ok(performance.now() - started >= 300, 'the slow form answers late');
  const form = await get('/sandbox/apply/unconfirmed');
  const pending = await post(actionOf(form), { ...person, resume: pdf });
  t.equal(pending.status, 200);
  t.notMatch(pending.text, /data-receipt-id/, 'no confirmation is ever shown');
  t.match(await submission(tokenOf(actionOf(form))), { status: 'submitted', receipt_id: null });
  t.equal((await get('/sandbox/apply/nowhere')).status, 404);
});
