// Career-site discovery end to end over the real service: company websites on loopback
// (test/fixtures/company-sites/discovery-*), the ATS APIs served by their replicas, both
// through CRAWL_ORIGINS. `company add` queues discovery; the company.discover worker finds
// the Greenhouse board embedded on the careers page, confirms and registers it; its first
// crawl runs; the company is in POST /api/career-sites/feed. The other sites: a Workday
// link, a careers page found only at /careers, one found only through the sitemap, a site
// with no careers page and one whose boards list nothing (neither is discovered). Then the
// posting-links seed: a posting that links to another board gets that board confirmed.
import t from 'tap';
import { upsertCompanies } from '../db/companies.ts';
import { findCareerSiteCheck } from '../db/company-discovery.ts';
import { discoverCareerSite, discoveryDeps } from '../crawlers/discovery/discover.ts';
import { queuePostingLinks } from '../crawlers/discovery/posting-links.ts';
import { startWorkers } from '../workers/runner.ts';
import { companyDiscover } from '../workers/company-discover.ts';
import { startCompanySites } from './helpers/company-sites.ts';
import { makeGreenhousePosting, startGreenhouseReplica } from './helpers/ats-api/greenhouse.ts';
import { makeLeverPosting, startLeverReplica } from './helpers/ats-api/lever.ts';
import { makeAshbyPosting, startAshbyReplica } from './helpers/ats-api/ashby.ts';
import { makeWorkdayPosting, startWorkdayReplica } from './helpers/ats-api/workday.ts';
import { startIngestionService } from './helpers/ingestion.ts';
import { runScript } from './helpers/process.ts';
import { waitFor } from './helpers/wait.ts';

const sites = await startCompanySites({
  sites: ['discovery-greenhouse', 'discovery-workday', 'discovery-careers-path', 'discovery-sitemap', 'discovery-no-careers', 'discovery-empty-board'],
});
const greenhouse = await startGreenhouseReplica();
const lever = await startLeverReplica();
const ashby = await startAshbyReplica();
const workday = await startWorkdayReplica();
t.teardown(() => Promise.all([sites.close(), greenhouse.server.close(), lever.close(), ashby.server.close(), workday.server.close()]));

greenhouse.boards.set('northwindlabs', [1, 2, 3].map((n) => makeGreenhousePosting(n, 'northwindlabs')));
workday.boards.set('daytonfreight/External', [makeWorkdayPosting(1, 'daytonfreight/External')]);
lever.boards.set('pelicanpay', [makeLeverPosting(1, 'pelicanpay')]);
lever.boards.set('ospreyanalytics', []);
lever.boards.set('linkedco', [makeLeverPosting(2, 'linkedco')]);
ashby.boards.set('kranichsolar', [makeAshbyPosting(1, 'kranichsolar')]);

const origins = { ...sites.origins, ...greenhouse.origins, ...lever.origins, ...ashby.origins, ...workday.origins };
const { service, customer } = await startIngestionService(t, origins);
const { pool, boss, config, logger } = service.runtime;
service.runtime.onShutdown(await startWorkers(boss, [companyDiscover], service.runtime));
const deps = discoveryDeps(config, pool, boss, logger);
const crawlOrigins = Object.entries(origins).map(([real, local]) => `${real}=${local}`).join(',');

const cli = async (...args: string[]) => {
  const result = await runScript('scripts/admin.ts', args, { DATABASE_URL: service.databaseUrl, CRAWL_ORIGINS: crawlOrigins });
  let json: any = result.stdout;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    // usage errors print text
  }
  return { code: result.code, json, stderr: result.stderr };
};
const company = async (id: string) =>
  (await pool.query('SELECT name, website, ats_provider, listing_url, discovered_at, profile FROM companies WHERE id = $1', [id])).rows[0];
const boardsOf = async (id: string) => (await pool.query('SELECT id, ats, token, url, status FROM boards WHERE company_id = $1', [id])).rows;
const feedNames = async () => (await customer.post('/api/career-sites/feed', {})).body.career_sites.map((site: { name: string }) => site.name) as string[];
/** A company with a website and nothing else, as an import leaves it. */
const imported = async (site: string, name: string) =>
  (await upsertCompanies(pool, [{ source_key: `test-import:${site}`, name, website: `${sites.website(site)}/` }])).get(`test-import:${site}`)!;

t.test('company add → discovery finds the embedded Greenhouse board → registered, crawled, in the career-sites feed', async (t) => {
  const before = new Date();
  const added = await cli('company', 'add', '--website', 'https://discovery-greenhouse.example', '--name', 'Northwind Labs');
  t.equal(added.code, 0, added.stderr);
  t.match(added.json, { company_id: /^[0-9a-f-]{36}$/, created: true, enrichment_queued: true, discovery_queued: true });
  t.equal((await pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'company.enrich' AND data->>'company_id' = $1`, [added.json.company_id])).rows[0].n, 1, 'its enrichment is queued');
  const id: string = added.json.company_id;
  const again = await cli('company', 'add', '--website', 'https://www.discovery-greenhouse.example/about');
  t.same(again.json, { company_id: id, created: false, enrichment_queued: false, discovery_queued: false }, 'the same site again: the same company, no second job while one is queued or it is discovered');

  const found = await waitFor('Northwind Labs discovered', async () => {
    const row = await company(id);
    return row.discovered_at && row;
  }, 60);
  t.match(found, { name: 'Northwind Labs', website: 'https://discovery-greenhouse.example/', ats_provider: 'greenhouse', listing_url: 'https://job-boards.greenhouse.io/northwindlabs' });
  t.equal(found.profile.careers_url, 'https://www.discovery-greenhouse.example/careers/', 'careers_url: the careers page the board is embedded in');
  t.ok(found.discovered_at >= new Date(before.getTime() - 1000), 'discovered now, not at creation');
  const [board] = await boardsOf(id);
  t.match(board, { ats: 'greenhouse', token: 'northwindlabs', url: null, status: 'active' });
  t.match(await findCareerSiteCheck(pool, id), { outcome: 'registered', board_id: board.id, careers_url: 'https://www.discovery-greenhouse.example/careers/' });

  await waitFor('the first crawl of the discovered board', async () =>
    (await pool.query(`SELECT count(*)::int AS n FROM jobs WHERE board_id = $1 AND expired_at IS NULL`, [board.id])).rows[0].n === 3, 60);
  const crawls = (await pool.query('SELECT status, new FROM board_crawls WHERE board_id = $1', [board.id])).rows;
  t.match(crawls, [{ status: 'succeeded', new: 3 }], 'crawled against the replica right after registration');
  t.ok(greenhouse.server.requests.some((request) => request.path.startsWith('/v1/boards/northwindlabs/jobs')));

  const feed = await customer.post('/api/career-sites/feed', {});
  t.equal(feed.status, 200);
  const entry = feed.body.career_sites.find((site: { id: string }) => site.id === id);
  t.match(entry, { name: 'Northwind Labs', ats: 'greenhouse', listing_url: 'https://job-boards.greenhouse.io/northwindlabs', discovered_at: found.discovered_at.toISOString() });
  const profile = await service.client.get(`/api/companies/${id}`);
  t.match(profile.body, { careers_url: 'https://www.discovery-greenhouse.example/careers/', listing_url: 'https://job-boards.greenhouse.io/northwindlabs', ats_provider: 'greenhouse' });
});

t.test('company enrich runs discovery now: a Workday link on the home page', async (t) => {
  const id = await imported('discovery-workday', 'Dayton Freight');
  t.equal((await company(id)).discovered_at, null, 'a company without a careers site is not discovered');
  const result = await cli('company', 'enrich', '--id', id);
  t.equal(result.code, 0, result.stderr);
  t.match(result.json, {
    company_id: id,
    enrichment: { company_id: id, status: 'ok' },
    discovery: {
      outcome: 'registered',
      careers_url: 'https://daytonfreight.wd5.myworkdayjobs.com/en-US/External',
      listing_url: 'https://daytonfreight.wd5.myworkdayjobs.com/en-US/External',
      board: { ats: 'workday', token: 'daytonfreight/External', url: 'https://daytonfreight.wd5.myworkdayjobs.com/en-US/External', created: true, company_id: id },
    },
  });
  t.match(await company(id), { ats_provider: 'workday', listing_url: 'https://daytonfreight.wd5.myworkdayjobs.com/en-US/External', discovered_at: Date });
  const rerun = await cli('company', 'enrich', '--id', id);
  t.match(rerun.json.discovery, { outcome: 'registered', board: { created: false } }, 'a second run registers nothing new');
  t.equal((await boardsOf(id)).length, 1);
});

t.test('a careers page found only at /careers (a Lever link) and one found only through the sitemap (an Ashby embed)', async (t) => {
  const pelican = await imported('discovery-careers-path', 'Pelican Payments');
  const byPath = await discoverCareerSite(deps, pelican);
  t.match(byPath, { outcome: 'registered', careers_url: 'https://www.discovery-careers-path.example/careers', board: { ats: 'lever', token: 'pelicanpay' } });
  t.ok(byPath.pages.some((page) => page.url === 'https://www.discovery-careers-path.example/careers' && page.result === 'read'));

  const kranich = await imported('discovery-sitemap', 'Kranich Solar');
  const bySitemap = await discoverCareerSite(deps, kranich);
  t.match(bySitemap, { outcome: 'registered', careers_url: 'https://www.discovery-sitemap.example/company/join-us/', board: { ats: 'ashby', token: 'kranichsolar' } });
  t.same(
    bySitemap.pages.map((page) => page.url.replace('https://www.discovery-sitemap.example', '')),
    ['/', '/careers', '/jobs', '/sitemap_index.xml', '/page-sitemap.xml', '/company/join-us/'],
    'home, the common paths (404), the sitemap robots.txt names and its child, then the careers page',
  );
  t.match(await company(kranich), { ats_provider: 'ashby', listing_url: 'https://jobs.ashbyhq.com/kranichsolar' });
});

t.test('no careers page, or boards that list nothing: nothing registered, discovered_at stays null', async (t) => {
  const quill = await imported('discovery-no-careers', 'Quill & Ink');
  const none = await discoverCareerSite(deps, quill);
  t.match(none, { outcome: 'no_careers_page', board: null, careers_url: null, tried: [], retryable: false });
  const osprey = await imported('discovery-empty-board', 'Osprey Analytics');
  const empty = await discoverCareerSite(deps, osprey);
  t.match(empty, { outcome: 'not_confirmed', careers_url: 'https://www.discovery-empty-board.example/careers/', board: null, retryable: false });
  t.match(empty.tried, [
    { ats: 'lever', token: 'ospreyanalytics', confirmation: { status: 'empty' } },
    { ats: 'greenhouse', token: 'ospreyold', confirmation: { status: 'not_found', http_status: 404 } },
  ]);
  for (const id of [quill, osprey]) {
    t.match(await company(id), { ats_provider: null, listing_url: null, discovered_at: null });
    t.same(await boardsOf(id), []);
  }
  t.match(await findCareerSiteCheck(pool, osprey), { outcome: 'not_confirmed', board_id: null });
  const names = await feedNames();
  t.notOk(names.includes('Quill & Ink') || names.includes('Osprey Analytics'), 'neither is in the career-sites feed');
  t.ok(names.includes('Pelican Payments') && names.includes('Kranich Solar') && names.includes('Dayton Freight'));
});

t.test('a board linked from a crawled posting is confirmed and registered; a link to a board that lists nothing is not', async (t) => {
  const postings = [
    { listing_url: 'https://job-boards.greenhouse.io/northwindlabs/jobs/1', description: '<p>Hiring for our partner: <a href="https://jobs.lever.co/linkedco/abc">apply at Linked Co</a>.</p>' },
    { listing_url: 'https://job-boards.greenhouse.io/northwindlabs/jobs/2', description: '<p>See <a href="https://jobs.lever.co/ospreyanalytics">Osprey</a> and <a href="https://job-boards.greenhouse.io/northwindlabs">our own board</a>.</p>' },
  ];
  const queued = await queuePostingLinks(pool, boss, { ats: 'greenhouse', token: 'northwindlabs' }, postings);
  t.equal(queued, 2, 'two boards not registered yet; the posting’s own board is left out');
  const linked = await waitFor('lever:linkedco registered', async () =>
    (await pool.query(`SELECT b.id, c.name, c.listing_url, c.discovered_at FROM boards b JOIN companies c ON c.id = b.company_id WHERE b.ats = 'lever' AND b.token = 'linkedco'`)).rows[0], 60);
  t.match(linked, { listing_url: 'https://jobs.lever.co/linkedco', discovered_at: Date });
  await waitFor('both confirmations done', async () =>
    (await pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'company.discover' AND state < 'completed'`)).rows[0].n === 0, 60);
  t.equal((await pool.query(`SELECT count(*)::int AS n FROM boards WHERE token = 'ospreyanalytics'`)).rows[0].n, 0, 'the empty board is not registered');
  t.equal(await queuePostingLinks(pool, boss, { ats: 'greenhouse', token: 'northwindlabs' }, postings.slice(0, 1)), 0, 'a registered board is not queued again');
});

t.test('company add and company enrich refuse bad input', async (t) => {
  for (const args of [['company', 'add'], ['company', 'add', '--website', 'ftp://acme.example'], ['company', 'add', '--website', 'acme'], ['company', 'enrich', '--id', 'nope'], ['company', 'add', '--website', 'https://a.example', '--id', 'x']]) {
    const result = await cli(...args);
    t.equal(result.code, 2, `${args.join(' ')}: exit 2`);
    t.match(result.stderr, /Usage: npm run -s admin/);
  }
  const unknown = await cli('company', 'enrich', '--id', '00000000-0000-4000-8000-000000000000');
  t.equal(unknown.code, 1);
  t.match(unknown.stderr, /^error: No company 00000000-0000-4000-8000-000000000000\.\n$/);
});
