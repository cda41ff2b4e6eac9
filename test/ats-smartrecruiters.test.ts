// The SmartRecruiters connector against the Posting API replica: the recorded postings
// mapped field by field, and the traps (pages capped at 100, an unknown company answering
// an empty 200, a posting closed between list and detail, sections joined with headings).
import t from 'tap';
import { smartrecruitersConnector } from '../crawlers/ats/smartrecruiters.ts';
import { CrawlHttpError } from '../crawlers/http.ts';
import {
  makeSmartRecruitersPosting,
  SMARTRECRUITERS_ORIGIN,
  smartRecruitersPostings,
  startSmartRecruitersReplica,
  type SmartRecruitersRawPosting,
} from './helpers/ats-api/smartrecruiters.ts';
import { listAll, replicaHttp } from './helpers/ats-api/crawl-http.ts';

const replica = await startSmartRecruitersReplica();
t.teardown(() => replica.server.close());
replica.boards.set('BoschGroup', smartRecruitersPostings());
const many = (count: number, board: string) => Array.from({ length: count }, (_, n) => makeSmartRecruitersPosting(n + 1, board));
const query = (path: string) => new URL(path, 'http://x').searchParams;
const listRequests = (from: number) => replica.server.requests.slice(from).filter((request) => /\/postings\?/.test(request.path));

t.test('the recorded postings, field by field', async (t) => {
  const { postings, end } = await listAll(smartrecruitersConnector.list(replica.target('BoschGroup'), replicaHttp(replica.origins)));
  t.same(end, { complete: true });
  t.equal(postings.length, 2);
  t.same(postings[0], {
    external_id: '744000154502129',
    title: 'Operator 2  - 2nd shift',
    description:
      '<h2>Job Description</h2>\n<p>Operate and monitor production equipment on the 2nd shift.</p><ul><li>Follow safety &amp; quality standards</li></ul>\n' +
      '<h2>Qualifications</h2>\n<p>High school diploma or equivalent.</p>\n' +
      '<h2>Additional Information</h2>\n<p>Equal opportunity employer.</p>',
    listing_url: 'https://jobs.smartrecruiters.com/BoschGroup/744000154502129-operator-2-2nd-shift-',
    apply_url: 'https://jobs.smartrecruiters.com/BoschGroup/744000154502129-operator-2-2nd-shift-?oga=true',
    locations: ['St. Joseph, MI, United States'],
    places: [{ raw: 'St. Joseph, MI, United States', city: 'St. Joseph', region: 'MI', country: null, country_code: 'US' }],
    workplace: 'onsite',
    employment_type: 'full_time',
    department: null,
    date_posted: '2026-10-08T17:50:26.027Z',
    valid_through: null,
    compensation: null,
    company_name: 'Bosch Group',
  });
  t.same(postings[1], {
    external_id: '744000146422469',
    title: 'Senior Data Engineer',
    description:
      '<h2>Company Description</h2>\n<p>About us boilerplate.</p>\n<h2>Job Description</h2>\n<p>Build data pipelines.</p>\n<h2>Qualifications</h2>\n<ul><li>Python</li></ul>',
    listing_url: 'https://jobs.smartrecruiters.com/hitachisolutions/744000146422469-senior-data-engineer',
    apply_url: 'https://jobs.smartrecruiters.com/hitachisolutions/744000146422469-senior-data-engineer?oga=true',
    locations: ['Irvine, CA, United States'],
    places: [{ raw: 'Irvine, CA, United States', city: 'Irvine', region: 'CA', country: null, country_code: 'US' }],
    workplace: null,
    employment_type: 'full_time',
    department: 'Engineering',
    date_posted: '2026-08-20T09:14:54.288Z',
    valid_through: null,
    compensation: null,
    company_name: 'Hitachi Solutions',
  }, 'remote:false without a hybrid flag states no workplace');
});

t.test('the list has no descriptions: each posting needs its detail', async (t) => {
  const http = replicaHttp(replica.origins);
  const page = await http.getJson<{ content: SmartRecruitersRawPosting[] }>(`${SMARTRECRUITERS_ORIGIN}/v1/companies/BoschGroup/postings?limit=100&offset=0`);
  t.notOk(page.content[0]!.jobAd);
  t.notOk(page.content[0]!.postingUrl);
  const before = replica.server.requests.length;
  await listAll(smartrecruitersConnector.list(replica.target('BoschGroup'), replicaHttp(replica.origins)));
  const paths = replica.server.requests.slice(before).map((request) => new URL(request.path, 'http://x').pathname);
  t.same(paths.sort(), [
    '/v1/companies/BoschGroup/postings',
    '/v1/companies/BoschGroup/postings/744000146422469',
    '/v1/companies/BoschGroup/postings/744000154502129',
  ]);
});

t.test('trap: a page holds at most 100 postings, whatever limit asks', async (t) => {
  replica.boards.set('big', many(250, 'big'));
  const capped = await replicaHttp(replica.origins).getJson<{ limit: number; content: unknown[]; totalFound: number }>(
    `${SMARTRECRUITERS_ORIGIN}/v1/companies/big/postings?limit=500&offset=0`,
  );
  t.equal(capped.limit, 100, 'the API caps limit=500 to 100 silently');
  t.equal(capped.content.length, 100);
  t.equal(capped.totalFound, 250);

  const before = replica.server.requests.length;
  const { postings, end, pages } = await listAll(smartrecruitersConnector.list(replica.target('big'), replicaHttp(replica.origins)));
  t.same(end, { complete: true });
  t.equal(new Set(postings.map((posting) => posting.external_id)).size, 250, 'every posting, none skipped by paging');
  t.equal(pages, 3);
  const lists = listRequests(before).map((request) => query(request.path));
  t.same(lists.map((params) => params.get('offset')), ['0', '100', '200'], 'offset advances by what each page held');
  t.ok(lists.every((params) => Number(params.get('limit')) <= 100));
});

t.test("trap: a page's details are fetched before it is yielded, the next page after", async (t) => {
  const before = replica.server.requests.length;
  const generator = smartrecruitersConnector.list(replica.target('big'), replicaHttp(replica.origins));
  const first = await generator.next();
  t.equal((first.value as unknown[]).length, 100);
  const seen = replica.server.requests.slice(before);
  t.equal(seen.length, 101, 'one list page and its 100 details');
  t.equal(listRequests(before).length, 1, 'the second page waits for the consumer');
  await generator.return({ complete: true });
});

t.test('trap: an unknown company answers 200 with an empty list; that is no complete listing', async (t) => {
  const http = replicaHttp(replica.origins);
  const response = await http.request(`${SMARTRECRUITERS_ORIGIN}/v1/companies/no-such-company/postings?limit=100&offset=0`);
  t.equal(response.status, 200);
  t.same(JSON.parse(response.body.toString()), { offset: 0, limit: 100, totalFound: 0, content: [] });

  const unknown = await listAll(smartrecruitersConnector.list(replica.target('no-such-company'), http));
  t.equal(unknown.postings.length, 0);
  t.equal(unknown.end.complete, false, 'an empty first page expires nothing');
  t.match(unknown.end, { reason: /unknown company/ });

  replica.boards.set('emptied', []);
  const emptied = await listAll(smartrecruitersConnector.list(replica.target('emptied'), replicaHttp(replica.origins)));
  t.equal(emptied.end.complete, false, 'a real board at zero looks the same, and is left to the board-gone path');
});

t.test('trap: a posting closed between list and detail (404) is left out; the listing is incomplete', async (t) => {
  const postings = many(3, 'closing');
  // The second posting closes as soon as the list has been served.
  const board = Object.assign([...postings], {
    slice(this: SmartRecruitersRawPosting[], start?: number, end?: number) {
      const page = Array.prototype.slice.call(this, start, end) as SmartRecruitersRawPosting[];
      if (this.length === 3) this.splice(1, 1);
      return page;
    },
  });
  replica.boards.set('closing', board);
  const detail = await replicaHttp(replica.origins).request(`${SMARTRECRUITERS_ORIGIN}/v1/companies/closing/postings/1`, { accept: [404] });
  t.equal(detail.status, 404);
  t.match(JSON.parse(detail.body.toString()), { httpCode: 404, code: 'RESOURCE_NOT_FOUND' });

  const { postings: listed, end } = await listAll(smartrecruitersConnector.list(replica.target('closing'), replicaHttp(replica.origins)));
  t.same(listed.map((posting) => posting.external_id), [postings[0]!.id, postings[2]!.id]);
  t.equal(end.complete, false);
  t.match(end, { reason: /404/ });
});

t.test('a detail that keeps failing fails the crawl', async (t) => {
  const before = replica.server.requests.length;
  replica.server.faults.push({ fromRequest: before + 2, count: 10, status: 500 });
  t.teardown(() => void replica.server.faults.splice(0));
  const error = await listAll(smartrecruitersConnector.list(replica.target('BoschGroup'), replicaHttp(replica.origins, { attempts: 3 }))).catch((caught: unknown) => caught);
  t.ok(error instanceof CrawlHttpError);
  t.equal((error as CrawlHttpError).status, 500);
});

t.test('workplace from the location flags', async (t) => {
  replica.boards.set('flags', [makeSmartRecruitersPosting(5, 'flags'), makeSmartRecruitersPosting(6, 'flags'), makeSmartRecruitersPosting(7, 'flags')]);
  const { postings } = await listAll(smartrecruitersConnector.list(replica.target('flags'), replicaHttp(replica.origins)));
  t.same(postings.map((posting) => posting.workplace), ['remote', 'hybrid', 'onsite']);
  t.same(postings[0]!.locations, ['Berlin, Germany']);
  t.equal(postings[0]!.company_name, 'flags');
});
