// The migrated template database every test file clones (CREATE DATABASE ... TEMPLATE),
// so a fresh database per file costs milliseconds instead of a migration run and a
// gazetteer load.
import pg from 'pg';
import type { Logger } from '../../lib/logger.ts';
import { migrate } from '../../db/migrate.ts';
import { ensureGazetteer } from '../../geo/gazetteer-loader.ts';
import { createPool } from '../../db/pool.ts';
import { startBoss } from '../../db/boss.ts';
import { queueDefinitions } from '../../lib/queues.ts';

export const TEMPLATE_DATABASE = 'service_template';

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function prepareTemplateDatabase(adminUrl: string, logger: Logger): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, TEMPLATE_DATABASE);
  const pool = createPool(url, 2, logger, 'test-template');
  try {
    await migrate(pool, logger);
    await ensureGazetteer(pool, logger);
  } finally {
    await pool.end();
  }
  // pg-boss installs its schema and our queues once, here, not in every test.
  const boss = await startBoss({ connectionString: url, logger, queues: queueDefinitions, schedule: false, supervise: false, name: 'test-template' });
  await boss.stop({ graceful: false, close: true });
}
