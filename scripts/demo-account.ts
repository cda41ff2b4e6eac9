// On an empty database `npm start` creates a demo account with a live and a sandbox key,
// so a newcomer can call the API at once. Keys are shown only here, at creation.
import { countAccounts } from '../db/accounts.ts';
import { createAccountWithKey } from '../db/account-admin.ts';
import { insertApiKey } from '../db/api-keys.ts';
import type { Pool } from '../db/pool.ts';

export interface DemoKeys {
  accountId: string;
  liveKey: string;
  sandboxKey: string;
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
