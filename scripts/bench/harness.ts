// Shared by the benchmarks: a database (DATABASE_URL, or a throwaway embedded cluster),
// the real runtime and API on a free port, and an autocannon run in a child process so
// the load generator does not share the server's event loop.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../lib/config.ts';
import { createLogger } from '../../lib/logger.ts';
import { freePort } from '../../lib/net.ts';
import { bootRuntime, type Runtime } from '../../boot/runtime.ts';
import { startEmbeddedPostgres } from '../../db/embedded.ts';
import { serveApi } from '../../boot/serve-api.ts';
import type { Pool } from '../../db/pool.ts';
import { seedDatabase } from '../seed.ts';
import type { Route } from '../../api/routing/route.ts';
import type { HttpServer } from '../../api/server.ts';

export interface BenchService {
  runtime: Runtime;
  http: HttpServer;
  stop(): Promise<void>;
}

/**
 * `dataDir` keeps the embedded cluster between runs (so a large seed is paid once);
 * without it the cluster is thrown away at the end. `env` adds configuration.
 */
export async function startBenchService(extraRoutes: Route[] = [], dataDir?: string, env: Record<string, string> = {}): Promise<BenchService> {
  const logger = createLogger('warn', 'bench');
  let databaseUrl = process.env.DATABASE_URL;
  let stopDatabase = async () => {};
  const sharedDir = loadConfig().embeddedPgSharedDir;
  if (!databaseUrl && dataDir) {
    const database = await startEmbeddedPostgres({ dataDir: path.resolve(dataDir), sharedDir, logger, settings: { synchronous_commit: 'off' } });
    databaseUrl = database.url;
    stopDatabase = () => database.stop();
  } else if (!databaseUrl) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'service-bench-'));
    const database = await startEmbeddedPostgres({
      dataDir,
      sharedDir,
      logger,
      ephemeral: true,
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    databaseUrl = database.url;
    stopDatabase = async () => {
      await database.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    };
  }
  // The server on core 0, the load generator on core 1 (see load()): two processes
  // fighting over both cores make figures swing by a third from run to run.
  pinProcess(process.pid, '0');
  const port = await freePort();
  const config = loadConfig({ NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env });
  const runtime = await bootRuntime({ name: 'bench', config, logger: createLogger('silent') });
  const http = await serveApi(runtime, { extraRoutes });
  return {
    runtime,
    http,
    async stop() {
      await runtime.shutdown();
      await stopDatabase();
    },
  };
}

/** The deterministic seed of `jobCount` jobs; a kept cluster that already holds it is reused as it is. */
export async function seedBenchJobs(pool: Pool, jobCount: number) {
  const started = performance.now();
  const companies = Math.max(10, Math.round(jobCount / 40));
  const existing = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs WHERE NOT sandbox')).rows[0]!.n;
  const seeded =
    existing === jobCount
      ? { jobs: existing, companies, seconds: 0 }
      : await seedDatabase(pool, { jobs: jobCount, companies, seed: 1, workers: Math.min(4, os.cpus().length) });
  await pool.query('ANALYZE');
  return { seeded, seedSeconds: (performance.now() - started) / 1000 };
}

export interface LoadResult {
  requestsPerSecond: number;
  total: number;
  /** CPU time this (server) process spent per completed request, in microseconds. */
  cpuMicrosPerRequest: number;
  p50: number;
  p97_5: number;
  p99: number;
  non2xx: number;
  errors: number;
}

let hasTaskset: boolean | null = null;
function taskset(): boolean {
  if (hasTaskset === null) hasTaskset = spawnSync('taskset', ['--version']).status === 0 && os.cpus().length > 1;
  return hasTaskset;
}

/** Pins a process to the given cores when `taskset` exists and there are cores to spare. */
export function pinProcess(pid: number, cores: string): void {
  if (taskset()) spawnSync('taskset', ['-a', '-cp', cores, String(pid)]);
}

/** Runs autocannon against `url` in a child process (pinned to core 1) and returns its summary. */
export function load(url: string, options: { connections: number; seconds: number; headers?: Record<string, string>; rate?: number }): Promise<LoadResult> {
  const args = [path.resolve('node_modules/autocannon/autocannon.js'), '-c', String(options.connections), '-d', String(options.seconds), '--json'];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  // A fixed overall rate (open loop) instead of as fast as possible.
  if (options.rate) args.push('-R', String(options.rate));
  args.push(url);
  const cpuBefore = process.cpuUsage();
  return new Promise((resolve, reject) => {
    const [command, commandArgs] = taskset() ? ['taskset', ['-c', '1', process.execPath, ...args]] : [process.execPath, args];
    const child = spawn(command, commandArgs as string[], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const cpu = process.cpuUsage(cpuBefore);
      const result = JSON.parse(stdout);
      resolve({
        requestsPerSecond: result.requests.average,
        total: result.requests.total,
        cpuMicrosPerRequest: (cpu.user + cpu.system) / Math.max(1, result.requests.total),
        p50: result.latency.p50,
        p97_5: result.latency.p97_5,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

export interface MixRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface MixResult {
  count: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Writes a request mix for load-mix.ts to a temporary file. */
export async function writeMix(requests: MixRequest[]): Promise<{ file: string; remove(): Promise<void> }> {
  const file = path.join(os.tmpdir(), `bench-mix-${process.pid}-${Date.now()}.json`);
  await fs.writeFile(file, JSON.stringify(requests.map(({ method, path: requestPath, body }) => ({ method, path: requestPath, body }))));
  return { file, remove: () => fs.rm(file, { force: true }) };
}

/** Drives a mix through HTTP from a child process on core 1 (load-mix.ts), closed loop. */
export function runMix(baseUrl: string, apiKey: string, mixFile: string, connections: number, seconds: number): Promise<MixResult> {
  return new Promise((resolve, reject) => {
    const args = ['scripts/bench/load-mix.ts', '--base', baseUrl, '--mix', mixFile, '--key', apiKey, '--connections', String(connections), '--seconds', String(seconds)];
    const child = spawn('taskset', ['-c', '1', process.execPath, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load generator exited ${code}`))));
  });
}
