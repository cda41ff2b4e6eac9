// Failed authentications per client address (shared by every API process).
import type { Pool } from './pool.ts';

export interface FailurePolicy {
  threshold: number;
  windowMs: number;
  blockMs: number;
}

export async function blockedUntil(pool: Pool, ip: string, now: Date): Promise<Date | null> {
  const { rows } = await pool.query<{ blocked_until: Date }>(
    'SELECT blocked_until FROM auth_failures WHERE ip = $1 AND blocked_until > $2',
    [ip, now],
  );
  return rows[0]?.blocked_until ?? null;
}

/** Counts one failure; returns the block end when this failure reached the threshold. */
export async function recordAuthFailure(pool: Pool, ip: string, now: Date, policy: FailurePolicy): Promise<Date | null> {
  const { rows } = await pool.query<{ blocked_until: Date | null }>(
    `INSERT INTO auth_failures AS f (ip, window_start, failures) VALUES ($1, $2, 1)
     ON CONFLICT (ip) DO UPDATE SET
       window_start = CASE WHEN f.window_start <= $2::timestamptz - $3 * interval '1 millisecond' THEN $2 ELSE f.window_start END,
       failures = CASE WHEN f.window_start <= $2::timestamptz - $3 * interval '1 millisecond' THEN 1 ELSE f.failures + 1 END
     RETURNING failures, window_start, blocked_until`,
    [ip, now, policy.windowMs],
  );
  const row = rows[0] as { failures: number; blocked_until: Date | null };
  if (row.failures < policy.threshold) return row.blocked_until && row.blocked_until > now ? row.blocked_until : null;
  const until = new Date(now.getTime() + policy.blockMs);
  await pool.query('UPDATE auth_failures SET blocked_until = $2, failures = 0, window_start = $3 WHERE ip = $1', [ip, until, now]);
  return until;
}

export async function pruneAuthFailures(pool: Pool, now: Date, windowMs: number): Promise<number> {
  const result = await pool.query(
    `DELETE FROM auth_failures
      WHERE window_start < $1::timestamptz - $2 * interval '1 millisecond' AND (blocked_until IS NULL OR blocked_until < $1)`,
    [now, windowMs],
  );
  return result.rowCount ?? 0;
}
