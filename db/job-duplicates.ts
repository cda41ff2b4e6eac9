// Linking crawled jobs to the canonical job they duplicate (the rule is in
// crawlers/duplicates.ts): one statement over the jobs just written, in the write's
// transaction. A duplicate leaves job_search by trigger, so search and feeds never serve it.
import type { Queryable } from './pool.ts';

/** The four 16-bit bands of a SimHash, as migration 013 indexes them. */
const BANDS = [48, 32, 16, 0].map((shift) => (table: string) => (shift ? `((${table}.description_simhash >> ${shift}) & 65535)` : `(${table}.description_simhash & 65535)`));

/** Per band, the oldest candidates compared (the canonical is the oldest match, so older ones come first). */
const CANDIDATES_PER_BAND = 32;

/** The live canonical jobs of w's company and normalized title that share a band with w: one index lookup per band. */
const CANDIDATES = BANDS.map(
  (band) => `SELECT c.id, c.created_at, c.description_simhash, c.sandbox FROM jobs c
              WHERE c.company_id = w.company_id AND c.normalized_title = w.normalized_title
                AND c.expired_at IS NULL AND c.duplicate_of IS NULL AND c.board_id IS NOT NULL AND ${band('c')} = ${band('w')}
              ORDER BY c.created_at, c.id LIMIT ${CANDIDATES_PER_BAND}`,
).map((query) => `(${query})`).join(' UNION ');

/**
 * Links each of these live crawled jobs to the canonical job it duplicates, and unlinks
 * one that no longer does. A job other jobs point at stays canonical; within one batch the
 * older job is the canonical, so two new duplicates never point at each other.
 */
export async function linkDuplicates(db: Queryable, ids: string[], maxDistance: number): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `WITH written AS (
       SELECT id, company_id, normalized_title, sandbox, description_simhash, created_at,
              normalized_title IS NOT NULL AND description_simhash IS NOT NULL
                AND NOT EXISTS (SELECT FROM jobs d WHERE d.duplicate_of = jobs.id) AS linkable
         FROM jobs
        WHERE id = ANY($1::uuid[]) AND expired_at IS NULL AND board_id IS NOT NULL
     ), matched AS (
       -- Within 3 bits, two hashes agree on one of their four 16-bit bands: each band is an
       -- index lookup (migration 013), so a large board is not read once per job.
       SELECT w.id,
              (SELECT c.id FROM (${CANDIDATES}) c
               WHERE w.linkable AND c.id <> w.id AND c.sandbox = w.sandbox
                 AND bit_count((c.description_simhash # w.description_simhash)::bit(64)) <= $2
                 AND (c.id <> ALL($1::uuid[]) OR (c.created_at, c.id) < (w.created_at, w.id))
               ORDER BY c.created_at, c.id LIMIT 1) AS canonical
         FROM written w
     )
     UPDATE jobs j SET duplicate_of = m.canonical
       FROM matched m
      WHERE j.id = m.id AND j.duplicate_of IS DISTINCT FROM m.canonical`,
    [ids, maxDistance],
  );
  // A batch job may have linked to one that linked onward in the same statement: point it at the end of the chain.
  await db.query(
    `UPDATE jobs j SET duplicate_of = c.duplicate_of
       FROM jobs c
      WHERE j.id = ANY($1::uuid[]) AND j.duplicate_of = c.id AND c.duplicate_of IS NOT NULL`,
    [ids],
  );
}
