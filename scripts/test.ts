// `npm test [-- tap args]`: one embedded PostgreSQL for the whole run, a migrated
// template database that every test file clones, one OpenSearch for the files that
// need it (OPENSEARCH_URL, else a local node when a JDK 21+ is here), then node-tap
// over test/, and a closing `N passed, N failed` line counted from tap's saved results.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Parser } from 'tap-parser';
import { loadConfig } from '../lib/config.ts';
import { createLogger } from '../lib/logger.ts';
import { exitOnStartupFailure } from '../lib/startup-error.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { prepareTemplateDatabase, TEMPLATE_DATABASE } from '../test/helpers/template.ts';
import { findJdk, startLocalOpenSearch, type LocalOpenSearch } from './opensearch/local-node.ts';

const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'warn', 'test-runner');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'service-test-'));
const database = await startEmbeddedPostgres({
  dataDir,
  sharedDir: loadConfig().embeddedPgSharedDir,
  logger,
  ephemeral: true,
  // Durability buys nothing in a throwaway cluster; speed does.
  settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '400' },
}).catch(async (error) => {
  await fs.rm(dataDir, { recursive: true, force: true });
  return exitOnStartupFailure(error);
});

/** The OpenSearch the test files share, or why there is none (they then skip, except under CI=true). */
async function testOpenSearch(): Promise<{ url: string; node: LocalOpenSearch | null } | { missing: string }> {
  if (process.env.OPENSEARCH_URL) return { url: process.env.OPENSEARCH_URL, node: null };
  try {
    findJdk();
  } catch (error) {
    return { missing: (error as Error).message };
  }
  try {
    const node = await startLocalOpenSearch({ dataDir: path.join(dataDir, 'opensearch') });
    return { url: node.url, node };
  } catch (error) {
    return { missing: (error as Error).message };
  }
}

let exitCode = 1;
const opensearch = testOpenSearch();
try {
  await prepareTemplateDatabase(database.url, logger);
  const search = await opensearch;
  process.stdout.write('url' in search ? `OpenSearch for the tests: ${search.url}\n` : `No OpenSearch for the tests (its files skip): ${search.missing}\n`);
  const resultsDir = path.resolve('.tap/test-results');
  await fs.rm(resultsDir, { recursive: true, force: true });
  const tapBin = path.resolve('node_modules/.bin/tap');
  const child = spawn(tapBin, process.argv.slice(2), {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      TEST_DATABASE_ADMIN_URL: database.url,
      TEST_TEMPLATE_DATABASE: TEMPLATE_DATABASE,
      ...('url' in search ? { TEST_OPENSEARCH_URL: search.url } : {}),
    },
  });
  exitCode = await new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  const { passed, failed } = await countResults(resultsDir);
  // A crashed file may leave no results at all; never report green for that.
  if (exitCode !== 0 && failed === 0) process.stdout.write(`tap exited with code ${exitCode}\n`);
  process.stdout.write(`\n${passed} passed, ${failed + (exitCode !== 0 && failed === 0 ? 1 : 0)} failed\n`);
} finally {
  const search = await opensearch.catch(() => null);
  if (search && 'node' in search) await search.node?.stop();
  await database.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

async function countResults(dir: string): Promise<{ passed: number; failed: number }> {
  let passed = 0;
  let failed = 0;
  const files = await fs.readdir(dir, { recursive: true }).catch(() => [] as string[]);
  for (const file of files.filter((name) => name.endsWith('.tap'))) {
    const text = await fs.readFile(path.join(dir, file), 'utf8');
    const result = await new Promise<{ pass: number; fail: number }>((resolve) => {
      const parser = new Parser((final) => resolve({ pass: final.pass, fail: final.fail }));
      parser.end(text);
    });
    passed += result.pass;
    failed += result.fail;
  }
  return { passed, failed };
}
