// `npm run -s fuzz [-- --seconds 60 --examples 25]`: schemathesis (from PyPI) against the
// real service, the way a new user would meet it. `npm start` on a fresh DATA_DIR (the
// embedded database, the demo data, every worker), then the admin CLI makes a master key
// and lifts the demo account's rate limits; then one schemathesis run per kind of key
// (customer: every data and Auto Apply operation; sandbox: the same with a sandbox key;
// master: the admin API), all checks and phases, with the settings of
// scripts/fuzz/schemathesis.toml. Prints each run's figures and a closing
// `N passed, N failed` line (runs), and exits 1 when any run found a failure.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../lib/net.ts';
import { RATE_LIMIT_GROUPS } from '../lib/pricing.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '60' }, examples: { type: 'string', default: '25' } } });
const CONFIG = path.resolve('scripts/fuzz/schemathesis.toml');
const HOOKS = path.resolve('scripts/fuzz/hooks.py');

/** The schemathesis command: the module of the python3 that .ci/run installed it into, else `st` on PATH. */
function schemathesis(): string[] {
  for (const command of [['python3', '-m', 'schemathesis.cli'], ['st']]) {
    if (spawnSync(command[0]!, [...command.slice(1), '--version']).status === 0) return command;
  }
  process.stderr.write('schemathesis is not installed: python3 -m pip install "schemathesis==4.32.5"\n');
  process.exit(2);
}

interface Service {
  base: string;
  accountId: string;
  liveKey: string;
  sandboxKey: string;
  stop(): Promise<void>;
}

/** `npm start` as a real process on a fresh data directory; resolves with what its banner prints. */
async function startService(dataDir: string): Promise<Service> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    // BASE_URL: the address the fuzzer uses is the one the service knows its sandbox forms by.
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), BASE_URL: `http://127.0.0.1:${port}`, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  let banner = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      banner += chunk;
      if (/\(listening on port/.test(banner)) resolve();
    });
    child.on('close', (code) => reject(new Error(`npm start exited ${code} before it was ready:\n${banner}`)));
  });
  const match = (pattern: RegExp) => pattern.exec(banner)?.[1] ?? '';
  return {
    base: `http://127.0.0.1:${port}`,
    accountId: match(/A demo account was created \(([\w-]+)\)/),
    liveKey: match(/live key:\s+(jd_live_\w+)/),
    sandboxKey: match(/sandbox key:\s+(jd_test_\w+)/),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function admin(dataDir: string, ...args: string[]): any {
  const result = spawnSync(process.execPath, ['scripts/admin.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`admin ${args.join(' ')}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

interface RunResult {
  name: string;
  exitCode: number;
  summary: string;
}

function run(st: string[], name: string, base: string, key: string, filters: string[]): Promise<RunResult> {
  const args = [
    '--config-file', CONFIG, 'run', `${base}/openapi.json`,
    '--header', `X-Api-Key:${key}`,
    '--max-examples', values.examples!, '--max-time', values.seconds!,
    // One worker: hypothesis's lambda-source cache is not thread-safe ("AST constructor recursion depth mismatch").
    '--workers', '1', '--seed', '20261123', '--no-color',
    ...filters,
  ];
  return new Promise((resolve) => {
    const child = spawn(st[0]!, [...st.slice(1), ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SCHEMATHESIS_HOOKS: HOOKS, FUZZ_SANDBOX_BASE: base } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const log = path.resolve('.data', `fuzz-${name}.log`);
      void fs.mkdir(path.dirname(log), { recursive: true }).then(() => fs.writeFile(log, output));
      const summary = output.slice(output.lastIndexOf('SUMMARY')).split('\n').filter((line) => line.trim() && !/^=+/.test(line.trim())).join('\n');
      process.stdout.write(`\n── ${name} (${log}) ──\n${code === 0 ? summary : output.slice(output.indexOf('FAILURES') >= 0 ? output.indexOf('FAILURES') : 0)}\n`);
      resolve({ name, exitCode: code ?? 1, summary });
    });
  });
}

const st = schemathesis();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'service-fuzz-'));
const service = await startService(dataDir);
let results: RunResult[] = [];
try {
  // The plan's limits would turn most generated requests into 429s and leave the logic untested.
  const unlimited = JSON.stringify(Object.fromEntries(RATE_LIMIT_GROUPS.map((group) => [group, { minute: 1_000_000, hour: 1_000_000, day: 1_000_000 }])));
  admin(dataDir, 'account', 'set', '--account', service.accountId, '--rate-limits', unlimited);
  // The master key lives on an operators' account of its own: the admin run edits accounts
  // (rate limits, plans, keys) and must not change the demo account the other runs use.
  const operators = admin(dataDir, 'account', 'create', '--name', 'fuzz operators', '--kind', 'master');
  admin(dataDir, 'account', 'set', '--account', operators.account_id, '--rate-limits', unlimited);
  const master = { api_key: operators.api_key as string };
  admin(dataDir, 'credits', 'grant', '--account', service.accountId, '--credits', '100000000', '--reason', 'fuzzing');
  const notAdmin = ['--exclude-path-regex', '^/api/admin'];
  results = [
    await run(st, 'customer', service.base, service.liveKey, notAdmin),
    await run(st, 'sandbox', service.base, service.sandboxKey, notAdmin),
    await run(st, 'master', service.base, master.api_key, ['--include-path-regex', '^/api/admin']),
  ];
} finally {
  await service.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
const failed = results.filter((result) => result.exitCode !== 0);
process.stdout.write(`\n${results.length - failed.length} passed, ${failed.length} failed${failed.length ? ` (${failed.map((result) => result.name).join(', ')})` : ''}\n`);
process.exit(failed.length ? 1 : 0);
