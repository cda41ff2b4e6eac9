// Company enrichment end to end: loopback company websites (test/fixtures/company-sites/)
// reached through CRAWL_ORIGINS, the real service and database, the company.enrich-plan
// and company.enrich workers on pg-boss, then GET /api/companies/{id} over the real app.
// Covers a full WordPress site reached through an apex http → www https redirect, a
// Shopify store (broken JSON-LD logo, og:image instead), a site with no structured data
// (fields stay null, another source's values stay), a site whose robots.txt refuses us,
// a site that is down, and the ETag: unchanged by a second enrichment of the same site,
// changed when the site changes.
import t from 'tap';
import { findEnrichmentState, setCompanyDisabled, upsertCompanies } from '../db/companies.ts';
import { enrichCompanyNow } from '../companies/enrich/enrich.ts';
import { writeJobs } from '../crawlers/job-write.ts';
import { companyEnrichPlanQueue } from '../lib/queues.ts';
import { startWorkers } from '../workers/runner.ts';
import { companyEnrich, companyEnrichPlan } from '../workers/company-enrich.ts';
import { startCompanySites } from './helpers/company-sites.ts';
import { startTestService } from './helpers/service.ts';
import { waitFor } from './helpers/wait.ts';

const sites = await startCompanySites();
t.teardown(() => sites.close());
const service = await startTestService(t, { env: { CRAWL_ORIGINS: sites.crawlOriginsEnv, CRAWL_HOST_RATE: '0' } });
const { pool, boss } = service.runtime;
service.runtime.onShutdown(await startWorkers(boss, [companyEnrich, companyEnrichPlan], service.runtime));

const ids = await upsertCompanies(pool, [
  { source_key: 'test:acme', name: 'acme', website: 'http://acme-robotics.example' },
  { source_key: 'test:northwind', name: 'Northwind', website: 'https://www.northwind-goods.example/' },
  // Values from another source (an import) that the site does not show.
  { source_key: 'test:quiet', name: 'Quiet Studio Ltd', website: 'quiet-studio.example', linkedin_url: 'https://www.linkedin.com/company/quiet-studio', company_size: '1-10' },
  { source_key: 'test:gated', name: 'Gated Co', website: 'https://www.gated-co.example', founding_year: 1999 },
  { source_key: 'test:offline', name: 'Offline Co', website: 'https://www.offline-co.example' },
  // Never planned: sandbox, disabled, no website.
  { source_key: 'test:sandbox', sandbox: true, name: 'Sandbox Acme', website: 'https://www.acme-robotics.example' },
  { source_key: 'test:disabled', name: 'Disabled Acme', website: 'https://www.acme-robotics.example' },
  { source_key: 'test:nowebsite', name: 'No Website Inc' },
]);
const id = (key: string) => ids.get(`test:${key}`)!;
await setCompanyDisabled(pool, id('disabled'), true);
const profile = async (key: string) => {
  const response = await service.client.get(`/api/companies/${id(key)}`);
  if (response.status !== 200) throw new Error(`GET company ${key}: ${response.status}`);
  return response;
};

// A job of acme's, written while the company is still named "acme".
await writeJobs(pool, boss, [{
  source: 'greenhouse', external_id: 'acme-1', company_id: id('acme'), title: 'Field Service Technician',
  description: '<p>Keep our robots running.</p>', listing_url: 'https://job-boards.greenhouse.io/acme/jobs/1', apply_url: 'https://job-boards.greenhouse.io/acme/jobs/1',
}]);

t.test('the planner queues every due company once, and the worker enriches them', async (t) => {
  await companyEnrichPlanQueue.send(boss, {});
  for (const key of ['acme', 'northwind', 'quiet', 'gated', 'offline']) {
    await waitFor(`the enrichment of ${key}`, async () => (await findEnrichmentState(pool, id(key)))?.enriched_at);
  }
  for (const key of ['sandbox', 'disabled', 'nowebsite']) t.equal((await findEnrichmentState(pool, id(key)))!.enriched_at, null, `${key} is not planned`);
  const { rows } = await pool.query<{ count: string }>(`SELECT count(*) FROM pgboss.job WHERE name = 'company.enrich'`);
  t.equal(Number(rows[0]!.count), 5, 'one job per due company');
  const acme = (await findEnrichmentState(pool, id('acme')))!;
  t.equal(acme.enrich_status, 'ok');
  const days = (acme.next_enrich_at!.getTime() - Date.now()) / 86_400_000;
  t.ok(days > 6.9 && days <= 7, 'next run in a week');
  await companyEnrichPlanQueue.send(boss, {}, { singletonKey: 'again' });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const after = await pool.query<{ count: string }>(`SELECT count(*) FROM pgboss.job WHERE name = 'company.enrich'`);
  t.equal(Number(after.rows[0]!.count), 5, 'a second round finds nothing due');
});

t.test("a name the site gives reaches the company's jobs, and search finds them by it", async (t) => {
  const { rows } = await pool.query<{ company_name: string }>('SELECT company_name FROM jobs WHERE company_id = $1', [id('acme')]);
  t.same(rows.map((row) => row.company_name), ['Acme Robotics'], 'written as "acme" before the enrichment');
  const found = await pool.query(`SELECT job_id FROM job_search WHERE company_id = $1 AND title_vector @@ to_tsquery('english', 'robotics')`, [id('acme')]);
  t.equal(found.rowCount, 1, 'the search index has the new name');
});

t.test('a full site: every field its markup shows', async (t) => {
  const { body } = await profile('acme');
  t.match(body, {
    name: 'Acme Robotics',
    legal_name: 'Acme Robotics, Inc.',
    description: 'Acme Robotics designs and builds autonomous mobile robots for warehouse and factory logistics.',
    website: 'http://acme-robotics.example',
    logo_url: 'https://www.acme-robotics.example/wp-content/uploads/2023/05/acme-robotics-logo.png',
    careers_url: 'https://www.acme-robotics.example/careers/',
    linkedin_url: 'https://www.linkedin.com/company/acme-robotics',
    twitter_url: 'https://x.com/acmerobotics',
    youtube_url: 'https://www.youtube.com/@acmerobotics',
    github_url: 'https://github.com/acme-robotics',
    instagram_url: 'https://www.instagram.com/acmerobotics',
    crunchbase_url: 'https://www.crunchbase.com/organization/acme-robotics',
    facebook_url: null,
    headquarters_location: 'Pittsburgh, Pennsylvania, United States',
    headquarters_region: 'Pennsylvania',
    country_code: 'US',
    continent: 'North America',
    founding_year: '2014',
    company_size: '51-200',
  });
  t.same(body.social_links, {
    linkedin: 'https://www.linkedin.com/company/acme-robotics',
    twitter: 'https://x.com/acmerobotics',
    youtube: 'https://www.youtube.com/@acmerobotics',
    github: 'https://github.com/acme-robotics',
    instagram: 'https://www.instagram.com/acmerobotics',
    glassdoor: 'https://www.glassdoor.com/Overview/Working-at-Acme-Robotics-EI_IE1234567.11,24.htm',
  }, 'sameAs first, then the footer; the share link is no profile');
  t.same(body.technologies, ['google-tag-manager', 'jquery', 'jquery-migrate', 'mysql', 'nginx', 'php', 'wordpress', 'yoast-seo']);
  t.same(body.technology_list, ['Google Tag Manager', 'jQuery', 'jQuery Migrate', 'MySQL', 'Nginx', 'PHP', 'WordPress', 'Yoast SEO']);
  t.same(body.tech_stack.find((entry: any) => entry.name === 'WordPress'), { name: 'WordPress', categories: ['CMS', 'Blogs'] });
});

t.test('a Shopify store: a JSON-LD logo that does not load gives way to og:image', async (t) => {
  const { body } = await profile('northwind');
  t.match(body, {
    name: 'Northwind Goods',
    legal_name: null,
    description: 'Northwind Goods fertigt langlebige Outdoor-Ausrüstung aus recycelten Materialien in Hamburg.',
    logo_url: 'https://northwind-goods.example/cdn/shop/files/northwind-social.png?v=1698765432',
    careers_url: 'https://northwind-goods.jobs.personio.de/',
    country_code: 'DE',
    continent: 'Europe',
    founding_year: '2019',
    company_size: '11-50',
    linkedin_url: null,
  });
  t.match(body.headquarters_location, /^Hamburg, .*Germany$/);
  t.same(Object.keys(body.social_links).sort(), ['facebook', 'instagram', 'kununu', 'pinterest', 'tiktok']);
  t.equal(body.facebook_url, 'https://www.facebook.com/northwindgoods');
  t.ok(body.technologies.includes('shopify') && body.technologies.includes('cloudflare'), body.technologies.join(', '));
  t.notOk(body.technologies.includes('wordpress'));
});

t.test('a site without structured data: no evidence, no value; other sources stay', async (t) => {
  const { body } = await profile('quiet');
  t.match(body, {
    name: 'Quiet Studio Ltd',
    legal_name: null,
    description: null,
    logo_url: null, // its favicon link answers 404
    careers_url: null,
    twitter_url: null,
    headquarters_location: null,
    country_code: null,
    continent: null,
    founding_year: null,
    // From the import: the site says nothing against them.
    linkedin_url: 'https://www.linkedin.com/company/quiet-studio',
    company_size: '1-10',
  });
  t.same(body.technologies, []);
  t.same(body.tech_stack, []);
  t.same(body.social_links, { linkedin: 'https://www.linkedin.com/company/quiet-studio' });
  t.equal((await findEnrichmentState(pool, id('quiet')))!.enrich_status, 'ok');
});

t.test('robots.txt refusing us, and a site that is down: recorded, the profile untouched', async (t) => {
  const gated = (await findEnrichmentState(pool, id('gated')))!;
  t.equal(gated.enrich_status, 'robots_disallowed');
  t.match(gated.enrich_error, /disallows \/ for jobdata-service-crawler/);
  t.notOk(sites.requests.some((request) => request.site === 'gated-co' && request.path !== '/robots.txt'), 'only robots.txt was read');
  t.match((await profile('gated')).body, { name: 'Gated Co', founding_year: '1999', linkedin_url: null });

  const offline = (await findEnrichmentState(pool, id('offline')))!;
  t.equal(offline.enrich_status, 'unreachable');
  const days = (offline.next_enrich_at!.getTime() - Date.now()) / 86_400_000;
  t.ok(days > 0.9 && days <= 1, 'tried again in a day');
  t.match((await profile('offline')).body, { name: 'Offline Co', logo_url: null, technologies: [] });
});

t.test('the ETag stays while the site stays, and changes with it', async (t) => {
  const first = await profile('acme');
  const etag = first.headers.get('etag')!;
  const again = await enrichCompanyNow(service.config, pool, id('acme'));
  t.match(again, { status: 'ok', changed: false, final_url: 'https://www.acme-robotics.example/' });
  t.equal(again.found!['profile.careers_url'], 'https://www.acme-robotics.example/careers/', 'the report says what was found');
  const second = await profile('acme');
  t.equal(second.headers.get('etag'), etag, 'same site, same ETag');
  t.equal((await service.client.get(`/api/companies/${id('acme')}`, { headers: { 'if-none-match': etag } })).status, 304);

  // The site drops its GitHub link and moves its headquarters.
  const index = (await import('node:fs')).readFileSync(new URL('./fixtures/company-sites/acme-robotics/index.html', import.meta.url), 'utf8');
  sites.override('acme-robotics', '/', {
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: index
      .replace(/\s*<a href="https:\/\/github\.com\/acme-robotics"[^\n]*/, '')
      .replace('"addressLocality":"Pittsburgh","addressRegion":"PA"', '"addressLocality":"Boston","addressRegion":"MA"'),
  });
  t.teardown(() => sites.override('acme-robotics', '/', null));
  const changed = await enrichCompanyNow(service.config, pool, id('acme'));
  t.equal(changed.changed, true);
  const third = await profile('acme');
  t.not(third.headers.get('etag'), etag, 'a changed site, a new ETag');
  t.match(third.body, { github_url: null, headquarters_location: 'Boston, Massachusetts, United States', headquarters_region: 'Massachusetts' });
  t.notOk('github' in third.body.social_links);
});

t.test('enrichCompanyNow refuses what is not a company', async (t) => {
  await t.rejects(enrichCompanyNow(service.config, pool, 'not-a-uuid'), /is not a company id/);
  await t.rejects(enrichCompanyNow(service.config, pool, '00000000-0000-4000-8000-000000000000'), /No company 00000000/);
  const none = await enrichCompanyNow(service.config, pool, id('nowebsite'));
  t.match(none, { status: 'no_website', found: null, changed: false });
});
