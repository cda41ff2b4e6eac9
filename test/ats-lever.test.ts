// The Lever connector against the Postings API replica: the recorded postings mapped field
// by field, and the traps (the EU instance, createdAt in milliseconds and no update time,
// the description split over description/lists/additional, skip/limit paging, 404 sites).
import t from 'tap';
import { leverConnector } from '../crawlers/ats/lever.ts';
import { CrawlHttpError } from '../crawlers/http.ts';
import { startReplica } from './helpers/ats-api/replica.ts';
import { leverEuFixture, leverFixture, makeLeverPosting, startLeverReplica, type LeverRawPosting } from './helpers/ats-api/lever.ts';
import { listAll, replicaHttp } from './helpers/ats-api/crawl-http.ts';

const replica = await startLeverReplica();
t.teardown(() => replica.close());
const [alimentiv, lsa] = leverFixture() as [LeverRawPosting, LeverRawPosting];
const [csmcy] = leverEuFixture() as [LeverRawPosting];
replica.boards.set('alimentiv-2', [alimentiv]);
replica.boards.set('lsa-hr', [lsa]);
replica.euBoards.set('csmcy', [csmcy]);

const list = (board: ReturnType<typeof replica.target>, overrides = {}) => listAll(leverConnector.list(board, replicaHttp(replica.origins, overrides)));
/** One posting run through the connector from a board of its own. */
async function mapOne(posting: LeverRawPosting) {
  const token = `one-${posting.id}`;
  replica.boards.set(token, [posting]);
  const { postings } = await list(replica.target(token));
  replica.boards.delete(token);
  return postings[0]!;
}

t.test('the recorded postings, field by field', async (t) => {
  const first = await list(replica.target('alimentiv-2'));
  t.same(first.end, { complete: true });
  t.same(first.postings, [{
    external_id: '048513fc-3daa-4b57-bc3f-901f497c3370',
    title: 'Imaging Clinical Project Manager (1 -Year Limited Term)',
    description:
      alimentiv.description +
      `<h3>Project Management</h3><ul>${alimentiv.lists[0].content}</ul>` +
      `<h3>Working Conditions</h3><ul>${alimentiv.lists[1].content}</ul>` +
      alimentiv.additional,
    listing_url: 'https://jobs.lever.co/alimentiv-2/048513fc-3daa-4b57-bc3f-901f497c3370',
    apply_url: 'https://jobs.lever.co/alimentiv-2/048513fc-3daa-4b57-bc3f-901f497c3370/apply',
    locations: ['London, Ontario', 'Calgary, Alberta', 'Halifax, Nova Scotia', 'Montreal, Quebec'],
    workplace: 'remote',
    // "Full-time, Limited term" is a board-defined commitment no shared spelling covers.
    employment_type: null,
    department: 'Medical Imaging',
    date_posted: '2026-09-01T19:19:22.946Z',
    valid_through: null,
    compensation: { min: 89000, max: 148000, currency: 'CAD', period: 'yearly' },
    company_name: null,
  }]);

  const second = await list(replica.target('lsa-hr'));
  t.same(second.postings, [{
    external_id: '0f4b1c8c-080d-46f9-8f4e-16b739750580',
    title: 'Software Developer',
    description:
      lsa.description +
      `<h3>Responsibilities</h3><ul>${lsa.lists[0].content}</ul>` +
      `<h3>Requirements</h3><ul>${lsa.lists[1].content}</ul>` +
      lsa.additional,
    listing_url: 'https://jobs.lever.co/lsa-hr/0f4b1c8c-080d-46f9-8f4e-16b739750580',
    apply_url: 'https://jobs.lever.co/lsa-hr/0f4b1c8c-080d-46f9-8f4e-16b739750580/apply',
    locations: ['Brazil'],
    workplace: 'remote',
    employment_type: 'full_time',
    // No department on this board: the posting's team.
    department: 'Information Technology',
    date_posted: '2026-08-06T01:51:09.633Z',
    valid_through: null,
    compensation: null,
    company_name: null,
  }]);
});

t.test('trap: an EU site is listed from api.eu.lever.co', async (t) => {
  const globalBefore = replica.server.requests.length;
  const euBefore = replica.euServer.requests.length;
  const { postings, end } = await list(replica.euTarget('csmcy'));
  t.same(end, { complete: true });
  t.same(postings, [{
    external_id: csmcy.id,
    title: '1ST OFFICER NAVIGATION',
    description: csmcy.description,
    listing_url: `https://jobs.eu.lever.co/csmcy/${csmcy.id}`,
    apply_url: `https://jobs.eu.lever.co/csmcy/${csmcy.id}/apply`,
    locations: ['Worldwide'],
    // "unspecified" is Lever's "not stated".
    workplace: null,
    employment_type: null,
    department: 'LINDBLAD EXPEDITIONS',
    date_posted: '2026-09-07T10:32:38.267Z',
    valid_through: null,
    compensation: null,
    company_name: null,
  }]);
  t.equal(replica.euServer.requests.length, euBefore + 1, 'one request to the EU instance');
  t.equal(replica.server.requests.length, globalBefore, 'none to the global one');

  // The same site asked of the global instance does not exist there.
  const error = await list(replica.target('csmcy')).catch((caught: unknown) => caught);
  t.ok(error instanceof CrawlHttpError);
  t.equal((error as CrawlHttpError).status, 404);
});

t.test('trap: createdAt is epoch milliseconds', async (t) => {
  const posting = await mapOne({ ...lsa, id: 'created-ms', createdAt: 1_552_439_280_000 });
  t.equal(posting.date_posted, '2019-03-13T01:08:00.000Z', 'not year 51164 (seconds) and not 1970 (ms read as ISO text)');
});

t.test('trap: Lever states no update time, and none is made up', async (t) => {
  const dated = await mapOne({ ...lsa, id: 'no-update' });
  t.equal(dated.date_posted, new Date(lsa.createdAt).toISOString(), 'the posting date is createdAt');
  t.equal(dated.valid_through, null);
  const { createdAt: _createdAt, ...undated } = lsa;
  const posting = await mapOne({ ...undated, id: 'no-created' } as LeverRawPosting);
  t.equal(posting.date_posted, null, 'no createdAt: no date, not the crawl time');
});

t.test('the description joins description, each list under its heading, and the closing', async (t) => {
  const posting = await mapOne({
    ...lsa,
    id: 'lists',
    description: '',
    opening: '<div>Opening</div>',
    descriptionBody: '<div>Body</div>',
    lists: [
      { text: 'Tools & <stack>', content: '<li>Go</li>' },
      { text: 'Empty', content: '' },
      { text: '', content: '<li>No heading</li>' },
    ],
    additional: '<div>EEO</div>',
  });
  t.equal(posting.description, '<div>Opening</div><div>Body</div><h3>Tools &amp; &lt;stack&gt;</h3><ul><li>Go</li></ul><ul><li>No heading</li></ul><div>EEO</div>');
});

t.test('pay comes from salaryRange, its period from the interval', async (t) => {
  const range = (interval: string) => ({ ...lsa, id: `pay-${interval}`, salaryRange: { min: 40, max: 60, currency: 'usd', interval } });
  t.same((await mapOne(range('per-hour-wage'))).compensation, { min: 40, max: 60, currency: 'USD', period: 'hourly' });
  t.same((await mapOne(range('per-month-salary'))).compensation, { min: 40, max: 60, currency: 'USD', period: 'monthly' });
  t.same((await mapOne(range('one-time'))).compensation, { min: 40, max: 60, currency: 'USD', period: null }, 'a one-time amount has no period');
});

t.test('workplaceType in both spellings', async (t) => {
  t.equal((await mapOne({ ...lsa, id: 'w1', workplaceType: 'onsite' })).workplace, 'onsite', 'as live answers spell it');
  t.equal((await mapOne({ ...lsa, id: 'w2', workplaceType: 'on-site' })).workplace, 'onsite', 'as the docs spell it');
  t.equal((await mapOne({ ...lsa, id: 'w3', workplaceType: 'hybrid' })).workplace, 'hybrid');
});

t.test('paging: skip/limit=100 until a short page, yielded page by page', async (t) => {
  replica.boards.set('big', Array.from({ length: 250 }, (_, n) => makeLeverPosting(n, 'big')));
  const before = replica.server.requests.length;
  const generator = leverConnector.list(replica.target('big'), replicaHttp(replica.origins));
  const first = await generator.next();
  t.equal((first.value as unknown[]).length, 100);
  t.equal(replica.server.requests.length, before + 1, 'the first page is handed over before the second is asked for');
  const rest = await listAll(generator);
  t.same(rest.end, { complete: true });
  t.equal(rest.postings.length, 150);
  const queries = replica.server.requests.slice(before).map((request) => Object.fromEntries(new URL(request.path, 'http://x').searchParams));
  t.same(queries, [
    { mode: 'json', skip: '0', limit: '100' },
    { mode: 'json', skip: '100', limit: '100' },
    { mode: 'json', skip: '200', limit: '100' },
  ]);

  // A board of exactly two pages ends on an empty third.
  replica.boards.set('even', Array.from({ length: 200 }, (_, n) => makeLeverPosting(n, 'even')));
  const even = await list(replica.target('even'));
  t.same(even.end, { complete: true });
  t.equal(even.postings.length, 200);
  t.equal(even.pages, 2);
  t.equal(new Set(even.postings.map((posting) => posting.external_id)).size, 200);
});

t.test('a page that fails fails the listing', async (t) => {
  replica.boards.set('flaky', Array.from({ length: 150 }, (_, n) => makeLeverPosting(n, 'flaky')));
  replica.server.faults.push({ fromRequest: replica.server.requests.length + 2, status: 503 });
  t.teardown(() => void replica.server.faults.pop());
  const pages: unknown[] = [];
  const error = await (async () => {
    for await (const page of leverConnector.list(replica.target('flaky'), replicaHttp(replica.origins, { attempts: 1 }))) pages.push(page);
  })().catch((caught: unknown) => caught);
  t.equal(pages.length, 1, 'the first page was listed');
  t.ok(error instanceof CrawlHttpError);
  t.equal((error as CrawlHttpError).status, 503);
});

t.test('a page of postings already listed ends the listing incomplete', async (t) => {
  // An API that ignored `skip` would answer the first page forever.
  const page = Array.from({ length: 100 }, (_, n) => makeLeverPosting(n));
  const stuck = await startReplica(() => ({ body: page }));
  t.teardown(() => stuck.close());
  const { postings, end } = await listAll(leverConnector.list(replica.target('acme'), replicaHttp({ 'https://api.lever.co': stuck.origin })));
  t.equal(postings.length, 100);
  t.equal(end.complete, false);
  t.equal(stuck.requests.length, 2);
});

t.test('an unknown site is a 404 the crawl sees', async (t) => {
  const error = await list(replica.target('nobody')).catch((caught: unknown) => caught);
  t.ok(error instanceof CrawlHttpError);
  t.equal((error as CrawlHttpError).status, 404);
  const answer = await replicaHttp(replica.origins).request('https://api.lever.co/v0/postings/nobody?mode=json', { accept: [404] });
  t.same(JSON.parse(answer.body.toString()), { ok: false, error: 'Document not found' });
});

t.test('the replica answers as the Postings API does', async (t) => {
  const http = replicaHttp(replica.origins);
  const all = await http.getJson<LeverRawPosting[]>('https://api.lever.co/v0/postings/big?mode=json');
  t.equal(all.length, 250, 'no limit: the whole list');
  const html = await http.getText('https://api.lever.co/v0/postings/lsa-hr', { headers: { accept: 'text/html' } });
  t.match(html, /^<div class='lever'>/, 'HTML without mode=json or a JSON Accept');
  const filtered = await http.getJson<LeverRawPosting[]>('https://api.lever.co/v0/postings/big?mode=json&location=Berlin,%20Germany&location=Austin,%20TX');
  t.equal(filtered.length, 100, 'repeated filter values are OR-ed');
  const one = await http.getJson<LeverRawPosting>(`https://api.lever.co/v0/postings/lsa-hr/${lsa.id}`);
  t.equal(one.id, lsa.id);
});
