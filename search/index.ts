// Chooses the SearchIndex implementation for this process: OpenSearch when OPENSEARCH_URL
// is set, else PostgreSQL (the default, which needs nothing more).
import type { Config } from '../lib/config.ts';
import type { Pool } from '../db/pool.ts';
import { createOpenSearchClient } from './opensearch/client.ts';
import { OpenSearchSearchIndex } from './opensearch/opensearch-index.ts';
import { PostgresSearchIndex } from './postgres.ts';
import type { SearchIndex } from './search-index.ts';

export interface SearchBackend {
  index: SearchIndex;
  close(): Promise<void>;
}

export function createSearchIndex(pool: Pool, config: Pick<Config, 'opensearch'>): SearchBackend {
  if (config.opensearch === null) return { index: new PostgresSearchIndex(pool), close: async () => {} };
  const client = createOpenSearchClient(config.opensearch);
  return { index: new OpenSearchSearchIndex(pool, client, config.opensearch.alias), close: () => client.close() };
}
