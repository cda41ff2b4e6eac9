// The Personio connector against the XML feed replica: the recorded positions mapped field
// by field, and the traps (no apply URL, section names vs the title, single-element lists,
// CDATA kept, employmentType read with schedule, every office, the .com host, 307 for an
// unknown company).
import t from 'tap';
import { personioConnector } from '../crawlers/ats/personio.ts';
import { CrawlHttpError, NotModified } from '../crawlers/http.ts';
import { listAll, replicaHttp } from './helpers/ats-api/crawl-http.ts';
import { makePersonioPosting, personioFeed, personioFeedXml, personioFixture, startPersonioReplica, type PersonioRawPosition } from './helpers/ats-api/personio.ts';

const replica = await startPersonioReplica();
t.teardown(() => replica.server.close());
for (const company of ['open', 'personio', 'testco']) replica.boards.set(company, personioFixture(company));

async function list(token: string, url: string | null = null) {
  return listAll(personioConnector.list(replica.target(token, url), replicaHttp(replica.origins)));
}

/** One position of the `open` board with some fields changed, listed alone. */
async function variant(change: Partial<PersonioRawPosition>) {
  replica.boards.set('variant', [{ ...personioFixture('open')[0]!, ...change }]);
  const { postings } = await list('variant');
  return postings[0]!;
}

t.test('the recorded positions, field by field', async (t) => {
  const open = await list('open');
  t.same(open.end, { complete: true });
  t.same(open.postings, [
    {
      external_id: '2736779',
      title: 'Buying Assistant (Production Team)',
      description:
        '<h3>Location</h3><span style="font-size:11pt;font-family:Lora, serif;color:#000000;">Head Office: Dublin, Harold\'s Cross. Hybrid working model.</span>\n' +
        '<h3>All Welcome Here Statement</h3><span style="font-size:11pt;">We believe diverse teammates, opinions and backgrounds generate a larger global impact. &amp;Open is an equal opportunity employer.</span>',
      listing_url: 'https://open.jobs.personio.de/job/2736779',
      apply_url: 'https://open.jobs.personio.de/job/2736779',
      locations: ['Head Office - Dublin', 'Hybrid'],
      workplace: null,
      employment_type: 'full_time',
      department: 'Buying and Merchandising',
      date_posted: '2026-07-31T10:20:32.000Z',
      valid_through: null,
      compensation: null,
      company_name: null,
    },
  ]);

  const personio = await list('personio');
  t.same(personio.postings, [
    {
      external_id: '1834171',
      title: 'Staff Software Engineer, Data Platform',
      description: '',
      listing_url: 'https://personio.jobs.personio.de/job/1834171',
      apply_url: 'https://personio.jobs.personio.de/job/1834171',
      locations: ['Munich', 'Berlin'],
      workplace: null,
      employment_type: 'full_time',
      department: 'Product and Tech',
      date_posted: '2024-11-13T14:10:41.000Z',
      valid_through: null,
      compensation: null,
      company_name: 'Personio SE & Co. KG',
    },
  ]);

  const testco = await list('testco');
  t.same(testco.postings[0], {
    external_id: '2777228',
    title: 'Country Manager Sales & Account Management (all genders)',
    description:
      '<h3>Your role &amp; team</h3><ul><li style="font-size:14px;">Own the growth plan</li><li>Coach the team</li></ul>\n' +
      '<h3>Why us?</h3>Salary range: €60.000 - €75.000 per year.<br><br>You need &lt;5 years in a similar role.',
    listing_url: 'https://testco.jobs.personio.de/job/2777228',
    apply_url: 'https://testco.jobs.personio.de/job/2777228',
    locations: ['Athens, Greece', 'Berlin'],
    workplace: null,
    employment_type: 'full_time',
    department: 'Sales & Account Management',
    date_posted: '2026-09-01T18:22:28.000Z',
    valid_through: null,
    compensation: null,
    company_name: 'Test Company Greece P.C.',
  }, 'pay written in a section stays text: the feed has no pay field');
});

t.test('the replica serves the recorded feeds byte for byte', async (t) => {
  for (const company of ['open', 'personio', 'testco']) t.equal(personioFeed(personioFixture(company)), personioFeedXml(company), company);
});

t.test('the request: one GET of /xml on the company host, nothing else', async (t) => {
  const before = replica.server.requests.length;
  await list('open');
  const requests = replica.server.requests.slice(before);
  t.equal(requests.length, 1);
  t.equal(requests[0]!.method, 'GET');
  t.equal(new URL(requests[0]!.path, 'http://x').pathname, '/xml');
  t.match(requests[0]!.headers['user-agent'], /jobdata-service/);
});

t.test('trap: no apply URL in the feed, so the posting page is both URLs (never invented otherwise)', async (t) => {
  const posting = await variant({ id: '42' });
  t.equal(posting.listing_url, 'https://variant.jobs.personio.de/job/42');
  t.equal(posting.apply_url, posting.listing_url);
});

t.test('trap: the title is the position <name>, not a section <name>', async (t) => {
  const posting = await variant({ name: 'Data Engineer', jobDescriptions: [{ name: 'Your mission', value: '<p>Pipelines.</p>' }] });
  t.equal(posting.title, 'Data Engineer');
  t.equal(posting.description, '<h3>Your mission</h3><p>Pipelines.</p>');
});

t.test('trap: a single <position>, <office> or <jobDescription> is still a list', async (t) => {
  const posting = await variant({ additionalOffices: ['Remote - Germany'], jobDescriptions: [{ name: 'Tasks', value: '<p>One.</p>' }] });
  t.same(posting.locations, ['Head Office - Dublin', 'Remote - Germany']);
  t.equal(posting.description, '<h3>Tasks</h3><p>One.</p>');
  const { postings } = await list('variant');
  t.equal(postings.length, 1);
});

t.test('trap: ids stay strings as written', async (t) => {
  const posting = await variant({ id: '0042' });
  t.equal(posting.external_id, '0042');
  t.equal(posting.listing_url, 'https://variant.jobs.personio.de/job/0042');
});

t.test('trap: CDATA HTML is kept as it is, entities inside it not decoded', async (t) => {
  const html = '<p>R&amp;D &lt;b&gt; &nbsp;<a href="https://x.test/?a=1&amp;b=2">link</a></p>';
  const posting = await variant({ jobDescriptions: [{ name: 'R&D', value: html }] });
  t.equal(posting.description, `<h3>R&amp;D</h3>${html}`, 'the section name is text, escaped once into the heading');
});

t.test('trap: employmentType is read together with schedule', async (t) => {
  const cases: Array<[Partial<PersonioRawPosition>, string | null]> = [
    [{ employmentType: 'permanent', schedule: 'full-time' }, 'full_time'],
    [{ employmentType: 'permanent', schedule: 'part-time' }, 'part_time'],
    [{ employmentType: 'permanent', schedule: 'full-or-part-time' }, null],
    [{ employmentType: 'permanent', schedule: undefined }, null],
    [{ employmentType: 'intern', schedule: 'full-time' }, 'internship'],
    [{ employmentType: 'trainee', schedule: 'part-time' }, 'internship'],
    [{ employmentType: 'freelance', schedule: 'flexible' }, 'freelance'],
    [{ employmentType: undefined, schedule: 'part-time' }, 'part_time'],
  ];
  for (const [change, expected] of cases) {
    t.equal((await variant(change)).employment_type, expected, `${change.employmentType} + ${change.schedule}`);
  }
});

t.test('trap: office and additionalOffices are all locations, once each', async (t) => {
  const posting = await variant({ office: 'Berlin', additionalOffices: ['Munich', 'Berlin', 'Hamburg'] });
  t.same(posting.locations, ['Berlin', 'Munich', 'Hamburg']);
  const none = await variant({ office: undefined, additionalOffices: undefined });
  t.same(none.locations, []);
});

t.test('an empty board is a complete listing of nothing', async (t) => {
  replica.boards.set('empty', []);
  const { postings, end, pages } = await list('empty');
  t.same(postings, []);
  t.equal(pages, 0);
  t.same(end, { complete: true });
});

t.test('a .com account is listed, and linked, on its own host', async (t) => {
  const before = replica.server.requests.length;
  const { postings } = await list('personio', 'https://personio.jobs.personio.com/?language=en');
  t.equal(postings[0]!.listing_url, 'https://personio.jobs.personio.com/job/1834171');
  t.equal(replica.server.requests[before]!.headers['x-forwarded-host'], 'personio.jobs.personio.com', 'asked of the .com host');
});

t.test('an unknown company is a 307 to personio.com the crawl sees', async (t) => {
  const error = await list('nobody-here').catch((caught: unknown) => caught);
  t.ok(error instanceof CrawlHttpError);
  t.equal((error as CrawlHttpError).status, 307);
});

t.test('a large board comes in pages', async (t) => {
  replica.boards.set('big', Array.from({ length: 1203 }, (_, n) => makePersonioPosting(n, 'big')));
  const { postings, end, pages } = await list('big');
  t.equal(postings.length, 1203);
  t.equal(pages, 3);
  t.same(end, { complete: true });
  t.equal(new Set(postings.map((posting) => posting.external_id)).size, 1203);
  t.equal(postings[7]!.title, 'Software Engineer 7 (all genders)');
});

t.test('conditional listing: 304 when the feed is as it was', async (t) => {
  const etagReplica = await startPersonioReplica({ etags: true });
  t.teardown(() => etagReplica.server.close());
  etagReplica.boards.set('open', personioFixture('open'));
  const target = etagReplica.target('open');
  const first = replicaHttp(etagReplica.origins);
  await listAll(personioConnector.list(target, first));
  t.equal(Object.keys(first.receivedValidators).length, 1);
  await t.rejects(listAll(personioConnector.list(target, replicaHttp(etagReplica.origins, {}, first.receivedValidators))), NotModified);
});
