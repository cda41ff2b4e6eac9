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

t.test('003 moves the jobs written before it into job_search, live ones only', async (t) => {
  const url = await createTestDatabase(t, null);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  t.teardown(() => fs.rm(dir, { recursive: true, force: true }));
  const pool = createPool(url, 2, logger);
  t.teardown(() => pool.end());
  for (const name of ['001_accounts_keys_metering.sql', '002_companies_jobs.sql']) await fs.copyFile(path.join(MIGRATIONS_DIR, name), path.join(dir, name));
  await migrate(pool, logger, dir);
  // Rows as the 002 write path stored them, vectors included.
  await pool.query(`
    WITH c AS (INSERT INTO companies (source_key, name) VALUES ('test:old', 'Old Co') RETURNING id)
    INSERT INTO jobs (source, source_key, company_id, company_name, title, description_source, description_markdown,
                      description_html, listing_url, apply_url, qualifications, country_codes, location_text,
                      title_vector, search_vector, expired_at)
    SELECT 'lever', key, c.id, 'Old Co', title, '', '', '', 'https://x.example/' || key, 'https://x.example/' || key, '{}', '{DE}', 'Berlin',
           to_tsvector('english', title), to_tsvector('english', title || ' glassblowing'), expired
      FROM c, (VALUES ('a', 'Live Glazier', NULL::timestamptz), ('b', 'Gone Glazier', now())) AS v(key, title, expired)`);
  await fs.copyFile(path.join(MIGRATIONS_DIR, '003_job_search.sql'), path.join(dir, '003_job_search.sql'));
  t.same(await migrate(pool, logger, dir), [3]);
  const { rows } = await pool.query(
    "SELECT j.title, s.country_codes FROM job_search s JOIN jobs j ON j.id = s.job_id WHERE s.search_vector @@ to_tsquery('english', 'glassblowing')",
  );
  t.same(rows, [{ title: 'Live Glazier', country_codes: ['DE'] }], 'the live job, with its vector, and not the expired one');
});
