// The Ashby connector against the Job Postings API replica: the recorded postings mapped
// field by field, and the traps (isRemote against workplaceType, pay only on request and
// only the Salary component, unlisted postings, the unknown board's 404).
import t from 'tap';
import { ashbyConnector } from '../crawlers/ats/ashby.ts';
import { CrawlHttpError, NotModified } from '../crawlers/http.ts';
import { ashbyFixture, makeAshbyPosting, startAshbyReplica, type AshbyRawJob } from './helpers/ats-api/ashby.ts';
import { listAll, replicaHttp } from './helpers/ats-api/crawl-http.ts';

const replica = await startAshbyReplica();
t.teardown(() => replica.server.close());
const [subsets, ankorstore, ashby] = ashbyFixture().jobs as [AshbyRawJob, AshbyRawJob, AshbyRawJob];
replica.boards.set('recorded', [subsets, ankorstore, ashby]);

const list = (token: string) => listAll(ashbyConnector.list(replica.target(token), replicaHttp(replica.origins)));
/** Postings run through the connector from a board of their own. */
async function mapAll(...jobs: AshbyRawJob[]) {
  const token = `variants-${Math.random().toString(36).slice(2)}`;
  replica.boards.set(token, jobs);
  const { postings } = await list(token);
  replica.boards.delete(token);
  return postings;
}

t.test('the recorded postings, field by field', async (t) => {
  const { postings, end } = await list('recorded');
  t.same(end, { complete: true });
  t.equal(postings.length, 3);
  t.same(postings[0], {
    external_id: '9ed929b8-3089-452b-88e1-5910f53d82c9',
    title: 'Senior Software Engineer',
    description: subsets.descriptionHtml,
    listing_url: 'https://jobs.ashbyhq.com/subsets/9ed929b8-3089-452b-88e1-5910f53d82c9',
    apply_url: 'https://jobs.ashbyhq.com/subsets/9ed929b8-3089-452b-88e1-5910f53d82c9/application',
    locations: ['Copenhagen'],
    workplace: 'onsite',
    employment_type: 'full_time',
    department: 'Engineering',
    date_posted: '2026-07-13T13:12:46.299Z',
    valid_through: null,
    compensation: { min: 115000, max: 160000, currency: 'USD', period: 'yearly' },
    company_name: null,
  });
  t.same(postings[1], {
    external_id: '91a9f25c-1b73-47fd-8915-fdf8f28557ca',
    title: 'People Operations Partner H/F',
    description: ankorstore.descriptionHtml,
    listing_url: 'https://jobs.ashbyhq.com/Ankorstore/91a9f25c-1b73-47fd-8915-fdf8f28557ca',
    apply_url: 'https://jobs.ashbyhq.com/Ankorstore/91a9f25c-1b73-47fd-8915-fdf8f28557ca/application',
    locations: ['Paris'],
    workplace: 'hybrid',
    employment_type: 'full_time',
    department: 'People',
    date_posted: '2026-08-26T12:29:34.896Z',
    valid_through: null,
    compensation: null,
    company_name: null,
  });
  t.same(postings[2], {
    external_id: '7458d4e9-da2e-47bd-98cb-adfda43d42b2',
    title: 'Engineering Manager - EU',
    description: ashby.descriptionHtml,
    listing_url: 'https://jobs.ashbyhq.com/Ashby/7458d4e9-da2e-47bd-98cb-adfda43d42b2',
    apply_url: 'https://jobs.ashbyhq.com/Ashby/7458d4e9-da2e-47bd-98cb-adfda43d42b2/application',
    locations: ['Remote - European Union', 'Spain', 'Stockholm', 'Berlin'],
    workplace: 'remote',
    employment_type: 'full_time',
    department: 'Engineering',
    date_posted: '2024-03-04T14:29:08.532Z',
    valid_through: null,
    compensation: { min: 110000, max: 185000, currency: 'EUR', period: 'yearly' },
    company_name: null,
  });
});

t.test('trap: workplaceType is the stated model; isRemote counts only without it', async (t) => {
  t.equal(ankorstore.isRemote, true);
  t.equal(ankorstore.workplaceType, 'Hybrid');
  const [hybrid, remoteFlagOnly, neither, notRemote] = await mapAll(
    { ...ankorstore, id: 'hybrid' },
    { ...ankorstore, id: 'flag-only', workplaceType: null, isRemote: true },
    { ...ankorstore, id: 'neither', workplaceType: null, isRemote: null },
    { ...ankorstore, id: 'not-remote', workplaceType: null, isRemote: false },
  );
  t.equal(hybrid!.workplace, 'hybrid', 'isRemote true does not override "Hybrid"');
  t.equal(remoteFlagOnly!.workplace, 'remote', 'no workplaceType: the flag says remote');
  t.equal(neither!.workplace, null);
  t.equal(notRemote!.workplace, null, 'not remote is not the same as on-site');
});

t.test('trap: pay comes only with includeCompensation=true', async (t) => {
  const before = replica.server.requests.length;
  await list('recorded');
  const query = new URL(replica.server.requests[before]!.path, 'http://x').searchParams;
  t.equal(query.get('includeCompensation'), 'true');
  const bare = await replicaHttp(replica.origins).getJson<{ jobs: AshbyRawJob[] }>('https://api.ashbyhq.com/posting-api/job-board/recorded');
  t.notOk(bare.jobs.some((job) => 'compensation' in job), 'without the parameter the answer has no compensation at all');
});

t.test('trap: only the Salary component is pay, never equity or bonus', async (t) => {
  const reversed = { ...subsets.compensation, summaryComponents: [...subsets.compensation.summaryComponents].reverse() };
  t.equal(reversed.summaryComponents[0].compensationType, 'EquityPercentage');
  const equityOnly = {
    ...subsets.compensation,
    compensationTierSummary: '0.05% – 0.15%',
    scrapeableCompensationSalarySummary: null,
    compensationTiers: [{ ...subsets.compensation.compensationTiers[0], components: [subsets.compensation.compensationTiers[0].components[1]] }],
    summaryComponents: [subsets.compensation.summaryComponents[1]],
  };
  const [equityFirst, onlyEquity, hidden] = await mapAll(
    { ...subsets, id: 'equity-first', compensation: reversed },
    { ...subsets, id: 'equity-only', compensation: equityOnly },
    { ...subsets, id: 'hidden', shouldDisplayCompensationOnJobPostings: false },
  );
  t.same(equityFirst!.compensation, { min: 115000, max: 160000, currency: 'USD', period: 'yearly' }, 'not 0.05–0.15');
  t.equal(onlyEquity!.compensation, null, 'an equity share is not a salary');
  t.equal(hidden!.compensation, null, 'the employer chose not to show pay');
});

t.test('trap: unlisted postings are not jobs', async (t) => {
  const postings = await mapAll(subsets, { ...ankorstore, isListed: false }, ashby);
  t.same(postings.map((posting) => posting.external_id), [subsets.id, ashby.id]);
  const raw = await replicaHttp(replica.origins).getJson<{ jobs: AshbyRawJob[] }>('https://api.ashbyhq.com/posting-api/job-board/recorded?includeCompensation=true');
  t.equal(raw.jobs.length, 3, 'the API itself answers every posting, listed or not');
});

t.test('an unknown board is a 404 the crawl sees', async (t) => {
  const error = await list('nobody').catch((caught: unknown) => caught);
  t.ok(error instanceof CrawlHttpError);
  t.equal((error as CrawlHttpError).status, 404);
  const answer = await replicaHttp(replica.origins).request('https://api.ashbyhq.com/posting-api/job-board/nobody?includeCompensation=true', { accept: [404] });
  t.equal(answer.body.toString(), 'Not Found', 'plain text, not JSON');
});

t.test('a large board is one request, handed over in slices', async (t) => {
  replica.boards.set('big', Array.from({ length: 1200 }, (_, n) => makeAshbyPosting(n, 'big')));
  const before = replica.server.requests.length;
  const { postings, pages, end } = await list('big');
  t.same(end, { complete: true });
  t.equal(postings.length, 1200);
  t.equal(pages, 3);
  t.equal(replica.server.requests.length, before + 1);
  t.same(postings[7]!.compensation, { min: 100007, max: 150007, currency: 'USD', period: 'yearly' });
});

t.test('conditional listing: 304 when the board is as it was', async (t) => {
  const etagReplica = await startAshbyReplica({ etags: true });
  t.teardown(() => etagReplica.server.close());
  etagReplica.boards.set('recorded', [subsets, ankorstore]);
  const first = replicaHttp(etagReplica.origins);
  await listAll(ashbyConnector.list(etagReplica.target('recorded'), first));
  const validators = first.receivedValidators;
  t.equal(Object.keys(validators).length, 1);
  await t.rejects(listAll(ashbyConnector.list(etagReplica.target('recorded'), replicaHttp(etagReplica.origins, {}, validators))), NotModified);
  etagReplica.boards.get('recorded')!.pop();
  const { postings } = await listAll(ashbyConnector.list(etagReplica.target('recorded'), replicaHttp(etagReplica.origins, {}, validators)));
  t.equal(postings.length, 1, 'a changed board answers in full');
});
