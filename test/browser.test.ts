// Which Chromium runs, and what happens when none can: the bundled browser unpacked once
// under DATA_DIR (even by processes racing to do it) and driving a real form; /readyz of a
// process running the apply workers reporting the browser beside the database and queue; and an application whose browser
// cannot start failing at once with browser_unavailable, refunded, without retries.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { chromium } from 'playwright-core';
import { BrowserUnavailableError, resolveChromium } from '../apply/chromium.ts';
import { unpackBundledChromium } from '../apply/bundled-chromium.ts';
import { loadConfig } from '../lib/config.ts';
import { applyStepQueues } from '../lib/queues.ts';
import { startWorkers } from '../workers/runner.ts';
import { workerModules } from '../workers/registry.ts';
import { APPLY_QUEUES, applyAccount, startApplyService } from './helpers/auto-apply.ts';
import { waitFor } from './helpers/wait.ts';

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'browser-test-'));
t.teardown(() => fs.rm(scratch, { recursive: true, force: true }));

t.test('settings: CHROMIUM_SOURCE is checked, and a missing CHROMIUM_PATH says what to do', async (t) => {
  t.throws(() => loadConfig({ CHROMIUM_SOURCE: 'firefox' }), /CHROMIUM_SOURCE must be one of auto, system, bundled/);
  t.match(loadConfig({ DATA_DIR: '/srv/data' }).browser, { path: null, source: 'auto', unpackDir: '/srv/data/chromium' });
  const missing = resolveChromium({ path: '/nonexistent/chromium', source: 'auto', unpackDir: scratch });
  await t.rejects(missing, BrowserUnavailableError);
  await t.rejects(missing, /CHROMIUM_PATH is \/nonexistent\/chromium, which does not exist/);
  const system = await resolveChromium({ path: null, source: 'system', unpackDir: scratch }).catch((error) => error);
  if (system instanceof Error) {
    t.match(system.message, /CHROMIUM_SOURCE=system, but there is no \/usr\/bin\/chromium/, 'no Debian chromium here: system refuses to fall back');
  } else {
    t.equal(system.origin, 'system', "Debian's chromium is used when it is there");
  }
});

t.test('the bundled Chromium: unpacked once, by racing processes too, and driving a real page', async (t) => {
  const unpackDir = path.join(scratch, 'data', 'chromium');
  const [first, ...others] = await Promise.all([1, 2, 3].map(() => unpackBundledChromium(unpackDir)));
  for (const other of others) t.same(other, first, 'every racer gets the same copy');
  const entries = await fs.readdir(unpackDir);
  t.equal(entries.length, 1, `one version directory and no scratch left behind (${entries.join(', ')})`);
  t.equal(path.dirname(first.executablePath), path.join(unpackDir, entries[0]));
  t.match(first.env.LD_LIBRARY_PATH, new RegExp(`^${path.join(unpackDir, entries[0], 'lib')}`), 'its own NSS libraries come first');
  const stat = await fs.stat(first.executablePath);
  const again = await unpackBundledChromium(unpackDir);
  t.equal((await fs.stat(again.executablePath)).mtimeMs, stat.mtimeMs, 'a complete copy is not unpacked again');

  // CHROMIUM_PATH is ignored when the bundled one is forced.
  const launch = await resolveChromium({ path: '/usr/bin/true', source: 'bundled', unpackDir });
  t.equal(launch.origin, 'bundled');
  const browser = await chromium.launch(launch.options);
  t.teardown(() => browser.close());
  t.match(browser.version(), /^\d+\./);
  const page = await browser.newPage();
  await page.setContent('<form><label for=n>Full name</label><input id=n name=n required><select name=s><option value=a>Alpha</option><option value=b>Beta</option></select><button>Send</button></form>');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.selectOption('select', 'b');
  t.equal(await page.inputValue('#n'), 'Ada Lovelace');
  t.equal(await page.inputValue('select'), 'b');
  const width = await page.locator('label').evaluate((label) => label.getBoundingClientRect().width);
  t.ok(width > 20, `text is laid out with the bundled fonts (${width}px)`);
});

t.test('/readyz reports the browser; an application whose browser cannot start fails at once, refunded', async (t) => {
  const service = await startApplyService(t, { env: { CHROMIUM_PATH: path.join(scratch, 'no-such-chromium'), CHROMIUM_SOURCE: 'auto' } });
  const report = await waitFor('the first browser check', async () => {
    const ready = await service.client.get('/readyz');
    return ready.body.checks.browser.status === 'checking' ? null : ready;
  });
  t.equal(report.status, 200, 'the API stays ready: search and feeds need no browser');
  t.match(report.body, { status: 'ready', checks: { database: { status: 'ok' }, queue: { status: 'ok' }, browser: { status: 'failing', required: false } } });
  t.ok(report.body.checks.browser.duration_ms >= 0 && report.body.checks.browser.checked_at, 'with the failed launch timed and dated');

  const account = await applyAccount(service);
  const before = (await account.api.get('/api/account')).body.credits_balance;
  const created = await account.api.post('/api/auto-apply/applications', { apply_url: `${service.url}/sandbox/apply/one-page`, sandbox: true }, { headers: { 'Idempotency-Key': 'no-browser' } });
  t.equal(created.status, 200, 'the hold ends with the failure');
  t.match(created.body, { status: 'failed', failure: { code: 'browser_unavailable', retryable: true } });
  t.notMatch(created.body.failure.message, /no-such-chromium/, 'host paths stay in the log, not in the customer message');
  t.equal((await account.api.get('/api/account')).body.credits_balance, before, 'refunded');
  const { rows } = await service.runtime.pool.query('SELECT state, retry_count FROM pgboss.job WHERE name = $1', [applyStepQueues.discover.name]);
  t.same(rows, [{ state: 'completed', retry_count: 0 }], 'one attempt, not three retries');
});

t.test('/readyz says ok once the bundled browser has started, in a process running the apply workers only', async (t) => {
  const service = await startApplyService(t, { workers: false, env: { CHROMIUM_SOURCE: 'bundled', DATA_DIR: path.join(scratch, 'data') } });
  t.notOk((await service.client.get('/readyz')).body.checks.browser, 'an API process without the apply workers launches no browser, so it reports none');
  service.runtime.onShutdown(await startWorkers(service.runtime.boss, workerModules.filter((module) => APPLY_QUEUES.includes(module.queue.name)), service.runtime));
  const ready = await waitFor('the first browser check', async () => {
    const response = await service.client.get('/readyz');
    return response.body.checks.browser.status === 'checking' ? null : response;
  });
  t.match(ready.body, { status: 'ready', checks: { browser: { status: 'ok', required: false } } });
  t.ok(ready.body.checks.browser.duration_ms > 0, 'the launch is timed');
});
