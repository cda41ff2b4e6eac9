// `npm run bench:apply [-- --sequential 20 --burst 10 --contexts 1,5,10 --profile-runs 10 --runs 20 --run-only --spread --chromium PATH]`:
// Auto Apply on the one-page sandbox form, with the real apply workers and Chromium
// running in the service process.
// 1. Create-to-`awaiting_answers` latency as the client sees it (request sent → 200 with
//    status awaiting_answers): 2 warm-up creates (Chromium launch), then N one after
//    another, then one burst of M in parallel. Each application is canceled once measured,
//    so the 10-active limit never refuses a create. Beside each, the service's CPU
//    seconds per create: this process (API, workers) plus its Chromium and PostgreSQL
//    process trees, from /proc/<pid>/stat before and after. Targets: at most 0.2
//    CPU-seconds per create, and a burst p50 of at most 2 s on one core.
//    `--chromium PATH` runs another Chromium (CHROMIUM_PATH), e.g. the full browser.
// 2. Where a create's time goes, from the client's clock and the database's
//    timestamps (same machine, same clock), and the browser part timed in-process.
// 3. Memory per open browser context: the Chromium process tree's summed VmRSS (and PSS,
//    USS) with 0 contexts open and with N contexts each holding the form.
// 4. The one-call run (POST /api/auto-apply/run) on the three-page sandbox form, filled
//    from a stored profile and submitted: p50 and p95 of the result's `duration_ms` over
//    `--runs N` runs one after another (2 warm-up runs first), with the session workers in
//    the service process. `--run-only` measures this part alone.
// The client runs in a child process on core 1 (this file again, with --client); the
// service, its workers and the Chromium they launch stay on core 0 (startBenchService),
// or with --spread use every core.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { BrowserContext } from 'playwright-core';
import { createAccountWithKey } from '../../db/account-admin.ts';
import { updateAccount } from '../../db/accounts.ts';
import type { Pool } from '../../db/pool.ts';
import { BrowserPool } from '../../apply/browser-pool.ts';
import { acquireEngine } from '../../apply/engine-host.ts';
import { adapterFor } from '../../apply/adapters/index.ts';
import { readPage } from '../../apply/form-driver.ts';
import { createLogger } from '../../lib/logger.ts';
import { applyStepQueues } from '../../lib/queues.ts';
import { startWorkers } from '../../workers/runner.ts';
import { workerModules } from '../../workers/registry.ts';
import { machine, median, pinProcess, startBenchService, type BenchService } from './harness.ts';
import { upsertCompanies } from '../../db/companies.ts';
import { upsertJobs } from '../../crawlers/job-write.ts';
import { applySessionDeadQueue, applySessionExpireQueue, applySessionQueue } from '../../lib/queues.ts';

const { values } = parseArgs({
  options: {
    client: { type: 'boolean', default: false },
    base: { type: 'string' },
    key: { type: 'string' },
    url: { type: 'string' },
    count: { type: 'string', default: '1' },
    parallel: { type: 'boolean', default: false },
    warmup: { type: 'string', default: '2' },
    sequential: { type: 'string', default: '20' },
    burst: { type: 'string', default: '10' },
    contexts: { type: 'string', default: '1,5,10' },
    'profile-runs': { type: 'string', default: '10' },
    spread: { type: 'boolean', default: false },
    chromium: { type: 'string' },
    runs: { type: 'string', default: '20' },
    'run-only': { type: 'boolean', default: false },
  },
});

const TARGET_P50_MS = 2000;
const TARGET_CPU_SECONDS = 0.2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One create as the client saw it; `sentAt`/`receivedAt` are epoch ms, to line up with database timestamps. */
interface Sample {
  id: string;
  httpStatus: number;
  status: string;
  ms: number;
  sentAt: number;
  receivedAt: number;
}

interface ClientRun {
  samples: Sample[];
  wallMs: number;
  /** The service's CPU seconds per create over the run, cancels included (filled in by the parent). */
  cpu?: { node: number; chromium: number; postgres: number };
}

// ---- the client (child process) ----

async function createOnce(base: string, key: string, applyUrl: string): Promise<Sample> {
  const sentAt = performance.timeOrigin + performance.now();
  const started = performance.now();
  const response = await fetch(`${base}/api/auto-apply/applications`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ apply_url: applyUrl, sandbox: true }),
  });
  const body = (await response.json()) as { id?: string; status?: string; detail?: string };
  const ms = performance.now() - started;
  if (!body.id) throw new Error(`create answered ${response.status}: ${body.detail ?? JSON.stringify(body)}`);
  return { id: body.id, httpStatus: response.status, status: body.status ?? '', ms, sentAt, receivedAt: sentAt + ms };
}

/** Outside the measured span: frees the account's slot for the next create. */
async function cancelOnce(base: string, key: string, id: string): Promise<void> {
  const response = await fetch(`${base}/api/auto-apply/applications/${id}/cancel`, { method: 'POST', headers: { 'x-api-key': key } });
  await response.arrayBuffer();
  if (response.status !== 202 && response.status !== 409) throw new Error(`cancel answered ${response.status}`);
}

async function runClient(): Promise<void> {
  const { base, key, url } = values as { base: string; key: string; url: string };
  const count = Number(values.count);
  const started = performance.now();
  let samples: Sample[] = [];
  if (values.parallel) {
    samples = await Promise.all(Array.from({ length: count }, () => createOnce(base, key, url)));
  } else {
    for (let index = 0; index < count; index++) {
      const sample = await createOnce(base, key, url);
      samples.push(sample);
      await cancelOnce(base, key, sample.id);
    }
  }
  const wallMs = values.parallel ? Math.max(...samples.map((sample) => sample.receivedAt)) - Math.min(...samples.map((sample) => sample.sentAt)) : performance.now() - started;
  if (values.parallel) await Promise.all(samples.map((sample) => cancelOnce(base, key, sample.id)));
  process.stdout.write(JSON.stringify({ samples, wallMs } satisfies ClientRun) + '\n');
}

function spawnClient(base: string, key: string, url: string, count: number, parallel: boolean): Promise<ClientRun> {
  const before = serviceCpu();
  return new Promise<ClientRun>((resolve, reject) => {
    const args = [fileURLToPath(import.meta.url), '--client', '--base', base, '--key', key, '--url', url, '--count', String(count), ...(parallel ? ['--parallel'] : [])];
    const child = spawn('taskset', ['-c', '1', process.execPath, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`apply client exited ${code}`))));
  }).then((run) => {
    const after = serviceCpu();
    const per = (name: keyof typeof after) => (after[name] - before[name]) / count;
    return { ...run, cpu: { node: per('node'), chromium: per('chromium'), postgres: per('postgres') } };
  });
}

// ---- this process's tree: Chromium and PostgreSQL are children of it ----

interface ProcessEntry {
  ppid: number;
  name: string;
  /** utime + stime + cutime + cstime, in seconds: a process's own CPU and its reaped children's. */
  cpu: number;
}

function processTable(): Map<number, ProcessEntry> {
  const table = new Map<number, ProcessEntry>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ').map(Number);
      table.set(Number(entry), { name: stat.slice(stat.indexOf('(') + 1, close), ppid: fields[1]!, cpu: (fields[11]! + fields[12]! + fields[13]! + fields[14]!) / 100 });
    } catch {
      // The process ended while we read.
    }
  }
  return table;
}

/** Every descendant of this process, with the name of its ancestor that is our direct child. */
function descendants(table = processTable()): Map<number, string> {
  const found = new Map<number, string>();
  for (const pid of table.keys()) {
    for (let current = pid, guard = 0; current > 1 && guard < 64; guard++) {
      const entry = table.get(current);
      if (!entry) break;
      if (entry.ppid === process.pid) {
        found.set(pid, entry.name);
        break;
      }
      current = entry.ppid;
    }
  }
  return found;
}

/** The pids of every Chromium launched by this process, and of all their descendants. */
function chromiumTree(): number[] {
  return [...descendants()].filter(([, root]) => /chrom/i.test(root)).map(([pid]) => pid);
}

/**
 * CPU seconds so far of the service (this process: API and workers), its Chromium and its
 * PostgreSQL. The client's go to this process's cutime when it exits, so are left out.
 */
function serviceCpu(): { node: number; chromium: number; postgres: number } {
  const table = processTable();
  const self = readFileSync('/proc/self/stat', 'utf8');
  const fields = self.slice(self.lastIndexOf(')') + 2).split(' ').map(Number);
  const sum = { node: (fields[11]! + fields[12]!) / 100, chromium: 0, postgres: 0 };
  for (const [pid, root] of descendants(table)) {
    if (/chrom/i.test(root)) sum.chromium += table.get(pid)!.cpu;
    else if (/postgres/i.test(root)) sum.postgres += table.get(pid)!.cpu;
  }
  return sum;
}

function kilobytes(file: string, field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(file, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

interface TreeMemory {
  processes: number;
  rssMb: number;
  pssMb: number;
  ussMb: number;
}

/**
 * Summed VmRSS counts the shared Chromium image once per process (about 70 to 120 MB
 * each); PSS shares it out; USS (private pages) is what closing a process gives back.
 */
function chromiumMemory(): TreeMemory {
  const pids = chromiumTree();
  const sum = { processes: pids.length, rssMb: 0, pssMb: 0, ussMb: 0 };
  for (const pid of pids) {
    const rollup = `/proc/${pid}/smaps_rollup`;
    sum.rssMb += kilobytes(`/proc/${pid}/status`, 'VmRSS') / 1024;
    sum.pssMb += kilobytes(rollup, 'Pss') / 1024;
    sum.ussMb += (kilobytes(rollup, 'Private_Clean') + kilobytes(rollup, 'Private_Dirty')) / 1024;
  }
  return sum;
}

// ---- in-process browser measurements, through the workers' BrowserPool ----

/** Loads the form in a new page of `context` and reads it as the discover step does. */
async function loadForm(context: BrowserContext, url: string) {
  const marks: number[] = [performance.now()];
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  marks.push(performance.now());
  await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
  marks.push(performance.now());
  const state = await readPage(page, adapterFor('sandbox'));
  marks.push(performance.now());
  if (state.kind !== 'form') throw new Error(`the sandbox form read as ${state.kind}`);
  return { newPage: marks[1]! - marks[0]!, load: marks[2]! - marks[1]!, extract: marks[3]! - marks[2]! };
}

/** Times each part of one browser step (context, page, load, extraction, close), `runs` times. */
async function profileBrowserStep(browsers: BrowserPool, url: string, runs: number) {
  const parts: Record<'context' | 'newPage' | 'load' | 'extract' | 'close', number[]> = { context: [], newPage: [], load: [], extract: [], close: [] };
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    let inside = 0;
    let left = 0;
    await browsers.withContext(async (context) => {
      inside = performance.now();
      const timing = await loadForm(context, url);
      parts.newPage.push(timing.newPage);
      parts.load.push(timing.load);
      parts.extract.push(timing.extract);
      left = performance.now();
    });
    parts.context.push(inside - started);
    parts.close.push(performance.now() - left);
  }
  return parts;
}

/** Tree memory with 0 contexts, then with each of `counts` contexts open, each holding the form. */
async function measureContexts(browsers: BrowserPool, url: string, counts: number[]) {
  const rows = [];
  for (const count of counts) {
    await sleep(1500);
    const idle = chromiumMemory();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let loaded = 0;
    const holders = Array.from({ length: count }, () =>
      browsers.withContext(async (context) => {
        await loadForm(context, url);
        loaded += 1;
        await released;
      }),
    );
    while (loaded < count) await sleep(50);
    // Let the renderers finish their post-load work before reading their memory.
    await sleep(1500);
    const open = chromiumMemory();
    const openContexts = browsers.openContexts;
    release();
    await Promise.all(holders);
    const per = (name: 'rssMb' | 'pssMb' | 'ussMb') => (open[name] - idle[name]) / count;
    rows.push({ count, openContexts, idle, open, rss: per('rssMb'), pss: per('pssMb'), uss: per('ussMb') });
  }
  return rows;
}

// ---- the latency breakdown, from the database ----

interface Phases {
  api: number;
  queue: number;
  claim: number;
  browser: number;
  reply: number;
}

/**
 * Per application: request sent → row inserted (created_at: the create transaction's
 * start) → discover job fetched (pg-boss started_on) → the step's own start transaction
 * done (started_at) → the result's transaction began (the step's created_at, after the
 * browser context closed) → 200 received (commit, NOTIFY, the hold's re-read, response).
 */
async function phases(pool: Pool, samples: Sample[]): Promise<Phases[]> {
  const { rows } = await pool.query<{ id: string; created: number; picked: number; started: number; stepped: number }>(
    `SELECT a.id,
            extract(epoch FROM a.created_at) * 1000 AS created,
            extract(epoch FROM j.started_on) * 1000 AS picked,
            extract(epoch FROM a.started_at) * 1000 AS started,
            extract(epoch FROM s.created_at) * 1000 AS stepped
       FROM applications a
       JOIN application_steps s ON s.application_id = a.id AND s.sequence = 1
       JOIN pgboss.job j ON j.name = $2 AND j.data->>'application_id' = a.id::text
      WHERE a.id = ANY($1::uuid[])`,
    [samples.map((sample) => sample.id), applyStepQueues.discover.name],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return samples.map((sample) => {
    const row = byId.get(sample.id)!;
    const [created, picked, started, stepped] = [row.created, row.picked, row.started, row.stepped].map(Number) as [number, number, number, number];
    return { api: created - sample.sentAt, queue: picked - created, claim: started - picked, browser: stepped - started, reply: sample.receivedAt - stepped };
  });
}

// ---- reporting ----

/** Nearest-rank percentile. */
const at = (sorted: number[], fraction: number) => sorted[Math.max(0, Math.ceil(sorted.length * fraction) - 1)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const msText = (ms: number) => `${ms.toFixed(0)} ms`;

function latencyLine(run: ClientRun): string {
  const sorted = run.samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const wrong = run.samples.filter((sample) => sample.httpStatus !== 200 || sample.status !== 'awaiting_answers').length;
  return `p50 ${seconds(at(sorted, 0.5))}, p95 ${seconds(at(sorted, 0.95))}, min ${seconds(sorted[0]!)}, max ${seconds(sorted.at(-1)!)}${wrong ? `, ${wrong} NOT 200 awaiting_answers` : ''}`;
}

const cpuTotal = (run: ClientRun) => run.cpu!.node + run.cpu!.chromium + run.cpu!.postgres;

function cpuLine(run: ClientRun): string {
  const { node, chromium, postgres } = run.cpu!;
  return `CPU ${cpuTotal(run).toFixed(3)} s per create (Node ${node.toFixed(3)}, Chromium ${chromium.toFixed(3)}, PostgreSQL ${postgres.toFixed(3)})`;
}

function phaseLine(list: Phases[]): string {
  const part = (name: keyof Phases) => msText(median(list.map((item) => item[name])));
  return `API to insert ${part('api')} · queue pickup ${part('queue')} · step start tx ${part('claim')} · browser ${part('browser')} · commit + NOTIFY + reply ${part('reply')}`;
}

// ---- the one-call run ----

const SESSION_QUEUES = [applySessionDeadQueue, applySessionQueue, applySessionExpireQueue].map((queue) => queue.name);

interface RunSample {
  durationMs: number;
  clientMs: number;
  status: string;
  stepsCompleted: number;
  fieldsFilled: number;
  /** Milliseconds up to each step_log entry (from the request sent, then from the previous entry), and from the last one to the response. */
  gaps: Array<{ label: string; ms: number }>;
}

/**
 * One-call runs on the three-page sandbox form, one after another, from a profile that
 * answers every question (the job behind the form gives the country its work-authorization
 * question asks about). The session workers run in this process, beside the API.
 */
async function benchRuns(service: BenchService, base: string, key: string, count: number): Promise<{ samples: RunSample[]; warmup: RunSample[] }> {
  const { pool, config } = service.runtime;
  service.runtime.onShutdown(await startWorkers(service.runtime.boss, workerModules.filter((module) => SESSION_QUEUES.includes(module.queue.name)), service.runtime));
  const applyUrl = `${config.baseUrl}/sandbox/apply/three-page`;
  const companies = await upsertCompanies(pool, [{ source_key: 'bench:run', name: 'Bench Analytical Engines' }]);
  await upsertJobs(pool, [
    {
      source: 'greenhouse',
      external_id: 'bench-run',
      company_id: companies.get('bench:run')!,
      title: 'Sandbox Engineer',
      description: '<p>The form the run benchmark applies to.</p>',
      listing_url: `${config.baseUrl}/sandbox/scenarios`,
      apply_url: applyUrl,
      locations: [{ location: 'Berlin, Germany', city: 'Berlin', region: 'Berlin', country: 'Germany', country_code: 'DE', latitude: 52.52, longitude: 13.405 }],
    },
  ]);
  const headers = { 'x-api-key': key, 'content-type': 'application/json' };
  const profileResponse = await fetch(`${base}/api/auto-apply/profiles`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      contact: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada.lovelace@example.com', phone: '+44 20 7946 0958' },
      location: { city: 'Berlin', country: 'DE' },
      links: { linkedin: 'https://www.linkedin.com/in/ada' },
      work_experience: [{ company: 'Analytical Engines', title: 'Analyst', start_date: '2012-03', end_date: '2019-03', is_current: false }],
      eligibility: { work_authorized_countries: ['DE'], requires_sponsorship: false },
      cover_letter_template: 'Dear {{company_name}} team, I would like to join as {{job_title}}.',
    }),
  });
  const profile = (await profileResponse.json()) as { id?: string; detail?: string };
  if (!profile.id) throw new Error(`profile create answered ${profileResponse.status}: ${profile.detail}`);
  const runOnce = async (): Promise<RunSample> => {
    const sentAt = Date.now();
    const started = performance.now();
    const response = await fetch(`${base}/api/auto-apply/run`, { method: 'POST', headers, body: JSON.stringify({ profile_id: profile.id, apply_url: applyUrl }) });
    const body = (await response.json()) as {
      status?: string;
      duration_ms?: number;
      steps_completed?: number;
      fields_filled?: number;
      error?: string;
      detail?: string;
      step_log?: Array<{ step: number; action: string; timestamp: string }>;
    };
    const clientMs = performance.now() - started;
    if (response.status !== 200 || body.status !== 'Submitted') throw new Error(`run answered ${response.status} ${body.status ?? ''}: ${body.error ?? body.detail ?? ''}`);
    const gaps: RunSample['gaps'] = [];
    let previous = sentAt;
    for (const entry of body.step_log ?? []) {
      const at = Date.parse(entry.timestamp);
      gaps.push({ label: `${entry.action} ${entry.step}`, ms: at - previous });
      previous = at;
    }
    gaps.push({ label: 'response', ms: sentAt + clientMs - previous });
    return { durationMs: body.duration_ms!, clientMs, status: body.status, stepsCompleted: body.steps_completed!, fieldsFilled: body.fields_filled!, gaps };
  };
  const warmup = [await runOnce(), await runOnce()];
  const samples: RunSample[] = [];
  for (let index = 0; index < count; index++) samples.push(await runOnce());
  return { samples, warmup };
}

/** Medians of the time up to each step_log entry (the request → fill_form 1 part includes opening the form). */
function runGapsLine(samples: RunSample[]): string {
  return samples[0]!.gaps.map((gap, index) => `${index === 0 ? 'request → ' : '→ '}${gap.label} ${msText(median(samples.map((sample) => sample.gaps[index]!.ms)))}`).join(' ');
}

function runLine(samples: RunSample[]): string {
  const durations = samples.map((sample) => sample.durationMs).sort((a, b) => a - b);
  const client = samples.map((sample) => sample.clientMs).sort((a, b) => a - b);
  return (
    `duration_ms p50 ${seconds(at(durations, 0.5))}, p95 ${seconds(at(durations, 0.95))}, min ${seconds(durations[0]!)}, max ${seconds(durations.at(-1)!)}; ` +
    `as the client saw it p50 ${seconds(at(client, 0.5))}, p95 ${seconds(at(client, 0.95))}; ` +
    `every run Submitted, ${samples[0]!.stepsCompleted} pages, ${samples[0]!.fieldsFilled} fields filled`
  );
}

async function runOnlyBench(): Promise<void> {
  const service = await startBenchService([], undefined, values.chromium ? { CHROMIUM_PATH: values.chromium } : {});
  if (values.spread) pinProcess(process.pid, `0-${os.cpus().length - 1}`);
  const { pool } = service.runtime;
  const created = await createAccountWithKey(pool, { name: 'Apply run bench', plan: 'subscribed', credits: 1e9, auto_apply_availability: 'enabled' });
  const unlimited = { minute: 1e9, hour: 1e9, day: 1e9 };
  await updateAccount(pool, created.account.id, { rate_limit_overrides: { Default: unlimited, AutoApply: unlimited, AutoApplyManagement: unlimited } });
  const runs = await benchRuns(service, service.http.localUrl, created.apiKey, Number(values.runs));
  // The workers' Chromium (the process's one engine host).
  const host = acquireEngine(service.runtime);
  const browserInUse = host.browsers.health.report();
  await host.release();
  await service.stop();
  const placement = values.spread ? 'on every core' : 'on core 0';
  console.log(`apply run benchmark: POST /api/auto-apply/run on the three-page sandbox form, the API, the session workers and Chromium in one process ${placement} (${machine()})`);
  console.log(`  Chromium ${browserInUse.version} (${browserInUse.origin}, ${browserInUse.executablePath})`);
  console.log(`  ${values.runs} sequential runs after 2 warm-up runs: ${runLine(runs.samples)}`);
  console.log(`  where the time goes (medians, up to each step_log entry): ${runGapsLine(runs.samples)}`);
}

// ---- the benchmark ----

async function runBench(): Promise<void> {
  const service = await startBenchService([], undefined, values.chromium ? { CHROMIUM_PATH: values.chromium } : {});
  // The Chromium launched later inherits this affinity.
  if (values.spread) pinProcess(process.pid, `0-${os.cpus().length - 1}`);
  const { pool, config } = service.runtime;
  const applyUrl = `${config.baseUrl}/sandbox/apply/one-page`;
  const created = await createAccountWithKey(pool, { name: 'Apply bench', plan: 'subscribed', credits: 1e9, auto_apply_availability: 'enabled' });
  const unlimited = { minute: 1e9, hour: 1e9, day: 1e9 };
  await updateAccount(pool, created.account.id, { rate_limit_overrides: { AutoApply: unlimited, AutoApplyManagement: unlimited } });
  const key = created.apiKey;
  const base = service.http.localUrl;

  // Memory and the browser profile first, on a pool of our own, so its Chromium is the
  // only one in the tree; the workers launch theirs afterwards.
  const own = new BrowserPool(config.browser, createLogger('silent'));
  await own.withContext(async (context) => void (await loadForm(context, applyUrl)));
  const browserInUse = own.health.report();
  const profile = await profileBrowserStep(own, applyUrl, Number(values['profile-runs']));
  const memory = await measureContexts(own, applyUrl, values.contexts!.split(',').map(Number));
  await own.close();

  // The session workers start with the run measurement (benchRuns), after the creates.
  const modules = workerModules.filter((module) => module.queue.name.startsWith('apply.') && !SESSION_QUEUES.includes(module.queue.name));
  service.runtime.onShutdown(await startWorkers(service.runtime.boss, modules, service.runtime));

  await spawnClient(base, key, applyUrl, Number(values.warmup), false);
  const sequential = await spawnClient(base, key, applyUrl, Number(values.sequential), false);
  const burst = await spawnClient(base, key, applyUrl, Number(values.burst), true);
  const sequentialPhases = await phases(pool, sequential.samples);
  const burstPhases = await phases(pool, burst.samples);
  await updateAccount(pool, created.account.id, { rate_limit_overrides: { Default: unlimited, AutoApply: unlimited, AutoApplyManagement: unlimited } });
  const runs = Number(values.runs) > 0 ? await benchRuns(service, base, key, Number(values.runs)) : null;
  await service.stop();

  const p50 = (run: ClientRun) => at(run.samples.map((sample) => sample.ms).sort((a, b) => a - b), 0.5);
  const verdict = (met: boolean, figure: string) => `${met ? 'met' : 'NOT met'} (${figure})`;
  const cpuVerdict = (run: ClientRun) => verdict(cpuTotal(run) <= TARGET_CPU_SECONDS, `${cpuTotal(run).toFixed(3)} s`);
  const placement = values.spread ? 'on every core' : 'on core 0';
  console.log(`apply benchmark: one-page sandbox form, apply workers and Chromium in the service process ${placement}, client on core 1 (${machine()})`);
  console.log(`  Chromium ${browserInUse.version} (${browserInUse.origin}, ${browserInUse.executablePath})`);
  console.log(`  create → 200 awaiting_answers, after ${values.warmup} warm-up creates (Chromium launch); CPU: the service, its Chromium and PostgreSQL, the cancel included:`);
  console.log(`    ${values.sequential} sequential: ${latencyLine(sequential)}; ${cpuLine(sequential)}`);
  console.log(`    ${values.burst} concurrent (one burst): ${latencyLine(burst)}; burst wall time ${seconds(burst.wallMs)}; ${cpuLine(burst)}`);
  console.log(
    `    targets: CPU per create at most ${TARGET_CPU_SECONDS} s: sequential ${cpuVerdict(sequential)}, burst ${cpuVerdict(burst)}; ` +
      `burst p50 at most ${seconds(TARGET_P50_MS)}: ${verdict(p50(burst) <= TARGET_P50_MS, seconds(p50(burst)))}`,
  );
  console.log('  where the time goes (medians):');
  console.log(`    sequential: ${phaseLine(sequentialPhases)}`);
  console.log(`    burst:      ${phaseLine(burstPhases)}`);
  const part = (name: keyof typeof profile) => msText(median(profile[name]));
  console.log(
    `    browser step in-process (${values['profile-runs']} runs): new context ${part('context')} · new page ${part('newPage')} · load ${part('load')} · extract ${part('extract')} · close ${part('close')}`,
  );
  if (runs) console.log(`  one-call run on the three-page form, ${values.runs} sequential after 2 warm-up runs: ${runLine(runs.samples)}`);
  console.log('  Chromium process tree memory, each context holding the form:');
  for (const row of memory) {
    const mb = (name: 'rssMb' | 'pssMb' | 'ussMb') => `${row.idle[name].toFixed(0)} → ${row.open[name].toFixed(0)}`;
    console.log(
      `    0 → ${row.count} open (pool: ${row.openContexts}), ${row.idle.processes} → ${row.open.processes} processes: RSS ${mb('rssMb')} MB, PSS ${mb('pssMb')} MB, USS ${mb('ussMb')} MB; ` +
        `per context RSS ${row.rss.toFixed(1)} MB, PSS ${row.pss.toFixed(1)} MB, USS ${row.uss.toFixed(1)} MB`,
    );
  }
}

if (values.client) await runClient();
else if (values['run-only']) await runOnlyBench();
else await runBench();
process.exit(0);
