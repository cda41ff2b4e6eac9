// Applies the numbered SQL files of db/migrations in order, each in its own
// transaction. A session-level advisory lock makes concurrent starters queue up:
// the first applies, the rest find nothing left to do.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../lib/logger.ts';
import type { Pool } from './pool.ts';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
// Arbitrary constant shared by every process of this service ("jdmigr" in ASCII).
const MIGRATION_LOCK_KEY = 0x6a646d69677272;

interface MigrationFile {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const names = (await fs.readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const files: MigrationFile[] = [];
  for (const name of names) {
    const match = /^(\d+)_[\w-]+\.sql$/.exec(name);
    if (!match) throw new Error(`migration file name must look like 001_name.sql: ${name}`);
    const sql = await fs.readFile(path.join(dir, name), 'utf8');
    const version = Number(match[1]);
    if (files.some((file) => file.version === version)) {
      throw new Error(`two migrations share the number ${version}`);
    }
    files.push({ version, name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') });
  }
  return files;
}

export async function migrate(pool: Pool, logger: Logger, dir = MIGRATIONS_DIR): Promise<number[]> {
  const files = await readMigrations(dir);
  const client = await pool.connect();
  const appliedNow: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: number; name: string; checksum: string }>(
      'SELECT version, name, checksum FROM schema_migrations',
    );
    const applied = new Map(rows.map((row) => [row.version, row]));
    for (const file of files) {
      const done = applied.get(file.version);
      if (done) {
        // An applied migration that changed on disk would leave databases diverging.
        if (done.checksum !== file.checksum) {
          throw new Error(`migration ${file.name} was changed after it was applied; add a new migration instead`);
        }
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(file.sql);
        await client.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
          file.version,
          file.name,
          file.checksum,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw new Error(`migration ${file.name} failed: ${(error as Error).message}`, { cause: error });
      }
      appliedNow.push(file.version);
      logger.info({ migration: file.name }, 'migration applied');
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
  return appliedNow;
}
