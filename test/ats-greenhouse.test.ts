// The Greenhouse connector against the Job Board API replica: the recorded postings
// mapped field by field, and the traps (escaped content, pay only on request, in cents).
import t from 'tap';
import { greenhouseConnector } from '../crawlers/ats/greenhouse.ts';
import { CrawlHttpError, NotModified } from '../crawlers/http.ts';
import { greenhouseFixture, startGreenhouseReplica } from './helpers/ats-api/greenhouse.ts';
import { listAll, replicaHttp } from './helpers/ats-api/crawl-http.ts';
import { startReplica } from './helpers/ats-api/replica.ts';

const replica = await startGreenhouseReplica();
t.teardown(() => replica.server.close());
replica.boards.set('gitlab', greenhouseFixture().jobs);

t.test('the recorded postings, field by field', async (t) => {
  const { postings, end } = await listAll(greenhouseConnector.list(replica.target('gitlab'), replicaHttp(replica.origins)));
  t.same(end, { complete: true });
  t.equal(postings.length, 2);
  t.same(postings[0], {
    external_id: '8638232002',
    title: 'AI Transformation Owner, CRO',
    description:
      "<p>GitLab is the intelligent orchestration platform.</p>\n<h2>What you&#39;ll do</h2>\n<ul>\n<li>Lead AI adoption across the revenue organisation &amp; its tooling</li>\n</ul>",
    listing_url: 'https://job-boards.greenhouse.io/gitlab/jobs/8638232002',
    apply_url: 'https://job-boards.greenhouse.io/gitlab/jobs/8638232002',
    locations: ['Remote, United States'],
    workplace: null,
    employment_type: null,
    department: 'Sales Operations',
    date_posted: '2026-09-15T18:02:11.000Z',
    valid_through: null,
    compensation: { min: 152000, max: 190000, currency: 'USD', period: null },
    company_name: 'GitLab',
  });
  t.equal(postings[1]!.employment_type, 'full_time', 'from the board-defined "Employment Type" metadata');
  t.equal(postings[1]!.listing_url, 'https://stripe.com/jobs/search?gh_jid=8172510', 'a custom careers domain stays as it is');
  t.same(postings[1]!.compensation, { min: 150000, max: 200000, currency: 'USD', period: 'yearly' }, '"Annual Salary" is yearly');
});

t.test('trap: content arrives escaped once more and is decoded exactly once', async (t) => {
  const { postings } = await listAll(greenhouseConnector.list(replica.target('gitlab'), replicaHttp(replica.origins)));
  t.equal(postings[1]!.description, '<div>Ship&nbsp;payments.</div>', '&amp;nbsp; becomes &nbsp;, not a raw no-break space');
  t.notMatch(postings[0]!.description, /&lt;/);
});

t.test('trap: pay comes only with pay_transparency=true, in cents', async (t) => {
  const before = replica.server.requests.length;
  await listAll(greenhouseConnector.list(replica.target('gitlab'), replicaHttp(replica.origins)));
  const request = replica.server.requests[before]!;
  const query = new URL(request.path, 'http://x').searchParams;
  t.equal(query.get('pay_transparency'), 'true');
  t.equal(query.get('content'), 'true');
  t.match(request.headers['user-agent'], /jobdata-service/);
});

t.test('an unknown board is a 404 the crawl sees', async (t) => {
  const error = await listAll(greenhouseConnector.list(replica.target('nobody'), replicaHttp(replica.origins))).catch((caught: unknown) => caught);
  t.ok(error instanceof CrawlHttpError);
  t.equal((error as CrawlHttpError).status, 404);
});

t.test('conditional listing: 304 when the board is as it was', async (t) => {
  const etagReplica = await startGreenhouseReplica({ etags: true });
  t.teardown(() => etagReplica.server.close());
  etagReplica.boards.set('gitlab', greenhouseFixture().jobs);
  const first = replicaHttp(etagReplica.origins);
  await listAll(greenhouseConnector.list(etagReplica.target('gitlab'), first));
  const validators = first.receivedValidators;
  t.equal(Object.keys(validators).length, 1);
  await t.rejects(listAll(greenhouseConnector.list(etagReplica.target('gitlab'), replicaHttp(etagReplica.origins, {}, validators))), NotModified);
  etagReplica.boards.get('gitlab')!.pop();
  const { postings } = await listAll(greenhouseConnector.list(etagReplica.target('gitlab'), replicaHttp(etagReplica.origins, {}, validators)));
  t.equal(postings.length, 1, 'a changed board answers in full');
});

t.test('a listing shorter than its meta.total is partial; an answer without meta is no listing', async (t) => {
  const jobs = greenhouseFixture().jobs;
  const odd = await startReplica((_request, url) => ({ body: url.pathname.includes('/short/') ? { jobs, meta: { total: 5 } } : { error: 'maintenance' } }));
  t.teardown(() => odd.close());
  const http = replicaHttp({ 'https://boards-api.greenhouse.io': odd.origin });
  const short = await listAll(greenhouseConnector.list(replica.target('short'), http));
  t.same(short.end, { complete: false, reason: 'Greenhouse listed 2 of the 5 jobs it counts.' });
  await t.rejects(listAll(greenhouseConnector.list(replica.target('other'), http)), /without a jobs list/);
});
