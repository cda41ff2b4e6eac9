// The PostgreSQL SearchIndex below the API: job_search following every kind of job
// write (the trigger), the two relevance tiers across page boundaries, and the result
// window that bounds total and facets (lowered here so a handful of jobs can reach it).
import t from 'tap';
import { createLogger } from '../lib/logger.ts';
import { createPool } from '../db/pool.ts';
import { expireJobs, upsertJobs, type JobInput } from '../db/jobs.ts';
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

t.test('link targets in a description are not searchable, their text is', async (t) => {
  await write([job({ company_id: companies.acme, title: 'Porter', description: '<p>Please <a href="https://zebra.example.com/apply">apply online</a>.</p>' })]);
  t.equal((await search({ q: 'zebra' })).total, 0);
  t.equal((await search({ q: 'online' })).total, 1);
  await pool.query('DELETE FROM jobs');
});

t.test('relevance: title and company matches first, then description matches, newest first in each', async (t) => {
  await write([
    job({ company_id: companies.acme, title: 'Welder A', date_posted: day(3) }),
    job({ company_id: companies.acme, title: 'Welder B', date_posted: day(9) }),
    job({ company_id: companies.acme, title: 'Welder C', date_posted: null }),
    job({ company_id: companies.globex, title: 'Fitter D', description: '<p>Works next to a welder.</p>', date_posted: day(20) }),
    job({ company_id: companies.globex, title: 'Fitter E', description: '<p>Assists the welder.</p>', date_posted: day(5) }),
    job({ company_id: companies.initech, title: 'Painter F', date_posted: day(25) }),
  ]);
  const all = await search({ q: 'welder' });
  const order = ['Welder B', 'Welder A', 'Welder C', 'Fitter D', 'Fitter E'];
  t.same(await titlesOf(all.ids), order);
  t.equal(all.total, 5);
  for (const limit of [1, 2, 3, 4]) {
    const pages: string[] = [];
    for (let offset = 0; offset < 6; offset += limit) pages.push(...(await search({ q: 'welder' }, { offset, limit })).ids);
    t.same(await titlesOf(pages), order, `pages of ${limit} cross the tier boundary without gaps or repeats`);
  }
  t.same(await titlesOf((await search({ q: 'welder' }, { sort: 'date_posted' })).ids), ['Fitter D', 'Welder B', 'Fitter E', 'Welder A', 'Welder C'], 'sort=date_posted ignores the tiers');
  t.same(await titlesOf((await search({ q: 'initech' })).ids), ['Painter F'], 'a company name match is in the first tier');
  await pool.query('DELETE FROM jobs');
});

t.test('the result window bounds total and facets to the first results in result order', async (t) => {
  const small = new PostgresSearchIndex(pool, { window: 3 });
  await write([
    job({ company_id: companies.acme, title: 'Baker 1', employment_type: 'full_time', date_posted: day(1) }),
    job({ company_id: companies.acme, title: 'Baker 2', employment_type: 'full_time', date_posted: day(2) }),
    job({ company_id: companies.acme, title: 'Baker 3', employment_type: 'contract', date_posted: day(3) }),
    job({ company_id: companies.globex, title: 'Baker 4', employment_type: 'part_time', date_posted: day(4) }),
    job({ company_id: companies.globex, title: 'Cook 5', description: '<p>Helps the bakers.</p>', employment_type: 'internship', date_posted: day(30) }),
  ]);
  const everything = await search({}, { on: small, facets: ['employment_type', 'company'] });
  t.equal(everything.total, 3, 'total stops at the window');
  t.same(everything.facets.employment_type, [
    { key: 'contract', count: 1 },
    { key: 'internship', count: 1 },
    { key: 'part_time', count: 1 },
  ], 'facets count the newest three: Cook 5, Baker 4, Baker 3');
  t.equal((await search({}, { on: small })).total, 3, 'the same total without facets');

  const ranked = await search({ q: 'baker' }, { on: small, facets: ['employment_type'] });
  t.equal(ranked.total, 3);
  t.same(ranked.facets.employment_type, [
    { key: 'contract', count: 1 },
    { key: 'full_time', count: 1 },
    { key: 'part_time', count: 1 },
  ], 'by relevance the counted three are the newest title matches (Baker 4, 3, 2), not the newer description match');

  const few = await search({ q: 'cook' }, { on: small, facets: ['employment_type'] });
  t.equal(few.total, 1, 'below the window: every match, exactly');
  t.same(few.facets.employment_type, [{ key: 'internship', count: 1 }]);

  const both = await search({ q: 'bakers' }, { facets: ['employment_type'] });
  t.equal(both.total, 5, 'the default window counts every match of a small result');
  t.same(both.facets.employment_type, [
    { key: 'full_time', count: 2 },
    { key: 'contract', count: 1 },
    { key: 'internship', count: 1 },
    { key: 'part_time', count: 1 },
  ], 'facets add up across the tiers');
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

t.test('an excluded word excludes a job whose title matches but whose description has the word', async (t) => {
  await write([
    job({ company_id: companies.acme, title: 'Backend Engineer', description: '<p>Mostly Python.</p>', date_posted: day(1) }),
    job({ company_id: companies.acme, title: 'Frontend Engineer', description: '<p>TypeScript.</p>', date_posted: day(2) }),
  ]);
  t.same(await titlesOf((await search({ q: 'engineer -python' })).ids), ['Frontend Engineer']);
  t.equal((await search({ q: 'engineer -python' }, { facets: ['company'] })).total, 1);
  await pool.query('DELETE FROM jobs');
});
