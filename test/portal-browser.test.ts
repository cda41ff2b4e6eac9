// The portal in real Chromium, as a customer uses it: sign in with the keyboard, create
// and revoke a key (copied with the page's button), set the callback URL, rotate the
// signing secret and send a test ping to a local receiver that verifies its signature
// with `standardwebhooks` while the page follows the delivery, add a managed-feed
// company. axe-core checks every page for serious or critical violations. With
// PORTAL_SCREENSHOTS_DIR set, each page is also saved there as a PNG (docs/portal/).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { upsertCompanies } from '../db/companies.ts';
import { debit } from '../db/credits.ts';
import { freePort } from '../lib/net.ts';
import { startWorkers } from '../workers/runner.ts';
import { webhookDeliver } from '../workers/webhook-deliver.ts';
import { createAccount } from './helpers/accounts.ts';
import { launchTestChromium } from './helpers/chromium.ts';
import { startTestService } from './helpers/service.ts';
import { waitFor } from './helpers/wait.ts';
import { startWebhookReceiver } from './helpers/webhook-receiver.ts';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const screenshots = process.env.PORTAL_SCREENSHOTS_DIR ?? null;

// A mail server that refuses connections, for a mailbox connect that fails.
const closedImapPort = await freePort();
const service = await startTestService(t, { env: { OUTBOUND_ALLOW_PRIVATE: '1', MAILBOX_IMAP_ROUTES: `imap.closed.test:993=127.0.0.1:${closedImapPort}` } });
const { pool, boss } = service.runtime;
service.runtime.onShutdown(await startWorkers(boss, [webhookDeliver], service.runtime));
const account = await createAccount(pool, { name: 'Northwind Careers', credits: 2500, included_jobs: 120, auto_apply_availability: 'enabled' });
await upsertCompanies(pool, [
  { source_key: 'greenhouse:acme-robotics', name: 'Acme Robotics', website: 'https://acme-robotics.example', ats_provider: 'greenhouse' },
  { source_key: 'lever:acme', name: 'Acme', website: 'https://acme.example', ats_provider: 'lever' },
]);
// Some use to chart: requests through the API, and a debit in the ledger.
const api = service.client.with({ 'X-Api-Key': account.key });
for (let index = 0; index < 4; index++) await api.get('/api/account');
await debit(pool, { accountId: account.id, amount: 12, useIncludedJobs: false, reason: 'POST /api/jobs/search' });

const browser = await launchTestChromium(t);
const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.url });
t.teardown(() => context.close());
const page = await context.newPage();

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** axe-core's serious and critical violations on the page as it is now. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the pages' CSP does not govern.
  await page.evaluate(axeSource);
  const violations = (await page.evaluate("axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations)")) as AxeViolation[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function checkPage(t: Test, name: string): Promise<void> {
  t.same(await accessibilityProblems(page), [], `${name}: no serious or critical axe-core violation`);
  if (screenshots) {
    fs.mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
  }
}

t.test('sign in with the keyboard alone', async (t) => {
  await page.goto(`${service.url}/portal`);
  t.equal(new URL(page.url()).pathname, '/portal/sign-in', 'signed out: the sign-in page');
  await checkPage(t, 'sign-in');
  // Tab from the top: the skip link, then the key field; Enter submits.
  await page.keyboard.press('Tab');
  t.equal(await page.evaluate('document.activeElement?.textContent'), 'Skip to content');
  await page.keyboard.press('Tab');
  t.equal(await page.evaluate('document.activeElement?.id'), 'api-key', 'the key field is next');
  await page.keyboard.type(account.key);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  const cookies = await context.cookies(service.url + '/portal');
  const session = cookies.find((cookie) => cookie.name === 'portal_session')!;
  t.ok(session.httpOnly, 'HttpOnly');
  t.equal(session.sameSite, 'Strict');
  t.equal(await page.evaluate('document.cookie'), '', 'no cookie visible to scripts');
  t.match(await page.locator('figcaption').first().textContent(), /Default: \d+ requests in the last 30 days/);
  t.match(await page.locator('figcaption').last().textContent(), /Credits charged: 12 credits in the last 30 days/);
  await checkPage(t, 'overview');
});

t.test('create a key, copy it with the button, and revoke it', async (t) => {
  await page.getByRole('link', { name: 'API keys' }).click();
  await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
  await page.getByLabel('Name').fill('Reporting job');
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = (await page.locator('#new-key').textContent())!.trim();
  t.match(shown, /^jd_live_\w{32}$/, 'the new key is shown once');
  await page.getByRole('button', { name: 'Copy the key' }).click();
  await page.getByText('Copied to the clipboard.').waitFor();
  t.equal(await page.evaluate('navigator.clipboard.readText()'), shown, 'the button copied the key');
  t.equal((await fetch(`${service.url}/api/account`, { headers: { 'X-Api-Key': shown } })).status, 200, 'and it works');
  await checkPage(t, 'keys-created');

  await page.getByRole('button', { name: new RegExp(`^Revoke Reporting job \\(jd_live_…${shown.slice(-4)}\\)$`) }).click();
  await page.getByText('The key is revoked.').waitFor();
  t.match(await page.getByRole('row', { name: /Reporting job/ }).textContent(), /Revoked/);
  t.equal((await fetch(`${service.url}/api/account`, { headers: { 'X-Api-Key': shown } })).status, 401, 'the revoked key is refused');
  await checkPage(t, 'keys');
});

t.test('rotate the signing secret and send a ping that a real receiver verifies; the page follows the delivery', async (t) => {
  let secret = '';
  const receiver = await startWebhookReceiver(t, () => secret, { reply: { received: true } });
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await page.getByLabel('Callback URL').fill(receiver.url);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('The default callback URL is saved.').waitFor();
  await page.getByRole('button', { name: 'Create a signing secret' }).click();
  secret = (await page.locator('#new-secret').textContent())!.trim();
  t.match(secret, /^whsec_/, 'the secret is shown once');
  await page.getByRole('button', { name: 'Send a test ping' }).click();
  // The page's script re-reads the pending delivery until it is final.
  await page.locator('.status-delivered').waitFor({ timeout: 30_000 });
  const arrived = await waitFor('the ping at the receiver', async () => receiver.received[0], 10);
  t.match(arrived.verified, { type: 'ping', data: { account_id: account.id } }, 'verified by standardwebhooks with the secret from the page');
  t.match(await page.getByRole('table', { name: 'Delivery attempts' }).textContent(), /HTTP 200/, "the receiver's answer");
  t.match(await page.locator('pre code').textContent(), /"received": true/, 'and the body it answered');
  await checkPage(t, 'webhooks');
});

t.test('find a company and add it to the managed feed', async (t) => {
  await page.getByRole('link', { name: 'Managed feed' }).click();
  await page.getByLabel('Company name').fill('acme');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: 'Add Acme Robotics to the managed feed' }).click();
  await page.getByText('The company is added to your managed feed.').waitFor();
  t.match(await page.getByRole('heading', { name: /Companies in your managed feed/ }).textContent(), /\(1\)/);
  const { rows } = await pool.query('SELECT c.name FROM managed_feed_companies m JOIN companies c ON c.id = m.company_id WHERE m.account_id = $1', [account.id]);
  t.same(rows, [{ name: 'Acme Robotics' }]);
  await checkPage(t, 'managed-feed');
});

t.test('the Auto Apply page, and a mailbox connect the server refuses, pass the same check', async (t) => {
  await page.getByRole('link', { name: 'Auto Apply' }).click();
  await page.getByRole('heading', { level: 1, name: 'Auto Apply' }).waitFor();
  await checkPage(t, 'auto-apply');
  await page.locator('#imap-address').fill('applicant@northwind.example');
  await page.getByLabel('IMAP server').fill('imap.closed.test');
  await page.getByLabel('Password').fill('app-password');
  await page.getByRole('button', { name: 'Connect the mailbox' }).click();
  await page.locator('.field-error, .notice-error').first().waitFor();
  t.equal(await page.locator('#imap-address').inputValue(), 'applicant@northwind.example', 'the address is kept');
  t.equal(await page.getByLabel('Password').inputValue(), '', 'the password is not sent back');
  await checkPage(t, 'auto-apply-refused');
});

t.test('sign out', async (t) => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByText('You are signed out.').waitFor();
  await page.goto(`${service.url}/portal/keys`);
  t.equal(new URL(page.url()).pathname, '/portal/sign-in', 'the pages need signing in again');
});
