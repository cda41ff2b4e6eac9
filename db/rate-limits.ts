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

export async function pruneRateLimitCounters(pool: Pool, now: Date): Promise<number> {
  const result = await pool.query(`DELETE FROM rate_limit_counters WHERE bucket_start < $1::timestamptz - interval '1 day 1 hour'`, [now]);
  return result.rowCount ?? 0;
}
