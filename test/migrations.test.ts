import path from 'node:path';
import fs from 'node:fs/promises';
import os from 'node:os';
import t from 'tap';
import pg from 'pg';
import { createTestDatabase } from './helpers/database.ts';
import { runScript } from './helpers/process.ts';
import { migrate, MIGRATIONS_DIR, readMigrations } from '../db/migrate.ts';
import { createPool } from '../db/pool.ts';
import { createLogger } from '../lib/logger.ts';

const logger = createLogger('silent');
const raceDir = path.resolve(import.meta.dirname, 'fixtures/migrations-race');

function runMigrateProcess(databaseUrl: string, dir: string) {
  return runScript('scripts/migrate.ts', ['--dir', dir], { DATABASE_URL: databaseUrl });
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

t.test('two processes migrating one database at once: each file runs exactly once', async (t) => {
  const url = await createTestDatabase(t, null);
  const [first, second] = await Promise.all([runMigrateProcess(url, raceDir), runMigrateProcess(url, raceDir)]);
  t.equal(first.code, 0, first.stderr);
  t.equal(second.code, 0, second.stderr);
  const applied = [JSON.parse(first.stdout).applied, JSON.parse(second.stdout).applied];
  t.same(applied.flat().sort(), [1, 2], 'one process applied both, the other found nothing to do');
  t.same(await query(url, 'SELECT id FROM race_check'), [{ id: 1 }]);
  t.same(
    (await query<{ version: number }>(url, 'SELECT version FROM schema_migrations ORDER BY version')).map((row) => row.version),
    [1, 2],
  );
});

t.test('the service migrations apply to an empty database and re-run as a no-op', async (t) => {
  const url = await createTestDatabase(t, null);
  const pool = createPool(url, 2, logger);
  t.teardown(() => pool.end());
  const files = await readMigrations(MIGRATIONS_DIR);
  t.same(await migrate(pool, logger), files.map((file) => file.version));
  t.same(await migrate(pool, logger), [], 'second run applies nothing');
});

t.test('a changed applied migration stops the start', async (t) => {
  const url = await createTestDatabase(t, null);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  t.teardown(() => fs.rm(dir, { recursive: true, force: true }));
  await fs.writeFile(path.join(dir, '001_one.sql'), 'CREATE TABLE one (id int);');
  const pool = createPool(url, 2, logger);
  t.teardown(() => pool.end());
  await migrate(pool, logger, dir);
  await fs.writeFile(path.join(dir, '001_one.sql'), 'CREATE TABLE one (id bigint);');
  await t.rejects(migrate(pool, logger, dir), /was changed after it was applied/);
});

t.test('a failing migration rolls back and reports its file', async (t) => {
  const url = await createTestDatabase(t, null);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  t.teardown(() => fs.rm(dir, { recursive: true, force: true }));
  await fs.writeFile(path.join(dir, '001_half.sql'), 'CREATE TABLE half (id int); SELECT no_such_function();');
  const pool = createPool(url, 2, logger);
  t.teardown(() => pool.end());
  await t.rejects(migrate(pool, logger, dir), /migration 001_half.sql failed/);
  t.same(await query(url, "SELECT to_regclass('half') AS found"), [{ found: null }], 'nothing half-written');
});
