import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { addKey, createAccount } from './helpers/accounts.ts';
import { berlin, createCompanies, insertJobs, job, marketingIntern, roboticsTechnician, seniorBackendEngineer } from './fixtures/jobs.ts';
import { JOB_FIELDS } from '../api/serializers/job.ts';

const service = await startTestService(t);
const { pool } = service.runtime;
const companies = await createCompanies(pool);
const ids = await insertJobs(pool, [
  seniorBackendEngineer(companies.acme, {
    description: '<p>Build <strong>distributed</strong> systems in Go.</p><ul><li>APIs</li><li>Queues</li></ul><script>alert(1)</script><a href="javascript:alert(1)">click</a>',
    qualifications: { must_have: { skills: [{ name: 'Go', type: 'hard' }] } },
    responsibilities: ['Own the ingestion pipeline'],
    benefits: ['Health insurance'],
    is_h1b_sponsor: true,
  }),
  roboticsTechnician(companies.acme),
  job({
    company_id: companies.globex,
    title: 'Data Analyst',
    external_id: null,
    employment_type: 'part_time',
    work_model: 'hybrid',
    experience_level: 'entry',
    locations: [berlin],
    source: 'lever',
    date_posted: '2026-10-15T00:00:00Z',
  }),
  marketingIntern(companies.globex),
  job({ company_id: companies.initech, title: 'Expired Engineer', valid_through: '2026-01-01T00:00:00Z', employment_type: 'full_time' }),
  job({ company_id: companies.initech, title: 'Gone Engineer', employment_type: 'full_time' }),
  job({ company_id: companies.sandbox, title: 'Sandbox Backend Engineer', sandbox: true, employment_type: 'full_time' }),
]);
await pool.query("UPDATE jobs SET expired_at = now() WHERE title = 'Gone Engineer'");

const account = await createAccount(pool, { name: 'Searcher', plan: 'subscribed', credits: 100_000, rate_limit_overrides: { JobSearch: { minute: 100_000 } } });
const client = service.client.with({ 'x-api-key': account.key });
const titles = (body: { jobs: Array<{ title: string }> }) => body.jobs.map((item) => item.title).sort();

t.test('the job object, field by field', async (t) => {
  const response = await client.get('/api/jobs?q=backend');
  t.equal(response.status, 200);
  const senior = response.body.jobs.find((item: { title: string }) => item.title === 'Senior Backend Engineer');
  t.same(Object.keys(senior), [...JOB_FIELDS], 'every field, in order');
  t.match(senior, {
    id: ids.get('Senior Backend Engineer'),
    external_id: 'ext-senior-backend-engineer',
    normalized_title: null,
    summary: null,
    employment_type: 'Full-time',
    workplace_type: 'Remote',
    experience_level: 'Senior',
    source: 'greenhouse',
    compensation: { min: 150000, max: 190000, currency: 'USD', period: 'yearly' },
    locations: [{ location: 'Austin, TX', city: 'Austin', region: 'Texas', country: 'United States', latitude: 30.2672, longitude: -97.7431 }],
    date_posted: '2026-10-20T00:00:00.000Z',
    valid_through: null,
    is_work_auth_required: null,
    is_h1b_sponsor: true,
    responsibilities: ['Own the ingestion pipeline'],
    benefits: ['Health insurance'],
  });
  t.same(senior.qualifications, {
    must_have: { education: [], certifications: [], skills: [{ name: 'Go', type: 'hard' }] },
    preferred: { education: [], certifications: [], skills: [] },
  });
  t.same(senior.company, {
    id: companies.acme,
    name: 'Acme Robotics',
    website: 'https://acme.example.com',
    logo_url: null,
    summary: null,
    industries: ['Robotics'],
    categories: ['b2b'],
    linkedin_url: null,
    crunchbase_url: null,
    details_url: `${service.url}/api/companies/${companies.acme}`,
  });

  const analyst = (await client.get('/api/jobs?q=analyst')).body.jobs[0];
  t.notOk('external_id' in analyst, 'external_id is omitted when the source has none');
  const intern = (await client.get('/api/jobs?q=intern')).body.jobs[0];
  t.match(intern, { employment_type: null, workplace_type: null, experience_level: null, compensation: null, locations: [], date_posted: null });
});

t.test('description formats: light markdown by default, sanitized html on request', async (t) => {
  const id = ids.get('Senior Backend Engineer');
  const markdown = (await client.get(`/api/jobs/${id}`)).body.description;
  t.match(markdown, /Build \*\*distributed\*\* systems in Go\./);
  t.match(markdown, /^- APIs$/m);
  t.notMatch(markdown, /alert|javascript:|<script/i);
  const html = (await client.get(`/api/jobs/${id}?description_format=html`)).body.description;
  t.match(html, /<strong>distributed<\/strong>/);
  t.match(html, /<li>APIs<\/li>/);
  t.notMatch(html, /<script|javascript:/i);
  const typed = await client.post('/api/jobs/search', { q: 'distributed', description_format: 'html' });
  t.match(typed.body.jobs[0].description, /<strong>/);
  t.equal((await client.get(`/api/jobs/${id}?description_format=text`)).status, 400, 'only markdown and html');
});

t.test('enum filters take canonical keys only; null values never match', async (t) => {
  t.same(titles((await client.get('/api/jobs?employment_type=full_time')).body), ['Senior Backend Engineer']);
  t.same(titles((await client.get('/api/jobs?employment_type=full_time,contract')).body), ['Robotics Technician', 'Senior Backend Engineer']);
  t.same(titles((await client.get('/api/jobs?work_model=onsite')).body), ['Robotics Technician']);
  t.same(titles((await client.get('/api/jobs?experience_level=entry')).body), ['Data Analyst']);
  for (const display of ['Full-time', 'Remote', 'Entry Level', 'FULL_TIME']) {
    const response = await client.get(`/api/jobs?employment_type=${encodeURIComponent(display)}&work_model=${encodeURIComponent(display)}`);
    t.equal(response.status, 200);
    t.equal(response.body.total, 0, `display value ${display} matches nothing`);
  }
  t.equal((await client.get('/api/jobs?experience_level=wizard')).body.total, 0, 'unknown enum value: total 0');
  const all = (await client.get('/api/jobs')).body.total;
  t.equal(all, 4, 'live, unexpired jobs only');
  const typed = await client.post('/api/jobs/search', { employment_types: ['full_time,contract'] });
  t.equal(typed.body.total, 0, 'typed arrays are literal, never comma-split');
  t.same(titles((await client.post('/api/jobs/search', { work_models: ['remote', 'hybrid'] })).body), ['Data Analyst', 'Senior Backend Engineer']);
});

t.test('source, country, company, location, dates and salary filters', async (t) => {
  t.same(titles((await client.get('/api/jobs?source=lever')).body), ['Data Analyst', 'Robotics Technician']);
  t.same(titles((await client.get('/api/jobs?country=ca')).body), ['Robotics Technician'], 'alpha-2, any case');
  t.same(titles((await client.get('/api/jobs?country=DE,CA')).body), ['Data Analyst', 'Robotics Technician']);
  t.same(titles((await client.get(`/api/jobs?company_id=${companies.globex}`)).body), ['Data Analyst', 'Marketing Intern']);
  t.equal((await client.get('/api/jobs?company_id=nope')).status, 400);
  t.same(titles((await client.get('/api/jobs?location=texas')).body), ['Robotics Technician', 'Senior Backend Engineer'], 'matches the region');
  t.same(titles((await client.get('/api/jobs?location=' + encodeURIComponent('Berlin, Germany'))).body), ['Data Analyst'], 'a comma stays part of the text');
  t.same(titles((await client.post('/api/jobs/search', { locations: ['Toronto', 'Berlin'] })).body), ['Data Analyst', 'Robotics Technician']);
  t.same(titles((await client.get('/api/jobs?posted_after=2026-10-12')).body), ['Data Analyst', 'Senior Backend Engineer'], 'null date_posted excluded');
  t.equal((await client.get('/api/jobs?posted_after=yesterday')).status, 400);
  t.equal((await client.get('/api/jobs?updated_after=2000-01-01T00:00:00Z')).body.total, 4);
  t.equal((await client.get('/api/jobs?updated_after=2999-01-01T00:00:00Z')).body.total, 0);
  t.same(titles((await client.get('/api/jobs?salary_min=100000')).body), ['Senior Backend Engineer'], 'null compensation excluded');
  t.same(titles((await client.get('/api/jobs?salary_min=30')).body), ['Robotics Technician', 'Senior Backend Engineer'], 'min counts when there is no max');
  t.equal((await client.get('/api/jobs?colour=blue&employment_type=contract')).body.total, 1, 'unknown parameters are ignored');
  t.equal((await client.post('/api/jobs/search', { colour: 'blue' })).status, 400, 'unknown body fields are refused');
});

t.test('facets: canonical keys, sorted by count then key, reusable as filters', async (t) => {
  const response = await client.get('/api/jobs?include_facets=employment_type,work_model,source,country,company,bogus');
  t.same(Object.keys(response.body.facets).sort(), ['company', 'country', 'employment_type', 'source', 'work_model'], 'unknown names dropped');
  t.same(response.body.facets.source, [
    { key: 'lever', count: 2 },
    { key: 'ashby', count: 1 },
    { key: 'greenhouse', count: 1 },
  ]);
  t.same(response.body.facets.employment_type, [
    { key: 'contract', count: 1 },
    { key: 'full_time', count: 1 },
    { key: 'part_time', count: 1 },
  ], 'null values are not a bucket');
  t.same(response.body.facets.country, [
    { key: 'US', count: 2 },
    { key: 'CA', count: 1 },
    { key: 'DE', count: 1 },
  ]);
  t.same(response.body.facets.company.map((bucket: { key: string }) => bucket.key).sort(), [companies.acme, companies.globex].sort());
  for (const [facet, parameter] of [['work_model', 'work_model'], ['country', 'country'], ['company', 'company_id'], ['source', 'source']]) {
    for (const bucket of response.body.facets[facet]) {
      const filtered = await client.get(`/api/jobs?${parameter}=${bucket.key}`);
      t.equal(filtered.body.total, bucket.count, `${facet} ${bucket.key} reused as a filter`);
    }
  }
  const filtered = await client.post('/api/jobs/search', { sources: ['lever'], include_facets: ['work_model'] });
  t.same(filtered.body.facets, { work_model: [{ key: 'hybrid', count: 1 }, { key: 'onsite', count: 1 }] }, 'counted within the filters');
  t.notOk('facets' in (await client.get('/api/jobs')).body, 'no facets unless asked');
});

t.test('keyword search is weighted: a title match ranks above a description match', async (t) => {
  const response = await client.get('/api/jobs?q=backend%20engineer');
  t.same(response.body.jobs.map((item: { title: string }) => item.title), ['Senior Backend Engineer', 'Robotics Technician']);
  t.same(titles((await client.get('/api/jobs?q=' + encodeURIComponent('engineer -senior'))).body), ['Robotics Technician'], 'web-search syntax');
  t.same(titles((await client.get('/api/jobs?q=acme')).body), ['Robotics Technician', 'Senior Backend Engineer'], 'the company name is searched');
  t.equal((await client.get('/api/jobs?q=the')).body.total, 4, 'a stop-word-only query filters nothing');
  const byDate = await client.get('/api/jobs?q=engineer&sort=date_posted');
  t.same(byDate.body.jobs.map((item: { title: string }) => item.title), ['Senior Backend Engineer', 'Robotics Technician']);
});

t.test('include_fields', async (t) => {
  const some = await client.get('/api/jobs?q=backend&include_fields=title,company,nonsense');
  t.same(Object.keys(some.body.jobs[0]), ['id', 'external_id', 'title', 'company']);
  const none = await client.post('/api/jobs/search', { q: 'analyst', include_fields: [] });
  t.same(Object.keys(none.body.jobs[0]), ['id'], 'empty list: id (and external_id when the job has one)');
  const withExternal = await client.post('/api/jobs/search', { q: 'backend', include_fields: [] });
  t.same(Object.keys(withExternal.body.jobs[0]), ['id', 'external_id']);
  const single = await client.get(`/api/jobs/${ids.get('Data Analyst')}?include_fields=workplace_type`);
  t.same(single.body, { id: ids.get('Data Analyst'), workplace_type: 'Hybrid' });
});

t.test('paging', async (t) => {
  const first = await client.get('/api/jobs?page_size=3');
  t.match(first.body, { total: 4, page: 1, page_size: 3, has_more: true });
  t.same(first.body.jobs.map((item: { title: string }) => item.title), ['Senior Backend Engineer', 'Data Analyst', 'Robotics Technician'], 'newest first, undated last');
  const second = await client.get('/api/jobs?page_size=3&page=2');
  t.match(second.body, { total: 4, page: 2, has_more: false });
  t.same(second.body.jobs.map((item: { title: string }) => item.title), ['Marketing Intern']);
  const beyond = await client.get('/api/jobs?page=9');
  t.same(beyond.body.jobs, []);
  t.equal(beyond.body.has_more, false);
  for (const bad of ['page_size=0', 'page_size=101', 'page=0', 'page=abc', 'page=Infinity', 'page_size=-Infinity', 'page=1e400', 'page_size=x&page_size=-Infinity', 'page=1&page=2']) {
    t.equal((await client.get(`/api/jobs?${bad}`)).status, 400, bad);
  }
  const deep = await client.get('/api/jobs?page=101&page_size=100');
  t.equal(deep.status, 400);
  t.match(deep.body.detail, /POST \/api\/jobs\/feed/);
});

t.test('per-delivered-job charging; lookups are free', async (t) => {
  const payer = await createAccount(pool, { name: 'Payer', credits: 10 });
  const paying = service.client.with({ 'x-api-key': payer.key });
  const page = await paying.get('/api/jobs?page_size=3');
  t.equal(page.headers.get('x-credits-deducted'), '3');
  const empty = await paying.get('/api/jobs?q=nothingmatchesthis');
  t.equal(empty.headers.get('x-credits-deducted'), null, 'a page of 0 jobs is free');
  const lookup = await paying.get(`/api/jobs/${ids.get('Data Analyst')}`);
  t.equal(lookup.status, 200);
  t.equal(lookup.headers.get('x-credits-deducted'), null);
  t.equal(lookup.headers.get('x-ratelimit-group'), 'JobSearch');
  const { rows } = await pool.query('SELECT credits_balance FROM accounts WHERE id = $1', [payer.id]);
  t.equal(rows[0].credits_balance, 7);
});

t.test('single lookup and the sandbox boundary', async (t) => {
  t.equal((await client.get('/api/jobs/00000000-0000-4000-8000-000000000000')).status, 404);
  t.equal((await client.get('/api/jobs/not-a-uuid')).status, 400);
  const sandbox = await addKey(pool, account.id, 'sandbox');
  const sandboxClient = service.client.with({ 'x-api-key': sandbox.key });
  t.same(titles((await sandboxClient.get('/api/jobs')).body), ['Sandbox Backend Engineer'], 'sandbox keys get the fictional jobs');
  t.equal((await sandboxClient.get(`/api/jobs/${ids.get('Data Analyst')}`)).status, 404);
  t.equal((await client.get(`/api/jobs/${ids.get('Sandbox Backend Engineer')}`)).status, 404);
  t.equal((await client.get(`/api/jobs/${ids.get('Gone Engineer')}`)).status, 200, 'expired jobs can still be looked up');
});

t.test('company profile: public, cacheable, 304, 404', async (t) => {
  const anonymous = service.client;
  const response = await anonymous.get(`/api/companies/${companies.acme}`);
  t.equal(response.status, 200);
  t.equal(response.headers.get('cache-control'), 'public, max-age=300');
  t.equal(response.headers.get('x-ratelimit-limit'), null, 'not rate limited');
  const etag = response.headers.get('etag');
  t.match(etag, /^"/);
  t.match(response.body, {
    id: companies.acme,
    name: 'Acme Robotics',
    legal_name: 'Acme Robotics, Inc.',
    founding_year: '2012',
    total_funding: '125000000',
    page_rank: 6.5,
    country_code: 'US',
    linkedin_url: 'https://linkedin.example.com/acme',
    github_url: 'https://github.example.com/acme',
    twitter_url: null,
    social_links: { linkedin: 'https://linkedin.example.com/acme', github: 'https://github.example.com/acme' },
    funding_rounds: [{ investment_type: 'series_b', raised_amount: '50000000', investor_count: 4, post_money_valuation: null }],
    h1b_annual_job_counts: [{ year: 2024, count: 12 }],
    leadership_hires: [{ date: '2025-01-15' }],
    layoffs: [],
    investors: [],
    is_acquired: null,
  });
  const cached = await anonymous.get(`/api/companies/${companies.acme}`, { headers: { 'if-none-match': etag! } });
  t.equal(cached.status, 304);
  t.equal(cached.text, '');
  const bare = await anonymous.get(`/api/companies/${companies.globex}`);
  t.match(bare.body, { name: 'Globex Analytics', industries: [], categories: [], social_links: {}, founding_year: null, website: null });
  t.equal((await anonymous.get('/api/companies/00000000-0000-4000-8000-000000000000')).status, 404);
  await pool.query('UPDATE companies SET disabled_at = now() WHERE id = $1', [companies.initech]);
  t.equal((await anonymous.get(`/api/companies/${companies.initech}`)).status, 404, 'disabled companies are 404');
});

t.test('company jobs', async (t) => {
  const acme = await client.get(`/api/companies/${companies.acme}/jobs?employment_type=contract`);
  t.same(titles(acme.body), ['Robotics Technician']);
  const none = await client.get(`/api/companies/${companies.empty}/jobs`);
  t.equal(none.status, 200);
  t.same(none.body, { jobs: [], total: 0, page: 1, page_size: 20, has_more: false });
  t.equal((await client.get('/api/companies/00000000-0000-4000-8000-000000000000/jobs')).status, 404);
  t.equal((await service.client.get(`/api/companies/${companies.acme}/jobs`)).status, 401, 'needs a key');
});
