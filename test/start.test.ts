// `npm start` as a real process on an empty data directory: embedded PostgreSQL,
// migrations, pg-boss, workers and the API; Ctrl-C stops all of it gracefully.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { freePort } from '../lib/net.ts';
import { runningClusterPort } from '../db/embedded.ts';
import { runScript } from './helpers/process.ts';

t.test('npm start serves /healthz on a fresh data directory and stops cleanly on Ctrl-C', async (t) => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'service-start-'));
  t.teardown(() => fs.rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    // The bundled Chromium, as on a machine without Debian's: npm install alone brings it.
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '', NODE_ENV: 'development', CHROMIUM_SOURCE: 'bundled', CHROMIUM_PATH: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, as a terminal's foreground job is: Ctrl-C signals the whole group.
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  t.teardown(() => child.kill('SIGKILL'));

  let healthy = false;
  // A fresh database loads the offline gazetteer before the API listens (tens of seconds).
  while (!healthy && Date.now() - started < 120_000) {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
    healthy = response?.status === 200;
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  t.ok(healthy, `GET /healthz answered 200 after ${Date.now() - started} ms`);
  // The demo data set is generated on a fresh database before the banner is printed.
  while (!output.includes('Service ready') && Date.now() - started < 180_000) await new Promise((resolve) => setTimeout(resolve, 200));
  t.match(output, `Service ready at http://localhost:${port}`, 'prints the base URL');

  const liveKey = /live key:\s+(jd_live_\w+)/.exec(output)?.[1];
  t.ok(liveKey, 'a demo account was created and its live key printed');
  t.match(output, /sandbox key: jd_test_\w{32}/, 'and its sandbox key');
  const me = await fetch(`http://127.0.0.1:${port}/api/account`, { headers: { 'x-api-key': liveKey ?? '' } });
  t.equal(me.status, 200, 'the printed key works');
  const jobs = (await (await fetch(`http://127.0.0.1:${port}/api/jobs?page_size=1`, { headers: { 'x-api-key': liveKey ?? '' } })).json()) as { total: number };
  t.equal(jobs.total > 500, true, `the demo data set answers searches (${jobs.total} live jobs)`);
  const sandboxKey = /sandbox key: (jd_test_\w{32})/.exec(output)?.[1] ?? '';
  const sandboxJobs = (await (await fetch(`http://127.0.0.1:${port}/api/jobs?page_size=1`, { headers: { 'x-api-key': sandboxKey } })).json()) as { total: number };
  t.equal(sandboxJobs.total > 100, true, `and the sandbox has its own fictional jobs (${sandboxJobs.total})`);

  // Auto Apply works out of the box: the sandbox key applies to a sandbox form.
  const created = await fetch(`http://127.0.0.1:${port}/api/auto-apply/applications`, {
    method: 'POST',
    headers: { 'x-api-key': sandboxKey, 'content-type': 'application/json', 'idempotency-key': 'first-try' },
    body: JSON.stringify({ apply_url: `http://localhost:${port}/sandbox/apply/one-page`, sandbox: true }),
  });
  const application = (await created.json()) as { status: string; failure: unknown; current_step: { fields: unknown[] } | null };
  t.equal(created.status, 200, 'the create hold ends with the first step read');
  t.match(application, { status: 'awaiting_answers', failure: null }, `the bundled browser read the form (${JSON.stringify(application.failure)})`);
  t.ok(application.current_step && application.current_step.fields.length > 0, 'with its fields');
  const ready = (await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()) as { checks: { browser: { status: string } } };
  t.equal(ready.checks.browser.status, 'ok', '/readyz reports the browser (npm start runs the apply workers)');

  const clusterPort = await runningClusterPort(path.join(dataDir, 'pg'));
  t.ok(clusterPort, 'the embedded cluster runs from DATA_DIR/pg');

  // The admin CLI on the same DATA_DIR attaches to the running cluster...
  const whileRunning = await admin(dataDir, 'account', 'create', '--name', 'Made while running');
  t.equal(whileRunning.code, 0, whileRunning.stderr);
  const cliKey = JSON.parse(whileRunning.stdout).api_key;
  const viaService = await fetch(`http://127.0.0.1:${port}/api/account`, { headers: { 'x-api-key': cliKey } });
  t.equal(viaService.status, 200, 'the service sees the account the CLI made');
  t.equal(await runningClusterPort(path.join(dataDir, 'pg')), clusterPort, 'and leaves the cluster running');

  // Ctrl-C under `npm start`: the terminal signals the group and npm passes it on again.
  process.kill(-child.pid!, 'SIGINT');
  process.kill(-child.pid!, 'SIGINT');
  t.equal(await exited, 0, `exits 0 after a graceful shutdown on Ctrl-C\n${output}`);
  t.notMatch(output, /second signal|shutdown failed|terminating connection due to administrator command/, 'the database outlived the service\'s own shutdown');
  t.equal(await runningClusterPort(path.join(dataDir, 'pg')), null, 'the embedded database was stopped');

  // ...and starts it for itself when the service is down.
  const whileStopped = await admin(dataDir, 'account', 'list');
  t.equal(whileStopped.code, 0, whileStopped.stderr);
  t.same(JSON.parse(whileStopped.stdout).map((account: { name: string }) => account.name).sort(), ['Demo', 'Made while running']);
  t.equal(await runningClusterPort(path.join(dataDir, 'pg')), null, 'and stops it again');
});

function admin(dataDir: string, ...args: string[]) {
  return runScript('scripts/admin.ts', args, { DATA_DIR: dataDir, DATABASE_URL: '' });
}
