// Data access for boards, their crawl records, and the listing bookkeeping expiry rests on
// (board_misses). The crawl pipeline (crawlers/crawl.ts) and the board operations
// (crawlers/boards.ts) call these; the admin API and CLI read through them.
import type { Queryable } from './pool.ts';

export const CRAWL_STATUSES = ['running', 'succeeded', 'not_modified', 'partial', 'failed', 'gone'] as const;
export type CrawlStatus = (typeof CRAWL_STATUSES)[number];

export interface CrawlCounts {
  seen: number;
  new: number;
  updated: number;
  unchanged: number;
  expired: number;
  failed: number;
}

export interface CrawlRecord extends CrawlCounts {
  id: string;
  board_id: string;
  started_at: Date;
  finished_at: Date | null;
  status: CrawlStatus;
  requests: number;
  error: string | null;
  http_errors: Array<{ url: string; status: number | null; message: string }>;
}

export interface BoardRow {
  id: string;
  ats: string;
  token: string;
  url: string | null;
  company_id: string;
  status: 'active' | 'disabled';
  disabled_reason: string | null;
  interval_minutes: number;
  next_crawl_at: Date;
  missing_since: Date | null;
  validators: Record<string, { etag?: string; last_modified?: string }>;
  created_at: Date;
}

export interface NewBoard {
  ats: string;
  token: string;
  url: string | null;
  company_id: string;
  interval_minutes: number;
}

/** Inserts a board (its first crawl due at a random point of its interval); null when (ats, token) exists. */
export async function insertBoard(db: Queryable, board: NewBoard): Promise<BoardRow | null> {
  const { rows } = await db.query<BoardRow>(
    `INSERT INTO boards (ats, token, url, company_id, interval_minutes, next_crawl_at)
     VALUES ($1, $2, $3, $4, $5, now() + random() * make_interval(mins => $5))
     ON CONFLICT (ats, token) DO NOTHING RETURNING *`,
    [board.ats, board.token, board.url, board.company_id, board.interval_minutes],
  );
  return rows[0] ?? null;
}

export async function findBoard(db: Queryable, id: string): Promise<BoardRow | null> {
  const { rows } = await db.query<BoardRow>('SELECT * FROM boards WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function findBoardByToken(db: Queryable, ats: string, token: string): Promise<BoardRow | null> {
  const { rows } = await db.query<BoardRow>('SELECT * FROM boards WHERE ats = $1 AND token = $2', [ats, token]);
  return rows[0] ?? null;
}

/** Boards in creation order after a board id (keyset), at most `limit`. */
export async function listBoards(db: Queryable, options: { after: string | null; limit: number }): Promise<BoardRow[]> {
  const { rows } = await db.query<BoardRow>(
    `SELECT * FROM boards
      WHERE $1::uuid IS NULL OR (created_at, id) > (SELECT created_at, id FROM boards WHERE id = $1)
      ORDER BY created_at, id LIMIT $2`,
    [options.after, options.limit],
  );
  return rows;
}

/** The latest crawl of each board, by board id. */
export async function lastCrawls(db: Queryable, boardIds: string[]): Promise<Map<string, CrawlRecord>> {
  const { rows } = await db.query<CrawlRecord>(
    `SELECT DISTINCT ON (board_id) * FROM board_crawls WHERE board_id = ANY($1::uuid[]) ORDER BY board_id, started_at DESC`,
    [boardIds],
  );
  return new Map(rows.map((row) => [row.board_id, row]));
}

export async function recentCrawls(db: Queryable, boardId: string, limit: number): Promise<CrawlRecord[]> {
  const { rows } = await db.query<CrawlRecord>('SELECT * FROM board_crawls WHERE board_id = $1 ORDER BY started_at DESC LIMIT $2', [boardId, limit]);
  return rows;
}

export async function findCrawl(db: Queryable, id: string): Promise<CrawlRecord | null> {
  const { rows } = await db.query<CrawlRecord>('SELECT * FROM board_crawls WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/** Deletes a board (and its crawl records); its jobs keep existing without a board. */
export async function deleteBoard(db: Queryable, id: string): Promise<boolean> {
  const result = await db.query('DELETE FROM boards WHERE id = $1', [id]);
  return (result.rowCount ?? 0) > 0;
}

export async function startCrawlRecord(db: Queryable, boardId: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>('INSERT INTO board_crawls (board_id) VALUES ($1) RETURNING id', [boardId]);
  return rows[0]!.id;
}

export async function finishCrawlRecord(
  db: Queryable,
  id: string,
  result: CrawlCounts & { status: Exclude<CrawlStatus, 'running'>; requests: number; error: string | null; http_errors: CrawlRecord['http_errors'] },
): Promise<CrawlRecord> {
  const { rows } = await db.query<CrawlRecord>(
    `UPDATE board_crawls SET finished_at = now(), status = $2, seen = $3, new = $4, updated = $5, unchanged = $6, expired = $7,
            failed = $8, requests = $9, error = $10, http_errors = $11
      WHERE id = $1 RETURNING *`,
    [id, result.status, result.seen, result.new, result.updated, result.unchanged, result.expired, result.failed, result.requests, result.error, JSON.stringify(result.http_errors)],
  );
  return rows[0]!;
}

/** Crawl records left `running` by a process that died: they failed. */
export async function abandonRunningCrawls(db: Queryable, boardId: string): Promise<void> {
  await db.query(
    `UPDATE board_crawls SET finished_at = now(), status = 'failed', error = 'The crawl stopped without finishing (its process ended).'
      WHERE board_id = $1 AND status = 'running'`,
    [boardId],
  );
}

/** The stored content hash of a board's postings by source key, and whether each job is live. */
export async function storedPostings(db: Queryable, source: string, keys: string[]): Promise<Map<string, { hash: string | null; live: boolean; board_id: string | null }>> {
  const { rows } = await db.query<{ source_key: string; content_hash: string | null; live: boolean; board_id: string | null }>(
    'SELECT source_key, content_hash, expired_at IS NULL AS live, board_id FROM jobs WHERE source = $1 AND source_key = ANY($2::text[])',
    [source, keys],
  );
  return new Map(rows.map((row) => [row.source_key, { hash: row.content_hash, live: row.live, board_id: row.board_id }]));
}

/**
 * After a complete listing that held `seenKeys`: the board's live jobs not in it count one
 * more miss, those in it none; jobs at two misses in a row expire. Returns how many expired.
 */
export async function recordListing(db: Queryable, boardId: string, seenKeys: string[]): Promise<number> {
  await db.query(
    `DELETE FROM board_misses m USING jobs j
      WHERE m.board_id = $1 AND j.id = m.job_id AND j.source_key IN (SELECT unnest($2::text[]))`,
    [boardId, seenKeys],
  );
  await db.query(
    `INSERT INTO board_misses (job_id, board_id, missed)
     SELECT j.id, $1, 1 FROM jobs j
      WHERE j.board_id = $1 AND j.expired_at IS NULL
        AND NOT EXISTS (SELECT FROM unnest($2::text[]) AS seen(key) WHERE seen.key = j.source_key)
     ON CONFLICT (job_id) DO UPDATE SET missed = board_misses.missed + 1`,
    [boardId, seenKeys],
  );
  return expireMissed(db, boardId);
}

/** A 304 answer: the listing is the one before, so whatever it lacked is missing once more. */
export async function recordUnchangedListing(db: Queryable, boardId: string): Promise<number> {
  await db.query('UPDATE board_misses SET missed = missed + 1 WHERE board_id = $1', [boardId]);
  return expireMissed(db, boardId);
}

async function expireMissed(db: Queryable, boardId: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    `WITH gone AS (DELETE FROM board_misses WHERE board_id = $1 AND missed >= 2 RETURNING job_id),
          expired AS (UPDATE jobs SET expired_at = now(), updated_at = now()
                       WHERE id IN (SELECT job_id FROM gone) AND expired_at IS NULL RETURNING id)
     SELECT count(*) FROM expired`,
    [boardId],
  );
  return Number(rows[0]!.count);
}

/** Live jobs of a board, for a 304 crawl's counts. */
export async function liveJobCount(db: Queryable, boardId: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    'SELECT count(*) FROM jobs j WHERE j.board_id = $1 AND j.expired_at IS NULL AND NOT EXISTS (SELECT FROM board_misses m WHERE m.job_id = j.id)',
    [boardId],
  );
  return Number(rows[0]!.count);
}

/** Expires every live job of a board (a board that is gone or removed); returns how many. */
export async function expireBoardJobs(db: Queryable, boardId: string): Promise<number> {
  await db.query('DELETE FROM board_misses WHERE board_id = $1', [boardId]);
  const result = await db.query('UPDATE jobs SET expired_at = now(), updated_at = now() WHERE board_id = $1 AND expired_at IS NULL', [boardId]);
  return result.rowCount ?? 0;
}

/** A listing answered: the board is not missing, and (when complete) its validators are these. */
export async function boardAnswered(db: Queryable, boardId: string, validators: BoardRow['validators'] | null): Promise<void> {
  await db.query(
    'UPDATE boards SET missing_since = NULL, validators = coalesce($2::jsonb, validators) WHERE id = $1',
    [boardId, validators === null ? null : JSON.stringify(validators)],
  );
}

/** The board answered "not found": since when, in an unbroken run (set now if it was not missing). */
export async function boardMissing(db: Queryable, boardId: string): Promise<Date> {
  const { rows } = await db.query<{ missing_since: Date }>(
    'UPDATE boards SET missing_since = coalesce(missing_since, now()) WHERE id = $1 RETURNING missing_since',
    [boardId],
  );
  return rows[0]!.missing_since;
}

export async function disableBoard(db: Queryable, boardId: string, reason: string): Promise<void> {
  await db.query(`UPDATE boards SET status = 'disabled', disabled_reason = $2 WHERE id = $1`, [boardId, reason]);
}

/**
 * Claims the active boards whose crawl is due (at most `limit`) and moves each one's next
 * crawl one interval on, keeping its place in the interval; a board far overdue (the
 * planner was down) gets a random place again, so overdue boards do not all come due together.
 */
export async function claimDueBoards(db: Queryable, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE boards b SET next_crawl_at = CASE
         WHEN b.next_crawl_at + make_interval(mins => b.interval_minutes) > now() THEN b.next_crawl_at + make_interval(mins => b.interval_minutes)
         ELSE now() + random() * make_interval(mins => b.interval_minutes) END
      WHERE b.id IN (SELECT id FROM boards WHERE status = 'active' AND next_crawl_at <= now()
                      ORDER BY next_crawl_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING b.id`,
    [limit],
  );
  return rows.map((row) => row.id);
}
