// The SearchIndex contract (test/helpers/search-contract.ts) against a real OpenSearch.
// Writes reach the index the way they do in service: the outbox trigger records them
// with the job write, and settle() drains the outbox (the search.index worker's step)
// and refreshes the index.
import t from 'tap';
import { createLogger } from '../lib/logger.ts';
import { createPool } from '../db/pool.ts';
import { setSearchOutbox } from '../db/search-outbox.ts';
import { OpenSearchSearchIndex } from '../search/opensearch/opensearch-index.ts';
import { drainSearchOutbox } from '../search/opensearch/outbox-drain.ts';
import { reindex } from '../search/opensearch/reindex.ts';
import { upsertJobs } from '../crawlers/job-write.ts';
import { job } from './fixtures/jobs.ts';
import { createTestDatabase } from './helpers/database.ts';
import { skipWithoutOpenSearch, testOpenSearch } from './helpers/opensearch.ts';
import { searchContract } from './helpers/search-contract.ts';

if (!skipWithoutOpenSearch(t)) {
  const pool = createPool(await createTestDatabase(t), 4, createLogger('silent'));
  t.teardown(() => pool.end());
  const { client, alias } = await testOpenSearch(t);
  await setSearchOutbox(pool, true);
  await reindex(pool, client, alias);
  const index = new OpenSearchSearchIndex(pool, client, alias);
  await searchContract(t, {
    index,
    smallWindow: new OpenSearchSearchIndex(pool, client, alias, { window: 3 }),
    pool,
    settle: async () => {
      const drained = await drainSearchOutbox(pool, client, alias);
      if (drained.remaining) throw new Error('the outbox did not drain');
      await client.indices.refresh({ index: alias });
    },
  });

  t.test('a stable scan whose snapshot a rebuild deleted must restart; the restart works', async (t) => {
    const companies = (await pool.query<{ id: string }>('SELECT id FROM companies WHERE NOT sandbox LIMIT 1')).rows[0]!;
    await upsertJobs(pool, [1, 2, 3].map((n) => job({ company_id: companies.id, title: `Snapshot ${n}` })));
    await drainSearchOutbox(pool, client, alias);
    await client.indices.refresh({ index: alias });
    const filters = { sandbox: false, now: new Date() };
    const first = await index.scan({ filters, after: null, limit: 1, stable: true });
    t.ok(first.next, 'a first page and a position in its snapshot');
    await reindex(pool, client, alias);
    await t.rejects(index.scan({ filters, after: first.next, limit: 1, stable: true }), { name: 'ScanRestartRequired' }, 'the snapshot went with the old index version');
    const again = await index.scan({ filters, after: null, limit: 10, stable: true });
    t.equal(again.ids.length, 3, 'a new scan reads the new version');
    t.equal(again.next, null);
  });
}
