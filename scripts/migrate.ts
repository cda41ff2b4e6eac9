// `npm run migrate [-- --dir DIR]`: applies pending migrations and exits. Every process
// also migrates at start; this is for release steps and for checking a database.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { loadConfig } from '../lib/config.ts';
import { createLogger } from '../lib/logger.ts';
import { openDatabase } from '../db/database.ts';
import { exitOnStartupFailure } from '../lib/startup-error.ts';
import { migrate, MIGRATIONS_DIR } from '../db/migrate.ts';
import { createPool } from '../db/pool.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' } } });
const config = loadConfig();
const logger = createLogger(config.logLevel, 'migrate');
const database = await openDatabase(config, logger).catch(exitOnStartupFailure);
const pool = createPool(database.url, 2, logger, 'migrate');
try {
  const applied = await migrate(pool, logger, values.dir ? path.resolve(values.dir) : MIGRATIONS_DIR);
  process.stdout.write(JSON.stringify({ applied }) + '\n');
} finally {
  await pool.end();
  await database.stop();
}
