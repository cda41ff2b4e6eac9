// bench:ingest — crawls replica boards end to end (fetch → map → hash → convert and upsert →
// geocoding queued → PostgreSQL search index written by trigger), one board per ATS
// format, and re-crawls them unchanged. Prints postings per second for both and the
// crawler's peak RSS growth; the replicas run in a child process, so their memory is not
// counted. Each format warms up on a 200-posting board first. Run it at two board sizes to
// see that memory does not grow with the board.
//
//   npm run -s bench:ingest [-- --postings 10000 --formats greenhouse,lever,ashby]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { addBoard } from '../../crawlers/boards.ts';
import type { AtsId } from '../../crawlers/connector.ts';
import { crawlBoard, type CrawlDeps } from '../../crawlers/crawl.ts';
import { HostGates } from '../../crawlers/host-gate.ts';
import type { CrawlHttpSettings } from '../../crawlers/http.ts';
import { createLogger } from '../../lib/logger.ts';
import { machine, startBenchService } from './harness.ts';

const { values } = parseArgs({ options: { postings: { type: 'string', default: '10000' }, formats: { type: 'string', default: 'greenhouse,lever,ashby' } } });
const postings = Number(values.postings);
const formats = values.formats.split(',') as AtsId[];

const child = spawn(process.execPath, [path.join(import.meta.dirname, 'ats-replicas.ts'), formats.join(','), String(postings)], { stdio: ['pipe', 'pipe', 'inherit'] });
const [line] = (await once(readline.createInterface({ input: child.stdout! }), 'line')) as [string];
const origins: Record<string, Record<string, string>> = JSON.parse(line);

const service = await startBenchService();
const { pool, boss } = service.runtime;
const http: CrawlHttpSettings = {
  userAgent: 'jobdata-service-crawler/bench',
  timeoutMs: 120_000,
  maxResponseBytes: 500 * 1024 * 1024,
  hostLimit: { concurrency: 8, ratePerSecond: 0 },
  maxRetryAfterSeconds: 5,
  attempts: 1,
  origins: Object.assign({}, ...Object.values(origins)),
  allowPrivate: false,
};
const deps: CrawlDeps = { pool, boss, logger: createLogger('warn', 'bench'), http, gates: new HostGates(() => http.hostLimit), goneDays: 3 };

async function crawl(label: string, boardId: string) {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  const outcome = await crawlBoard(deps, boardId);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (outcome.status !== 'succeeded') throw new Error(`${label}: crawl ${outcome.status} ${'crawl' in outcome ? outcome.crawl.error : outcome.reason}`);
  const { seen, new: added, updated, unchanged } = outcome.crawl;
  console.log(
    `  ${label}: ${seen} postings in ${seconds.toFixed(2)} s = ${Math.round(seen / seconds)} postings/s ` +
      `(new ${added}, updated ${updated}, unchanged ${unchanged}); peak RSS +${Math.round((peak - rssBefore) / 1048576)} MB`,
  );
}

console.log(`bench:ingest on ${machine()}: one replica board of ${postings} postings per format (${formats.join(', ')})`);
for (const format of formats) {
  // A small board first, so the figures leave out what any first crawl of a format costs once (code, pools, caches).
  const warm = await addBoard(pool, { ats: format, token: 'warm' }, 60);
  await crawlBoard(deps, warm.board.id);
  const { board } = await addBoard(pool, { ats: format, token: 'bench' }, 60);
  console.log(format);
  await crawl('first crawl', board.id);
  const queued = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'geocode.location' AND data->'job_ids' IS NOT NULL`)).rows[0]!.n;
  const indexed = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM job_search s JOIN jobs j ON j.id = s.job_id WHERE j.board_id = $1', [board.id])).rows[0]!.n;
  const duplicates = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs WHERE board_id = $1 AND duplicate_of IS NOT NULL', [board.id])).rows[0]!.n;
  console.log(`  geocode.location jobs queued so far: ${queued}; job_search rows (the PostgreSQL search index) of this board: ${indexed}; linked as duplicates: ${duplicates}`);
  await crawl('unchanged re-crawl', board.id);
}
child.stdin!.end();
await service.stop();
