// A fresh database per test file, cloned from the migrated template.
import crypto from 'node:crypto';
import pg from 'pg';
import { databaseUrl } from './template.ts';

interface Teardown {
  teardown(fn: () => unknown): void;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_ADMIN_URL;
  if (!url) throw new Error('Run tests through `npm test` (it starts the test PostgreSQL): TEST_DATABASE_ADMIN_URL is not set.');
  return url;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates a database; `template` null for an empty one. */
export async function createDatabase(template: string | null = process.env.TEST_TEMPLATE_DATABASE ?? null): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  return {
    url: databaseUrl(adminUrl(), name),
    drop: async () => {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Creates a database dropped at the test's teardown. */
export async function createTestDatabase(t: Teardown, template?: string | null): Promise<string> {
  const database = await createDatabase(template);
  t.teardown(database.drop);
  return database.url;
}
