// Chooses the SearchIndex implementation for this process: OpenSearch when OPENSEARCH_URL
// is set, else PostgreSQL (the default, which needs nothing more).
import type { Config } from '../lib/config.ts';
import type { Pool } from '../db/pool.ts';
import { createOpenSearchClient } from './opensearch/client.ts';
import { checkOpenSearch } from './opensearch/health.ts';
import { OpenSearchSearchIndex } from './opensearch/opensearch-index.ts';
import { PostgresSearchIndex } from './postgres.ts';
import type { SearchIndex } from './search-index.ts';

export interface SearchBackend {
  index: SearchIndex;
  /** Checks the external search engine (OpenSearch) within `timeoutMs`; null for PostgreSQL, whose health is the database's. */
  health: ((timeoutMs: number) => Promise<void>) | null;
  close(): Promise<void>;
}

export function createSearchIndex(pool: Pool, config: Pick<Config, 'opensearch'>): SearchBackend {
  if (config.opensearch === null) return { index: new PostgresSearchIndex(pool), health: null, close: async () => {} };
  const client = createOpenSearchClient(config.opensearch);
  return {
    index: new OpenSearchSearchIndex(pool, client, config.opensearch.alias),
    health: (timeoutMs) => checkOpenSearch(client, timeoutMs),
    close: () => client.close(),
  };
}

/**
 * A health check of the configured OpenSearch on a client of its own, for a process that
 * uses the cluster without searching it (the search.index worker); null without OpenSearch.
 */
export function openSearchHealth(config: Pick<Config, 'opensearch'>): { check(timeoutMs: number): Promise<void>; close(): Promise<void> } | null {
  if (config.opensearch === null) return null;
  const client = createOpenSearchClient(config.opensearch);
  return { check: (timeoutMs) => checkOpenSearch(client, timeoutMs), close: () => client.close() };
}
