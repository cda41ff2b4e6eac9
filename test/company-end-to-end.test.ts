// The whole company path over the real service, as an operator meets it: `company add` for
// a company website on loopback (test/fixtures/company-sites/lumen-freight) → the
// company.enrich worker fills the profile from the site → the company.discover worker finds
// the Greenhouse board embedded on its careers page, confirms it against the replica and
// registers it → the board's first crawl → the company is in the career-sites feed → an
// H-1B import (a DOL LCA file in the published layout) fills the counts and the title mix.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { startWorkers } from '../workers/runner.ts';
import { companyDiscover } from '../workers/company-discover.ts';
import { companyEnrich } from '../workers/company-enrich.ts';
import { writeLcaCsv, type LcaRecord } from './fixtures/h1b/generate.ts';
import { makeGreenhousePosting, startGreenhouseReplica } from './helpers/ats-api/greenhouse.ts';
import { startCompanySites } from './helpers/company-sites.ts';
import { startIngestionService } from './helpers/ingestion.ts';
import { runScript } from './helpers/process.ts';
import { waitFor } from './helpers/wait.ts';

const sites = await startCompanySites({ sites: ['lumen-freight'] });
const greenhouse = await startGreenhouseReplica();
t.teardown(() => Promise.all([sites.close(), greenhouse.server.close()]));
greenhouse.boards.set('lumenfreight', [1, 2].map((n) => makeGreenhousePosting(n, 'lumenfreight')));

const origins = { ...sites.origins, ...greenhouse.origins };
const { service, customer } = await startIngestionService(t, origins);
const { pool, boss } = service.runtime;
service.runtime.onShutdown(await startWorkers(boss, [companyEnrich, companyDiscover], service.runtime));
const env = { DATABASE_URL: service.databaseUrl, CRAWL_ORIGINS: Object.entries(origins).map(([real, local]) => `${real}=${local}`).join(',') };
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'company-e2e-'));
t.teardown(() => fs.rm(dir, { recursive: true, force: true }));

const profile = async (id: string) => (await service.client.get(`/api/companies/${id}`)).body;

t.test('company add → profile from the site → board discovered and crawled → in the feed → H-1B filings', async (t) => {
  const added = await runScript('scripts/admin.ts', ['company', 'add', '--website', 'https://lumen-freight.example'], env);
  t.equal(added.code, 0, added.stderr);
  const { company_id: id } = JSON.parse(added.stdout);
  t.match(await profile(id), { name: 'lumen-freight.example', legal_name: null, logo_url: null }, 'at first only what the operator gave');

  const enriched = await waitFor('the profile filled from the site', async () => {
    const body = await profile(id);
    return body.legal_name && body;
  }, 60);
  t.match(enriched, {
    name: 'Lumen Freight',
    legal_name: 'Lumen Freight Systems, Inc.',
    description: 'Lumen Freight gives mid-size shippers live tracking and carrier scorecards for every load.',
    logo_url: 'https://www.lumen-freight.example/assets/lumen-freight-logo.png',
    linkedin_url: 'https://www.linkedin.com/company/lumen-freight',
    github_url: 'https://github.com/lumen-freight',
    social_links: { linkedin: 'https://www.linkedin.com/company/lumen-freight', github: 'https://github.com/lumen-freight' },
    headquarters_location: /Columbus/,
    country_code: 'US',
    continent: /North America/,
    founding_year: '2016',
    company_size: '51-200',
  });
  t.equal(enriched.funding_stage, null, 'nothing without evidence');

  const discovered = await waitFor('the careers site discovered', async () => {
    const body = await profile(id);
    return body.listing_url && body;
  }, 60);
  t.match(discovered, { ats_provider: 'greenhouse', listing_url: 'https://job-boards.greenhouse.io/lumenfreight', careers_url: 'https://www.lumen-freight.example/careers/' });
  const { rows: [board] } = await pool.query(`SELECT id FROM boards WHERE company_id = $1 AND ats = 'greenhouse' AND token = 'lumenfreight'`, [id]);
  t.ok(board, 'the board is registered for crawling');
  await waitFor('the first crawl of the discovered board', async () =>
    (await pool.query('SELECT count(*)::int AS n FROM jobs WHERE board_id = $1 AND expired_at IS NULL', [board.id])).rows[0].n === 2, 60);
  const jobs = await customer.get(`/api/companies/${id}/jobs`);
  t.equal(jobs.status, 200);
  t.equal(jobs.body.jobs.length, 2, 'its jobs are served');

  const feed = await customer.post('/api/career-sites/feed', {});
  t.equal(feed.status, 200);
  t.match(feed.body.career_sites.find((site: { id: string }) => site.id === id), { name: 'Lumen Freight', ats: 'greenhouse', listing_url: 'https://job-boards.greenhouse.io/lumenfreight', discovered_at: String });

  // The employer as the Department of Labor writes it: capitals, no comma, the state it filed from.
  const filing = (n: number, title: string, decided: string): LcaRecord => ({
    CASE_NUMBER: `I-200-25${String(n).padStart(3, '0')}-${String(100000 + n)}`,
    EMPLOYER_NAME: 'LUMEN FREIGHT SYSTEMS INC',
    EMPLOYER_STATE: 'OH',
    JOB_TITLE: title,
    DECISION_DATE: new Date(`${decided}T00:00:00Z`),
  });
  const file = path.join(dir, 'LCA_Disclosure_Data_FY2025_Q1.csv');
  await writeLcaCsv(file, 'fy2024', [
    filing(1, 'Software Engineer', '2024-11-04'),
    filing(2, 'SOFTWARE ENGINEER', '2024-12-09'),
    filing(3, 'Data Analyst', '2025-02-03'),
    filing(4, 'Software Engineer', '2023-05-15'),
    { ...filing(5, 'Software Engineer', '2024-11-20'), CASE_STATUS: 'Denied' },
  ]);
  const imported = await runScript('scripts/import.ts', ['h1b', '--file', file], env);
  t.equal(imported.code, 0, imported.stderr);
  const withFilings = await profile(id);
  t.same(withFilings.h1b_annual_job_counts, [{ year: 2023, count: 1 }, { year: 2025, count: 3 }], 'certified cases per federal fiscal year of the decision');
  t.same(withFilings.h1b_title_distribution, [{ title: 'Software Engineer', count: 3 }, { title: 'Data Analyst', count: 1 }], 'the title mix, most frequent first');
});
