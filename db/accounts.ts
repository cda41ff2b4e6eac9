// Data access for accounts and their managed-feed companies.
import type { Plan, RateLimitGroup, WindowLimits } from '../lib/pricing.ts';
import type { Pool, PoolClient } from './pool.ts';

export type AutoApplyAvailability = 'enabled' | 'invite_only' | 'coming_soon';
export const AUTO_APPLY_AVAILABILITIES: AutoApplyAvailability[] = ['enabled', 'invite_only', 'coming_soon'];

export interface Account {
  id: string;
  name: string;
  plan: Plan;
  feed_subscription: boolean;
  auto_apply_availability: AutoApplyAvailability;
  default_callback_url: string | null;
  rate_limit_overrides: Partial<Record<RateLimitGroup, Partial<WindowLimits>>>;
  credits_balance: number;
  included_jobs_remaining: number;
  created_at: Date;
  updated_at: Date;
}

type Queryable = Pool | PoolClient;

export interface NewAccount {
  name: string;
  plan?: Plan;
  feed_subscription?: boolean;
  auto_apply_availability?: AutoApplyAvailability;
  default_callback_url?: string | null;
}

export async function insertAccount(db: Queryable, input: NewAccount): Promise<Account> {
  const { rows } = await db.query<Account>(
    `INSERT INTO accounts (name, plan, feed_subscription, auto_apply_availability, default_callback_url)
     VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [
      input.name,
      input.plan ?? 'free',
      input.feed_subscription ?? false,
      input.auto_apply_availability ?? 'invite_only',
      input.default_callback_url ?? null,
    ],
  );
  return rows[0]!;
}

export async function findAccount(db: Queryable, id: string): Promise<Account | null> {
  const { rows } = await db.query<Account>('SELECT * FROM accounts WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function listAccounts(db: Queryable): Promise<Account[]> {
  const { rows } = await db.query<Account>('SELECT * FROM accounts ORDER BY created_at, id');
  return rows;
}

export async function countAccounts(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM accounts');
  return rows[0]!.count;
}

export interface AccountChanges {
  name?: string;
  plan?: Plan;
  feed_subscription?: boolean;
  auto_apply_availability?: AutoApplyAvailability;
  default_callback_url?: string | null;
  rate_limit_overrides?: Account['rate_limit_overrides'];
}

const CHANGEABLE: (keyof AccountChanges)[] = [
  'name',
  'plan',
  'feed_subscription',
  'auto_apply_availability',
  'default_callback_url',
  'rate_limit_overrides',
];

export async function updateAccount(db: Queryable, id: string, changes: AccountChanges): Promise<Account | null> {
  const names = CHANGEABLE.filter((name) => changes[name] !== undefined);
  if (names.length === 0) return findAccount(db, id);
  const assignments = names.map((name, index) => `${name} = $${index + 2}`);
  const values = names.map((name) => (name === 'rate_limit_overrides' ? JSON.stringify(changes[name]) : changes[name]));
  const { rows } = await db.query<Account>(
    `UPDATE accounts SET ${assignments.join(', ')}, updated_at = now() WHERE id = $1 RETURNING *`,
    [id, ...values],
  );
  return rows[0] ?? null;
}

export async function managedCompanies(db: Queryable, accountId: string): Promise<string[]> {
  const { rows } = await db.query<{ company_id: string }>(
    'SELECT company_id FROM managed_feed_companies WHERE account_id = $1 ORDER BY company_id',
    [accountId],
  );
  return rows.map((row) => row.company_id);
}

/** Replaces the account's managed-feed company list (one transaction on `client`). */
export async function replaceManagedCompanies(client: PoolClient, accountId: string, companyIds: string[]): Promise<void> {
  await client.query('DELETE FROM managed_feed_companies WHERE account_id = $1', [accountId]);
  await client.query(
    `INSERT INTO managed_feed_companies (account_id, company_id)
     SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
    [accountId, companyIds],
  );
}

export interface ManagedCompany {
  id: string;
  name: string;
  website: string | null;
}

/** The account's managed-feed companies with their names, by name. */
export async function managedCompanyList(db: Queryable, accountId: string): Promise<ManagedCompany[]> {
  const { rows } = await db.query<ManagedCompany>(
    `SELECT c.id, c.name, c.website FROM managed_feed_companies m JOIN companies c ON c.id = m.company_id
      WHERE m.account_id = $1 ORDER BY c.name, c.id`,
    [accountId],
  );
  return rows;
}

/** Adds a live company to the account's managed feed; false when no such company exists. */
export async function addManagedCompany(db: Queryable, accountId: string, companyId: string): Promise<boolean> {
  const { rows } = await db.query(
    `WITH company AS (SELECT id FROM companies WHERE id = $2 AND NOT sandbox),
          added AS (INSERT INTO managed_feed_companies (account_id, company_id) SELECT $1, id FROM company ON CONFLICT DO NOTHING)
     SELECT id FROM company`,
    [accountId, companyId],
  );
  return rows.length > 0;
}

export async function removeManagedCompany(db: Queryable, accountId: string, companyId: string): Promise<void> {
  await db.query('DELETE FROM managed_feed_companies WHERE account_id = $1 AND company_id = $2', [accountId, companyId]);
}
