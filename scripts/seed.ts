// `npm run -s seed -- --jobs N [--companies M] [--seed S] [--base-date ISO] [--sandbox]`:
// fills the database (DATABASE_URL, or the embedded cluster like `npm run admin`) with
// deterministic demo companies and jobs from scripts/seed/generate.ts, written through the
// service's own write path (upsertCompanies, upsertJobs). Re-running with the same options
// changes nothing: every natural key is a stable function of the seed. Prints a JSON
// summary; exits 2 on bad arguments, 1 when seeding fails.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { loadConfig } from '../lib/config.ts';
import { createLogger } from '../lib/logger.ts';
import { openDatabase } from '../db/database.ts';
import { exitOnStartupFailure } from '../lib/startup-error.ts';
import { migrate } from '../db/migrate.ts';
import { createPool, type Pool } from '../db/pool.ts';
import { upsertCompanies, type CompanyInput } from '../db/companies.ts';
import { type JobInput } from '../db/jobs.ts';
import { upsertJobs } from '../crawlers/job-write.ts';
import { DEFAULT_BASE_DATE, generateCompanies, generateJobs } from './seed/generate.ts';

export interface SeedOptions {
  companies: number;
  jobs: number;
  seed: number;
  /** Jobs are dated in the 120 days before it; default 2026-11-01T00:00:00Z. */
  baseDate?: Date | string;
  sandbox?: boolean;
  /** Jobs per upsertJobs statement (default 1000). */
  batchSize?: number;
  /** Batches in flight at once per writer (default 2: one converting in Node while one writes). */
  concurrency?: number;
  /**
   * Writer threads (default 1). upsertJobs converts every description in JavaScript, which
   * is what bounds loading; with spare cores, N worker threads each write a contiguous
   * share of the jobs over their own connections. Needs a pool made from a connection string.
   */
  workers?: number;
  /** Called after each written batch with the number of jobs written so far. */
  onProgress?: (jobsWritten: number) => void;
}

export interface SeedSummary {
  companies: number;
  jobs: number;
  seconds: number;
}

/** One writer's share: jobs start..start+count-1 of the run. */
interface JobShare {
  companyIds: string[];
  companies: CompanyInput[];
  seed: number;
  baseDate: string;
  sandbox: boolean;
  start: number;
  count: number;
  batchSize: number;
  concurrency: number;
}

/**
 * Streams a share of the jobs through upsertJobs in batches, with up to `concurrency`
 * statements in flight: while PostgreSQL writes one batch, Node generates and converts the
 * next. Failures are collected and rethrown, never left unhandled.
 */
async function writeJobs(pool: Pool, share: JobShare, onBatch: (count: number) => void): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  const submit = async (batch: JobInput[]) => {
    const done: Promise<void> = upsertJobs(pool, batch).then(
      () => onBatch(batch.length),
      (error: unknown) => {
        failure ??= error;
      },
    ).finally(() => inFlight.delete(done));
    inFlight.add(done);
    if (inFlight.size >= share.concurrency) await Promise.race(inFlight);
    if (failure) throw failure;
  };

  let batch: JobInput[] = [];
  try {
    const jobs = generateJobs({
      companyIds: share.companyIds, companies: share.companies, start: share.start, count: share.count,
      seed: share.seed, baseDate: new Date(share.baseDate), sandbox: share.sandbox,
    });
    for (const job of jobs) {
      batch.push(job);
      if (batch.length === share.batchSize) {
        const full = batch;
        batch = [];
        await submit(full);
      }
    }
    if (batch.length) await submit(batch);
  } finally {
    await Promise.all(inFlight);
  }
  if (failure) throw failure;
}

type WorkerMessage = { type: 'batch'; count: number } | { type: 'done' } | { type: 'error'; message: string };

/** Runs the shares in worker threads (this module is their entry point). */
async function writeJobsInWorkers(url: string, shares: JobShare[], onBatch: (count: number) => void): Promise<void> {
  const workers = shares.map((share) => new Worker(new URL(import.meta.url), { workerData: { seedWorker: { url, share } } }));
  try {
    await Promise.all(workers.map((worker) => new Promise<void>((resolve, reject) => {
      let finished = false;
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'batch') onBatch(message.count);
        else if (message.type === 'done') finished = true;
        else reject(new Error(message.message));
      });
      worker.on('error', reject);
      worker.on('exit', (code) => (finished && code === 0 ? resolve() : reject(new Error(`seed worker exited with code ${code}`))));
    })));
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** Upserts the generated companies, then streams the generated jobs through upsertJobs in batches. */
export async function seedDatabase(pool: Pool, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 1000;
  const concurrency = options.concurrency ?? 2;
  const workers = options.workers ?? 1;
  for (const [name, value] of [['batchSize', batchSize], ['concurrency', concurrency], ['workers', workers]] as const) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  }
  if (options.jobs > 0 && options.companies < 1) throw new RangeError('jobs need at least one company');
  const baseDate = new Date(options.baseDate ?? DEFAULT_BASE_DATE);
  if (Number.isNaN(baseDate.getTime())) throw new RangeError('baseDate must be a valid date');
  const sandbox = options.sandbox ?? false;

  const companies = generateCompanies({ count: options.companies, seed: options.seed, sandbox });
  const ids = new Map<string, string>();
  for (let i = 0; i < companies.length; i += batchSize) {
    for (const [key, id] of await upsertCompanies(pool, companies.slice(i, i + batchSize))) ids.set(key, id);
  }
  const companyIds = companies.map((company) => {
    const id = ids.get(company.source_key);
    if (!id) throw new Error(`company ${company.source_key} was not written`);
    return id;
  });

  let written = 0;
  const onBatch = (count: number) => {
    written += count;
    options.onProgress?.(written);
  };
  const share = (start: number, count: number): JobShare => ({
    companyIds, companies, seed: options.seed, baseDate: baseDate.toISOString(), sandbox, start, count, batchSize, concurrency,
  });
  // Each share is a contiguous index range, so the jobs written do not depend on the split.
  const url = pool.options.connectionString;
  const threads = url ? Math.min(workers, Math.ceil(options.jobs / batchSize)) : 1;
  if (threads > 1) {
    const size = Math.ceil(options.jobs / threads);
    const shares = Array.from({ length: threads }, (_, k) => share(k * size, Math.max(0, Math.min(size, options.jobs - k * size))));
    await writeJobsInWorkers(url!, shares.filter((entry) => entry.count > 0), onBatch);
  } else {
    await writeJobs(pool, share(0, options.jobs), onBatch);
  }

  return { companies: companies.length, jobs: options.jobs, seconds: Math.round((performance.now() - started) / 10) / 100 };
}

/** Worker-thread entry: writes one share over its own small pool. */
async function runWorker(url: string, share: JobShare): Promise<void> {
  const port = parentPort!;
  const pool = createPool(url, share.concurrency + 1, createLogger(process.env.LOG_LEVEL ?? 'warn', 'seed-worker'), 'seed');
  try {
    await writeJobs(pool, share, (count) => port.postMessage({ type: 'batch', count } satisfies WorkerMessage));
    port.postMessage({ type: 'done' } satisfies WorkerMessage);
  } catch (error) {
    port.postMessage({ type: 'error', message: (error as Error).message } satisfies WorkerMessage);
  } finally {
    await pool.end();
  }
}

// ---------------------------------------------------------------------------------------
// CLI

const DEFAULT_WORKERS = Math.max(1, Math.min(4, os.availableParallelism()));

const USAGE = `Usage: npm run -s seed -- --jobs N [options]

  --jobs N          jobs to generate (required)
  --companies M     companies to generate (default max(10, jobs/40))
  --seed S          integer seed, 0 to 4294967295 (default 1)
  --base-date ISO   jobs are posted in the 120 days before this (default ${DEFAULT_BASE_DATE})
  --sandbox         write sandbox companies and jobs
  --batch-size N    jobs per write statement (default 1000)
  --workers N       writer threads (default ${DEFAULT_WORKERS}: the CPU count, at most 4)
  --help            show this text

Uses DATABASE_URL, or the embedded cluster in DATA_DIR. The same options always produce
the same data; re-running updates in place and never duplicates.
`;

class UsageError extends Error {}

function wholeNumber(values: Record<string, unknown>, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`--${name} must be a whole number${min > 0 ? ` of at least ${min}` : ''}${max < Number.MAX_SAFE_INTEGER ? ` and at most ${max}` : ''}`);
  }
  return Number(raw);
}

function parseCli(args: string[]): SeedOptions | 'help' {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args,
      allowPositionals: false,
      strict: true,
      options: {
        jobs: { type: 'string' },
        companies: { type: 'string' },
        seed: { type: 'string' },
        'base-date': { type: 'string' },
        sandbox: { type: 'boolean' },
        'batch-size': { type: 'string' },
        workers: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  const jobs = wholeNumber(values, 'jobs', 0);
  if (jobs === undefined) throw new UsageError('--jobs is required');
  const companies = wholeNumber(values, 'companies', 1) ?? Math.max(10, Math.round(jobs / 40));
  const seed = wholeNumber(values, 'seed', 0, 0xffffffff) ?? 1;
  const batchSize = wholeNumber(values, 'batch-size', 1, 100_000);
  const workers = wholeNumber(values, 'workers', 1, 64) ?? DEFAULT_WORKERS;
  const rawDate = values['base-date'];
  let baseDate = new Date(DEFAULT_BASE_DATE);
  if (rawDate !== undefined) {
    if (typeof rawDate !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(rawDate) || Number.isNaN(Date.parse(rawDate))) {
      throw new UsageError('--base-date must be an ISO date or date-time, e.g. 2026-11-01T00:00:00Z');
    }
    baseDate = new Date(rawDate);
  }
  return { jobs, companies, seed, baseDate, sandbox: values.sandbox === true, batchSize, workers };
}

async function main(): Promise<number> {
  let options: SeedOptions | 'help';
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }

  const config = loadConfig();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn', 'seed');
  const database = await openDatabase(config, logger).catch(exitOnStartupFailure);
  const pool = createPool(database.url, (options.concurrency ?? 2) + 1, logger, 'seed');
  let exitCode = 0;
  try {
    await migrate(pool, logger);
    const total = options.jobs;
    let reported = 0;
    const progress = process.stderr.isTTY
      ? (done: number) => {
        if (done - reported >= 10_000 || done === total) {
          reported = done;
          process.stderr.write(`\rseeded ${done}/${total} jobs`);
          if (done === total) process.stderr.write('\n');
        }
      }
      : undefined;
    const summary = await seedDatabase(pool, { ...options, onProgress: progress });
    const baseDate = new Date(options.baseDate ?? DEFAULT_BASE_DATE).toISOString();
    process.stdout.write(JSON.stringify({ ...summary, seed: options.seed, base_date: baseDate, sandbox: options.sandbox ?? false }, null, 2) + '\n');
  } catch (error) {
    process.stderr.write(`error: ${(error as Error).message}\n`);
    exitCode = 1;
  } finally {
    await pool.end();
    await database.stop();
  }
  return exitCode;
}

const workerTask = isMainThread ? null : (workerData as { seedWorker?: { url: string; share: JobShare } } | null)?.seedWorker;
if (workerTask) await runWorker(workerTask.url, workerTask.share);
else if (import.meta.main && isMainThread) process.exit(await main());
