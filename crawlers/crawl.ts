// One crawl of one board, top to bottom: list the board through its connector a page at a
// time → skip postings whose content hash is unchanged → write the rest through the job
// write path (descriptions converted, upserted, geocoding queued in the same transaction;
// the search index follows from the outbox) → after a complete listing, count misses and
// expire what two complete listings in a row lacked → record the crawl. A failed, partial
// or truncated listing expires nothing. A board that answers "not found" for
// CRAWL_GONE_DAYS is disabled and its jobs expire.
import { createHash } from 'node:crypto';
import type { PgBoss } from '../db/boss.ts';
import {
  abandonRunningCrawls, boardAnswered, boardMissing, disableBoard, expireBoardJobs, findBoard, finishCrawlRecord, liveJobCount,
  recordListing, recordUnchangedListing, startCrawlRecord, storedPostings, type BoardRow, type CrawlCounts, type CrawlRecord, type CrawlStatus,
} from '../db/boards.ts';
import type { JobInput, JobLocation } from '../db/jobs.ts';
import { geocoderFor, placeFromParts } from '../geo/structured-place.ts';
import { withTransaction, type Pool } from '../db/pool.ts';
import type { Logger } from '../lib/logger.ts';
import { crawlResults } from '../lib/metrics.ts';
import { connectors } from './ats/index.ts';
import { isAtsId, type BoardTarget, type ListingEnd, type Posting } from './connector.ts';
import { CrawlHttp, CrawlHttpError, NotModified, type CrawlHttpSettings } from './http.ts';
import type { HostGates } from './host-gate.ts';
import { prepareJob, writeJobs } from './job-write.ts';
import { queuePostingLinks } from './discovery/posting-links.ts';
import { understandJobs } from './understanding/index.ts';

export interface CrawlDeps {
  pool: Pool;
  boss: PgBoss;
  logger: Logger;
  http: CrawlHttpSettings;
  /** Shared by every crawl of the process, so per-host limits hold across boards. */
  gates: HostGates;
  goneDays: number;
}

export type CrawlOutcome = { status: 'skipped'; reason: string } | { status: Exclude<CrawlStatus, 'running'>; crawl: CrawlRecord };

const STATUS_NOT_FOUND = new Set([404, 410]);

/** The connector's view of a board. */
export function boardTarget(board: Pick<BoardRow, 'ats' | 'token' | 'url'>): BoardTarget {
  if (!isAtsId(board.ats)) throw new Error(`No connector for ATS ${board.ats}.`);
  return { ats: board.ats, token: board.token, url: board.url };
}

/** A crawled job's key within its source: ATS ids are unique per board, not per ATS (Workday, Personio). */
export function postingKey(board: Pick<BoardRow, 'token'>, externalId: string): string {
  return `${board.token}:${externalId}`;
}

export function postingHash(posting: Posting, board: Pick<BoardRow, 'id' | 'company_id'>): string {
  return createHash('sha256').update(JSON.stringify([board.id, board.company_id, posting])).digest('base64url');
}

/** Why a posting cannot be stored, or null when it can. */
function unusable(posting: Posting): string | null {
  if (!posting.external_id?.trim()) return 'no posting id';
  if (!posting.title?.trim()) return 'no title';
  for (const url of [posting.listing_url, posting.apply_url]) {
    try {
      const protocol = new URL(url).protocol;
      if (protocol !== 'https:' && protocol !== 'http:') return `not a web URL: ${url}`;
    } catch {
      return `not a URL: ${url}`;
    }
  }
  return null;
}

export function jobFromPosting(posting: Posting, board: BoardRow): JobInput {
  return {
    source: board.ats,
    external_id: posting.external_id,
    source_key: postingKey(board, posting.external_id),
    board_id: board.id,
    company_id: board.company_id,
    title: posting.title.trim(),
    description: posting.description,
    listing_url: posting.listing_url,
    apply_url: posting.apply_url,
    employment_type: posting.employment_type,
    work_model: posting.workplace,
    compensation: posting.compensation,
    date_posted: posting.date_posted,
    valid_through: posting.valid_through,
    department: posting.department,
    // A structured place carries its parts until writePage reads them through the gazetteer.
    locations: posting.locations.map((location) => {
      const parts = posting.places?.find((candidate) => candidate.raw === location);
      return {
        location, city: parts?.city ?? null, region: parts?.region ?? null, country: parts?.country ?? null,
        country_code: parts?.country_code ?? null, latitude: null, longitude: null,
      };
    }),
    content_hash: postingHash(posting, board),
    stated: { employment_type: posting.employment_type, work_model: posting.workplace, compensation: posting.compensation },
  };
}

/**
 * Crawls a board now. Holds the board's advisory lock for the crawl: with `wait` false a
 * crawl already running elsewhere makes this one a no-op (`skipped`).
 */
export async function crawlBoard(deps: CrawlDeps, boardId: string, options: { wait?: boolean } = {}): Promise<CrawlOutcome> {
  const lockClient = await deps.pool.connect();
  try {
    const lock = options.wait ? 'pg_advisory_lock' : 'pg_try_advisory_lock';
    const { rows } = await lockClient.query<{ locked: boolean | '' }>(`SELECT ${lock}(hashtextextended('crawl.board:' || $1, 0)) AS locked`, [boardId]);
    if (!options.wait && rows[0]!.locked === false) return { status: 'skipped', reason: 'a crawl of this board is running' };
    try {
      return await crawlLocked(deps, boardId);
    } finally {
      await lockClient.query(`SELECT pg_advisory_unlock(hashtextextended('crawl.board:' || $1, 0))`, [boardId]);
    }
  } finally {
    lockClient.release();
  }
}

async function crawlLocked(deps: CrawlDeps, boardId: string): Promise<CrawlOutcome> {
  const { pool, logger } = deps;
  const board = await findBoard(pool, boardId);
  if (!board) return { status: 'skipped', reason: 'no such board' };
  if (board.status !== 'active') return { status: 'skipped', reason: `the board is ${board.status}` };
  const connector = connectors[boardTarget(board).ats];
  // Holding the board's lock, any crawl still marked running belongs to a process that died.
  await abandonRunningCrawls(pool, board.id);
  const crawlId = await startCrawlRecord(pool, board.id);
  const started = Date.now();
  const http = new CrawlHttp(deps.http, deps.gates, board.validators);
  const counts: CrawlCounts = { seen: 0, new: 0, updated: 0, unchanged: 0, expired: 0, failed: 0 };
  let status: Exclude<CrawlStatus, 'running'>;
  let error: string | null = null;
  // The write of the page before, while the next is read.
  let previous: Promise<void> | null = null;
  try {
    const listing = connector.list(boardTarget(board), http);
    const seen = new Set<string>();
    let end: ListingEnd;
    let companyNamed = false;
    for (;;) {
      const next = await listing.next();
      if (next.done) {
        end = next.value;
        break;
      }
      const page: Posting[] = [];
      for (const posting of next.value) {
        const problem = unusable(posting);
        if (problem) {
          counts.failed++;
          logger.debug({ board_id: board.id, external_id: posting.external_id, problem }, 'posting skipped');
          continue;
        }
        const key = postingKey(board, posting.external_id);
        if (seen.has(key)) continue; // listed twice (pages shifted while we read): once is enough
        seen.add(key);
        page.push(posting);
      }
      counts.seen += page.length;
      if (!companyNamed) companyNamed = await nameCompany(pool, board, page);
      // Two pages in flight: this page is read and understood (CPU, here) while the one
      // before is written (in PostgreSQL); the writes stay one after another, so each sees
      // the pages before it (duplicates). The earlier page's failure surfaces first.
      const writing = writePage(deps, board, page, counts, previous);
      writing.catch(() => {});
      if (previous) await previous;
      previous = writing;
    }
    if (previous) await previous;
    if (end.complete) {
      counts.expired = await withTransaction(pool, (client) => recordListing(client, board.id, [...seen]));
      await boardAnswered(pool, board.id, http.receivedValidators);
      status = 'succeeded';
    } else {
      await boardAnswered(pool, board.id, null);
      status = 'partial';
      error = end.reason;
    }
  } catch (caught) {
    if (caught instanceof NotModified) {
      counts.expired = await withTransaction(pool, (client) => recordUnchangedListing(client, board.id));
      counts.seen = counts.unchanged = await liveJobCount(pool, board.id);
      await boardAnswered(pool, board.id, null);
      status = 'not_modified';
    } else if (caught instanceof CrawlHttpError && caught.status !== null && STATUS_NOT_FOUND.has(caught.status) && counts.seen === 0) {
      status = 'gone';
      error = caught.message;
      const since = await boardMissing(pool, board.id);
      if (Date.now() - since.getTime() >= deps.goneDays * 86_400_000) {
        const reason = `not found since ${since.toISOString()} (HTTP ${caught.status})`;
        await disableBoard(pool, board.id, reason);
        counts.expired = await expireBoardJobs(pool, board.id);
        error = `${caught.message} The board is disabled: ${reason}.`;
      }
    } else {
      status = 'failed';
      error = caught instanceof Error ? caught.message : String(caught);
    }
  } finally {
    // A listing that failed while a page was being written: the write ends (or fails) first.
    await previous?.catch(() => {});
    http.close();
  }
  const crawl = await finishCrawlRecord(pool, crawlId, { ...counts, status, requests: http.requests, error, http_errors: http.errors });
  crawlResults.inc({ source: board.ats, outcome: status });
  const seconds = Math.round((Date.now() - started) / 10) / 100;
  logger[status === 'failed' ? 'warn' : 'info'](
    { board_id: board.id, ats: board.ats, token: board.token, status, ...counts, requests: http.requests, seconds, ...(error ? { error } : {}) },
    'crawl finished',
  );
  return { status, crawl };
}

/**
 * Writes a page's new and changed postings; unchanged ones (same hash, live, same board)
 * are only counted. The write waits for `after` (the page before's), so pages are written
 * in order while this one is read and understood.
 */
async function writePage(deps: CrawlDeps, board: BoardRow, page: Posting[], counts: CrawlCounts, after: Promise<void> | null): Promise<void> {
  // Even a page with nothing to write ends after the page before, keeping the chain in order.
  const waitTurn = async () => {
    if (after) await after.catch(() => {});
  };
  if (page.length === 0) return waitTurn();
  const jobs = page.map((posting) => jobFromPosting(posting, board));
  const stored = await storedPostings(deps.pool, board.ats, jobs.map((job) => job.source_key!));
  const changed = jobs.filter((job) => {
    const previous = stored.get(job.source_key!);
    return !(previous && previous.live && previous.hash === job.content_hash && previous.board_id === board.id);
  });
  counts.unchanged += jobs.length - changed.length;
  if (changed.length === 0) return waitTurn();
  await resolveStructuredPlaces(deps.pool, changed);
  // Only what changed is converted and read (a re-crawl of an unchanged board does neither).
  const understood = understandJobs(changed.map(prepareJob));
  // Boards these postings link to are leads for discovery; queued before the write, so a
  // crash between the two loses no lead (a confirmation is harmless to repeat).
  await queuePostingLinks(deps.pool, deps.boss, boardTarget(board), changed.map((job) => ({ description: job.description ?? '', listing_url: job.listing_url ?? '' })));
  await waitTurn();
  const written = await writeJobs(deps.pool, deps.boss, understood);
  const inserted = written.filter((row) => row.inserted).length;
  counts.new += inserted;
  counts.updated += written.length - inserted;
  // Sent again but equal in every stored field (only the hash moved): unchanged.
  counts.unchanged += changed.length - written.length;
}

/** Places an ATS gave in parts, made canonical (with coordinates when the city is known) through the gazetteer; the rest wait for geocode.location. */
async function resolveStructuredPlaces(pool: Pool, jobs: JobInput[]): Promise<void> {
  const structured = (location: JobLocation) => location.latitude === null && !!(location.city || location.region || location.country || location.country_code);
  if (!jobs.some((job) => job.locations?.some(structured))) return;
  const geocoder = geocoderFor(pool);
  for (const job of jobs) {
    if (!job.locations?.some(structured)) continue;
    job.locations = await Promise.all(
      job.locations.map((location) =>
        structured(location)
          ? placeFromParts({ city: location.city, region: location.region, country: location.country, countryCode: location.country_code }, location.location, geocoder)
          : location,
      ),
    );
  }
}

/** A company added without a name carries its board token; the listing's own name replaces it. */
async function nameCompany(pool: Pool, board: BoardRow, page: Posting[]): Promise<boolean> {
  const name = page.find((posting) => posting.company_name?.trim())?.company_name?.trim();
  if (!name) return false;
  await pool.query('UPDATE companies SET name = $2, updated_at = now() WHERE id = $1 AND name = $3 AND name <> $2', [board.company_id, name, board.token]);
  return true;
}
