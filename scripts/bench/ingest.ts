// bench:ingest — crawls replica boards end to end (fetch → map → hash → convert and upsert →
// geocoding queued → PostgreSQL search index written by trigger) and re-crawls them
// unchanged. Prints postings per second for both, and the process's peak RSS growth per
// board size (a board is one listing document on single-request ATSs).
//
//   npm run -s bench:ingest [-- --postings 10000 --boards 1]
import { parseArgs } from 'node:util';
import { addBoard } from '../../crawlers/boards.ts';
import { crawlBoard, type CrawlDeps } from '../../crawlers/crawl.ts';
import { HostGates } from '../../crawlers/host-gate.ts';
import type { CrawlHttpSettings } from '../../crawlers/http.ts';
import { createLogger } from '../../lib/logger.ts';
import { makeGreenhousePosting, startGreenhouseReplica } from '../../test/helpers/ats-api/greenhouse.ts';
import { machine, startBenchService } from './harness.ts';

const { values } = parseArgs({ options: { postings: { type: 'string', default: '10000' }, boards: { type: 'string', default: '1' } } });
const total = Number(values.postings);
const boardCount = Number(values.boards);
const perBoard = Math.ceil(total / boardCount);

const service = await startBenchService();
const replica = await startGreenhouseReplica();
const { pool, boss } = service.runtime;
const http: CrawlHttpSettings = {
  userAgent: 'jobdata-service-crawler/bench',
  timeoutMs: 120_000,
  maxResponseBytes: 500 * 1024 * 1024,
  hostLimit: { concurrency: 8, ratePerSecond: 0 },
  maxRetryAfterSeconds: 5,
  attempts: 1,
  origins: replica.origins,
  allowPrivate: false,
};
const deps: CrawlDeps = { pool, boss, logger: createLogger('warn', 'bench'), http, gates: new HostGates(() => http.hostLimit), goneDays: 3 };

const boardIds: string[] = [];
for (let b = 0; b < boardCount; b++) {
  const token = `bench${b}`;
  replica.boards.set(token, Array.from({ length: perBoard }, (_, i) => makeGreenhousePosting(b * perBoard + i, token)));
  boardIds.push((await addBoard(pool, { ats: 'greenhouse', token }, 60)).board.id);
}

async function crawlAll(label: string) {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const outcomes = await Promise.all(boardIds.map((id) => crawlBoard(deps, id)));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const counts = { seen: 0, new: 0, updated: 0, unchanged: 0 };
  for (const outcome of outcomes) {
    if (outcome.status !== 'succeeded') throw new Error(`${label}: crawl ${outcome.status} ${'crawl' in outcome ? outcome.crawl.error : outcome.reason}`);
    for (const key of Object.keys(counts) as Array<keyof typeof counts>) counts[key] += outcome.crawl[key];
  }
  const rate = Math.round(counts.seen / seconds);
  console.log(`${label}: ${counts.seen} postings in ${seconds.toFixed(2)} s = ${rate} postings/s (new ${counts.new}, updated ${counts.updated}, unchanged ${counts.unchanged}); peak RSS +${Math.round((peak - rssBefore) / 1048576)} MB`);
  return rate;
}

console.log(`bench:ingest on ${machine()}: ${boardCount} Greenhouse replica board(s) of ${perBoard} postings`);
await crawlAll('first crawl');
const queued = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'geocode.location'`)).rows[0]!.n;
const indexed = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM job_search')).rows[0]!.n;
console.log(`  geocode.location jobs queued: ${queued}; job_search rows (the PostgreSQL search index): ${indexed}`);
await crawlAll('unchanged re-crawl');
await replica.server.close();
await service.stop();
