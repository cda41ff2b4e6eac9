// Ingestion end to end with other formats than Greenhouse's: Lever (paged JSON), Recruitee
// (a host per company) and Workday (a site URL, CXS paging and a detail per posting)
// (and SmartRecruiters, whose places come in parts) boards added through the admin API, crawled by the crawl.board worker through
// CRAWL_ORIGINS, their jobs served with the fields each ATS states; and a posting whose
// valid_through has passed is expired: in GET /api/jobs/expired, gone from search.
import t from 'tap';
import { makeLeverPosting, startLeverReplica } from './helpers/ats-api/lever.ts';
import { makeRecruiteePosting, recruiteeTimeText, startRecruiteeReplica } from './helpers/ats-api/recruitee.ts';
import { makeWorkdayPosting, startWorkdayReplica } from './helpers/ats-api/workday.ts';
import { smartRecruitersPostings, startSmartRecruitersReplica } from './helpers/ats-api/smartrecruiters.ts';
import { startIngestionService } from './helpers/ingestion.ts';

const lever = await startLeverReplica();
const recruitee = await startRecruiteeReplica();
const workday = await startWorkdayReplica();
const smartrecruiters = await startSmartRecruitersReplica();
t.teardown(() => Promise.all([lever.close(), recruitee.server.close(), workday.server.close(), smartrecruiters.server.close()]));
lever.boards.set('leverco', [1, 2].map((n) => makeLeverPosting(n, 'leverco')));
recruitee.boards.set('recco', [1, 2, 3].map((n) => makeRecruiteePosting(n, 'recco')));
workday.boards.set('dayco/External', Array.from({ length: 25 }, (_, n) => makeWorkdayPosting(n, 'dayco/External')));
const workdayUrl = workday.target('dayco/External').url!;
smartrecruiters.boards.set('srco', smartRecruitersPostings());

const { admin, customer, crawl } = await startIngestionService(t, { ...lever.origins, ...recruitee.origins, ...workday.origins, ...smartrecruiters.origins });

const addBoard = async (body: Record<string, string>) => {
  const added = await admin.post('/api/admin/boards', body);
  if (added.status !== 201) throw new Error(`board not added: ${added.status} ${JSON.stringify(added.body)}`);
  return added.body.id as string;
};
const jobsOf = async (source: string, q = '') =>
  (await customer.get(`/api/jobs?source=${source}&page_size=100${q ? `&q=${encodeURIComponent(q)}` : ''}`)).body.jobs as any[];

t.test('a Lever board: paged JSON, epoch-millisecond dates, yearly pay', async (t) => {
  const id = await addBoard({ ats: 'lever', token: 'leverco' });
  t.match((await crawl(id)).crawls[0], { status: 'succeeded', seen: 2, new: 2 });
  const job = (await jobsOf('lever')).find((found) => found.title === 'Software Engineer 1');
  t.match(job, {
    source: 'lever',
    title: 'Software Engineer 1',
    listing_url: /^https:\/\/jobs\.lever\.co\/leverco\//,
    apply_url: /\/apply$/,
    compensation: { min: 90001, max: 140001, currency: 'CAD', period: 'yearly' },
  });
  t.equal(job.date_posted, new Date(1_788_290_362_946 - 60_000).toISOString(), 'createdAt read as milliseconds');
});

t.test('a Workday board: a site URL, 20 a page, a detail per posting', async (t) => {
  const id = await addBoard({ ats: 'workday', url: workdayUrl });
  const view = await crawl(id);
  t.match(view.board, { ats: 'workday', token: 'dayco/External', url: workdayUrl });
  t.match(view.crawls[0], { status: 'succeeded', seen: 25, new: 25, requests: 2 + 25 }, 'two list pages, a detail each');
  const jobs = await jobsOf('workday');
  t.equal(jobs.length, 25, 'every posting searchable');
  const first = jobs.find((job) => job.external_id === makeWorkdayPosting(0, 'dayco/External').detail.jobPostingInfo.id)!;
  t.match(first.listing_url, /^https:\/\/dayco\.wd5\.myworkdayjobs\.com\/(en-US\/)?External\/job\//);
});

t.test('a Recruitee board; a posting whose valid_through passed is expired', async (t) => {
  const id = await addBoard({ ats: 'recruitee', token: 'recco' });
  const offers = recruitee.boards.get('recco')!;
  offers[0]!.close_at = recruiteeTimeText(new Date(Date.now() + 86_400_000));
  t.match((await crawl(id)).crawls[0], { status: 'succeeded', seen: 3, new: 3 });
  const live = await jobsOf('recruitee');
  t.equal(live.length, 3);
  const closing = live.find((job) => job.external_id === String(offers[0]!.id))!;
  t.ok(closing.valid_through, 'close_at is the valid_through');
  t.match(closing.compensation, { currency: 'EUR', period: 'monthly' });

  offers[0]!.close_at = recruiteeTimeText(new Date(Date.now() - 3_600_000));
  t.match((await crawl(id)).crawls[0], { status: 'succeeded', updated: 1, expired: 0 });
  const expired = await customer.get(`/api/jobs/expired?ids=${closing.id}`);
  t.same(expired.body.expired_ids, [closing.id], 'in GET /api/jobs/expired though still listed');
  const after = await jobsOf('recruitee');
  t.same(after.map((job) => job.id).includes(closing.id), false, 'gone from search');
  t.equal(after.length, 2);
});

t.test('a SmartRecruiters board: a place given in parts is read through the gazetteer at write time', async (t) => {
  const id = await addBoard({ ats: 'smartrecruiters', token: 'srco' });
  t.match((await crawl(id)).crawls[0], { status: 'succeeded', new: 2 });
  const jobs = await jobsOf('smartrecruiters');
  const irvine = jobs.find((job) => job.locations.some((location: any) => location.location === 'Irvine, CA, United States'))!;
  t.match(irvine.locations[0], { city: 'Irvine', region: 'California', country: 'United States', latitude: Number, longitude: Number });
});
