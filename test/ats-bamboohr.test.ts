// The BambooHR connector against the careers-JSON replica: the recorded postings mapped
// field by field, and the traps (a detail request per posting, fetched concurrently a slice
// at a time; a detail gone between list and detail; compensation as free text; the
// locationType codes; office and job area as locations; 302 for an unknown company).
import t from 'tap';
import { bamboohrConnector, bamboohrPay } from '../crawlers/ats/bamboohr.ts';
import { CrawlHttpError } from '../crawlers/http.ts';
import { bamboohrFixture, makeBambooHRPosting, startBambooHRReplica, type BambooHRRawJob } from './helpers/ats-api/bamboohr.ts';
import { listAll, replicaHttp } from './helpers/ats-api/crawl-http.ts';

const replica = await startBambooHRReplica();
t.teardown(() => replica.server.close());
for (const company of ['curtinmaritime', 'giatecscientific', 'ashteadtechnology']) replica.boards.set(company, bamboohrFixture(company));

function list(token: string, overrides = {}) {
  return listAll(bamboohrConnector.list(replica.target(token), replicaHttp(replica.origins, overrides)));
}

/** The recorded Curtin Maritime posting with detail fields changed, listed alone. */
async function variant(detail: Partial<BambooHRRawJob['detail']>, row: Partial<BambooHRRawJob['list']> = {}) {
  const base = bamboohrFixture('curtinmaritime')[0]!;
  replica.boards.set('variant', [{ list: { ...base.list, ...row }, detail: { ...base.detail, ...detail } }]);
  const { postings } = await list('variant');
  return postings[0]!;
}

const paths = (from: number) => replica.server.requests.slice(from).map((request) => new URL(request.path, 'http://x').pathname);

t.test('the recorded postings, field by field', async (t) => {
  const curtin = await list('curtinmaritime');
  t.same(curtin.end, { complete: true });
  t.same(curtin.postings, [
    {
      external_id: '201',
      title: 'Vessel Chef',
      description: bamboohrFixture('curtinmaritime')[0]!.detail.description,
      listing_url: 'https://curtinmaritime.bamboohr.com/careers/201',
      apply_url: 'https://curtinmaritime.bamboohr.com/careers/201',
      locations: ['Long Beach, California, United States'],
      places: [{ raw: 'Long Beach, California, United States', city: 'Long Beach', region: 'California', country: 'United States', country_code: null }],
      workplace: 'onsite',
      employment_type: 'full_time',
      department: 'Marine Transportation',
      date_posted: '2025-04-22T00:00:00.000Z',
      valid_through: null,
      compensation: null,
      company_name: null,
    },
  ]);
  t.match(curtin.postings[0]!.description, /STD &amp; AD&amp;D\/Life Insurance/, 'HTML as given, entities untouched');

  const giatec = await list('giatecscientific');
  t.same(giatec.postings, [
    {
      external_id: '167',
      title: 'Talent Community @ Giatec',
      description: bamboohrFixture('giatecscientific')[0]!.detail.description,
      listing_url: 'https://giatecscientific.bamboohr.com/careers/167',
      apply_url: 'https://giatecscientific.bamboohr.com/careers/167',
      locations: ['Ottawa, Ontario, Canada'],
      places: [{ raw: 'Ottawa, Ontario, Canada', city: 'Ottawa', region: 'Ontario', country: 'Canada', country_code: null }],
      workplace: 'hybrid',
      employment_type: 'full_time',
      department: null,
      date_posted: '2022-12-14T00:00:00.000Z',
      valid_through: null,
      compensation: null,
      company_name: null,
    },
  ]);

  const ashtead = await list('ashteadtechnology');
  t.same(ashtead.postings[0]!.locations, ['United Kingdom'], 'an all-null office leaves the job area');
  t.equal(ashtead.postings[0]!.department, null, 'an empty departmentLabel is none');
  t.equal(ashtead.postings[0]!.workplace, 'onsite');
});

t.test('trap: the list has no description, so every posting gets its own detail request', async (t) => {
  const before = replica.server.requests.length;
  await list('curtinmaritime');
  t.same(paths(before), ['/careers/list', '/careers/201/detail']);
  t.match(replica.server.requests[before]!.headers['user-agent'], /jobdata-service/);
});

t.test('trap: details are fetched concurrently, a slice at a time, and yielded per slice', async (t) => {
  replica.boards.set('big', Array.from({ length: 45 }, (_, n) => makeBambooHRPosting(n, 'big')));
  const before = replica.server.requests.length;
  // 45 details at 40 ms each: one at a time would take 1.8 s; four at a time about 0.5 s.
  replica.latencyMs = 40;
  t.teardown(() => (replica.latencyMs = 0));
  const started = Date.now();
  const { postings, end, pages } = await list('big', { hostLimit: { concurrency: 4, ratePerSecond: 0 } });
  const took = Date.now() - started;
  t.ok(took < 1200, `concurrent details (${took} ms)`);
  t.equal(postings.length, 45);
  t.equal(pages, 3, '20 + 20 + 5');
  t.same(end, { complete: true });
  t.equal(paths(before).length, 46, 'one list and one detail per posting');
  t.same(postings.map((posting) => posting.external_id), Array.from({ length: 45 }, (_, n) => String(1000 + n)), 'in list order');
});

t.test('trap: a posting closed between list and detail is left out, and the listing is incomplete', async (t) => {
  replica.closed.add('giatecscientific/167');
  t.teardown(() => replica.closed.delete('giatecscientific/167'));
  const { postings, end } = await list('giatecscientific');
  t.same(postings, []);
  t.equal(end.complete, false);
  t.match((end as { reason: string }).reason, /1 listed posting/);
});

t.test('trap: a detail that is no longer open is left out too', async (t) => {
  const base = bamboohrFixture('curtinmaritime')[0]!;
  replica.boards.set('status', [base, { list: { ...base.list, id: '202' }, detail: { ...base.detail, jobOpeningStatus: 'Closed' } }]);
  const { postings, end } = await list('status');
  t.same(postings.map((posting) => posting.external_id), ['201']);
  t.equal(end.complete, false);
});

t.test('trap: a failed detail request fails the crawl (not taken for a closed posting)', async (t) => {
  replica.boards.set('failing', bamboohrFixture('curtinmaritime'));
  const from = replica.server.requests.length + 2;
  replica.server.faults.push({ fromRequest: from, count: 3, status: 500 });
  const error = await list('failing').catch((caught: unknown) => caught);
  replica.server.faults.length = 0;
  t.ok(error instanceof CrawlHttpError);
  t.equal((error as CrawlHttpError).status, 500);
});

t.test('trap: compensation is free text, read only when unambiguous', async (t) => {
  t.equal((await variant({})).compensation, null, '"$300 - $425/Day ($21.43 - $30.35 per hour)" holds two ranges');
  t.same((await variant({ compensation: '$80,000 - $100,000' })).compensation, { min: 80000, max: 100000, currency: 'USD', period: null }, 'no period unless stated; $ of a US posting');
  t.same((await variant({ compensation: '$85,000 - $95,000 per year' })).compensation, { min: 85000, max: 95000, currency: 'USD', period: 'yearly' });
  t.same((await variant({ compensation: '$25-$30/hour' })).compensation, { min: 25, max: 30, currency: 'USD', period: 'hourly' });
  t.same((await variant({ compensation: '$30/hr' })).compensation, { min: 30, max: 30, currency: 'USD', period: 'hourly' });
  t.equal((await variant({ compensation: 'Competitive' })).compensation, null);
  t.equal((await variant({ compensation: '80000-100000' })).compensation, null, 'no currency stated');
  t.equal((await variant({ compensation: '$120k DOE' })).compensation, null, 'words after the amount');
  t.equal((await variant({ compensation: '$50 per project' })).compensation, null, 'not a pay period');
  t.equal((await variant({ compensation: null })).compensation, null);
  t.same(bamboohrPay('$125,000 - $150,000', 'Canada'), { min: 125000, max: 150000, currency: 'CAD', period: null }, 'a Canadian posting\'s $');
  t.same(bamboohrPay('$80,000 - $100,000', null), { min: 80000, max: 100000, currency: null, period: null }, 'a $ of no stated country names no currency');
  t.same(bamboohrPay('€45k–55k per year', null), { min: 45000, max: 55000, currency: 'EUR', period: 'yearly' });
  t.same(bamboohrPay('£30,000 - £35,000 per annum', 'United Kingdom'), { min: 30000, max: 35000, currency: 'GBP', period: 'yearly' });
  t.same(bamboohrPay('€60.000 - €75.000', 'Germany'), { min: 60000, max: 75000, currency: 'EUR', period: null }, 'dots grouping thousands');
  t.same(bamboohrPay('USD 80,000 - 100,000', null), { min: 80000, max: 100000, currency: 'USD', period: null });
  t.equal(bamboohrPay('$80,000 - €100,000', 'United States'), null, 'two currencies');
});

t.test('trap: locationType is a code (0 on-site, 1 remote, 2 hybrid)', async (t) => {
  t.equal((await variant({ locationType: '0' })).workplace, 'onsite');
  t.equal((await variant({ locationType: '1' })).workplace, 'remote');
  t.equal((await variant({ locationType: '2' })).workplace, 'hybrid');
  t.equal((await variant({ locationType: null }, { locationType: null, isRemote: null })).workplace, null);
});

t.test('trap: the office and the job area are both locations', async (t) => {
  // Curtin's Tugboat Engineer (339) as listed: no office, the area it is open to.
  const remote = await variant(
    { location: { city: null, state: null, postalCode: null, addressCountry: null }, atsLocation: { country: 'United States', countryId: 'US', state: 'California', city: 'Long Beach' }, locationType: '1' },
    { id: '339', location: { city: null, state: null }, atsLocation: { country: 'United States', state: 'California', province: null, city: 'Long Beach' }, locationType: '1' },
  );
  t.same(remote.locations, ['Long Beach, California, United States']);
  t.equal(remote.workplace, 'remote');
  const both = await variant({ atsLocation: { country: 'Canada', countryId: 'CA', state: null, province: 'Ontario', city: 'Ottawa' } });
  t.same(both.locations, ['Long Beach, California, United States', 'Ottawa, Ontario, Canada']);
});

t.test('employment status labels map through the shared spellings', async (t) => {
  t.equal((await variant({ employmentStatusLabel: 'Part-Time' })).employment_type, 'part_time');
  t.equal((await variant({ employmentStatusLabel: 'Contractor' })).employment_type, 'contract');
  t.equal((await variant({ employmentStatusLabel: 'Part-time Co-op' })).employment_type, null, 'a label the shared map does not know');
});

t.test('an empty board is a complete listing of nothing', async (t) => {
  replica.boards.set('zapier', []);
  const { postings, end, pages } = await list('zapier');
  t.same(postings, []);
  t.equal(pages, 0);
  t.same(end, { complete: true });
});

t.test('an unknown company is a 302 to www.bamboohr.com the crawl sees', async (t) => {
  const error = await list('this-company-does-not-exist-xyz').catch((caught: unknown) => caught);
  t.ok(error instanceof CrawlHttpError);
  t.equal((error as CrawlHttpError).status, 302);
});
