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
import { createTestDatabase } from './helpers/database.ts';
import { skipWithoutOpenSearch, testOpenSearch } from './helpers/opensearch.ts';
import { searchContract } from './helpers/search-contract.ts';

if (!skipWithoutOpenSearch(t)) {
  const pool = createPool(await createTestDatabase(t), 4, createLogger('silent'));
  t.teardown(() => pool.end());
  const { client, alias } = await testOpenSearch(t);
  await setSearchOutbox(pool, true);
  await reindex(pool, client, alias);
  await searchContract(t, {
    index: new OpenSearchSearchIndex(pool, client, alias),
    smallWindow: new OpenSearchSearchIndex(pool, client, alias, { window: 3 }),
    pool,
    settle: async () => {
      const drained = await drainSearchOutbox(pool, client, alias);
      if (drained.remaining) throw new Error('the outbox did not drain');
      await client.indices.refresh({ index: alias });
    },
  });
}
