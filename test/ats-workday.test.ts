// The Workday connector against the CXS replica: the recorded postings mapped field by
// field, paging, and the traps (limit ≤ 20, total only on page one, wrap-around past the
// end, the 2,000-result cap, relative postedOn, details closed between list and detail);
// the detail's country as the first location's place, and through a crawl what is served.
import t from 'tap';
import { workdayToken } from '../crawlers/boards.ts';
import { workplace } from '../crawlers/ats/map.ts';
import { workdayConnector, workdaySite } from '../crawlers/ats/workday.ts';
import type { Posting } from '../crawlers/connector.ts';
import { CrawlHttpError } from '../crawlers/http.ts';
import { listAll, replicaHttp } from './helpers/ats-api/crawl-http.ts';
import { makeWorkdayPosting, startWorkdayReplica, workdayFixture, type WorkdayRawPosting } from './helpers/ats-api/workday.ts';
import { startIngestionService } from './helpers/ingestion.ts';

const replica = await startWorkdayReplica();
t.teardown(() => replica.server.close());
replica.boards.set('pru/Careers', workdayFixture('pru/Careers'));
replica.boards.set('nvidia/NVIDIAExternalCareerSite', workdayFixture('nvidia/NVIDIAExternalCareerSite'));

const crawl = (token: string, overrides = {}) => listAll(workdayConnector.list(replica.target(token), replicaHttp(replica.origins, overrides)));
const board = (token: string, count: number, edit?: (posting: WorkdayRawPosting, n: number) => void) => {
  const postings = Array.from({ length: count }, (_, n) => makeWorkdayPosting(n, token));
  if (edit) postings.forEach(edit);
  replica.boards.set(token, postings);
};
/** The list requests (method, offset, limit, ...) sent for one tenant since `from`. */
const listRequests = (tenant: string, from = 0) =>
  replica.server.requests.slice(from).filter((request) => request.path === `/wday/cxs/${tenant}/jobs`).map((request) => JSON.parse(request.body));
const detailRequests = (tenant: string, from = 0) =>
  replica.server.requests.slice(from).filter((request) => request.method === 'GET' && request.path.startsWith(`/wday/cxs/${tenant}/job/`));

t.test('the recorded postings, field by field', async (t) => {
  const pru = await crawl('pru/Careers');
  t.same(pru.end, { complete: true });
  t.same(pru.postings, [
    {
      external_id: '79d7e6973b75100165f39588d4bf0001',
      title: 'PGIM Investments - IBD Regional Director, North Carolina',
      description:
        '<p>Job Classification:</p>Sales - Sales<p></p><p></p><p><b><span>What you will do</span></b></p><p>The External Wholesaler is responsible for representing PGIM through retail investment vehicles (mutual funds, separate accounts &amp; 401(k) platforms) to investment professionals and partner firm product coordinators.</p><p></p><p><b><span>What you will bring</span></b></p><ul><li>The candidate should have 5-7 years of experience in the Investments industry, and 3-5 years of wholesaling experience.</li><li>Required licenses: Series 7 and Series 63 or 65.</li></ul><p>The company&#39;s well-known Rock symbol is an icon of strength, stability, expertise and innovation that has stood the test of time.</p>',
      listing_url: 'https://pru.wd5.myworkdayjobs.com/Careers/job/NC-Virtual-Office/PGIM-Investments---IBD-Regional-Director--North-Carolina_R-118647-1',
      apply_url: 'https://pru.wd5.myworkdayjobs.com/Careers/job/NC-Virtual-Office/PGIM-Investments---IBD-Regional-Director--North-Carolina_R-118647-1/apply',
      locations: ['NC-Virtual Office'],
      places: [{ raw: 'NC-Virtual Office', city: null, region: null, country: 'United States of America', country_code: 'US' }],
      workplace: null,
      employment_type: 'full_time',
      department: null,
      date_posted: '2024-09-11T00:00:00.000Z',
      valid_through: null,
      compensation: null,
      company_name: '072 PGIM Investments,LLC',
    },
  ] satisfies Posting[]);
  const nvidia = await crawl('nvidia/NVIDIAExternalCareerSite');
  t.same(nvidia.end, { complete: true });
  t.same(nvidia.postings, [
    {
      external_id: 'e7bc26f57e641000ef95d8ab0be10000',
      title: 'Senior Software Engineer, NVLINK',
      description: '<p>Work on NVLINK. C++ and CUDA required.</p>',
      listing_url: 'https://nvidia.wd5.myworkdayjobs.com/NVIDIAExternalCareerSite/job/Israel-Yokneam/Senior-Software-Engineer--NVLINK_JR2004601',
      apply_url: 'https://nvidia.wd5.myworkdayjobs.com/NVIDIAExternalCareerSite/job/Israel-Yokneam/Senior-Software-Engineer--NVLINK_JR2004601/apply',
      locations: ['Israel, Yokneam', 'Israel, Tel Aviv'],
      places: [{ raw: 'Israel, Yokneam', city: null, region: null, country: 'Israel', country_code: null }],
      workplace: null,
      employment_type: 'full_time',
      department: null,
      date_posted: '2026-09-07T00:00:00.000Z',
      valid_through: null,
      compensation: null,
      company_name: 'IL00 Mellanox Technologies, Ltd.',
    },
  ] satisfies Posting[]);
});

t.test('requests: the CXS list body at limit 20, then a GET per listed posting', async (t) => {
  const from = replica.server.requests.length;
  await crawl('pru/Careers');
  const [list, detail] = replica.server.requests.slice(from);
  t.equal(list!.method, 'POST');
  t.equal(list!.path, '/wday/cxs/pru/Careers/jobs');
  t.same(JSON.parse(list!.body), { appliedFacets: {}, limit: 20, offset: 0, searchText: '' });
  t.match(list!.headers['content-type'], /application\/json/);
  t.match(list!.headers['user-agent'], /jobdata-service/);
  t.equal(detail!.method, 'GET');
  t.equal(detail!.path, '/wday/cxs/pru/Careers/job/NC-Virtual-Office/PGIM-Investments---IBD-Regional-Director--North-Carolina_R-118647-1');
});

t.test('the site is read from the board URL, with or without a locale', async (t) => {
  t.same(workdaySite({ ats: 'workday', token: 'acme/External', url: 'https://acme.wd1.myworkdayjobs.com/en-US/External' }), {
    origin: 'https://acme.wd1.myworkdayjobs.com', tenant: 'acme', site: 'External', api: 'https://acme.wd1.myworkdayjobs.com/wday/cxs/acme/External',
  });
  t.equal(workdaySite({ ats: 'workday', token: 'x', url: 'https://acme.wd5.myworkdayjobs.com/External' }).api, 'https://acme.wd5.myworkdayjobs.com/wday/cxs/acme/External');
  t.equal(workdaySite({ ats: 'workday', token: 'x', url: 'https://wd3.myworkdaysite.com/en-US/recruiting/magna/Magna/' }).api, 'https://wd3.myworkdaysite.com/wday/cxs/magna/Magna');
  t.throws(() => workdaySite({ ats: 'workday', token: 'acme/External', url: null }));
});

t.test('trap: limit above 20 answers 400 (the replica refuses it as Workday does)', async (t) => {
  const answer = await fetch(`${replica.server.origin}/wday/cxs/pru/Careers/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appliedFacets: {}, limit: 21, offset: 0, searchText: '' }),
  });
  t.equal(answer.status, 400);
  t.match(await answer.json(), { errorCode: 'HTTP_400', httpStatus: 400, message: '' });
  board('acme/Big', 45);
  const from = replica.server.requests.length;
  await crawl('acme/Big');
  t.ok(listRequests('acme/Big', from).every((body) => body.limit === 20), 'the connector never asks for more than 20');
});

t.test('paging: page by page, each page yielded after its details', async (t) => {
  board('acme/Paged', 45);
  const from = replica.server.requests.length;
  const { postings, end, pages } = await crawl('acme/Paged');
  t.same(end, { complete: true });
  t.equal(pages, 3);
  t.equal(new Set(postings.map((posting) => posting.external_id)).size, 45);
  t.same(listRequests('acme/Paged', from).map((body) => body.offset), [0, 20, 40]);
  // Page two is asked for only after page one's 20 details.
  const order = replica.server.requests.slice(from).map((request) => (request.method === 'POST' ? 'list' : 'detail'));
  t.same(order.slice(0, 22), ['list', ...Array(20).fill('detail'), 'list']);
});

t.test('trap: total is real only on the first page (later pages say 0)', async (t) => {
  board('acme/Totals', 50);
  const later = await fetch(`${replica.server.origin}/wday/cxs/acme/Totals/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appliedFacets: {}, limit: 20, offset: 20, searchText: '' }),
  }).then((answer) => answer.json() as Promise<{ total: number; jobPostings: Array<{ externalPath: string }> }>);
  t.equal(later.total, 0, 'the replica answers total 0 past the first page');
  t.equal(later.jobPostings.length, 20);
  const { postings, end } = await crawl('acme/Totals');
  t.same(end, { complete: true });
  t.equal(postings.length, 50, 'a connector sizing the loop by a later total would stop after page two');
});

t.test('trap: past its end Workday wraps to page one instead of answering an empty page', async (t) => {
  board('acme/Wrap', 40);
  const wrapped = await fetch(`${replica.server.origin}/wday/cxs/acme/Wrap/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appliedFacets: {}, limit: 20, offset: 40, searchText: '' }),
  }).then((answer) => answer.json() as Promise<{ total: number; jobPostings: Array<{ externalPath: string }> }>);
  t.equal(wrapped.jobPostings[0].externalPath, replica.boards.get('acme/Wrap')![0]!.summary.externalPath, 'offset 40 of 40 replays page one');
  const from = replica.server.requests.length;
  const { postings, end } = await crawl('acme/Wrap');
  t.same(end, { complete: true });
  t.equal(postings.length, 40);
  t.same(listRequests('acme/Wrap', from).map((body) => body.offset), [0, 20], 'stops at the first page\'s total, not at an empty page that never comes');
});

t.test('trap: a tenant that stops at 2,000 results ends the listing incomplete', async (t) => {
  const started = Date.now();
  board('acme/Capped', 2100);
  replica.caps.set('acme/Capped', { at: 2000 }); // recorded: total clamped to 2000, later offsets repeat page one
  const from = replica.server.requests.length;
  const { postings, end } = await crawl('acme/Capped', { hostLimit: { concurrency: 8, ratePerSecond: 0 } });
  t.equal(end.complete, false, 'nothing expires');
  t.match(end, { reason: /2000/ });
  t.equal(postings.length, 2000);
  t.equal(new Set(postings.map((posting) => posting.external_id)).size, 2000);
  t.equal(detailRequests('acme/Capped', from).length, 2000, 'details only for what was listed');
  t.ok(listRequests('acme/Capped', from).length <= 101, 'one probe past the cap at most');
  t.ok(Date.now() - started < 6000, `paged 2,100 postings in ${Date.now() - started} ms`);
});

t.test('the cap when total says more: a tenant that pages past 2,000 is complete, one that answers 400 or an empty page is not', async (t) => {
  board('acme/Large', 2020);
  const large = await crawl('acme/Large', { hostLimit: { concurrency: 8, ratePerSecond: 0 } });
  t.same(large.end, { complete: true }, 'a real total above 2,000 is no cap');
  t.equal(large.postings.length, 2020);

  replica.caps.set('acme/Large', { at: 2000, beyond: 'error', total: 'real' });
  const error = await crawl('acme/Large', { hostLimit: { concurrency: 8, ratePerSecond: 0 } });
  t.equal(error.end.complete, false, 'a 400 past the cap ends the listing instead of failing it');
  t.match(error.end, { reason: /400 at offset 2000\. Listed 2000 of the 2020/ });
  t.equal(error.postings.length, 2000);

  // The same stop, met earlier on a smaller cap: an empty page short of the reported total.
  board('acme/CapEmpty', 130);
  replica.caps.set('acme/CapEmpty', { at: 100, beyond: 'empty', total: 'real' });
  const empty = await crawl('acme/CapEmpty');
  t.equal(empty.end.complete, false);
  t.match(empty.end, { reason: /empty page at offset 100\. Listed 100 of the 130/ });
  t.equal(empty.postings.length, 100);

  // Below the cap a 400 is no end of the board but a failed request.
  replica.caps.set('acme/CapEmpty', { at: 100, beyond: 'error', total: 'real' });
  const failed = await crawl('acme/CapEmpty').catch((caught: unknown) => caught);
  t.ok(failed instanceof CrawlHttpError && failed.status === 400);
});

t.test('trap: postedOn is relative text; only the detail\'s startDate dates a posting', async (t) => {
  board('acme/Dates', 2, (posting, n) => {
    posting.summary.postedOn = 'Posted Today';
    posting.detail.jobPostingInfo.postedOn = 'Posted Today';
    if (n === 0) delete posting.detail.jobPostingInfo.startDate;
    else posting.detail.jobPostingInfo.startDate = '2026-08-29';
  });
  const { postings } = await crawl('acme/Dates');
  t.equal(postings[0]!.date_posted, null, '"Posted Today" is not a date');
  t.equal(postings[1]!.date_posted, '2026-08-29T00:00:00.000Z');
});

t.test('trap: a detail closed between list and detail (404) is left out, and the listing is incomplete', async (t) => {
  board('acme/Closing', 3);
  const gone = replica.boards.get('acme/Closing')![1]!.summary.externalPath;
  replica.closed.add(gone);
  t.teardown(() => replica.closed.delete(gone));
  const { postings, end } = await crawl('acme/Closing');
  t.equal(postings.length, 2);
  t.notOk(postings.some((posting) => posting.listing_url.endsWith(gone)));
  t.equal(end.complete, false);
  t.match(end, { reason: /404/ });
});

t.test('remoteType and timeType map to workplace and employment type; endDate to valid_through', async (t) => {
  const remoteTypes = ['Fully Remote', 'Hybrid', 'Onsite (5 Days per Week)', 'Flex'];
  board('acme/Types', 4, (posting, n) => {
    posting.detail.jobPostingInfo.remoteType = remoteTypes[n];
    posting.detail.jobPostingInfo.timeType = n === 1 ? 'Part time' : 'Full time';
  });
  replica.boards.get('acme/Types')![0]!.detail.jobPostingInfo.endDate = '2026-08-19';
  const { postings } = await crawl('acme/Types');
  t.same(postings.map((posting) => posting.workplace), ['remote', 'hybrid', 'onsite', null], 'an unknown label stays null');
  t.same(postings.map((posting) => posting.employment_type), ['full_time', 'part_time', 'full_time', 'full_time']);
  t.equal(postings[0]!.valid_through, '2026-08-19T00:00:00.000Z');
  t.equal(postings[1]!.valid_through, null);
});

t.test('fallbacks: listing URL from the site, "N Locations" is no location, no hiring organization is null', async (t) => {
  board('acme/Sparse', 1, (posting) => {
    delete posting.detail.jobPostingInfo.externalUrl;
    delete posting.detail.jobPostingInfo.location;
    delete posting.detail.jobPostingInfo.jobRequisitionLocation;
    delete posting.detail.hiringOrganization;
    posting.summary.locationsText = '3 Locations';
  });
  const [posting] = (await crawl('acme/Sparse')).postings;
  const path = replica.boards.get('acme/Sparse')![0]!.summary.externalPath;
  t.equal(posting!.listing_url, `https://acme.wd5.myworkdayjobs.com/Sparse${path}`);
  t.equal(posting!.apply_url, `https://acme.wd5.myworkdayjobs.com/Sparse${path}/apply`);
  t.same(posting!.locations, []);
  t.equal(posting!.company_name, null);
});

t.test('an empty board is complete', async (t) => {
  replica.boards.set('acme/Empty', []);
  t.same(await crawl('acme/Empty'), { postings: [], end: { complete: true }, pages: 0 });
});

t.test('an unknown tenant or site is the 422 the crawl sees', async (t) => {
  const error = await crawl('nobody/External').catch((caught: unknown) => caught);
  t.ok(error instanceof CrawlHttpError);
  t.equal((error as CrawlHttpError).status, 422);
});

t.test('a board token is read from the site URL as the connector reads it', async (t) => {
  t.equal(workdayToken('https://acme.wd1.myworkdayjobs.com/en-US/External'), 'acme/External');
  t.equal(workdayToken('https://acme.wd1.myworkdayjobs.com/External/job/Berlin/Engineer_R1'), 'acme/External', 'a posting URL names its site');
  t.equal(workdayToken('https://wd3.myworkdaysite.com/recruiting/acme/Careers'), 'acme/Careers', 'not the pod');
  t.throws(() => workdayToken('https://acme.wd1.myworkdayjobs.com/'), /site URL/);
});

t.test('remote types written as phrases still state the workplace', async (t) => {
  t.equal(workplace('Hybrid Position'), 'hybrid');
  t.equal(workplace('Remote Eligible, USA'), 'remote');
  t.equal(workplace('Onsite (5 Days per Week)'), 'onsite');
  t.equal(workplace('Flex'), null, 'a word that states no model stays unknown');
});

t.test('the detail\'s country is the place of the first location, with the requisition country\'s ISO code when it is the same country', async (t) => {
  board('acme/Places', 4, (posting, n) => {
    const info = posting.detail.jobPostingInfo;
    if (n === 0) {
      // A requisition street address stands in when the detail names no location (as the jharemza rows of Citi do).
      delete info.location;
      info.jobRequisitionLocation.descriptor = '580 CROSSPOINT PARKWAY  GETZVILLE';
    }
    if (n === 1) info.additionalLocations = ['London'];
    if (n === 2) info.jobRequisitionLocation.country = { descriptor: 'Canada', id: 'another-country', alpha2Code: 'CA' };
    if (n === 3) {
      delete info.country;
      delete info.jobRequisitionLocation.country;
    }
  });
  const { postings } = await crawl('acme/Places');
  t.same(postings[0]!.locations, ['580 CROSSPOINT PARKWAY  GETZVILLE']);
  t.same(postings[0]!.places, [{ raw: '580 CROSSPOINT PARKWAY  GETZVILLE', city: null, region: null, country: 'United States of America', country_code: 'US' }]);
  t.same(postings[1]!.places, [{ raw: 'Israel, Tel Aviv', city: null, region: null, country: 'Israel', country_code: 'IL' }], 'an additional location has no country of its own');
  t.same(postings[2]!.places, [{ raw: 'London', city: null, region: null, country: 'United Kingdom', country_code: null }], 'another country\'s code is not taken');
  t.notOk('places' in postings[3]!, 'no country, no place');
});

t.test('through a crawl: the served location carries the detail\'s country, and a street address its town', async (t) => {
  const getzville = makeWorkdayPosting(0, 'citi/2');
  delete getzville.detail.jobPostingInfo.location;
  getzville.detail.jobPostingInfo.jobRequisitionLocation.descriptor = '580 CROSSPOINT PARKWAY  GETZVILLE';
  replica.boards.set('citi/2', [getzville, makeWorkdayPosting(3, 'citi/2')]);
  const { admin, customer, crawl: crawlBoard } = await startIngestionService(t, replica.origins);
  const added = await admin.post('/api/admin/boards', { ats: 'workday', url: replica.target('citi/2').url });
  t.equal(added.status, 201);
  t.match((await crawlBoard(added.body.id)).crawls[0], { status: 'succeeded', new: 2 });
  const served = async (country: string) => ((await customer.get(`/api/jobs?source=workday&country=${country}`)).body.jobs as Array<{ locations: unknown[] }>);
  const jobs = await served('US');
  t.equal(jobs.length, 2, 'both found by the country filter');
  t.same(jobs.map((job) => job.locations).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))), [
    [{ location: '580 CROSSPOINT PARKWAY  GETZVILLE', city: 'Getzville', region: null, country: 'United States', latitude: null, longitude: null }],
    [{ location: 'NC-Virtual Office', city: null, region: null, country: 'United States', latitude: null, longitude: null }],
  ]);
  t.equal((await served('IL')).length, 0);
});
