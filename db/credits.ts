// The credits wallet and included-jobs allowance. Every change is one ledger row written
// in the same statement (or transaction) as the balance change, and the CHECK
// constraints on accounts keep both balances from ever going negative.
import { withTransaction, type Pool, type PoolClient } from './pool.ts';

export interface Balances {
  credits_balance: number;
  included_jobs_remaining: number;
}

export interface LedgerEntry extends Balances {
  id: number;
  account_id: string;
  entry_type: 'grant' | 'debit' | 'refund';
  credits: number;
  included_jobs: number;
  reason: string;
  refund_of: number | null;
  correlation_id: string | null;
  created_at: Date;
}

export type DebitResult =
  | { ok: true; entryId: number; creditsCharged: number; includedJobsUsed: number; balances: Balances }
  | { ok: false; balances: Balances };

export interface DebitRequest {
  accountId: string;
  /** Units to charge. */
  amount: number;
  /** Per-job charges draw on the included-jobs allowance first. */
  useIncludedJobs: boolean;
  reason: string;
  correlationId?: string;
}

export async function debit(pool: Pool, request: DebitRequest): Promise<DebitResult> {
  const { rows } = await pool.query<{ id: number; from_included: number; from_credits: number; credits_balance: number; included_jobs_remaining: number }>(
    `WITH current AS (
       SELECT id, credits_balance, least(included_jobs_remaining, CASE WHEN $3 THEN $2::bigint ELSE 0 END) AS from_included
         FROM accounts WHERE id = $1 FOR UPDATE
     ), affordable AS (
       SELECT id, from_included, $2::bigint - from_included AS from_credits
         FROM current WHERE credits_balance >= $2::bigint - from_included
     ), charged AS (
       UPDATE accounts a
          SET included_jobs_remaining = a.included_jobs_remaining - f.from_included,
              credits_balance = a.credits_balance - f.from_credits,
              updated_at = now()
         FROM affordable f WHERE a.id = f.id
       RETURNING a.id, a.credits_balance, a.included_jobs_remaining, f.from_included, f.from_credits
     )
     INSERT INTO credit_ledger (account_id, entry_type, credits, included_jobs, credits_balance_after, included_jobs_after, reason, correlation_id)
     SELECT id, 'debit', -from_credits, -from_included, credits_balance, included_jobs_remaining, $4, $5 FROM charged
     RETURNING id, -credits AS from_credits, -included_jobs AS from_included,
               credits_balance_after AS credits_balance, included_jobs_after AS included_jobs_remaining`,
    [request.accountId, request.amount, request.useIncludedJobs, request.reason, request.correlationId ?? null],
  );
  const row = rows[0];
  if (!row) return { ok: false, balances: await balances(pool, request.accountId) };
  return {
    ok: true,
    entryId: row.id,
    creditsCharged: row.from_credits,
    includedJobsUsed: row.from_included,
    balances: { credits_balance: row.credits_balance, included_jobs_remaining: row.included_jobs_remaining },
  };
}

/** Gives back what debit `entryId` took; a second refund of the same debit does nothing. */
export async function refund(pool: Pool, entryId: number, reason: string): Promise<Balances | null> {
  return withTransaction(pool, (client) => refundIn(client, entryId, reason));
}

/** The refund of a debit inside the caller's transaction (with the change it pays back); null when refunded already. */
export async function refundIn(client: PoolClient, entryId: number, reason: string): Promise<Balances | null> {
  const { rows: debits } = await client.query<{ account_id: string; credits: number; included_jobs: number; correlation_id: string | null }>(
    `SELECT account_id, credits, included_jobs, correlation_id FROM credit_ledger WHERE id = $1 AND entry_type = 'debit'`,
    [entryId],
  );
  const original = debits[0];
  if (!original) return null;
  // Lock the account, then check for an earlier refund: concurrent refunds serialize here.
  await client.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [original.account_id]);
  const done = await client.query('SELECT 1 FROM credit_ledger WHERE refund_of = $1', [entryId]);
  if (done.rowCount) return null;
  const { rows } = await client.query<Balances>(
    `UPDATE accounts SET credits_balance = credits_balance - $2, included_jobs_remaining = included_jobs_remaining - $3, updated_at = now()
      WHERE id = $1 RETURNING credits_balance, included_jobs_remaining`,
    [original.account_id, original.credits, original.included_jobs],
  );
  const after = rows[0]!;
  await client.query(
    `INSERT INTO credit_ledger (account_id, entry_type, credits, included_jobs, credits_balance_after, included_jobs_after, reason, refund_of, correlation_id)
     VALUES ($1, 'refund', $2, $3, $4, $5, $6, $7, $8)`,
    [original.account_id, -original.credits, -original.included_jobs, after.credits_balance, after.included_jobs_remaining, reason, entryId, original.correlation_id],
  );
  return after;
}

export interface Grant {
  entryId: number;
  balances: Balances;
}

/** Adds credits and/or included jobs; null when the account does not exist. */
export async function grant(db: Pool | PoolClient, accountId: string, credits: number, includedJobs: number, reason: string): Promise<Grant | null> {
  const { rows } = await db.query<{ id: number } & Balances>(
    `WITH granted AS (
       UPDATE accounts SET credits_balance = credits_balance + $2, included_jobs_remaining = included_jobs_remaining + $3, updated_at = now()
        WHERE id = $1 RETURNING id, credits_balance, included_jobs_remaining
     )
     INSERT INTO credit_ledger (account_id, entry_type, credits, included_jobs, credits_balance_after, included_jobs_after, reason)
     SELECT id, 'grant', $2, $3, credits_balance, included_jobs_remaining, $4 FROM granted
     RETURNING id, credits_balance_after AS credits_balance, included_jobs_after AS included_jobs_remaining`,
    [accountId, credits, includedJobs, reason],
  );
  const row = rows[0];
  if (!row) return null;
  return { entryId: row.id, balances: { credits_balance: row.credits_balance, included_jobs_remaining: row.included_jobs_remaining } };
}

export async function balances(pool: Pool, accountId: string): Promise<Balances> {
  const { rows } = await pool.query<Balances>('SELECT credits_balance, included_jobs_remaining FROM accounts WHERE id = $1', [accountId]);
  return rows[0] ?? { credits_balance: 0, included_jobs_remaining: 0 };
}

const LEDGER_COLUMNS = `id, account_id, entry_type, credits, included_jobs, credits_balance_after AS credits_balance,
  included_jobs_after AS included_jobs_remaining, reason, refund_of, correlation_id, created_at`;

export async function ledger(pool: Pool, accountId: string, limit = 100): Promise<LedgerEntry[]> {
  const { rows } = await pool.query<LedgerEntry>(
    `SELECT ${LEDGER_COLUMNS} FROM credit_ledger WHERE account_id = $1 ORDER BY id DESC LIMIT $2`,
    [accountId, limit],
  );
  return rows;
}

export async function ledgerEntry(pool: Pool, id: number): Promise<LedgerEntry | null> {
  const { rows } = await pool.query<LedgerEntry>(`SELECT ${LEDGER_COLUMNS} FROM credit_ledger WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Credits charged per UTC day since `since` (a UTC date), refunds netted out on their own day. */
export async function dailyCreditsCharged(pool: Pool, accountId: string, since: string): Promise<Array<{ day: string; credits: number }>> {
  const { rows } = await pool.query<{ day: string; credits: string }>(
    `SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, -sum(credits) AS credits
       FROM credit_ledger
      WHERE account_id = $1 AND entry_type IN ('debit', 'refund') AND created_at >= $2::date::timestamp AT TIME ZONE 'UTC'
      GROUP BY 1 ORDER BY 1`,
    [accountId, since],
  );
  return rows.map((row) => ({ day: row.day, credits: Number(row.credits) }));
}
