// The SearchIndex contract: what every backend must answer, identically. It covers
// every filter, facet, null and enum rule of search, paging and sorting, the relevance
// tiers, the result window, the text syntax of `q`, and scans (stable under concurrent
// writes). test/search-contract-*.test.ts run it against PostgreSQL and OpenSearch.
import type { Test } from 'tap';
import { expireJobs, type JobInput, type JobLocation } from '../../db/jobs.ts';
import { upsertJobs } from '../../crawlers/job-write.ts';
import type { Pool } from '../../db/pool.ts';
import { type FacetName, type JobFilters, type SearchIndex, type SearchSort } from '../../search/search-index.ts';
import { berlin, createCompanies, job, marketingIntern, roboticsTechnician, seniorBackendEngineer } from '../fixtures/jobs.ts';

export interface ContractBackend {
  index: SearchIndex;
  /** The same backend with a result window of 3. */
  smallWindow: SearchIndex;
  pool: Pool;
  /** Makes every write so far visible to searches (a no-op where writes are synchronous). */
  settle(): Promise<void>;
}

const NOW = new Date('2026-11-01T00:00:00Z');
const day = (n: number) => `2026-10-${String(n).padStart(2, '0')}T00:00:00Z`;
const oddPlace: JobLocation = { location: 'Lab_7 (100%) *North*', city: null, region: null, country: null, country_code: null, latitude: null, longitude: null };

export async function searchContract(t: Test, backend: ContractBackend): Promise<void> {
  const { pool } = backend;
  const companies = await createCompanies(pool);

  async function titlesOf(ids: string[]): Promise<string[]> {
    const { rows } = await pool.query<{ id: string; title: string }>('SELECT id, title FROM jobs WHERE id = ANY($1::uuid[])', [ids]);
    const byId = new Map(rows.map((row) => [row.id, row.title]));
    return ids.map((id) => byId.get(id) ?? `(unknown ${id})`);
  }
  interface Options {
    sort?: SearchSort;
    offset?: number;
    limit?: number;
    facets?: FacetName[];
    on?: SearchIndex;
  }
  function search(filters: Partial<JobFilters>, options: Options = {}) {
    return (options.on ?? backend.index).search({
      filters: { sandbox: false, now: NOW, ...filters },
      sort: options.sort ?? (filters.q ? 'relevance' : 'date_posted'),
      offset: options.offset ?? 0,
      limit: options.limit ?? 50,
      facets: options.facets ?? [],
    });
  }
  /** Titles in result order. */
  const ordered = async (filters: Partial<JobFilters>, options: Options = {}) => titlesOf((await search(filters, options)).ids);
  /** Titles as a set (sorted), for filters where order is not the point. */
  const found = async (filters: Partial<JobFilters>) => (await ordered(filters)).sort();
  async function write(jobs: JobInput[]) {
    await upsertJobs(pool, jobs);
  }
  async function clear() {
    await pool.query('DELETE FROM jobs');
    await backend.settle();
  }

  await t.test('filters, nulls and enums', async (t) => {
    await write([
      seniorBackendEngineer(companies.acme, { description: '<p>Build distributed systems in Go. Lamps included.</p>' }),
      roboticsTechnician(companies.acme),
      job({ company_id: companies.globex, title: 'Data Analyst', employment_type: 'part_time', work_model: 'hybrid', experience_level: 'entry', locations: [berlin], source: 'lever', date_posted: day(15) }),
      marketingIntern(companies.globex),
      job({ company_id: companies.initech, title: 'Expired Engineer', valid_through: '2026-01-01T00:00:00Z', employment_type: 'full_time', date_posted: day(2) }),
      job({ company_id: companies.initech, title: 'Future Engineer', valid_through: '2027-01-01T00:00:00Z', employment_type: 'full_time', source: 'workday', date_posted: day(5) }),
      job({ company_id: companies.initech, title: 'Gone Engineer', employment_type: 'full_time', date_posted: day(3) }),
      job({ company_id: companies.sandbox, title: 'Sandbox Backend Engineer', sandbox: true, employment_type: 'full_time', date_posted: day(4) }),
    ]);
    const { rows } = await pool.query<{ id: string }>("SELECT id FROM jobs WHERE title = 'Gone Engineer'");
    await expireJobs(pool, [rows[0]!.id]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const between = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await write([job({ company_id: companies.initech, title: 'Odd Place Clerk', locations: [oddPlace], date_posted: day(1) })]);
    await backend.settle();

    const everyone = ['Senior Backend Engineer', 'Data Analyst', 'Robotics Technician', 'Future Engineer', 'Odd Place Clerk', 'Marketing Intern'];
    t.same(await ordered({}), everyone, 'live jobs only, newest first, undated last');
    t.equal((await search({})).total, 6);
    t.same(await found({ sandbox: true }), ['Sandbox Backend Engineer'], 'sandbox keys see only sandbox jobs');
    t.same(await found({ now: new Date('2027-06-01T00:00:00Z') }), ['Data Analyst', 'Marketing Intern', 'Odd Place Clerk', 'Robotics Technician', 'Senior Backend Engineer'], 'valid_through passed: gone');
    t.same(await found({ now: new Date('2027-01-01T00:00:00Z') }), await found({ now: new Date('2027-06-01T00:00:00Z') }), 'valid_through equal to now: gone');

    t.same(await found({ employmentTypes: ['full_time'] }), ['Future Engineer', 'Senior Backend Engineer']);
    t.same(await found({ employmentTypes: ['full_time', 'contract'] }), ['Future Engineer', 'Robotics Technician', 'Senior Backend Engineer'], 'any of the values');
    t.same(await found({ workModels: ['onsite'] }), ['Robotics Technician']);
    t.same(await found({ experienceLevels: ['entry', 'senior'] }), ['Data Analyst', 'Senior Backend Engineer']);
    t.same(await found({ employmentTypes: ['Full-time'] }), [], 'display values are not keys');
    t.same(await found({ sources: ['lever'] }), ['Data Analyst', 'Robotics Technician']);
    t.same(await found({ countries: ['ca'] }), ['Robotics Technician'], 'country codes in any case');
    t.same(await found({ countries: ['DE', 'CA'] }), ['Data Analyst', 'Robotics Technician']);
    t.same(await found({ companyIds: [companies.globex] }), ['Data Analyst', 'Marketing Intern']);
    t.same(await found({ locations: ['austin'] }), ['Robotics Technician', 'Senior Backend Engineer'], 'location: city, any case');
    t.same(await found({ locations: ['ONTARIO'] }), ['Robotics Technician'], 'region');
    t.same(await found({ locations: ['germany'] }), ['Data Analyst'], 'country name');
    t.same(await found({ locations: ['zzz', 'berlin'] }), ['Data Analyst'], 'any of the texts');
    for (const literal of ['100%', '_7', '%', '*north*', '(100']) {
      t.same(await found({ locations: [literal] }), ['Odd Place Clerk'], `location ${literal}: wildcard characters are literal`);
    }
    t.same(await found({ locations: ['b_rlin'] }), [], 'an underscore is not a wildcard');
    t.same(await found({ postedAfter: new Date(day(10)) }), ['Data Analyst', 'Senior Backend Engineer'], 'posted strictly after');
    t.same(await found({ updatedAfter: between }), ['Odd Place Clerk'], 'updated strictly after');
    t.same(await found({ salaryMin: 150000 }), ['Senior Backend Engineer'], 'the maximum reaches it');
    t.same(await found({ salaryMin: 190001 }), []);
    t.same(await found({ salaryMin: 40 }), ['Robotics Technician', 'Senior Backend Engineer'], 'the minimum counts when there is no maximum');
    t.same(await found({ salaryMin: 41 }), ['Senior Backend Engineer']);
    t.same(await found({ employmentTypes: ['full_time'], countries: ['US'], q: 'backend' }), ['Senior Backend Engineer'], 'filters combine');

    const facets = await search({}, { facets: ['employment_type', 'work_model', 'experience_level', 'source', 'country', 'company'] });
    t.same(facets.facets.employment_type, [
      { key: 'full_time', count: 2 },
      { key: 'contract', count: 1 },
      { key: 'part_time', count: 1 },
    ], 'most first, ties by key, nulls not counted');
    t.same(facets.facets.work_model, [
      { key: 'hybrid', count: 1 },
      { key: 'onsite', count: 1 },
      { key: 'remote', count: 1 },
    ]);
    t.same(facets.facets.source, [
      { key: 'greenhouse', count: 2 },
      { key: 'lever', count: 2 },
      { key: 'ashby', count: 1 },
      { key: 'workday', count: 1 },
    ]);
    t.same(facets.facets.country, [
      { key: 'US', count: 2 },
      { key: 'CA', count: 1 },
      { key: 'DE', count: 1 },
    ], 'a job counts once in each of its countries');
    const companyCounts = [
      { key: companies.acme, count: 2 },
      { key: companies.globex, count: 2 },
      { key: companies.initech, count: 2 },
    ].sort((a, b) => (a.key < b.key ? -1 : 1));
    t.same(facets.facets.company, companyCounts, 'companies by id');
    t.equal(facets.total, 6);
    const filtered = await search({ q: 'engineer', countries: ['US'] }, { facets: ['country'] });
    t.same(filtered.facets.country, [
      { key: 'US', count: 2 },
      { key: 'CA', count: 1 },
    ], 'facets count the matching jobs only');
    t.same((await search({ sandbox: true }, { facets: ['company'] })).facets.company, [{ key: companies.sandbox, count: 1 }], 'and the sandbox boundary holds for facets');

    t.same(await ordered({ q: 'engineer' }), ['Senior Backend Engineer', 'Future Engineer', 'Robotics Technician'], 'relevance: title matches, then description matches, newest first in each');
    t.same(await ordered({ q: 'engineer' }, { sort: 'date_posted' }), ['Senior Backend Engineer', 'Robotics Technician', 'Future Engineer'], 'sort=date_posted ignores the tiers');
    t.same(await ordered({ q: 'acme' }), ['Senior Backend Engineer', 'Robotics Technician'], 'a company name match is in the first tier');

    for (const limit of [1, 2, 4]) {
      const pages: string[] = [];
      for (let offset = 0; offset < 8; offset += limit) pages.push(...(await ordered({}, { offset, limit })));
      t.same(pages, everyone, `pages of ${limit}: every job once, in order`);
    }
    t.same(await ordered({}, { offset: 6 }), [], 'past the end: an empty page');
    t.equal((await search({}, { offset: 6 })).total, 6, 'with the total');
    await clear();
  });

  await t.test('the text syntax of q', async (t) => {
    await write([
      job({ company_id: companies.acme, title: 'Senior Software Engineer', description: '<p>Python services. Lamps.</p>', date_posted: day(1) }),
      job({ company_id: companies.acme, title: 'Engineer', description: '<p>Embedded software for engineers who like hardware.</p>', date_posted: day(2) }),
      job({ company_id: companies.globex, title: 'Analyst', description: '<p>We hire a software engineer yearly. Head of sales reports to the CEO.</p>', date_posted: day(3) }),
      job({ company_id: companies.globex, title: 'Full-time Welder', description: '<p>Welding, with <a href="https://zebra.example.com/apply">apply online</a>.</p>', date_posted: day(4) }),
      job({ company_id: companies.initech, title: 'Rust Developer', description: '<p>Systems in Rust or Go.</p>', date_posted: day(5) }),
    ]);
    await backend.settle();
    const cases: Array<[string, string[]]> = [
      ['lamp', ['Senior Software Engineer']],
      ['ENGINEERS', ['Analyst', 'Engineer', 'Senior Software Engineer']],
      ['software engineer', ['Analyst', 'Engineer', 'Senior Software Engineer']],
      ['"software engineer"', ['Analyst', 'Senior Software Engineer']],
      ['"software engineer" -python', ['Analyst']],
      ['engineer -python', ['Analyst', 'Engineer']],
      ['-python', ['Analyst', 'Engineer', 'Full-time Welder', 'Rust Developer']],
      ['rust or welding', ['Full-time Welder', 'Rust Developer']],
      ['rust OR python', ['Rust Developer', 'Senior Software Engineer']],
      ['or rust', ['Rust Developer']],
      ['rust or', ['Rust Developer']],
      ['the or rust', ['Rust Developer']],
      ['a hardware or rust', ['Engineer', 'Rust Developer']],
      ['the', ['Analyst', 'Engineer', 'Full-time Welder', 'Rust Developer', 'Senior Software Engineer']],
      ['"head of sales"', ['Analyst']],
      ['full-time', ['Full-time Welder']],
      ['zebra', []],
      ['online', ['Full-time Welder']],
      ['x(rust)y', []],
      ['(rust) systems', ['Rust Developer']],
      ['- python', ['Analyst', 'Engineer', 'Full-time Welder', 'Rust Developer']],
      ['"unclosed rust', []],
      ['"systems in rust', ['Rust Developer']],
    ];
    for (const [q, expected] of cases) t.same(await found({ q }), expected, `q=${q}`);
    t.same(await ordered({ q: '"software engineer"' }), ['Senior Software Engineer', 'Analyst'], 'a phrase in the title ranks first');
    t.same(await ordered({ q: 'the' }), ['Rust Developer', 'Full-time Welder', 'Analyst', 'Engineer', 'Senior Software Engineer'], 'stop words only: no text match, newest first');
    await clear();
  });

  await t.test('relevance tiers across pages, and an excluded word checked against the whole job', async (t) => {
    await write([
      job({ company_id: companies.acme, title: 'Welder A', date_posted: day(3) }),
      job({ company_id: companies.acme, title: 'Welder B', date_posted: day(9) }),
      job({ company_id: companies.acme, title: 'Welder C', date_posted: null }),
      job({ company_id: companies.globex, title: 'Fitter D', description: '<p>Works next to a welder.</p>', date_posted: day(20) }),
      job({ company_id: companies.globex, title: 'Fitter E', description: '<p>Assists the welder.</p>', date_posted: day(5) }),
      job({ company_id: companies.initech, title: 'Painter F', date_posted: day(25) }),
      job({ company_id: companies.initech, title: 'Welder G', description: '<p>Mostly Python.</p>', date_posted: day(26) }),
    ]);
    await backend.settle();
    const order = ['Welder B', 'Welder A', 'Welder C', 'Fitter D', 'Fitter E'];
    for (const limit of [1, 2, 3, 4]) {
      const pages: string[] = [];
      for (let offset = 0; offset < 6; offset += limit) pages.push(...(await ordered({ q: 'welder -python' }, { offset, limit })));
      t.same(pages, order, `pages of ${limit} cross the tier boundary without gaps or repeats`);
    }
    t.equal((await search({ q: 'welder -python' }, { facets: ['company'] })).total, 5);
    await clear();
  });

  await t.test('the result window bounds total and facets to the first results in result order', async (t) => {
    const small = backend.smallWindow;
    await write([
      job({ company_id: companies.acme, title: 'Baker 1', employment_type: 'full_time', date_posted: day(1) }),
      job({ company_id: companies.acme, title: 'Baker 2', employment_type: 'full_time', date_posted: day(2) }),
      job({ company_id: companies.acme, title: 'Baker 3', employment_type: 'contract', date_posted: day(3) }),
      job({ company_id: companies.globex, title: 'Baker 4', employment_type: 'part_time', date_posted: day(4) }),
      job({ company_id: companies.globex, title: 'Cook 5', description: '<p>Helps the bakers.</p>', employment_type: 'internship', date_posted: day(30) }),
      job({ company_id: companies.globex, title: 'Undated Baker', employment_type: 'temporary', date_posted: null }),
    ]);
    await backend.settle();
    const everything = await search({}, { on: small, facets: ['employment_type', 'company'] });
    t.equal(everything.total, 3, 'total stops at the window');
    t.same(everything.facets.employment_type, [
      { key: 'contract', count: 1 },
      { key: 'internship', count: 1 },
      { key: 'part_time', count: 1 },
    ], 'facets count the newest three: Cook 5, Baker 4, Baker 3');
    t.equal((await search({}, { on: small })).total, 3, 'the same total without facets');
    t.same(await ordered({}, { on: small, offset: 2, limit: 5 }), ['Baker 3'], 'pages stop at the window');

    const ranked = await search({ q: 'baker' }, { on: small, facets: ['employment_type'] });
    t.equal(ranked.total, 3);
    t.same(ranked.facets.employment_type, [
      { key: 'contract', count: 1 },
      { key: 'full_time', count: 1 },
      { key: 'part_time', count: 1 },
    ], 'by relevance the counted three are the newest title matches (Baker 4, 3, 2), not the newer description match');

    t.equal((await search({ q: 'bakers -baker' }, { on: small, facets: ['employment_type'] })).total, 0, 'every match excluded');
    await pool.query("UPDATE jobs SET title = 'Cook 6', description_markdown = 'Cooks.' WHERE title IN ('Baker 2', 'Baker 3', 'Baker 4')");
    await write([job({ company_id: companies.globex, title: 'Undated Cook', employment_type: 'full_time', date_posted: null })]);
    await backend.settle();
    const exact = await search({ q: 'baker' }, { on: small, facets: ['employment_type'] });
    t.equal(exact.total, 3, 'exactly the window: Baker 1 and Undated Baker, then Cook 5 by its description');
    t.same(exact.facets.employment_type, [
      { key: 'full_time', count: 1 },
      { key: 'internship', count: 1 },
      { key: 'temporary', count: 1 },
    ]);
    // Globex: Cook 5, Cook 6 (ex Baker 4), then two undated jobs, ordered by id: the window ends on the first.
    const { rows } = await pool.query<{ employment_type: string }>(
      "SELECT employment_type FROM jobs WHERE title IN ('Undated Baker', 'Undated Cook') ORDER BY id DESC LIMIT 1",
    );
    const undated = await search({ companyIds: [companies.globex] }, { on: small, facets: ['employment_type'] });
    t.equal(undated.total, 3);
    t.same(undated.facets.employment_type, [
      { key: 'internship', count: 1 },
      { key: 'part_time', count: 1 },
      { key: rows[0]!.employment_type, count: 1 },
    ].sort((a, b) => (a.key < b.key ? -1 : 1)), 'a window that ends among undated jobs counts them in id order');
    await clear();
  });

  await t.test('scans: (created_at, id) order, filters, pages, and positions', async (t) => {
    const jobs: JobInput[] = [];
    for (let n = 1; n <= 12; n++) {
      jobs.push(job({ company_id: n % 2 ? companies.acme : companies.globex, title: `Scan ${n}`, work_model: n % 3 ? 'remote' : 'onsite', date_posted: day(n) }));
    }
    for (const batch of [jobs.slice(0, 5), jobs.slice(5, 9), jobs.slice(9)]) {
      await write(batch);
      // Apart by more than a millisecond, the precision OpenSearch keeps.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await write([job({ company_id: companies.sandbox, title: 'Scan sandbox', sandbox: true })]);
    await backend.settle();
    const { rows } = await pool.query<{ id: string }>("SELECT id FROM jobs WHERE NOT sandbox AND title LIKE 'Scan %' ORDER BY created_at, id");
    const expected = rows.map((row) => row.id);
    for (const stable of [true, false]) {
      for (const limit of [1, 5, 12, 20]) {
        const seen: string[] = [];
        let after: string | null = null;
        let pages = 0;
        do {
          const page = await backend.index.scan({ filters: { sandbox: false, now: NOW }, after, limit, stable });
          seen.push(...page.ids);
          after = page.next;
          t.ok(page.ids.length <= limit);
          if (++pages > 20) break;
        } while (after !== null);
        t.same(seen, expected, `${stable ? 'stable' : 'plain'} scan in pages of ${limit}: every job once, in (created_at, id) order`);
      }
    }
    const remote = await backend.index.scan({ filters: { sandbox: false, now: NOW, workModels: ['remote'], companyIds: [companies.acme] }, after: null, limit: 50, stable: true });
    t.same((await titlesOf(remote.ids)).sort(), ['Scan 1', 'Scan 11', 'Scan 5', 'Scan 7'], 'filters apply');
    t.same(await titlesOf((await backend.index.scan({ filters: { sandbox: true, now: NOW }, after: null, limit: 50, stable: false })).ids), ['Scan sandbox']);

    for (const after of ['not json', '{"backend":"elsewhere","at":"1","id":"x"}', '{}', JSON.stringify({ backend: backend.index.name })]) {
      await t.rejects(backend.index.scan({ filters: { sandbox: false, now: NOW }, after, limit: 5, stable: true }), { name: 'ScanRestartRequired' }, `position ${after}: restart required`);
    }
    await clear();
  });

  await t.test('a stable scan under concurrent writes delivers every job that existed at its start exactly once', async (t) => {
    const jobs: JobInput[] = [];
    for (let n = 1; n <= 30; n++) jobs.push(job({ company_id: companies.acme, title: `Steady ${n}`, date_posted: day((n % 28) + 1) }));
    for (let n = 0; n < 30; n += 10) await write(jobs.slice(n, n + 10));
    await backend.settle();
    const { rows } = await pool.query<{ id: string; title: string }>('SELECT id, title FROM jobs ORDER BY created_at, id');
    const expired = new Set<string>();
    const seen: string[] = [];
    let after: string | null = null;
    let page = 0;
    do {
      const result = await backend.index.scan({ filters: { sandbox: false, now: NOW }, after, limit: 4, stable: true });
      seen.push(...result.ids);
      after = result.next;
      page += 1;
      // Between pages: a job already read and one still ahead change, a new one arrives, one expires.
      if (page <= 3) {
        const behind = rows[page * 2]!;
        const ahead = rows[rows.length - page]!;
        await write([job({ company_id: companies.acme, title: behind.title, description: `<p>Changed ${page}.</p>` }), job({ company_id: companies.acme, title: ahead.title, description: `<p>Changed ${page}.</p>` })]);
        await write([job({ company_id: companies.globex, title: `Newcomer ${page}` })]);
        const gone = rows[10 + page]!;
        await expireJobs(pool, [gone.id]);
        expired.add(gone.id);
        await backend.settle();
      }
    } while (after !== null && page < 40);
    const counts = new Map<string, number>();
    for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
    t.same(rows.filter((row) => !expired.has(row.id) && counts.get(row.id) !== 1).map((row) => row.title), [], 'every job that existed at the start and stayed live was delivered exactly once, changed or not');
    t.ok([...counts.values()].every((count) => count === 1), 'no job twice: not the expired ones, not the newcomers');
    await clear();
  });
}
