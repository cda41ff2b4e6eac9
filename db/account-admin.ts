// Operator actions that span tables, shared by the admin API and the admin CLI.
import type { KeyKind } from '../lib/api-keys.ts';
import { insertAccount, type Account, type NewAccount } from './accounts.ts';
import { insertApiKey, type ApiKeyRecord } from './api-keys.ts';
import { grant } from './credits.ts';
import { withTransaction, type Pool } from './pool.ts';

export interface CreatedAccount {
  account: Account;
  apiKey: string;
  key: ApiKeyRecord;
}

/** An account with its first key (customer by default) and opening credits, all or nothing. */
export async function createAccountWithKey(
  pool: Pool,
  input: NewAccount & { credits?: number; included_jobs?: number; key_kind?: KeyKind },
): Promise<CreatedAccount> {
  return withTransaction(pool, async (client) => {
    let account = await insertAccount(client, input);
    const { apiKey, record } = await insertApiKey(client, account.id, input.key_kind ?? 'customer', { name: 'first key' });
    if ((input.credits ?? 0) > 0 || (input.included_jobs ?? 0) > 0) {
      await grant(client, account.id, input.credits ?? 0, input.included_jobs ?? 0, 'opening balance');
      account = (await client.query<Account>('SELECT * FROM accounts WHERE id = $1', [account.id])).rows[0]!;
    }
    return { account, apiKey, key: record };
  });
}
