// The secret box every module seals its data at rest with (lib/secret-box.ts): sealing with
// ENCRYPTION_KEY when it is configured, else with a random key made once and kept in
// service_secrets (as feed cursors' key is). Opening also accepts ENCRYPTION_KEYS_PREVIOUS
// and the database's key when one exists, so a deployment that starts without a key can
// configure one later and still read what it sealed before.
//
// Settings are the process's configuration: boot/runtime.ts passes them in at start, and
// code that runs without a runtime (scripts) reads them from the environment. A callee
// given only a database handle (loadApplicantProfile) thus gets the same keys as the API.
import { readEncryptionSettings, type EncryptionSettings } from '../lib/config.ts';
import { SecretBox } from '../lib/secret-box.ts';
import { serviceSecret } from './service-secrets.ts';
import type { Queryable } from './pool.ts';

const DATABASE_KEY = 'encryption_key';

let configured: EncryptionSettings | null = null;

/** The process's encryption settings (config.encryption); called once at boot. */
export function useEncryptionSettings(settings: EncryptionSettings): void {
  configured = settings;
}

async function storedKey(db: Queryable): Promise<Buffer | null> {
  const { rows } = await db.query<{ secret: Buffer }>('SELECT secret FROM service_secrets WHERE name = $1', [DATABASE_KEY]);
  return rows[0]?.secret ?? null;
}

/**
 * The box for `db`'s data. Not cached: the database's key is read each time (one indexed
 * row), so a key made inside a transaction that rolls back is never used afterwards.
 */
export async function secretBox(db: Queryable): Promise<SecretBox> {
  const settings = (configured ??= readEncryptionSettings(process.env));
  if (settings.key) {
    const stored = await storedKey(db);
    return new SecretBox(settings.key, [...settings.previousKeys, ...(stored ? [stored] : [])]);
  }
  const key = (await storedKey(db)) ?? (await serviceSecret(db, DATABASE_KEY));
  return new SecretBox(key, settings.previousKeys);
}
