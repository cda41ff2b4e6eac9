// service_secrets (migration 005): random keys made once and shared by every process.
import crypto from 'node:crypto';
import type { Queryable } from './pool.ts';

/** The named secret, made on first use; concurrent first users all get the same one. */
export async function serviceSecret(db: Queryable, name: string): Promise<Buffer> {
  await db.query('INSERT INTO service_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, crypto.randomBytes(32)]);
  const { rows } = await db.query<{ secret: Buffer }>('SELECT secret FROM service_secrets WHERE name = $1', [name]);
  return rows[0]!.secret;
}
