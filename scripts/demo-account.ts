// On an empty database `npm start` creates a demo account with a live and a sandbox key,
// and a small generated data set (live and sandbox jobs), so a newcomer can call the API
// at once. Keys are shown only here, at creation.
import { countAccounts } from '../db/accounts.ts';
import { createAccountWithKey } from '../db/account-admin.ts';
import { insertApiKey } from '../db/api-keys.ts';
import type { Pool } from '../db/pool.ts';
import { seedDatabase } from './seed.ts';

export interface DemoKeys {
  accountId: string;
  liveKey: string;
  sandboxKey: string;
}

/** Jobs the demo data set holds: enough for facets and paging to mean something. */
export const DEMO_JOBS = { live: 600, sandbox: 200 };

export async function seedDemoData(pool: Pool): Promise<void> {
  await seedDatabase(pool, { jobs: DEMO_JOBS.live, companies: 30, seed: 1 });
  await seedDatabase(pool, { jobs: DEMO_JOBS.sandbox, companies: 10, seed: 1, sandbox: true });
}

export async function ensureDemoAccount(pool: Pool): Promise<DemoKeys | null> {
  if ((await countAccounts(pool)) > 0) return null;
  const created = await createAccountWithKey(pool, {
    name: 'Demo',
    plan: 'subscribed',
    auto_apply_availability: 'enabled',
    credits: 10_000,
    included_jobs: 1_000,
  });
  const sandbox = await insertApiKey(pool, created.account.id, 'sandbox', { name: 'demo sandbox key' });
  return { accountId: created.account.id, liveKey: created.apiKey, sandboxKey: sandbox.apiKey };
}
