import t from 'tap';
import { createLogger } from '../lib/logger.ts';
import { createPool } from '../db/pool.ts';
import { EMPLOYMENT_TYPES, EXPERIENCE_LEVELS, SALARY_PERIODS, WORK_MODELS, type JobInput } from '../db/jobs.ts';
import { generateCompanies, generateJobs } from '../scripts/seed/generate.ts';
import { seedDatabase } from '../scripts/seed.ts';
import { createTestDatabase } from './helpers/database.ts';
import { runScript } from './helpers/process.ts';

const baseDate = new Date('2026-11-01T00:00:00Z');
const fakeIds = (count: number) => Array.from({ length: count }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

function sample(seed: number, count: number, companyCount = 75): JobInput[] {
  const companies = generateCompanies({ count: companyCount, seed });
  return [...generateJobs({ companyIds: fakeIds(companyCount), companies, count, seed, baseDate })];
}

t.test('generation is deterministic in its options', async (t) => {
  // Compared as JSON: byte-identical is the promise, and tap's structural diff of
  // hundreds of unequal jobs is very slow.
  const json = (value: unknown) => JSON.stringify(value);
  t.same(generateCompanies({ count: 40, seed: 7 }), generateCompanies({ count: 40, seed: 7 }), 'same seed, same companies');
  t.not(json(generateCompanies({ count: 40, seed: 7 })), json(generateCompanies({ count: 40, seed: 8 })), 'another seed, other companies');
  const first = sample(7, 400);
  t.same(first.slice(0, 20), sample(7, 20), 'same seed, deep-equal jobs');
  t.equal(json(first), json(sample(7, 400)), 'same seed, byte-identical jobs');
  const other = sample(8, 400);
  t.not(json(first), json(other), 'another seed, other jobs');
  t.ok(first.filter((job, i) => job.title !== other[i].title).length > 300, 'another seed differs job by job');
  t.equal(json(sample(7, 150)), json(first.slice(0, 150)), 'a smaller run is a prefix of a larger one');
  const sandbox = generateCompanies({ count: 5, seed: 7, sandbox: true });
  t.ok(sandbox.every((company) => company.sandbox === true && company.source_key.startsWith('demo-sandbox-7:')));
  t.throws(() => generateCompanies({ count: 1, seed: -1 }), RangeError);
  t.throws(() => [...generateJobs({ companyIds: [], count: 1, seed: 1, baseDate })], RangeError);
});

t.test('a sample covers the shapes the API must handle', async (t) => {
  const jobs = sample(1, 3000);
  const values = <T>(pick: (job: JobInput) => T) => new Set(jobs.map(pick));

  const employment = values((job) => job.employment_type ?? null);
  for (const value of [...EMPLOYMENT_TYPES, null]) t.ok(employment.has(value), `employment_type ${value}`);
  const work = values((job) => job.work_model ?? null);
  for (const value of [...WORK_MODELS, null]) t.ok(work.has(value), `work_model ${value}`);
  const levels = values((job) => job.experience_level ?? null);
  for (const value of [...EXPERIENCE_LEVELS, null]) t.ok(levels.has(value), `experience_level ${value}`);
  const periods = values((job) => job.compensation?.period ?? null);
  for (const value of SALARY_PERIODS) t.ok(periods.has(value), `salary period ${value}`);

  const withoutPay = jobs.filter((job) => job.compensation == null).length;
  t.ok(withoutPay > 600 && withoutPay < 1200, `about 30% without compensation (${withoutPay})`);
  const currencies = values((job) => job.compensation?.currency ?? null);
  for (const currency of ['USD', 'EUR', 'GBP', 'INR', 'BRL', 'JPY', 'AUD', 'CAD']) t.ok(currencies.has(currency), `currency ${currency}`);
  t.ok(jobs.some((job) => job.compensation && job.compensation.min !== null && job.compensation.max === null), 'min-only pay');
  t.ok(jobs.some((job) => job.compensation && job.compensation.min === null && job.compensation.max !== null), 'max-only pay');
  for (const job of jobs) {
    const pay = job.compensation;
    if (pay && pay.min !== null && pay.max !== null && pay.min > pay.max) t.fail(`min above max: ${JSON.stringify(pay)}`);
  }

  const skills = jobs.flatMap((job) => [...(job.qualifications?.must_have?.skills ?? []), ...(job.qualifications?.preferred?.skills ?? [])]);
  t.ok(skills.some((skill) => skill.type === 'hard'), 'hard skills');
  t.ok(skills.some((skill) => skill.type === 'soft'), 'soft skills');
  t.ok(jobs.some((job) => (job.qualifications?.must_have?.education ?? []).length > 0), 'education');
  t.ok(jobs.some((job) => (job.qualifications?.must_have?.certifications ?? []).length > 0), 'certifications');

  const locations = jobs.flatMap((job) => job.locations ?? []);
  const countries = new Set(locations.map((location) => location.country_code).filter(Boolean));
  t.ok(countries.size >= 20, `at least 20 countries (${countries.size})`);
  for (const code of ['US', 'CA', 'GB', 'DE', 'FR', 'NL', 'ES', 'IN', 'BR', 'JP', 'AU', 'SG']) t.ok(countries.has(code), `country ${code}`);
  t.ok(locations.some((location) => location.location === 'Remote' && location.country_code === null), 'fully remote');
  t.ok(locations.some((location) => /remote/i.test(location.location ?? '') && location.country_code && location.latitude === null), 'remote within a country');
  t.ok(jobs.some((job) => job.work_model === 'remote'), 'remote work model');
  t.ok(jobs.some((job) => (job.locations ?? []).length === 0), 'no location');
  t.ok(jobs.some((job) => (job.locations ?? []).length === 3), 'three locations');
  for (const location of locations) {
    if (location.city && (location.latitude === null || location.longitude === null || !location.country_code)) t.fail(`incomplete city ${JSON.stringify(location)}`);
  }

  t.ok(jobs.some((job) => job.external_id === null), 'null external_id');
  const keys = new Set(jobs.map((job) => `${job.source}|${job.external_id ?? job.listing_url}`));
  t.equal(keys.size, jobs.length, 'natural keys are unique');
  t.ok(values((job) => job.source).size >= 10, 'many sources');
  t.ok(values((job) => job.title).size >= 300, 'hundreds of distinct titles');
  t.ok(jobs.some((job) => job.normalized_title === null) && jobs.some((job) => /^[a-z0-9_]+$/.test(job.normalized_title ?? '')), 'normalized_title snake_case or null');
  t.ok(jobs.some((job) => job.summary === null), 'null summary');

  const base = baseDate.getTime();
  t.ok(jobs.some((job) => job.valid_through && Date.parse(String(job.valid_through)) < base), 'already expired');
  t.ok(jobs.some((job) => job.valid_through && Date.parse(String(job.valid_through)) > base), 'valid into the future');
  t.ok(jobs.some((job) => job.date_posted === null), 'null date_posted');
  for (const job of jobs) {
    if (!job.date_posted) continue;
    const age = base - Date.parse(String(job.date_posted));
    if (age < 0 || age > 120 * 86_400_000) t.fail(`date_posted out of range: ${job.date_posted}`);
  }

  for (const flag of ['is_work_auth_required', 'is_h1b_sponsor', 'is_clearance_required'] as const) {
    const seen = values((job) => job[flag] ?? null);
    t.ok(seen.has(true) && seen.has(false) && seen.has(null), `${flag} true, false and null`);
  }
  t.ok(jobs.some((job) => (job.responsibilities ?? []).length === 0) && jobs.some((job) => (job.benefits ?? []).length === 0), 'empty arrays too');

  const sizes = jobs.map((job) => Buffer.byteLength(job.description));
  t.ok(Math.min(...sizes) < 1000 && Math.max(...sizes) > 6000 && Math.max(...sizes) < 9000, 'descriptions from a few hundred bytes to about 8 KB');
  for (const needle of ['<ul>', '<ol>', '<strong>', '<h3>', 'href="https://', 'href="mailto:', '&amp;']) {
    t.ok(jobs.some((job) => job.description.includes(needle)), `descriptions contain ${needle}`);
  }

  const perCompany = new Map<string, number>();
  for (const job of jobs) perCompany.set(job.company_id, (perCompany.get(job.company_id) ?? 0) + 1);
  const counts = [...perCompany.values()].sort((a, b) => b - a);
  t.ok(counts[0] > 10 * counts[Math.floor(counts.length / 2)], `uneven over companies (top ${counts[0]}, median ${counts[Math.floor(counts.length / 2)]})`);

  for (const job of jobs) {
    for (const url of [job.listing_url, job.apply_url]) {
      const host = new URL(url).hostname;
      if (!/\.(example\.com|test)$/.test(host)) t.fail(`non-reserved host ${host}`);
    }
  }
});

t.test('seedDatabase writes through the write path and is idempotent', async (t) => {
  const url = await createTestDatabase(t);
  const pool = createPool(url, 4, createLogger('silent'), 'seed-test');
  t.teardown(() => pool.end());
  const counts = async () => {
    const { rows } = await pool.query<{ companies: number; jobs: number }>('SELECT (SELECT count(*) FROM companies) AS companies, (SELECT count(*) FROM jobs) AS jobs');
    return rows[0];
  };

  const options = { companies: 15, jobs: 500, seed: 3, batchSize: 120 };
  const first = await seedDatabase(pool, options);
  t.match(first, { companies: 15, jobs: 500, seconds: Number });
  t.same(await counts(), { companies: 15, jobs: 500 });

  const second = await seedDatabase(pool, options);
  t.match(second, { companies: 15, jobs: 500 });
  t.same(await counts(), { companies: 15, jobs: 500 }, 'a second run duplicates nothing');

  const { rows } = await pool.query<{ with_profile: number; expired: number; countries: number }>(`
    SELECT (SELECT count(*) FROM companies WHERE profile ? 'funding_rounds' AND profile ? 'legal_name') AS with_profile,
           (SELECT count(*) FROM jobs WHERE valid_through < '2026-11-01T00:00:00Z') AS expired,
           (SELECT count(DISTINCT code) FROM jobs, unnest(country_codes) AS code) AS countries`);
  t.equal(rows[0].with_profile, 15, 'every company has a profile');
  t.ok(rows[0].expired > 0, 'some postings already expired');
  t.ok(rows[0].countries >= 10, 'country codes derived');

  // The same run split over worker threads writes exactly the same postings.
  const fingerprint = async (db: typeof pool) => (await db.query<{ hash: string }>(
    `SELECT md5(string_agg(concat_ws('|', source, source_key, title, company_name, salary_min, date_posted), ',' ORDER BY source, source_key)) AS hash FROM jobs`,
  )).rows[0].hash;
  const splitPool = createPool(await createTestDatabase(t), 4, createLogger('silent'), 'seed-test');
  t.teardown(() => splitPool.end());
  t.match(await seedDatabase(splitPool, { ...options, workers: 2, batchSize: 50 }), { companies: 15, jobs: 500 });
  t.equal(await fingerprint(splitPool), await fingerprint(pool), 'two writer threads write the same jobs');
});

t.test('the seed CLI', async (t) => {
  const url = await createTestDatabase(t);
  const run = await runScript('scripts/seed.ts', ['--jobs', '60', '--companies', '4', '--seed', '9', '--workers', '2', '--batch-size', '20'], { DATABASE_URL: url });
  t.equal(run.code, 0, run.stderr);
  const summary = JSON.parse(run.stdout);
  t.match(summary, { companies: 4, jobs: 60, seconds: Number, seed: 9, base_date: '2026-11-01T00:00:00.000Z', sandbox: false });
  const pool = createPool(url, 1, createLogger('silent'), 'seed-test');
  t.teardown(() => pool.end());
  t.same((await pool.query('SELECT count(*)::int AS jobs FROM jobs')).rows[0], { jobs: 60 });

  const unknown = await runScript('scripts/seed.ts', ['--jobs', '10', '--frobnicate'], { DATABASE_URL: url });
  t.equal(unknown.code, 2);
  t.match(unknown.stderr, /Usage: npm run -s seed/);
  const missing = await runScript('scripts/seed.ts', [], { DATABASE_URL: url });
  t.equal(missing.code, 2);
  t.match(missing.stderr, /--jobs is required/);
  const badDate = await runScript('scripts/seed.ts', ['--jobs', '10', '--base-date', 'soon'], { DATABASE_URL: url });
  t.equal(badDate.code, 2);
  t.match(badDate.stderr, /--base-date/);
});
