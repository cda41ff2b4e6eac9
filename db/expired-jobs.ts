// Expired-job detection (GET /api/jobs/expired). A job is expired once it left its source
// (expired_at) or its valid_through passed, whichever came first: job_expiry(), indexed
// by jobs_expiry (migration 005).
import type { Queryable } from './pool.ts';

const EXPIRY = 'job_expiry(expired_at, valid_through)';

/** Which of these ids are expired jobs, and which name no job of this side (sandbox or live). */
export async function expiredAmong(db: Queryable, ids: string[], sandbox: boolean, now: Date): Promise<{ expired: string[]; unknown: string[] }> {
  const { rows } = await db.query<{ id: string; expired: boolean }>(
    `SELECT id, coalesce(${EXPIRY} <= $3, false) AS expired FROM jobs WHERE id = ANY($1::uuid[]) AND sandbox = $2`,
    [ids, sandbox, now],
  );
  const known = new Map(rows.map((row) => [row.id, row.expired]));
  const unique = [...new Set(ids)];
  return { expired: unique.filter((id) => known.get(id) === true), unknown: unique.filter((id) => !known.has(id)) };
}

/** A place in the expiry order: the expiry in microseconds since the epoch, and the id. */
export interface ExpiryPosition {
  at: string;
  id: string;
}

/** Jobs that expired after `since` (and by `now`), oldest expiry first, from a position on. */
export async function expiredSince(
  db: Queryable,
  options: { sandbox: boolean; since: Date; now: Date; after: ExpiryPosition | null; limit: number },
): Promise<Array<{ id: string; at: string }>> {
  const params: unknown[] = [options.sandbox, options.since, options.now];
  let position = '';
  if (options.after) {
    params.push(options.after.at, options.after.id);
    position = `AND (${EXPIRY}, id) > (timestamptz 'epoch' + $4::int8 * interval '1 microsecond', $5::uuid)`;
  }
  const { rows } = await db.query<{ id: string; at: string }>(
    `SELECT id, (extract(epoch FROM ${EXPIRY}) * 1000000)::int8::text AS at
       FROM jobs
      WHERE sandbox = $1 AND (expired_at IS NOT NULL OR valid_through IS NOT NULL)
        AND ${EXPIRY} > $2 AND ${EXPIRY} <= $3 ${position}
      ORDER BY ${EXPIRY}, id
      LIMIT ${Number(options.limit)}`,
    params,
  );
  return rows;
}
