// search_outbox (migration 004): the ids of jobs whose search documents are out of date,
// written by a trigger in the same transaction as the job.
import type { Pool, Queryable } from './pool.ts';

export interface OutboxEntry {
  job_id: string;
  seq: string;
}

/**
 * Turns the outbox trigger on when an external search index is configured, and off
 * (emptying the outbox) when none is. It alters the table only when the state differs,
 * so processes that start with the same configuration take no lock. Turning it on asks
 * for a rebuild: whatever changed while it was off was never queued.
 */
export async function setSearchOutbox(pool: Pool, enabled: boolean): Promise<void> {
  const { rows } = await pool.query<{ enabled: boolean }>(
    "SELECT tgenabled <> 'D' AS enabled FROM pg_trigger WHERE tgname = 'job_search_outbox' AND tgrelid = 'job_search'::regclass",
  );
  if (rows[0]?.enabled === enabled) return;
  if (enabled) {
    await pool.query('ALTER TABLE job_search ENABLE TRIGGER job_search_outbox');
    await pool.query('UPDATE search_index_state SET rebuild_requested = true');
  } else {
    await pool.query('ALTER TABLE job_search DISABLE TRIGGER job_search_outbox');
    await pool.query('DELETE FROM search_outbox');
  }
}

/** The oldest pending changes. Nothing is locked: indexing twice is harmless. */
export async function pendingOutbox(db: Queryable, limit: number): Promise<OutboxEntry[]> {
  const { rows } = await db.query<OutboxEntry>('SELECT job_id, seq::text AS seq FROM search_outbox ORDER BY seq LIMIT $1', [limit]);
  return rows;
}

/** Deletes these entries unless the job changed again meanwhile (a newer seq stays queued). */
export async function completeOutbox(db: Queryable, entries: OutboxEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.query(
    'DELETE FROM search_outbox o USING unnest($1::uuid[], $2::bigint[]) AS done(job_id, seq) WHERE o.job_id = done.job_id AND o.seq = done.seq',
    [entries.map((entry) => entry.job_id), entries.map((entry) => entry.seq)],
  );
}

export async function outboxSize(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM search_outbox');
  return rows[0]!.count;
}

export async function rebuildRequested(db: Queryable): Promise<boolean> {
  return (await db.query<{ requested: boolean }>('SELECT rebuild_requested AS requested FROM search_index_state')).rows[0]!.requested;
}

/** After a rebuild that started while the request stood. */
export async function clearRebuildRequest(db: Queryable): Promise<void> {
  await db.query('UPDATE search_index_state SET rebuild_requested = false');
}
