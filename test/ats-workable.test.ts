// The Workable connector against the widget API replica: the recorded postings mapped field
// by field, and the traps (descriptions only with details=true, 429 above two concurrent
// requests, telecommuting false is not on-site, hidden locations, 404 for an unknown account).
import t from 'tap';
import { workableConnector } from '../crawlers/ats/workable.ts';
import { CrawlHttpError } from '../crawlers/http.ts';
import { KNOWN_HOST_LIMITS } from '../crawlers/settings.ts';
import { listAll, replicaHttp } from './helpers/ats-api/crawl-http.ts';
import { makeWorkablePosting, startWorkableReplica, workableFixture, WORKABLE_ORIGIN } from './helpers/ats-api/workable.ts';

const replica = await startWorkableReplica();
t.teardown(() => replica.server.close());
replica.boards.set('huggingface', workableFixture().jobs);
replica.names.set('huggingface', 'Hugging Face');

t.test('the recorded postings, field by field', async (t) => {
  const { postings, end } = await listAll(workableConnector.list(replica.target('huggingface'), replicaHttp(replica.origins)));
  t.same(end, { complete: true });
  t.equal(postings.length, 2);
  t.same(postings[0], {
    external_id: '81B46579FE',
    title: 'Open-Source Machine Learning Engineer - EMEA Remote',
    description: "<p>At Hugging Face, we're on a journey to democratize good AI.</p><ul><li>Maintain open-source libraries &amp; their communities</li></ul>",
    listing_url: 'https://apply.workable.com/j/81B46579FE',
    apply_url: 'https://apply.workable.com/j/81B46579FE/apply',
    locations: ['Paris, Île-de-France, France'],
    workplace: 'remote',
    employment_type: 'full_time',
    department: 'Open Source',
    date_posted: '2026-05-29T00:00:00.000Z',
    valid_through: null,
    compensation: null,
    company_name: 'Hugging Face',
  });
  t.same(postings[1], {
    external_id: 'C7389E54B7',
    title: 'Account Executive',
    description: '<p>Full HTML job description including responsibilities, requirements, etc.</p>',
    listing_url: 'https://apply.workable.com/j/C7389E54B7',
    apply_url: 'https://apply.workable.com/j/C7389E54B7/apply',
    locations: ['London, England, United Kingdom'],
    workplace: null,
    employment_type: 'full_time',
    department: 'Commercial',
    date_posted: '2025-06-06T00:00:00.000Z',
    valid_through: null,
    compensation: null,
    company_name: 'Hugging Face',
  });
});

t.test('trap: descriptions come only with details=true, in one request for the whole account', async (t) => {
  const before = replica.server.requests.length;
  const { postings } = await listAll(workableConnector.list(replica.target('huggingface'), replicaHttp(replica.origins)));
  const requests = replica.server.requests.slice(before);
  t.equal(requests.length, 1);
  const asked = new URL(requests[0]!.path, WORKABLE_ORIGIN);
  t.equal(asked.pathname, '/api/v1/widget/accounts/huggingface');
  t.equal(asked.searchParams.get('details'), 'true');
  t.match(requests[0]!.headers['user-agent'], /jobdata-service/);
  t.ok(postings.every((posting) => posting.description.startsWith('<p>')));
});

t.test('trap: telecommuting false is not on-site, and an empty department is none', async (t) => {
  replica.boards.set('flags', [{ ...makeWorkablePosting(1), telecommuting: false, department: '' }, { ...makeWorkablePosting(2), employment_type: 'Other' }]);
  const { postings } = await listAll(workableConnector.list(replica.target('flags'), replicaHttp(replica.origins)));
  t.equal(postings[0]!.workplace, null, 'hybrid and on-site both read telecommuting: false');
  t.equal(postings[0]!.department, null);
  t.equal(postings[1]!.employment_type, null, '"Other" is no employment type');
  t.equal(postings[1]!.company_name, 'flags', 'the account name as the answer states it');
});

t.test('trap: every visible location, none that the employer hid, not only the flat primary one', async (t) => {
  const job = {
    ...makeWorkablePosting(3),
    city: 'Athens', state: 'Attica', country: 'Greece',
    locations: [
      { country: 'Greece', countryCode: 'GR', city: 'Athens', region: 'Attica', hidden: false },
      { country: 'Cyprus', countryCode: 'CY', city: 'Limassol', region: 'Limassol', hidden: false },
      { country: 'Poland', countryCode: 'PL', city: '', region: null, hidden: true },
    ],
  };
  const { locations: _dropped, ...flatOnly } = makeWorkablePosting(4);
  replica.boards.set('places', [job, flatOnly as typeof job]);
  const { postings } = await listAll(workableConnector.list(replica.target('places'), replicaHttp(replica.origins)));
  t.same(postings[0]!.locations, ['Athens, Attica, Greece', 'Limassol, Cyprus']);
  t.same(postings[1]!.locations, ['Berlin, Germany'], 'without locations[], the flat city/state/country (a repeated part once)');
});

t.test('an unknown account is a 404 the crawl sees', async (t) => {
  const error = await listAll(workableConnector.list(replica.target('nobody'), replicaHttp(replica.origins))).catch((caught: unknown) => caught);
  t.ok(error instanceof CrawlHttpError);
  t.equal((error as CrawlHttpError).status, 404);
});

// Several boards crawled at once through one client, as the service's crawl workers do.
async function crawlAtOnce(concurrentReplica: Awaited<ReturnType<typeof startWorkableReplica>>, tokens: string[], http: ReturnType<typeof replicaHttp>) {
  return Promise.all(tokens.map((token) => listAll(workableConnector.list(concurrentReplica.target(token), http))));
}

t.test('trap: more than two requests in flight are refused; KNOWN_HOST_LIMITS keeps a crawl of many boards under it', async (t) => {
  // Answers slower than the limit's pace (2 a second), so concurrency, not pace, is what binds.
  const slow = await startWorkableReplica({ delayMs: 1100 });
  t.teardown(() => slow.server.close());
  const tokens = ['a', 'b', 'c', 'd'];
  for (const [n, token] of tokens.entries()) slow.boards.set(token, [makeWorkablePosting(n, token)]);
  // The gates key on the host a request goes to (http.ts: target.host), which under
  // CRAWL_ORIGINS is the replica's loopback host, so the known limit is given under that
  // name as well as under apply.workable.com.
  const replicaHost = new URL(slow.server.origin).host;
  const hostLimits = { ...KNOWN_HOST_LIMITS, [replicaHost]: KNOWN_HOST_LIMITS['apply.workable.com']! };
  const results = await crawlAtOnce(slow, tokens, replicaHttp(slow.origins, { hostLimits }));
  t.same(results.map((result) => result.postings.length), [1, 1, 1, 1]);
  t.equal(slow.load.refused, 0, 'no request was refused with 429');
  t.equal(slow.load.maxInFlight, 2, 'two requests were in flight at once, never more');
});

t.test('the replica does refuse a third concurrent request, and the crawl waits out its Retry-After', async (t) => {
  const busy = await startWorkableReplica({ delayMs: 200 });
  t.teardown(() => busy.server.close());
  const tokens = ['a', 'b', 'c', 'd'];
  for (const [n, token] of tokens.entries()) busy.boards.set(token, [makeWorkablePosting(n, token)]);
  const loose = { concurrency: 4, ratePerSecond: 0 };
  const hostLimits = { 'apply.workable.com': loose, [new URL(busy.server.origin).host]: loose };
  const http = replicaHttp(busy.origins, { hostLimits });
  const results = await crawlAtOnce(busy, tokens, http);
  t.ok(busy.load.refused > 0, `${busy.load.refused} requests were refused with 429`);
  t.ok(http.errors.some((error) => error.status === 429 && /waited/.test(error.message)), 'the client waited and retried');
  t.same(results.map((result) => result.end), tokens.map(() => ({ complete: true })));
});
