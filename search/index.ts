// Chooses the SearchIndex implementation for this process.
import type { Pool } from '../db/pool.ts';
import { PostgresSearchIndex } from './postgres.ts';
import type { SearchIndex } from './search-index.ts';

export function createSearchIndex(pool: Pool): SearchIndex {
  return new PostgresSearchIndex(pool);
}
