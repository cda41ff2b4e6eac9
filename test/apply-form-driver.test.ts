// Reading where a form stands, in real Chromium: a CAPTCHA counts only when a challenge
// is rendered (not for the word in the source, nor for the invisible reCAPTCHA badge),
// a sign-in wall by its visible password field, and the button that moves a form on is
// found with and without a <form>.
import t from 'tap';
import { launchTestChromium } from './helpers/chromium.ts';
import { clickAction, readPage } from '../apply/form-driver.ts';

const FORM = `<form onsubmit="event.preventDefault(); document.body.dataset.sent = 'yes'">
  <label for="name">Name</label> <input id="name" name="name" required>
  <button type="button">Attach</button> <button type="submit">Submit application</button></form>`;

const browser = await launchTestChromium(t);
const page = await browser.newPage();
const stateOf = async (html: string) => {
  await page.setContent(html);
  return readPage(page, {});
};

t.test('the word captcha and the invisible badge are not a challenge', async (t) => {
  const state = await stateOf(`${FORM}
    <script>window.grecaptcha = { execute() {} }; /* captcha */</script>
    <div class="grecaptcha-badge" style="position:fixed;bottom:14px;right:0;width:256px;height:60px"><iframe title="reCAPTCHA" style="width:256px;height:60px"></iframe></div>
    <p>This site is protected by reCAPTCHA.</p>`);
  t.match(state, { kind: 'form', isFinal: true, fields: [{ field_id: 'name' }] });
});

t.test('a rendered challenge is', async (t) => {
  const state = await stateOf(`${FORM}<iframe title="recaptcha challenge expires in two minutes" src="about:blank" style="width:400px;height:580px"></iframe>`);
  t.match(state, { kind: 'blocked', code: 'captcha_required' });
  t.match(await stateOf(`${FORM}<div class="h-captcha" style="width:300px;height:80px"></div>`), { kind: 'blocked', code: 'captcha_required' });
});

t.test('a visible password field is a sign-in wall', async (t) => {
  t.match(await stateOf('<form><label>Email <input name="u"></label><label>Password <input type="password" name="p"></label><button>Sign in</button></form>'), { kind: 'blocked', code: 'login_required' });
});

t.test('the action button: the form submit, not Attach; or a script-driven button outside any form', async (t) => {
  await page.setContent(FORM);
  await page.fill('[name=name]', 'Ada');
  await clickAction(page);
  t.equal(await page.evaluate(() => (globalThis as any).document.body.dataset.sent), 'yes');
  const next = await stateOf(`<div><label>City <input name="city"></label><button type="button" onclick="document.body.dataset.next='yes'">Continue</button><button type="button">Back</button></div>`);
  t.match(next, { kind: 'form', isFinal: false });
  await clickAction(page);
  t.equal(await page.evaluate(() => (globalThis as any).document.body.dataset.next), 'yes');
});
