// Accounts and keys for tests, written through the same data-access modules the admin
// API and CLI use.
import { createAccountWithKey } from '../../db/account-admin.ts';
import { updateAccount, type AccountChanges, type NewAccount } from '../../db/accounts.ts';
import { insertApiKey } from '../../db/api-keys.ts';
import type { Pool } from '../../db/pool.ts';
import type { KeyKind } from '../../lib/api-keys.ts';

export interface TestAccount {
  id: string;
  key: string;
  keyId: string;
}

export async function createAccount(
  pool: Pool,
  options: NewAccount & { credits?: number; included_jobs?: number; kind?: KeyKind } & Pick<AccountChanges, 'rate_limit_overrides'> = { name: 'Test' },
): Promise<TestAccount> {
  const created = await createAccountWithKey(pool, { ...options, name: options.name ?? 'Test', key_kind: options.kind });
  if (options.rate_limit_overrides) await updateAccount(pool, created.account.id, { rate_limit_overrides: options.rate_limit_overrides });
  return { id: created.account.id, key: created.apiKey, keyId: created.key.id };
}

export async function addKey(pool: Pool, accountId: string, kind: KeyKind, expiresAt: Date | null = null): Promise<{ key: string; keyId: string }> {
  const created = await insertApiKey(pool, accountId, kind, { expiresAt });
  return { key: created.apiKey, keyId: created.record.id };
}
