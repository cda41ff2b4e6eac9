// The Teamtailor connector against the career-site feeds replica: the recorded postings
// mapped field by field (jobs.json joined with jobs.rss), and the traps (JSON pages of 100
// by next_url, RSS only the first 100 unless per_page, remoteStatus none is not on-site,
// the JSON-LD address is the office, salary amounts as strings, custom domains, 404); each
// location's parts as its place, and through a crawl what is served.
import t from 'tap';
import { RSS_PER_PAGE, teamtailorConnector } from '../crawlers/ats/teamtailor.ts';
import { CrawlHttpError } from '../crawlers/http.ts';
import { listAll, replicaHttp } from './helpers/ats-api/crawl-http.ts';
import { makeTeamtailorPosting, startTeamtailorReplica, teamtailorFixture, type TeamtailorRawJob } from './helpers/ats-api/teamtailor.ts';
import { startIngestionService } from './helpers/ingestion.ts';

const replica = await startTeamtailorReplica();
t.teardown(() => replica.server.close());
replica.boards.set('bmwtechworks', teamtailorFixture().jobs);

const requestsSince = (start: number) => replica.server.requests.slice(start).map((request) => request.path);
const board = (count: number, from = 1) => Array.from({ length: count }, (_, index) => makeTeamtailorPosting(from + index));

t.test('the recorded postings, field by field', async (t) => {
  const { postings, end } = await listAll(teamtailorConnector.list(replica.target('bmwtechworks'), replicaHttp(replica.origins)));
  t.same(end, { complete: true });
  t.equal(postings.length, 2);
  t.same(postings[0], {
    external_id: '4e00b481-129f-4d1d-8a7e-c2022dcb98cc',
    title: 'Data Engineer',
    description: '<p>Build data pipelines with <b>Python</b>.</p>',
    listing_url: 'https://bmwtechworks.teamtailor.com/jobs/8394788-data-engineer',
    apply_url: 'https://bmwtechworks.teamtailor.com/jobs/8394788-data-engineer',
    locations: ['Cluj-Napoca, Romania'],
    places: [{ raw: 'Cluj-Napoca, Romania', city: 'Cluj-Napoca', region: null, country: 'Romania', country_code: null }],
    workplace: 'hybrid',
    employment_type: 'full_time',
    department: 'IT',
    date_posted: '2026-09-17T10:42:05.000Z',
    valid_through: null,
    compensation: null,
    company_name: 'BMW Techworks Romania',
  });
  t.same(postings[1], {
    external_id: '3c6b967f-cb7b-4223-bfcb-08a0c07745a2',
    title: 'Regulatory Affairs Technician',
    description: '<p>Na <strong>Medinfar</strong>, acompanhas os processos regulamentares &amp; as submissões.</p>',
    listing_url: 'https://grupomedinfar.teamtailor.com/jobs/7702309-regulatory-affairs-technician',
    apply_url: 'https://grupomedinfar.teamtailor.com/jobs/7702309-regulatory-affairs-technician',
    locations: ['Amadora, Portugal'],
    places: [{ raw: 'Amadora, Portugal', city: 'Amadora', region: null, country: 'Portugal', country_code: null }],
    workplace: null,
    employment_type: 'full_time',
    department: 'Regulatory Affairs',
    date_posted: '2026-05-07T17:22:32.000Z',
    valid_through: '2026-06-30T22:59:59.000Z',
    compensation: { min: 1400, max: 1800, currency: 'EUR', period: 'monthly' },
    company_name: 'Grupo Medinfar',
  });
});

t.test('trap: jobs.json pages at 100 and names the next page in next_url', async (t) => {
  replica.boards.set('paged', board(250));
  const before = replica.server.requests.length;
  const { postings, end, pages } = await listAll(teamtailorConnector.list(replica.target('paged'), replicaHttp(replica.origins)));
  t.same(end, { complete: true });
  t.equal(postings.length, 250);
  t.equal(new Set(postings.map((posting) => posting.external_id)).size, 250);
  t.equal(pages, 3, 'yielded page by page');
  t.same(requestsSince(before), [`/jobs.rss?per_page=${RSS_PER_PAGE}`, '/jobs.json', '/jobs.json?page=2&per_page=100', '/jobs.json?page=3&per_page=100']);
});

t.test('trap: the RSS lists the first 100 and ignores page, so the connector asks for more with per_page', async (t) => {
  replica.boards.set('wide', board(150));
  const http = replicaHttp(replica.origins);
  const secondPage = await http.getText('https://wide.teamtailor.com/jobs.rss?page=2');
  t.equal(secondPage.match(/<item>/g)?.length, 100, 'the replica, like Teamtailor, answers page=2 with the first 100');
  const { postings } = await listAll(teamtailorConnector.list(replica.target('wide'), http));
  const last = postings.find((posting) => posting.title === 'Software Engineer 150')!;
  t.equal(last.department, 'Department 3', 'posting 150 has its RSS fields');
  t.same(last.locations, ['Stockholm, Sweden']);
});

t.test('trap: a posting the RSS does not reach keeps its JSON fields, and the JSON-LD address is only that fallback', async (t) => {
  const remote = makeTeamtailorPosting(1);
  remote._jobposting.jobLocation = [{ '@type': 'Place', address: { streetAddress: '500 Centre St S', addressLocality: 'Calgary', addressRegion: 'Alberta', addressCountry: 'CA' } }];
  remote.rss = { remoteStatus: 'fully', department: 'Engineering', locations: [{ name: 'Canada - REMOTE', city: 'Calgary', country: 'Canada' }] };
  replica.boards.set('big', [remote, ...board(RSS_PER_PAGE, 2)]);
  const { postings, end } = await listAll(teamtailorConnector.list(replica.target('big'), replicaHttp(replica.origins)));
  t.same(end, { complete: true });
  t.same(postings[0]!.locations, ['Canada - REMOTE'], 'the location name, not the office street address');
  t.same(postings[0]!.places, [{ raw: 'Canada - REMOTE', city: null, region: null, country: 'Canada', country_code: null }], 'nor the office\'s city');
  t.equal(postings[0]!.workplace, 'remote');
  const beyond = postings[RSS_PER_PAGE]!;
  t.equal(beyond.title, `Software Engineer ${RSS_PER_PAGE + 1}`);
  t.same(beyond.locations, ['Berlin, DE'], 'from the JSON-LD address');
  t.same(beyond.places, [{ raw: 'Berlin, DE', city: 'Berlin', region: null, country: null, country_code: 'DE' }], 'its locality and country code');
  t.equal(beyond.department, null);
  t.equal(beyond.workplace, null);
});

t.test('trap: remoteStatus none is the default, not on-site', async (t) => {
  const statuses = ['none', 'fully', 'hybrid', 'onsite', 'temporary'];
  replica.boards.set('remote', statuses.map((remoteStatus, index) => {
    const job = makeTeamtailorPosting(index);
    job.rss.remoteStatus = remoteStatus;
    return job;
  }));
  const { postings } = await listAll(teamtailorConnector.list(replica.target('remote'), replicaHttp(replica.origins)));
  t.same(postings.map((posting) => posting.workplace), [null, 'remote', 'hybrid', 'onsite', null]);
});

t.test('trap: baseSalary amounts are strings, a range or a single value, with or without a currency', async (t) => {
  const salaried = (baseSalary: unknown, employmentType: unknown): TeamtailorRawJob => {
    const job = makeTeamtailorPosting(7);
    job._jobposting = { ...job._jobposting, baseSalary, employmentType };
    return job;
  };
  replica.boards.set('pay', [
    salaried({ '@type': 'MonetaryAmount', currency: 'SEK', value: { '@type': 'QuantitativeValue', value: '45000', unitText: 'MONTH' } }, 'PART_TIME'),
    salaried({ '@type': 'MonetaryAmount', currency: '', value: { '@type': 'QuantitativeValue', minValue: '60', maxValue: '55', unitText: 'HOUR' } }, ['CONTRACTOR']),
    salaried(undefined, 'OTHER'),
  ]);
  const { postings } = await listAll(teamtailorConnector.list(replica.target('pay'), replicaHttp(replica.origins)));
  t.same(postings.map((posting) => posting.compensation), [
    { min: 45000, max: 45000, currency: 'SEK', period: 'monthly' },
    { min: 55, max: 60, currency: null, period: 'hourly' },
    null,
  ]);
  t.same(postings.map((posting) => posting.employment_type), ['part_time', 'contract', null]);
});

t.test('a custom careers domain (and its locale) from the board URL', async (t) => {
  replica.boards.set('careers.acme.example', [makeTeamtailorPosting(3, 'careers.acme.example')]);
  const before = replica.server.requests.length;
  const target = { ats: 'teamtailor' as const, token: 'acme', url: 'https://careers.acme.example/en/jobs' };
  const { postings } = await listAll(teamtailorConnector.list(target, replicaHttp(replica.origins)));
  t.equal(postings[0]!.listing_url, 'https://careers.acme.example/jobs/9000003-software-engineer-3');
  t.same(requestsSince(before), [`/en/jobs.rss?per_page=${RSS_PER_PAGE}`, '/en/jobs.json']);
});

t.test('a site with nothing open lists nothing, completely', async (t) => {
  replica.boards.set('quiet', []);
  const { postings, end } = await listAll(teamtailorConnector.list(replica.target('quiet'), replicaHttp(replica.origins)));
  t.same(end, { complete: true });
  t.equal(postings.length, 0);
});

t.test('an unknown site is a 404 the crawl sees', async (t) => {
  // Sent to the replica like every Teamtailor origin, but no career site there.
  replica.origins['https://gone.teamtailor.com'] = replica.server.origin;
  const error = await listAll(teamtailorConnector.list(replica.target('gone'), replicaHttp(replica.origins))).catch((caught: unknown) => caught);
  t.ok(error instanceof CrawlHttpError);
  t.equal((error as CrawlHttpError).status, 404);
});

/** A posting whose RSS names these locations (tt:name, tt:city, tt:country as recorded feeds write them). */
const located = (n: number, locations: TeamtailorRawJob['rss']['locations'], board?: string) => {
  const job = makeTeamtailorPosting(n, board);
  job.rss.locations = locations;
  return job;
};
const NAMED = [
  located(1, [{ name: 'Stockholm, Sverige', address: 'Valhallavägen 81', zip: '114 28', city: 'Stockholm', country: 'Sweden' }]),
  located(2, [{ name: 'Remote', city: '', country: 'Sweden' }]),
  located(3, [{ city: 'Lagos', country: 'Nigeria' }, { name: 'Hub', city: 'Lagos', country: 'Nigeria' }]),
  located(4, [{ name: 'Headquarters' }]),
];

t.test('each named location\'s parts are its place: the city where the name shows it, the country by name', async (t) => {
  replica.boards.set('named', NAMED);
  const { postings } = await listAll(teamtailorConnector.list(replica.target('named'), replicaHttp(replica.origins)));
  t.same(postings.map((posting) => posting.places), [
    [{ raw: 'Stockholm, Sverige, Sweden', city: 'Stockholm', region: null, country: 'Sweden', country_code: null }],
    [{ raw: 'Remote, Sweden', city: null, region: null, country: 'Sweden', country_code: null }],
    [
      { raw: 'Lagos, Nigeria', city: 'Lagos', region: null, country: 'Nigeria', country_code: null },
      { raw: 'Hub, Nigeria', city: null, region: null, country: 'Nigeria', country_code: null },
    ],
    [],
  ]);
  t.same(postings[3]!.locations, ['Headquarters'], 'a name without parts is still a location');
});

t.test('through a crawl: the served locations carry the country, and the city only where the name shows it', async (t) => {
  const remote = located(5, [{ name: 'Canada - REMOTE', address: '500 Centre St S', city: 'Calgary', country: 'Canada' }], 'servedco');
  replica.boards.set('servedco', [located(1, NAMED[0]!.rss.locations, 'servedco'), remote]);
  const { admin, customer, crawl } = await startIngestionService(t, replica.origins);
  const added = await admin.post('/api/admin/boards', { ats: 'teamtailor', token: 'servedco' });
  t.equal(added.status, 201);
  t.match((await crawl(added.body.id)).crawls[0], { status: 'succeeded', new: 2 });
  const served = async (country: string) => ((await customer.get(`/api/jobs?source=teamtailor&country=${country}`)).body.jobs as Array<{ locations: unknown[] }>);
  t.match((await served('SE')).map((job) => job.locations), [[{ location: 'Stockholm, Sverige, Sweden', city: 'Stockholm', country: 'Sweden', latitude: Number, longitude: Number }]]);
  t.same((await served('CA')).map((job) => job.locations), [[{ location: 'Canada - REMOTE', city: null, region: null, country: 'Canada', latitude: null, longitude: null }]]);
});
