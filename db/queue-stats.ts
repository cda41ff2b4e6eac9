// Waiting jobs per pg-boss queue, read straight from pg-boss's tables (schema `pgboss`,
// pg-boss 12: `queue` lists the queues, `job` holds every job, partitioned by queue name)
// for the queue gauges of /metrics (lib/metrics.ts). Bounded: at most MAX_QUEUES queues and
// MAX_COUNTED jobs read per queue, through pg-boss's own fetch index (job_i11: name,
// priority, created_on, start_after WHERE state < 'active' AND NOT blocked), in fetch
// order (so past the cap the oldest jobs are still the ones read), under a statement
// timeout.
import { withTransaction, type Pool } from './pool.ts';
import type { QueueWaiting } from '../lib/metrics.ts';

/** The schema pg-boss keeps its tables in (its default; db/boss.ts does not change it). */
export const BOSS_SCHEMA = 'pgboss';

/** Jobs counted per queue at most; a backlog beyond it reads as this many. */
export const MAX_COUNTED = 100_000;
const MAX_QUEUES = 500;
const STATEMENT_TIMEOUT_MS = 2_000;

/**
 * Per queue: jobs created or waiting for a retry (deferred ones included, jobs blocked on
 * dependencies not), and how long the longest-waiting due one has waited since its start
 * time (`start_after`: when it was sent, or when its retry delay ended).
 */
export async function waitingJobsByQueue(pool: Pool): Promise<QueueWaiting[]> {
  const { rows } = await withTransaction(
    pool,
    (client) =>
      client.query<{ queue: string; waiting: number; oldest_seconds: number }>(
        `SELECT q.name AS queue, w.waiting, w.oldest_seconds
           FROM (SELECT name FROM ${BOSS_SCHEMA}.queue ORDER BY name LIMIT ${MAX_QUEUES}) q
           CROSS JOIN LATERAL (
             SELECT count(*)::int AS waiting,
                    coalesce(extract(epoch FROM now() - min(s.start_after) FILTER (WHERE s.start_after <= now())), 0)::float8 AS oldest_seconds
               FROM (SELECT j.start_after FROM ${BOSS_SCHEMA}.job j
                      WHERE j.name = q.name AND j.state < 'active' AND NOT j.blocked
                      ORDER BY j.priority DESC, j.created_on
                      LIMIT ${MAX_COUNTED}) s
           ) w
          ORDER BY q.name`,
      ),
    [`SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}`],
  );
  return rows.map((row) => ({ queue: row.queue, waiting: row.waiting, oldestSeconds: Math.max(0, row.oldest_seconds) }));
}
