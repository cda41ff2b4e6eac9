// The feeds through HTTP: the jobs feed and its filters and cursors, the managed feed,
// expired ids in both modes, the career-sites feed, cursor abuse, one request per
// cursor, load shedding, and charging.
import t from 'tap';
import pg from 'pg';
import { startTestService } from './helpers/service.ts';
import { addKey, createAccount } from './helpers/accounts.ts';
import { berlin, createCompanies, job, toronto } from './fixtures/jobs.ts';
import { expireJobs, type JobInput } from '../db/jobs.ts';
import { upsertJobs } from '../crawlers/job-write.ts';
import { upsertCompanies } from '../db/companies.ts';
import { replaceManagedCompanies } from '../db/accounts.ts';
import { withTransaction } from '../db/pool.ts';
import { serviceSecret } from '../db/service-secrets.ts';
import { CursorCodec } from '../api/feeds/cursor.ts';

const service = await startTestService(t, { env: { FEED_MAX_CONCURRENCY: '1', FEED_MAX_QUEUE: '0' } });
const { pool } = service.runtime;
const companies = await createCompanies(pool);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Locks job_search from another connection, so feed reads wait until the returned release. */
async function holdJobSearch(): Promise<() => Promise<void>> {
  const blocker = new pg.Client({ connectionString: service.databaseUrl });
  await blocker.connect();
  await blocker.query('BEGIN');
  await blocker.query('LOCK TABLE job_search IN ACCESS EXCLUSIVE MODE');
  return async () => {
    await blocker.query('ROLLBACK');
    await blocker.end();
  };
}

/** Writes jobs one transaction each, so every one has its own created_at. */
async function writeEach(jobs: JobInput[]) {
  for (const item of jobs) await upsertJobs(pool, [item]);
}
const jobs: JobInput[] = [];
for (let n = 1; n <= 9; n++) {
  jobs.push(
    job({
      company_id: n <= 6 ? companies.acme : companies.globex,
      title: `Feed Job ${n}`,
      work_model: n % 3 === 0 ? 'onsite' : 'remote',
      source: n % 2 ? 'greenhouse' : 'lever',
      locations: n % 2 ? [berlin] : [toronto],
      date_posted: `2026-10-${String(n + 10).padStart(2, '0')}T00:00:00Z`,
    }),
  );
}
await writeEach(jobs);
await upsertJobs(pool, [job({ company_id: companies.sandbox, title: 'Sandbox Feed Job', sandbox: true })]);
const order = (await pool.query<{ title: string }>("SELECT title FROM jobs WHERE NOT sandbox ORDER BY created_at, id")).rows.map((row) => row.title);

const account = await createAccount(pool, { name: 'Feeder', plan: 'subscribed', credits: 100_000, rate_limit_overrides: { JobFeed: { minute: 100_000 } } });
const client = service.client.with({ 'x-api-key': account.key });
const sandboxKey = (await addKey(pool, account.id, 'sandbox')).key;
const titles = (body: { jobs: Array<{ title: string }> }) => body.jobs.map((item) => item.title);

async function readAll(path: string, body: Record<string, unknown>) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const response = await client.post(path, { ...body, ...(cursor ? { cursor } : {}) });
    if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    seen.push(...titles(response.body));
    if (!response.body.has_more) {
      if (response.body.next_cursor !== null) throw new Error('next_cursor without has_more');
      return seen;
    }
    cursor = response.body.next_cursor;
  }
  throw new Error('the feed did not end');
}

t.test('the jobs feed: every live job once, in ingestion order, in batches', async (t) => {
  for (const batch_size of [1, 4, 1000]) {
    t.same(await readAll('/api/jobs/feed', { batch_size }), order, `batch_size ${batch_size}`);
    t.same(await readAll('/api/jobs/feed', { batch_size, stable_scan: true }), order, `batch_size ${batch_size}, stable`);
  }
  const first = await client.post('/api/jobs/feed', {});
  t.equal(first.body.jobs.length, 9, 'batch_size defaults to 100');
  t.match(first.body, { next_cursor: null, has_more: false });
  t.match(first.body.jobs[0], { id: String, title: order[0], description: String, created_at: String });
});

t.test('feed filters', async (t) => {
  const onsite = order.filter((title) => Number(title.split(' ')[2]) % 3 === 0);
  t.same(await readAll('/api/jobs/feed', { work_models: ['onsite'], batch_size: 2 }), onsite);
  t.same(await readAll('/api/jobs/feed', { work_models: null }), order, 'null means all');
  t.same(await readAll('/api/jobs/feed', { work_models: [] }), order, 'empty means all');
  t.same((await readAll('/api/jobs/feed', { sources: ['lever'] })).length, 4);
  t.same((await readAll('/api/jobs/feed', { locations: ['toronto'] })).length, 4);
  t.same(await readAll('/api/jobs/feed', { posted_after: '2026-10-18T00:00:00Z' }), ['Feed Job 9'], 'posted strictly after');
  const before = new Date();
  await pause(20);
  await upsertJobs(pool, [{ ...jobs[0]!, description: '<p>Updated.</p>' }]);
  t.same(await readAll('/api/jobs/feed', { updated_after: before.toISOString() }), ['Feed Job 1'], 'updated after: the watermark');
  const sandboxClient = service.client.with({ 'x-api-key': sandboxKey });
  t.same(titles((await sandboxClient.post('/api/jobs/feed', {})).body), ['Sandbox Feed Job'], 'sandbox keys see sandbox jobs only');
  const trimmed = await client.post('/api/jobs/feed', { include_fields: ['title'], description_format: 'html', batch_size: 1 });
  t.same(Object.keys(trimmed.body.jobs[0]).sort(), ['external_id', 'id', 'title']);
  for (const bad of [{ batch_size: 0 }, { batch_size: 1001 }, { work_models: ['Remote'] }, { posted_after: 'yesterday' }, { surprise: 1 }]) {
    const response = await client.post('/api/jobs/feed', bad);
    t.equal(response.status, 400, `400 for ${JSON.stringify(bad)}`);
    t.equal(response.body.code, 'invalid_request');
  }
});

t.test('cursors: tampered, foreign and rebound cursors', async (t) => {
  const page = await client.post('/api/jobs/feed', { batch_size: 2, work_models: ['remote'] });
  const cursor: string = page.body.next_cursor;
  const [data, mac] = cursor.split('.');
  const payload = JSON.parse(Buffer.from(data!, 'base64url').toString());
  const forged = `${Buffer.from(JSON.stringify({ ...payload, p: payload.p.replace(/\d/, '0') })).toString('base64url')}.${mac}`;
  for (const [name, bad] of [['garbage', 'not-a-cursor'], ['tampered', forged], ['truncated', cursor.slice(0, -3)], ['empty mac', `${data}.`]] as const) {
    const response = await client.post('/api/jobs/feed', { batch_size: 2, work_models: ['remote'], cursor: bad });
    t.equal(response.status, 400, `${name}: 400`);
    t.equal(response.body.code, 'invalid_cursor');
  }
  const other = await createAccount(pool, { name: 'Other', plan: 'subscribed', credits: 1000 });
  const foreign = await service.client.with({ 'x-api-key': other.key }).post('/api/jobs/feed', { batch_size: 2, work_models: ['remote'], cursor });
  t.equal(foreign.status, 400, "another account's cursor: 400");
  t.equal(foreign.body.code, 'invalid_cursor');
  const managed = await client.post('/api/jobs/feed/managed', { batch_size: 2, cursor });
  t.equal(managed.body.code, 'invalid_cursor', "another feed's cursor: 400");

  const rebound = await client.post('/api/jobs/feed', { batch_size: 2, work_models: ['onsite'], cursor });
  t.equal(rebound.status, 409, 'the same cursor with other filters: 409');
  t.equal(rebound.body.code, 'feed_cursor_restart_required');
  t.match(rebound.body.detail, /stable_scan true and batch_size 1000/);
  const restarted = await client.post('/api/jobs/feed', { stable_scan: true, batch_size: 1000 });
  t.equal(restarted.status, 200, 'and the restart works');
  t.equal(restarted.body.jobs.length, 9);
  t.equal((await client.post('/api/jobs/feed', { batch_size: 2, work_models: ['remote'], cursor })).status, 200, 'the cursor still works with its own filters');

  // A genuine cursor whose position another search backend made (the service switched to PostgreSQL meanwhile).
  const codec = new CursorCodec(await serviceSecret(pool, 'feed_cursor'));
  const switched = codec.seal(account.id, 'jobs', { sandbox: false, stable: true }, JSON.stringify({ backend: 'opensearch', sort: [1, 'x'], pit: 'gone' }));
  const unresumable = await client.post('/api/jobs/feed', { stable_scan: true, cursor: switched });
  t.equal(unresumable.status, 409, 'a position this backend cannot resume: 409');
  t.equal(unresumable.body.code, 'feed_cursor_restart_required');
});

t.test('one request at a time per cursor; a saturated feed sheds load with 503', async (t) => {
  const cursor: string = (await client.post('/api/jobs/feed', { batch_size: 2 })).body.next_cursor;
  // The first request waits inside its read, holding the cursor and the only feed slot.
  const release = await holdJobSearch();
  const first = client.post('/api/jobs/feed', { batch_size: 2, cursor });
  await pause(300);
  const busy = await client.post('/api/jobs/feed', { batch_size: 2 });
  t.equal(busy.status, 503, 'the feed backend is saturated: 503 at once');
  t.equal(busy.headers.get('retry-after'), '2');
  t.equal(busy.body.error, 'feed_backend_busy');
  await release();
  t.equal((await first).status, 200, 'the request that was waiting completes');
});

t.test('a second request on a running cursor gets 409 request_conflict', async (t) => {
  const wide = await startTestService(t, { databaseUrl: service.databaseUrl });
  const wideClient = wide.client.with({ 'x-api-key': account.key });
  const cursor: string = (await wideClient.post('/api/jobs/feed', { batch_size: 2 })).body.next_cursor;
  const release = await holdJobSearch();
  const first = wideClient.post('/api/jobs/feed', { batch_size: 2, cursor });
  await pause(300);
  // From the other process, where the feed has a free slot: the cursor lock is shared.
  const second = await client.post('/api/jobs/feed', { batch_size: 2, cursor });
  t.equal(second.status, 409);
  t.equal(second.body.code, 'request_conflict');
  await release();
  t.equal((await first).status, 200);
  t.equal((await client.post('/api/jobs/feed', { batch_size: 2, cursor })).status, 200, 'after it, the cursor works again');
});

t.test('the managed feed: customer keys only, the configured companies, no locations', async (t) => {
  const empty = await client.post('/api/jobs/feed/managed', {});
  t.same(empty.body, { jobs: [], next_cursor: null, has_more: false }, 'no companies configured: an empty page');
  await withTransaction(pool, (db) => replaceManagedCompanies(db, account.id, [companies.globex]));
  const managed = await readAll('/api/jobs/feed/managed', { batch_size: 2 });
  t.same(managed, order.filter((title) => Number(title.split(' ')[2]) > 6), "only the configured companies' jobs");
  const page = await client.post('/api/jobs/feed/managed', { batch_size: 1 });
  const { rows } = await pool.query<{ created_at: Date }>('SELECT created_at FROM jobs WHERE id = $1', [page.body.jobs[0].id]);
  t.equal(page.body.jobs[0].created_at, rows[0]!.created_at.toISOString(), 'created_at is the ingestion time');
  const located = await client.post('/api/jobs/feed/managed', { locations: ['berlin'] });
  t.equal(located.status, 400);
  t.match(located.body, { code: 'invalid_request', errors: [{ location: 'body', field: 'locations', message: 'is not a known field' }] }, 'the managed feed has no locations filter');
  const bySandbox = await service.client.with({ 'x-api-key': sandboxKey }).post('/api/jobs/feed/managed', {});
  t.equal(bySandbox.status, 403, 'sandbox keys: 403');
});

t.test('charging: per delivered job, waived by a feed subscription, never the rate limit', async (t) => {
  const payer = await createAccount(pool, { name: 'Payer', plan: 'subscribed', credits: 100 });
  const payerClient = service.client.with({ 'x-api-key': payer.key });
  const page = await payerClient.post('/api/jobs/feed', { batch_size: 3 });
  t.equal(page.headers.get('x-credits-deducted'), '3');
  const none = await payerClient.post('/api/jobs/feed', { posted_after: '2030-01-01T00:00:00Z' });
  t.equal(none.status, 200);
  t.equal(none.headers.get('x-credits-deducted'), null, 'an empty page is free');
  const subscriber = await createAccount(pool, { name: 'Subscriber', plan: 'subscribed', credits: 0, feed_subscription: true });
  const subscribed = await service.client.with({ 'x-api-key': subscriber.key }).post('/api/jobs/feed', { batch_size: 3 });
  t.equal(subscribed.status, 200, 'no credits needed with a feed subscription');
  t.equal(subscribed.headers.get('x-ratelimit-group'), 'JobFeed', 'still rate limited');
});

t.test('expired ids: which of given ids, and all since a time', async (t) => {
  const ids = new Map((await pool.query<{ id: string; title: string }>('SELECT id, title FROM jobs')).rows.map((row) => [row.title, row.id]));
  const since = new Date();
  await pause(20);
  await expireJobs(pool, [ids.get('Feed Job 2')!]);
  await pause(20);
  await pool.query("UPDATE jobs SET valid_through = now() - interval '1 millisecond' WHERE id = $1", [ids.get('Feed Job 5')]);
  await pause(20);
  await expireJobs(pool, [ids.get('Feed Job 7')!]);
  const unknown = '00000000-0000-4000-8000-000000000000';
  const asked = [ids.get('Feed Job 2'), ids.get('Feed Job 3'), ids.get('Feed Job 5'), unknown, ids.get('Sandbox Feed Job')];
  const which = await client.get(`/api/jobs/expired?ids=${asked.join(',')}`);
  t.equal(which.status, 200);
  t.same(which.body, {
    expired_ids: [ids.get('Feed Job 2'), ids.get('Feed Job 5')],
    unknown_ids: [unknown, ids.get('Sandbox Feed Job')],
    next_cursor: null,
    has_more: false,
  }, 'expired by leaving the source or by valid_through; sandbox jobs are unknown to live keys');

  const seen: string[] = [];
  let cursor = '';
  for (let page = 0; page < 5; page++) {
    const response = await client.get(`/api/jobs/expired?expired_after=${since.toISOString()}&batch_size=1${cursor ? `&cursor=${cursor}` : ''}`);
    t.equal(response.status, 200);
    seen.push(...response.body.expired_ids);
    if (!response.body.has_more) break;
    cursor = response.body.next_cursor;
  }
  t.same(seen, [ids.get('Feed Job 2'), ids.get('Feed Job 5'), ids.get('Feed Job 7')], 'since then, oldest expiry first, by cursor');
  const all = await readAll('/api/jobs/feed', {});
  t.notOk(all.some((title) => ['Feed Job 2', 'Feed Job 5', 'Feed Job 7'].includes(title)), 'and the feed no longer delivers them');

  for (const bad of ['', '?ids=x', `?ids=${unknown}&expired_after=${since.toISOString()}`, `?ids=${unknown}&cursor=abc`, `?expired_after=${since.toISOString()}&batch_size=1001`]) {
    const response = await client.get(`/api/jobs/expired${bad}`);
    t.equal(response.status, 400, `400 for "${bad}"`);
  }
  const tampered = await client.get(`/api/jobs/expired?expired_after=${since.toISOString()}&cursor=${cursor}x`);
  t.equal(tampered.body.code, 'invalid_cursor');
  const moved = await client.get(`/api/jobs/expired?expired_after=${new Date(0).toISOString()}&cursor=${cursor}`);
  t.equal(moved.body.code, 'feed_cursor_restart_required', 'a cursor for another expired_after: 409');
});

t.test('the career-sites feed: every filter and bound of spec 4.2', async (t) => {
  const at = (day: number) => new Date(`2026-09-${String(day).padStart(2, '0')}T00:00:00Z`);
  const sites = await upsertCompanies(pool, [
    { source_key: 'cs:alpha', name: 'Alpha Labs', industries: ['Software', 'AI'], company_size: '51-200', country_code: 'DE', funding_stage: 'series_a', company_type: 'for_profit', founding_year: 2015, is_agency: false, ats_provider: 'greenhouse', listing_url: 'https://alpha.example.com/careers' },
    { source_key: 'cs:beta', name: 'Beta Care', industries: ['Healthcare'], company_size: '1001-5000', country_code: 'US', funding_stage: 'ipo', company_type: 'non_profit', founding_year: 1990, is_agency: false, ats_provider: 'workday', listing_url: 'https://beta.example.com/jobs' },
    { source_key: 'cs:gamma', name: 'Gamma Staffing', industries: ['Staffing'], company_size: '11-50', country_code: 'us', funding_stage: null, company_type: 'for_profit', founding_year: 2020, is_agency: true, ats_provider: 'lever', listing_url: 'https://gamma.example.com/careers' },
    { source_key: 'cs:nosite', name: 'No Site Yet', industries: ['Software'] },
    { source_key: 'cs:sandbox', name: 'Sandbox Careers', sandbox: true, listing_url: 'https://sandbox.example.com/careers' },
  ]);
  const id = (key: string) => sites.get(key)!;
  for (const [key, day] of [['cs:alpha', 1], ['cs:beta', 5], ['cs:gamma', 10]] as const) {
    await pool.query('UPDATE companies SET discovered_at = $2, updated_at = $2 WHERE id = $1', [id(key), at(day)]);
  }
  await pool.query("UPDATE companies SET listing_url = NULL WHERE source_key LIKE 'test:%'");
  const names = async (body: Record<string, unknown>) => {
    const response = await client.post('/api/career-sites/feed', body);
    t.equal(response.status, 200);
    return response.body.career_sites.map((site: { name: string }) => site.name);
  };
  t.same(await names({}), ['Alpha Labs', 'Beta Care', 'Gamma Staffing'], 'sites with a careers page, in discovery order');
  t.same(await names({ industries: ['healthcare', 'staffing'] }), ['Beta Care', 'Gamma Staffing'], 'industries: any of them');
  t.same(await names({ company_sizes: ['11-50', '51-200'] }), ['Alpha Labs', 'Gamma Staffing']);
  t.same(await names({ country_codes: ['us'] }), ['Beta Care', 'Gamma Staffing']);
  t.same(await names({ funding_stages: ['series_a'] }), ['Alpha Labs']);
  t.same(await names({ company_types: ['non_profit'] }), ['Beta Care']);
  t.same(await names({ founded_after: 2015 }), ['Gamma Staffing'], 'founded_after: a later year');
  t.same(await names({ is_agency: true }), ['Gamma Staffing']);
  t.same(await names({ updated_after: at(5).toISOString() }), ['Gamma Staffing'], 'updated_after: strictly after');
  t.same(await names({ discovered_after: at(5).toISOString() }), ['Beta Care', 'Gamma Staffing'], 'discovered_after: on or after');
  t.same(await names({ discovered_before: at(5).toISOString() }), ['Alpha Labs'], 'discovered_before: strictly before');
  const page = await client.post('/api/career-sites/feed', { batch_size: 2 });
  t.match(page.body.career_sites[0], {
    id: id('cs:alpha'),
    ats: 'greenhouse',
    listing_url: 'https://alpha.example.com/careers',
    details_url: `${service.url}/api/companies/${id('cs:alpha')}`,
    discovered_at: at(1).toISOString(),
  });
  t.equal(page.body.has_more, true);
  const rest = await client.post('/api/career-sites/feed', { batch_size: 2, cursor: page.body.next_cursor });
  t.same(rest.body.career_sites.map((site: { name: string }) => site.name), ['Gamma Staffing']);
  t.equal(rest.body.has_more, false);
  t.same(titles({ jobs: (await service.client.with({ 'x-api-key': sandboxKey }).post('/api/career-sites/feed', {})).body.career_sites.map((site: { name: string }) => ({ title: site.name })) }), ['Sandbox Careers']);
  for (const bad of [{ batch_size: 51 }, { company_types: ['charity'] }, { founded_after: 'new' }, { discovered_after: 'soon' }]) {
    t.equal((await client.post('/api/career-sites/feed', bad)).status, 400, `400 for ${JSON.stringify(bad)}`);
  }
});
