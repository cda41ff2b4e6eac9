// What is particular to the PostgreSQL SearchIndex: job_search following every kind of
// job write (the trigger), and two-word phrases matched through indexed pairs. What every
// backend must do is in the contract suite (test/helpers/search-contract.ts).
import t from 'tap';
import { createLogger } from '../lib/logger.ts';
import { createPool } from '../db/pool.ts';
import { expireJobs, type JobInput } from '../db/jobs.ts';
import { upsertJobs } from '../crawlers/job-write.ts';
import { PostgresSearchIndex } from '../search/postgres.ts';
import type { FacetName, JobFilters, SearchSort } from '../search/search-index.ts';
import { berlin, createCompanies, job, toronto } from './fixtures/jobs.ts';
import { createTestDatabase } from './helpers/database.ts';

const pool = createPool(await createTestDatabase(t), 4, createLogger('silent'));
t.teardown(() => pool.end());
const companies = await createCompanies(pool);
const index = new PostgresSearchIndex(pool);

const NOW = new Date('2026-11-01T00:00:00Z');
function search(filters: Partial<JobFilters>, options: { sort?: SearchSort; offset?: number; limit?: number; facets?: FacetName[]; on?: PostgresSearchIndex } = {}) {
  return (options.on ?? index).search({
    filters: { sandbox: false, now: NOW, ...filters },
    sort: options.sort ?? (filters.q ? 'relevance' : 'date_posted'),
    offset: options.offset ?? 0,
    limit: options.limit ?? 50,
    facets: options.facets ?? [],
  });
}
async function titlesOf(ids: string[]): Promise<string[]> {
  const { rows } = await pool.query<{ id: string; title: string }>('SELECT id, title FROM jobs WHERE id = ANY($1::uuid[])', [ids]);
  const byId = new Map(rows.map((row) => [row.id, row.title]));
  return ids.map((id) => byId.get(id)!);
}
async function write(jobs: JobInput[]) {
  await upsertJobs(pool, jobs);
}
const day = (n: number) => `2026-10-${String(n).padStart(2, '0')}T00:00:00Z`;

t.test('job_search follows every write to jobs, in the same transaction', async (t) => {
  const base = job({ company_id: companies.acme, title: 'Lighthouse Keeper', description: '<p>Keep the lamp lit on the cliffs.</p>', employment_type: 'full_time', locations: [berlin], date_posted: day(1) });
  await write([base]);
  const [id] = (await search({ q: 'lamp' })).ids;
  t.ok(id, 'a new job is searchable at once, through its description');
  t.same((await search({ countries: ['DE'], q: 'lighthouse' })).ids, [id]);

  await write([{ ...base, employment_type: 'contract', locations: [toronto] }]);
  t.same((await search({ q: 'lighthouse', employmentTypes: ['contract'], countries: ['CA'] })).ids, [id], 'filter columns follow an update');
  t.same((await search({ q: 'lighthouse', countries: ['DE'] })).ids, [], 'and the old values are gone');

  await write([{ ...base, description: '<p>Polish the great lens.</p>', employment_type: 'contract', locations: [toronto] }]);
  t.same((await search({ q: 'lens' })).ids, [id], 'a new description is searchable');
  t.same((await search({ q: 'lamp' })).ids, [], 'the old one is not');

  await pool.query("UPDATE jobs SET valid_through = '2026-10-15T00:00:00Z' WHERE id = $1", [id]);
  t.same((await search({ q: 'lens' })).ids, [], 'valid_through in the past: not live, even written by hand');
  await pool.query('UPDATE jobs SET valid_through = NULL WHERE id = $1', [id]);

  t.equal(await expireJobs(pool, [id!]), 1);
  t.same((await search({ q: 'lens' })).ids, [], 'an expired job leaves search');
  t.equal((await pool.query('SELECT 1 FROM job_search WHERE job_id = $1', [id])).rowCount, 0, 'and job_search');

  await write([{ ...base, description: '<p>Polish the great lens.</p>', employment_type: 'contract', locations: [toronto] }]);
  t.same((await search({ q: 'lens' })).ids, [id], 'seen again unchanged, it is live and searchable again');

  await write([{ ...base, title: 'Sandbox Keeper', external_id: 'ext-sandbox-keeper', company_id: companies.sandbox, sandbox: true }]);
  t.same(await titlesOf((await search({ q: 'keeper', sandbox: true })).ids), ['Sandbox Keeper'], 'sandbox keys see sandbox jobs only');
  t.same(await titlesOf((await search({ q: 'keeper' })).ids), ['Lighthouse Keeper'], 'and other keys never do');

  await pool.query('DELETE FROM jobs WHERE id = $1', [id]);
  t.same((await search({ q: 'lighthouse' })).ids, [], 'a deleted job is gone');
  await pool.query('DELETE FROM jobs');
});

t.test('two-word phrases match through their indexed pairs, exactly like the phrase operator', async (t) => {
  const rewrite = async (q: string) =>
    (await pool.query<{ rewritten: string }>("SELECT job_phrase_query(websearch_to_tsquery('english', $1))::text AS rewritten", [q])).rows[0]!.rewritten;
  t.equal(await rewrite('"software engineer"'), "'softwar engin'");
  t.equal(await rewrite('"software engineer" python -"data science"'), "'softwar engin' & 'python' & !'data scienc'");
  t.equal(await rewrite('"senior software engineer"'), "'senior' <-> 'softwar' <-> 'engin'", 'three words: left to the phrase operator');
  t.equal(await rewrite('"head of sales"'), "'head' <2> 'sale'", 'a gap: left alone');
  t.equal(await rewrite('engineer'), "'engin'");

  await write([
    job({ company_id: companies.acme, title: 'Senior Software Engineer', description: '<p>Python services.</p>', date_posted: day(1) }),
    job({ company_id: companies.acme, title: 'Engineer', description: '<p>Embedded software for engineers who like hardware.</p>', date_posted: day(2) }),
    job({ company_id: companies.globex, title: 'Analyst', description: '<p>We hire a software engineer yearly. Head of sales reports to the CEO.</p>', date_posted: day(3) }),
    job({ company_id: companies.globex, title: 'Clerk', description: '<p>Software. Engineer.</p>', date_posted: day(4) }),
  ]);
  // The phrase operator on the words alone is the reference the pairs must reproduce.
  const reference = async (q: string) =>
    (await pool.query<{ title: string }>(
      `SELECT j.title FROM job_search s JOIN jobs j ON j.id = s.job_id
        WHERE s.search_vector @@ websearch_to_tsquery('english', $1) ORDER BY j.title`,
      [q],
    )).rows.map((row) => row.title);
  for (const q of ['"software engineer"', '"software engineer" -python', '"engineer analyst"', '"head of sales"', '"senior software engineer"', 'software engineer']) {
    const found = await search({ q });
    t.same((await titlesOf(found.ids)).sort(), await reference(q), `${q}: same jobs as the phrase operator`);
  }
  t.same((await titlesOf((await search({ q: '"software engineer"' })).ids)).sort(), ['Analyst', 'Clerk', 'Senior Software Engineer'], 'adjacent words only (across punctuation too, as the phrase operator does)');
  t.same(await titlesOf((await search({ q: '"software engineer"' })).ids), ['Senior Software Engineer', 'Clerk', 'Analyst'], 'the title tier first');
  await pool.query('DELETE FROM jobs');
});
