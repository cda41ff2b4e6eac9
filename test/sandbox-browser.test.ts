// The sandbox forms in real Chromium, the way the apply workers will meet them: labels
// resolve for every labelling style, the typeahead commits only a picked option, and a
// filled one-page form submits to its confirmation.
import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { launchTestChromium } from './helpers/chromium.ts';

const service = await startTestService(t);
const browser = await launchTestChromium(t);

t.test('the one-page form, filled by label and submitted', async (t) => {
  const page = await browser.newPage();
  t.teardown(() => page.close());
  await page.goto(`${service.url}/sandbox/apply/one-page`);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Phone').fill('+442079460958');
  await page.getByLabel('Resume/CV').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 resume') });
  t.equal(await page.getByLabel('Last name').getAttribute('aria-required'), 'true', 'required by aria');
  await page.getByRole('button', { name: 'Submit application' }).click();
  const confirmation = page.locator('.application-confirmation');
  await confirmation.waitFor();
  const receipt = await confirmation.getAttribute('data-receipt-id');
  t.match(receipt, /^SBX-/);
  const { rows } = await service.runtime.pool.query('SELECT steps, files FROM sandbox_submissions WHERE receipt_id = $1', [receipt]);
  t.same(rows[0].steps[0].answers, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+442079460958' });
  t.match(rows[0].files, [{ field: 'resume', filename: 'resume.pdf', size: 15 }]);
});

t.test('the typeahead commits a value only when an option is picked', async (t) => {
  const page = await browser.newPage();
  t.teardown(() => page.close());
  await page.goto(`${service.url}/sandbox/apply/all-fields`);
  const box = page.getByRole('combobox', { name: 'Current location' });
  await box.fill('toro');
  t.equal(await page.locator('input[type=hidden][name=location]').inputValue(), '', 'typing alone commits nothing');
  await page.getByRole('option', { name: 'Toronto, ON, Canada' }).click();
  t.equal(await page.locator('input[type=hidden][name=location]').inputValue(), 'Toronto, ON, Canada', 'picking commits the option');
  t.equal(await box.inputValue(), 'Toronto, ON, Canada');
  t.equal(await page.getByRole('group', { name: 'Willing to relocate?' }).count(), 1, 'a legend labels its group');
});
