// `reindex`: a new index version built from PostgreSQL behind the alias, the swap, and
// the old version gone; against a real local OpenSearch node.
import t from 'tap';
import { createLogger } from '../lib/logger.ts';
import { createPool } from '../db/pool.ts';
import { expireJobs } from '../db/jobs.ts';
import { upsertJobs } from '../crawlers/job-write.ts';
import { aliasedIndices, reindex } from '../search/opensearch/reindex.ts';
import { syncJobs } from '../search/opensearch/sync.ts';
import { berlin, createCompanies, job, toronto } from './fixtures/jobs.ts';
import { createTestDatabase } from './helpers/database.ts';
import { skipWithoutOpenSearch, testOpenSearch } from './helpers/opensearch.ts';

if (!skipWithoutOpenSearch(t)) {
  const pool = createPool(await createTestDatabase(t), 4, createLogger('silent'));
  t.teardown(() => pool.end());
  const { client, alias } = await testOpenSearch(t);
  const companies = await createCompanies(pool);
  await upsertJobs(pool, [
    job({ company_id: companies.acme, title: 'Lighthouse Keeper', description: '<p>Keeps the lamps lit. <a href="https://zebra.example.com/x">Apply</a></p>', locations: [berlin, toronto], employment_type: 'full_time' }),
    job({ company_id: companies.acme, title: 'Harbour Pilot', locations: [] }),
    job({ company_id: companies.globex, title: 'Gone Clerk' }),
    job({ company_id: companies.sandbox, title: 'Sandbox Keeper', sandbox: true }),
  ]);
  const ids = new Map((await pool.query<{ id: string; title: string }>('SELECT id, title FROM jobs')).rows.map((row) => [row.title, row.id]));
  await expireJobs(pool, [ids.get('Gone Clerk')!]);

  t.test('a first build creates a version behind the alias with every live job', async (t) => {
    const result = await reindex(pool, client, alias, { batchSize: 2 });
    t.equal(result.documents, 3, 'live jobs, sandbox included (searches filter on the flag); not the expired one');
    t.same(result.replaced, []);
    t.same(await aliasedIndices(client, alias), [result.index]);
    t.equal((await client.indices.existsIndexTemplate({ name: alias })).body, true, 'the layout is an index template over the versions');
    t.equal((await client.count({ index: alias })).body.count, 3);
    const { body } = await client.get({ index: alias, id: ids.get('Lighthouse Keeper')! });
    t.match(body._source, {
      sandbox: false,
      company_id: companies.acme,
      employment_type: 'full_time',
      country_codes: ['DE', 'CA'],
      geo: [{ lat: berlin.latitude, lon: berlin.longitude }, { lat: toronto.latitude, lon: toronto.longitude }],
    });
    t.notMatch(body._source.description, /zebra/, 'link targets are not indexed');
    const found = await client.search({ index: alias, body: { query: { match: { description: 'lamp' } } } });
    t.same(found.body.hits.hits.map((hit) => hit._id), [ids.get('Lighthouse Keeper')], 'English stemming: lamp finds lamps');
  });

  t.test('a rebuild swaps the alias in one step and deletes the version it replaced', async (t) => {
    const [before] = await aliasedIndices(client, alias);
    await expireJobs(pool, [ids.get('Harbour Pilot')!]);
    const result = await reindex(pool, client, alias);
    t.same(result.replaced, [before]);
    t.not(result.index, before);
    t.same(await aliasedIndices(client, alias), [result.index]);
    t.equal((await client.indices.exists({ index: before! })).body, false, 'the old version is deleted');
    t.equal((await client.count({ index: alias })).body.count, 2);
  });

  t.test('syncJobs indexes live jobs from their current row and deletes the rest, idempotently', async (t) => {
    await upsertJobs(pool, [job({ company_id: companies.globex, title: 'Ferry Captain', employment_type: 'contract' })]);
    const [{ id: captain }] = (await pool.query<{ id: string }>("SELECT id FROM jobs WHERE title = 'Ferry Captain'")).rows as [{ id: string }];
    const keeper = ids.get('Lighthouse Keeper')!;
    await expireJobs(pool, [keeper]);
    const never = '00000000-0000-4000-8000-000000000000';
    for (const round of [1, 2]) {
      t.same(await syncJobs(pool, client, alias, [captain, keeper, never]), { indexed: 1, removed: 2 }, `round ${round}`);
      await client.indices.refresh({ index: alias });
      t.equal((await client.count({ index: alias })).body.count, 2, `round ${round}: the pilot's gone, the keeper's gone, the captain's in`);
    }
    const { body } = await client.get({ index: alias, id: captain });
    t.match(body._source, { title: 'Ferry Captain', employment_type: 'contract' });
    t.equal((await client.exists({ index: alias, id: keeper })).body, false);
  });
}
