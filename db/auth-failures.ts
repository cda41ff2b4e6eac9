// Failed authentications per client address (shared by every API process). An address
// with `threshold` failures within `windowMs` of its first is blocked for `blockMs`: its
// requests that fail authentication then get 429 instead of 401. Requests that
// authenticate are not affected, and never touch these rows.
import type { Pool } from './pool.ts';

export interface FailurePolicy {
  threshold: number;
  windowMs: number;
  blockMs: number;
}

/**
 * The service's policy: 20 failures within 5 minutes block the address for 5 minutes.
 * Read by the authenticator (api/gateway) and by maintenance.prune (the window).
 */
export const FAILURE_POLICY: FailurePolicy = { threshold: 20, windowMs: 5 * 60_000, blockMs: 5 * 60_000 };

/** When the address's block ends, if it is blocked at `now`. */
export async function blockedUntil(pool: Pool, ip: string, now: Date): Promise<Date | null> {
  const { rows } = await pool.query<{ blocked_until: Date }>(
    'SELECT blocked_until FROM auth_failures WHERE ip = $1 AND blocked_until > $2',
    [ip, now],
  );
  return rows[0]?.blocked_until ?? null;
}

/**
 * Counts one failed authentication of an address that was not blocked when the caller
 * looked. One statement, so the count is exact across processes: the failure that
 * reaches the threshold starts the block (and is itself still a 401), and a failure that
 * finds the address blocked meanwhile (by another request, here or in another process)
 * is not counted. Returns that block's end (the request gets 429), else null (401).
 */
export async function recordAuthFailure(pool: Pool, ip: string, now: Date, policy: FailurePolicy): Promise<Date | null> {
  if (policy.threshold < 2) throw new Error('the failed-authentication threshold must be at least 2');
  // A new window starts when the last one has passed or a block has ended.
  const { rows } = await pool.query<{ blocked_until: Date | null }>(
    `INSERT INTO auth_failures AS f (ip, window_start, failures) VALUES ($1, $2, 1)
     ON CONFLICT (ip) DO UPDATE SET (window_start, failures, blocked_until) = (
       SELECT CASE WHEN s.failures >= $4 OR s.fresh THEN $2 ELSE f.window_start END,
              CASE WHEN s.failures >= $4 THEN 0 ELSE s.failures END,
              CASE WHEN s.failures >= $4 THEN $2::timestamptz + $5 * interval '1 millisecond' END
         FROM (SELECT fresh, CASE WHEN fresh THEN 1 ELSE f.failures + 1 END AS failures
                 FROM (SELECT f.blocked_until IS NOT NULL
                              OR f.window_start <= $2::timestamptz - $3 * interval '1 millisecond' AS fresh) w) s)
     WHERE f.blocked_until IS NULL OR f.blocked_until <= $2
     RETURNING blocked_until`,
    [ip, now, policy.windowMs, policy.threshold, policy.blockMs],
  );
  if (rows.length > 0) return null;
  // Not updated: blocked since the caller looked. Rare; a second read says until when.
  return (await blockedUntil(pool, ip, now)) ?? new Date(now.getTime() + policy.blockMs);
}

export async function pruneAuthFailures(pool: Pool, now: Date, windowMs: number): Promise<number> {
  const result = await pool.query(
    `DELETE FROM auth_failures
      WHERE window_start < $1::timestamptz - $2 * interval '1 millisecond' AND (blocked_until IS NULL OR blocked_until < $1)`,
    [now, windowMs],
  );
  return result.rowCount ?? 0;
}
