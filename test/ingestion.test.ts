// Ingestion end to end over the real service: a board is added through the admin API,
// crawled from a Greenhouse replica by the crawl.board worker, its jobs searchable and
// geocoded; an unchanged re-crawl writes nothing; a changed posting keeps its id and
// comes once in an updated_after feed; a missing posting expires after the second
// complete listing without it and comes back under the same id; a listing that fails
// with 500 or stops halfway expires nothing; a 429 with Retry-After is waited out; a board
// that is gone is disabled. The CLI's board commands run against the same database.
import t from 'tap';
import { withTransaction } from '../db/pool.ts';
import { replaceManagedCompanies } from '../db/accounts.ts';
import { makeGreenhousePosting, startGreenhouseReplica } from './helpers/ats-api/greenhouse.ts';
import { startIngestionService } from './helpers/ingestion.ts';
import { runScript } from './helpers/process.ts';
import { waitFor } from './helpers/wait.ts';

const replica = await startGreenhouseReplica();
t.teardown(() => replica.server.close());
const { service, admin, customer, customerAccountId, crawl } = await startIngestionService(t, replica.origins, { env: { CRAWL_GONE_DAYS: '0' } });
const { pool } = service.runtime;
const crawlOrigins = Object.entries(replica.origins).map(([real, local]) => `${real}=${local}`).join(',');
const cli = async (...args: string[]) => {
  const result = await runScript('scripts/admin.ts', args, { DATABASE_URL: service.databaseUrl, CRAWL_ORIGINS: crawlOrigins });
  let json: any = result.stdout;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    // usage errors print text
  }
  return { code: result.code, json, stderr: result.stderr };
};

replica.boards.set('acme', [1, 2, 3].map((n) => makeGreenhousePosting(n, 'acme')));
const added = await admin.post('/api/admin/boards', { ats: 'greenhouse', token: 'acme', company_name: 'Acme Robotics', website: 'https://acme.example' });
const boardId: string = added.body.id;
const companyId: string = added.body.company_id;

const jobsOfBoard = async () =>
  (await pool.query<{ id: string; external_id: string; title: string; updated_at: Date; expired_at: Date | null }>(
    'SELECT id, external_id, title, updated_at, expired_at FROM jobs WHERE board_id = $1 ORDER BY external_id',
    [boardId],
  )).rows;
const searchTotal = async (q: string) => (await customer.get(`/api/jobs?q=${encodeURIComponent(q)}`)).body.total as number;

t.test('a board is added through the admin API', async (t) => {
  t.equal(added.status, 201);
  t.equal(added.headers.get('location'), `/api/admin/boards/${boardId}`);
  t.match(added.body, { ats: 'greenhouse', token: 'acme', url: null, status: 'active', interval_minutes: 60, last_crawl: null });
  const again = await admin.post('/api/admin/boards', { ats: 'greenhouse', token: 'acme' });
  t.equal(again.status, 409);
  t.equal(again.body.code, 'board_exists');
  t.equal(again.body.board_id, boardId);
  const bad = await admin.post('/api/admin/boards', { ats: 'workday', token: 'x' });
  t.equal(bad.status, 400);
  t.match(bad.body.errors, [{ field: 'url' }]);
  const unknown = await admin.post('/api/admin/boards', { ats: 'taleo', token: 'x' });
  t.equal(unknown.status, 400);
  const company = await pool.query('SELECT name, website, ats_provider, listing_url FROM companies WHERE id = $1', [companyId]);
  t.same(company.rows[0], { name: 'Acme Robotics', website: 'https://acme.example/', ats_provider: 'greenhouse', listing_url: 'https://job-boards.greenhouse.io/acme' });
});

t.test('the first crawl stores every posting; they are searchable and geocoded', async (t) => {
  const view = await crawl(boardId);
  t.match(view.crawls[0], { status: 'succeeded', seen: 3, new: 3, updated: 0, unchanged: 0, expired: 0, failed: 0, requests: 1, error: null });
  t.match(view.board.last_crawl, { status: 'succeeded', seen: 3, new: 3 });
  const request = replica.server.requests.at(-1)!;
  t.match(request.headers['user-agent'], /^jobdata-service-crawler\/[\d.]+ \(\+http/, 'a User-Agent naming the service and a contact URL');
  t.equal(await searchTotal('software engineer'), 3);
  const jobs = (await customer.get('/api/jobs?q=software%20engineer&include_fields=')).body.jobs;
  t.same(jobs.map((job: any) => job.external_id).sort(), ['4000000001', '4000000002', '4000000003']);
  const one = (await customer.get(`/api/jobs/${(await jobsOfBoard())[0]!.id}`)).body;
  t.match(one, {
    title: 'Software Engineer 1',
    source: 'greenhouse',
    external_id: '4000000001',
    company: { id: companyId, name: 'Acme Robotics' },
    listing_url: 'https://job-boards.greenhouse.io/acme/jobs/4000000001',
    compensation: { min: 100001, max: 150001, currency: 'USD' },
  });
  t.match(one.description, /Posting 1: build the platform/);
  t.match(one.description, /- TypeScript & PostgreSQL/);
  await waitFor('posting 1 geocoded', async () => {
    const job = (await customer.get(`/api/jobs/${one.id}`)).body;
    return job.locations[0]?.city === 'Berlin' && job;
  });
  // Geocoding done for every posting, so nothing changes the rows under the next test.
  await waitFor('no geocoding left', async () =>
    (await pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'geocode.location' AND state < 'completed'`)).rows[0].n === 0);
});

t.test('an unchanged re-crawl (the CLI: crawls, waits, prints the counts) writes nothing', async (t) => {
  const before = await jobsOfBoard();
  const result = await cli('board', 'crawl', '--id', boardId);
  t.equal(result.code, 0, result.stderr);
  t.match(result.json, { status: 'succeeded', seen: 3, new: 0, updated: 0, unchanged: 3, expired: 0, failed: 0 });
  t.type(result.json.seconds, 'number');
  t.same(await jobsOfBoard(), before, 'no updated_at moved, geocoded locations kept');
});

t.test('a changed posting updates in place and comes once in an updated_after feed', async (t) => {
  await withTransaction(pool, (db) => replaceManagedCompanies(db, customerAccountId, [companyId]));
  const watermark = new Date().toISOString();
  const before = await jobsOfBoard();
  replica.boards.get('acme')![1]!.title = 'Senior Software Engineer 2';
  const view = await crawl(boardId);
  t.match(view.crawls[0], { status: 'succeeded', seen: 3, new: 0, updated: 1, unchanged: 2 });
  const after = await jobsOfBoard();
  t.equal(after[1]!.id, before[1]!.id, 'same job id');
  t.equal(after[1]!.title, 'Senior Software Engineer 2');
  t.ok(after[1]!.updated_at > before[1]!.updated_at);
  t.same(after[0]!.updated_at, before[0]!.updated_at, 'the others untouched');
  await crawl(boardId);
  const feed = await customer.post('/api/jobs/feed/managed', { updated_after: watermark });
  t.equal(feed.status, 200);
  t.same(feed.body.jobs.map((job: any) => job.id), [before[1]!.id], 'exactly the changed job, once');
});

t.test('a posting missing from two complete listings expires; back again, it is live under its id', async (t) => {
  const [, , third] = await jobsOfBoard();
  const removed = replica.boards.get('acme')!.pop()!;
  const first = await crawl(boardId);
  t.match(first.crawls[0], { status: 'succeeded', seen: 2, expired: 0 }, 'one miss is not enough');
  t.equal((await customer.get('/api/jobs?q=software%20engineer')).body.jobs.some((job: any) => job.id === third!.id), true, 'still searchable after one miss');
  const second = await crawl(boardId);
  t.match(second.crawls[0], { status: 'succeeded', seen: 2, expired: 1 });
  const expired = await customer.get(`/api/jobs/expired?ids=${third!.id}`);
  t.same(expired.body.expired_ids, [third!.id], 'in GET /api/jobs/expired');
  t.equal((await customer.get('/api/jobs?q=software%20engineer')).body.jobs.some((job: any) => job.id === third!.id), false, 'gone from search');
  replica.boards.get('acme')!.push(removed);
  const back = await crawl(boardId);
  t.match(back.crawls[0], { status: 'succeeded', seen: 3, new: 0, updated: 1 });
  const again = await jobsOfBoard();
  t.equal(again[2]!.id, third!.id);
  t.equal(again[2]!.expired_at, null);
  t.equal((await customer.get(`/api/jobs/expired?ids=${third!.id}`)).body.expired_ids.length, 0);
});

t.test('a listing that fails with 500, or stops halfway, expires nothing', async (t) => {
  const removed = replica.boards.get('acme')!.shift()!;
  replica.server.faults.push({ status: 500 });
  for (let round = 0; round < 2; round++) {
    const view = await crawl(boardId);
    t.match(view.crawls[0], { status: 'failed', expired: 0, seen: 0 });
    t.match(view.crawls[0].error, /HTTP 500/);
    t.equal(view.crawls[0].http_errors.length, 3, 'three attempts, each recorded');
  }
  replica.server.faults.splice(0, 1, { cut: true });
  for (let round = 0; round < 2; round++) {
    const view = await crawl(boardId);
    t.match(view.crawls[0], { status: 'failed', expired: 0 });
  }
  replica.server.faults.length = 0;
  t.equal((await jobsOfBoard()).filter((job) => job.expired_at).length, 0, 'every job still live after four failed listings');
  const ok = await crawl(boardId);
  t.match(ok.crawls[0], { status: 'succeeded', seen: 2, expired: 0 }, 'the next complete listing counts the first miss only');
  replica.boards.get('acme')!.unshift(removed);
  await crawl(boardId);
});

t.test('a 429 with Retry-After is waited out', async (t) => {
  replica.server.faults.push({ status: 429, retryAfter: '2', count: 1 });
  const started = Date.now();
  const view = await crawl(boardId);
  t.ok(Date.now() - started >= 2000, 'waited the 2 seconds asked');
  t.match(view.crawls[0], { status: 'succeeded', seen: 3, requests: 2 });
  t.match(view.crawls[0].http_errors, [{ status: 429, message: /waited 2 s/ }]);
  replica.server.faults.length = 0;
});

t.test('the CLI adds, lists, imports and removes boards', async (t) => {
  const added = await cli('board', 'add', '--ats', 'greenhouse', '--token', 'globex', '--company-name', 'Globex');
  t.equal(added.code, 0, added.stderr);
  t.same(Object.keys(added.json).sort(), ['board_id', 'company_id', 'created']);
  const workday = await cli('board', 'add', '--ats', 'workday', '--url', 'https://globex.wd5.myworkdayjobs.com/en-US/Careers');
  t.equal(workday.code, 0, workday.stderr);
  const usage = await cli('board', 'add', '--ats', 'workday', '--token', 'x');
  t.equal(usage.code, 2);
  t.match(usage.stderr, /site URL/);
  const fs = await import('node:fs/promises');
  const os = await import('node:os');
  const path = await import('node:path');
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'boards-')), 'boards.csv');
  await fs.writeFile(file, 'ats,token,url\ngreenhouse,globex\nlever,initech\nashby,\nsmartrecruiters,Hooli\nworkday,,https://initech.wd1.myworkdayjobs.com/External\n');
  const imported = await cli('board', 'import', '--file', file);
  t.equal(imported.code, 0, imported.stderr);
  t.match(imported.json, { added: 3, exists: 1, invalid: 1 });
  t.match(imported.json.lines, [
    { line: 2, status: 'exists', board_id: added.json.board_id },
    { line: 3, status: 'added', ats: 'lever', token: 'initech' },
    { line: 4, status: 'invalid', error: /needs its token/ },
    { line: 5, status: 'added', token: 'Hooli' },
    { line: 6, status: 'added', ats: 'workday', token: 'initech/External' },
  ]);
  const twice = await cli('board', 'import', '--file', file);
  t.match(twice.json, { added: 0, exists: 4, invalid: 1 }, 'idempotent');
  const list = await cli('board', 'list');
  t.equal(list.json.length, 6);
  const removed = await cli('board', 'remove', '--id', added.json.board_id);
  t.match(removed.json, { removed: true, jobs_expired: 0 });
  t.equal((await cli('board', 'remove', '--id', added.json.board_id)).code, 1);
  const listed = await admin.get('/api/admin/boards?limit=2');
  t.equal(listed.body.boards.length, 2);
  t.ok(listed.body.next_after);
});

t.test('a board that is gone is disabled and its jobs expire', async (t) => {
  replica.boards.delete('acme');
  const view = await crawl(boardId);
  t.match(view.crawls[0], { status: 'gone', expired: 3 });
  t.match(view.board, { status: 'disabled', disabled_reason: /not found since/ });
  t.equal((await jobsOfBoard()).filter((job) => !job.expired_at).length, 0);
  const refused = await admin.post(`/api/admin/boards/${boardId}/crawl`, {});
  t.equal(refused.status, 409);
  t.equal(refused.body.code, 'board_disabled');
  const deleted = await admin.request('DELETE', `/api/admin/boards/${boardId}`);
  t.equal(deleted.status, 204);
  t.equal((await admin.get(`/api/admin/boards/${boardId}`)).status, 404);
});
