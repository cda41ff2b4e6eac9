// The Recruitee connector against the Careers Site API replica: the recorded offers mapped
// field by field, and the traps (salary strings, non-ISO times, close_at, the three workplace
// booleans, description + requirements, a company addressed by its subdomain).
import t from 'tap';
import { mapRecruiteeOffer, recruiteeConnector, recruiteeTime } from '../crawlers/ats/recruitee.ts';
import { CrawlHttpError, NotModified } from '../crawlers/http.ts';
import { makeRecruiteePosting, recruiteeFixture, startRecruiteeReplica, type RecruiteeRawOffer } from './helpers/ats-api/recruitee.ts';
import { listAll, replicaHttp } from './helpers/ats-api/crawl-http.ts';

const replica = await startRecruiteeReplica();
t.teardown(() => replica.server.close());
replica.boards.set('bunq', recruiteeFixture().offers);
const list = (token: string) => listAll(recruiteeConnector.list(replica.target(token), replicaHttp(replica.origins)));
const offer = (changes: Partial<RecruiteeRawOffer>) => ({ ...recruiteeFixture().offers[0]!, ...changes }) as Parameters<typeof mapRecruiteeOffer>[0];

t.test('the recorded offers, field by field', async (t) => {
  const { postings, end } = await list('bunq');
  t.same(end, { complete: true });
  t.equal(postings.length, 3);
  t.same(postings[0], {
    external_id: '4415333',
    title: 'Deputy AML Manager - Belgium',
    description: '<p><strong>Ready to Get Shit Done?</strong></p><p>…</p>\n<p>Do You Have What It Takes?</p><ul>…</ul>',
    listing_url: 'https://careers.bunq.com/o/deputy-aml-manager-belgium',
    apply_url: 'https://careers.bunq.com/o/deputy-aml-manager-belgium/c/new',
    locations: ['Brussels, Brussels, Belgium'],
    workplace: 'hybrid',
    employment_type: 'full_time',
    department: 'Support & Operations',
    date_posted: '2026-10-05T16:05:18.000Z',
    valid_through: null,
    compensation: null,
    company_name: 'bunq',
  });
  t.same(postings[1], {
    external_id: '2620732',
    title: 'AML Branch Manager, Romania',
    description: '<p>…</p>\n<ul>…</ul>',
    listing_url: 'https://careers.bunq.com/o/aml-branch-manager-romania',
    apply_url: 'https://careers.bunq.com/o/aml-branch-manager-romania/c/new',
    locations: ['Bucharest, București, Romania', 'Cluj-Napoca, Cluj, Romania'],
    workplace: 'hybrid',
    employment_type: 'full_time',
    department: 'Support & Operations',
    date_posted: '2026-05-29T09:45:21.000Z',
    valid_through: '2026-12-31T23:00:00.000Z',
    compensation: null,
    company_name: 'bunq',
  });
  t.same(postings[2], {
    external_id: '2680730',
    title: 'Data Architect',
    description: '<p>Design the data platform behind our hearing-care software.</p>\n<ul><li>Data modelling &amp; SQL</li></ul>',
    listing_url: 'https://auditdata.recruitee.com/o/data-architect',
    apply_url: 'https://auditdata.recruitee.com/o/data-architect/c/new',
    locations: ['remote, Poland'],
    workplace: 'remote',
    employment_type: 'full_time',
    department: 'R&D',
    date_posted: '2026-09-02T08:15:03.000Z',
    valid_through: null,
    compensation: null,
    company_name: 'Auditdata',
  });
});

t.test('a company is its recruitee.com subdomain, even behind a custom careers domain', async (t) => {
  const before = replica.server.requests.length;
  await list('bunq');
  const request = replica.server.requests[before]!;
  t.equal(request.headers['x-forwarded-host'], 'bunq.recruitee.com', 'asked of the company host');
  t.equal(request.path, '/api/offers/');
  t.match(request.headers['user-agent'], /jobdata-service/);

  replica.boards.set('auditdata', [makeRecruiteePosting(1, 'auditdata')]);
  const other = await list('auditdata');
  t.same(other.postings.map((posting) => posting.external_id), ['5000001'], 'two companies on one replica are told apart by host');

  await t.rejects(list('evil.example.com/x'), /not a Recruitee subdomain/, 'a token that is no host label sends nothing');
});

t.test('trap: salary bounds are strings and become numbers', async (t) => {
  // The salary object as aaff.recruitee.com answers it (SOURCE.md).
  const mapped = mapRecruiteeOffer(offer({ salary: { min: '18.50', max: '18.50', period: 'month', currency: 'EUR' } }));
  t.same(mapped.compensation, { min: 18.5, max: 18.5, currency: 'EUR', period: 'monthly' });
  t.equal(typeof mapped.compensation!.min, 'number');

  replica.boards.set('paying', [makeRecruiteePosting(7, 'paying')]);
  const { postings } = await list('paying');
  t.same(postings[0]!.compensation, { min: 4007, max: 5007, currency: 'EUR', period: 'monthly' }, 'through the replica too');
  t.equal(mapRecruiteeOffer(offer({ salary: { min: null, max: null, period: null, currency: null } })).compensation, null, 'no bounds, no compensation');
});

t.test('trap: times are "YYYY-MM-DD HH:MM:SS UTC", read explicitly', async (t) => {
  t.equal(recruiteeTime('2026-10-05 16:05:18 UTC'), '2026-10-05T16:05:18.000Z');
  t.equal(new Date('2026-02-30 10:00:00 UTC').getUTCMonth(), 2, "Date's lenient parsing rolls an impossible day into March...");
  t.equal(recruiteeTime('2026-02-30 10:00:00 UTC'), null, '...an explicit reading refuses it');
  t.equal(recruiteeTime('2026-10-05 24:00:00 UTC'), null);
  t.equal(recruiteeTime('05/10/2026'), null, 'no guessing at other forms');
  const tz = process.env.TZ;
  process.env.TZ = 'America/New_York';
  t.teardown(() => {
    if (tz === undefined) delete process.env.TZ;
    else process.env.TZ = tz;
  });
  t.equal(recruiteeTime('2026-10-05 16:05:18 UTC'), '2026-10-05T16:05:18.000Z', 'UTC whatever the process time zone');
  t.equal(mapRecruiteeOffer(offer({ published_at: null })).date_posted, '2026-10-05T15:58:02.000Z', 'created_at when there is no published_at');
});

t.test('trap: close_at is valid_through', async (t) => {
  t.equal(mapRecruiteeOffer(offer({ close_at: '2027-01-15 10:00:00 UTC' })).valid_through, '2027-01-15T10:00:00.000Z');
  t.equal(mapRecruiteeOffer(offer({ close_at: null })).valid_through, null);
});

t.test('trap: remote / hybrid / on_site booleans are the workplace', async (t) => {
  const flags = (remote: boolean, hybrid: boolean, on_site: boolean) => mapRecruiteeOffer(offer({ remote, hybrid, on_site })).workplace;
  t.equal(flags(true, false, false), 'remote');
  t.equal(flags(false, true, false), 'hybrid');
  t.equal(flags(false, false, true), 'onsite');
  t.equal(flags(false, false, false), null, 'none set states nothing');
});

t.test('trap: the text is description + requirements', async (t) => {
  t.equal(mapRecruiteeOffer(offer({ description: '<p>Role</p>', requirements: '<ul><li>3 years</li></ul>' })).description, '<p>Role</p>\n<ul><li>3 years</li></ul>');
  t.equal(mapRecruiteeOffer(offer({ description: '<p>Role</p>', requirements: '' })).description, '<p>Role</p>');
});

t.test('employment type codes', async (t) => {
  const type = (employment_type_code: string) => mapRecruiteeOffer(offer({ employment_type_code })).employment_type;
  t.equal(type('fulltime'), 'full_time');
  t.equal(type('parttime_permanent'), 'part_time');
  t.equal(type('fulltime_fixed_term'), 'contract');
  t.equal(type('internship'), 'internship');
  t.equal(type('freelance'), 'freelance');
  t.equal(type('volunteer'), null);
});

t.test('an unknown company is a 404 the crawl sees', async (t) => {
  const error = await list('nobody').catch((caught: unknown) => caught);
  t.ok(error instanceof CrawlHttpError);
  t.equal((error as CrawlHttpError).status, 404);
  const body = await replicaHttp(replica.origins).request('https://nobody.recruitee.com/api/offers/', { accept: [404] });
  t.same(JSON.parse(body.body.toString()), { error: 'Not Found' });
});

t.test('conditional listing: 304 when the offers are as they were', async (t) => {
  const etagReplica = await startRecruiteeReplica({ etags: true });
  t.teardown(() => etagReplica.server.close());
  etagReplica.boards.set('bunq', recruiteeFixture().offers);
  const first = replicaHttp(etagReplica.origins);
  await listAll(recruiteeConnector.list(etagReplica.target('bunq'), first));
  const validators = first.receivedValidators;
  t.same(Object.keys(validators), ['https://bunq.recruitee.com/api/offers/']);
  await t.rejects(listAll(recruiteeConnector.list(etagReplica.target('bunq'), replicaHttp(etagReplica.origins, {}, validators))), NotModified);
  etagReplica.boards.get('bunq')!.pop();
  const { postings } = await listAll(recruiteeConnector.list(etagReplica.target('bunq'), replicaHttp(etagReplica.origins, {}, validators)));
  t.equal(postings.length, 2, 'a changed board answers in full');
});
