// Data access for rolling-window rate-limit counters (see rate_limit_take in the
// migrations: one serialized statement takes hits and reports every window).
import type { WindowLimits } from '../lib/pricing.ts';
import type { Pool } from './pool.ts';

export interface WindowUsage {
  minute: number;
  hour: number;
  day: number;
}

export interface TakeResult {
  granted: number;
  used: WindowUsage;
  /** When each window next frees a hit (ms since epoch); null when nothing is counted. */
  resets: { minute: number | null; hour: number | null; day: number | null };
}

export interface TakeRequest {
  keyId: string;
  group: string;
  now: Date;
  want: number;
  limits: WindowLimits;
  giveBack: number;
  giveBackAt: Date | null;
}

export async function takeHits(pool: Pool, request: TakeRequest): Promise<TakeResult> {
  const { rows } = await pool.query(
    'SELECT * FROM rate_limit_take($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [
      request.keyId,
      request.group,
      request.now,
      request.want,
      request.limits.minute,
      request.limits.hour,
      request.limits.day,
      request.giveBack,
      request.giveBackAt ?? request.now,
    ],
  );
  const row = rows[0];
  const ms = (value: Date | null) => (value ? value.getTime() : null);
  return {
    granted: row.granted,
    used: { minute: row.used_minute, hour: row.used_hour, day: row.used_day },
    resets: { minute: ms(row.reset_minute), hour: ms(row.reset_hour), day: ms(row.reset_day) },
  };
}

/**
 * Deletes buckets no window reads any more. The 'day' buckets among them are added to
 * usage_daily (requests per account, group and UTC day) in the same statement, so the
 * portal's usage chart counts every hit once: in a live bucket or in the rollup.
 */
export async function pruneRateLimitCounters(pool: Pool, now: Date): Promise<number> {
  const { rows } = await pool.query<{ deleted: number }>(
    `WITH gone AS (
       DELETE FROM rate_limit_counters WHERE bucket_start < $1::timestamptz - interval '1 day 1 hour'
       RETURNING key_id, limit_group, span, bucket_start, hits
     ), rolled AS (
       INSERT INTO usage_daily (account_id, limit_group, day, hits)
       SELECT k.account_id, g.limit_group, (g.bucket_start AT TIME ZONE 'UTC')::date, sum(g.hits)
         FROM gone g JOIN api_keys k ON k.id = g.key_id
        WHERE g.span = 'day'
        GROUP BY 1, 2, 3
       ON CONFLICT (account_id, day, limit_group) DO UPDATE SET hits = usage_daily.hits + excluded.hits
     )
     SELECT count(*)::int AS deleted FROM gone`,
    [now],
  );
  return rows[0]!.deleted;
}

export interface DailyUsage {
  day: string;
  group: string;
  hits: number;
}

/**
 * Requests per UTC day and rate-limit group for an account since `since` (a UTC date):
 * the rolled-up days plus the live 'day' buckets not yet pruned.
 */
export async function dailyUsage(pool: Pool, accountId: string, since: string): Promise<DailyUsage[]> {
  const { rows } = await pool.query<{ day: string; group: string; hits: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, limit_group AS group, sum(hits) AS hits FROM (
       SELECT day, limit_group, hits FROM usage_daily WHERE account_id = $1 AND day >= $2::date
       UNION ALL
       SELECT (c.bucket_start AT TIME ZONE 'UTC')::date, c.limit_group, c.hits
         FROM rate_limit_counters c JOIN api_keys k ON k.id = c.key_id
        WHERE k.account_id = $1 AND c.span = 'day' AND c.bucket_start >= $2::date::timestamp AT TIME ZONE 'UTC'
     ) AS counted
     GROUP BY 1, 2 ORDER BY 1, 2`,
    [accountId, since],
  );
  return rows.map((row) => ({ day: row.day, group: row.group, hits: Number(row.hits) }));
}
