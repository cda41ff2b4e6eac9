// The SearchIndex contract (test/helpers/search-contract.ts) against PostgreSQL.
import t from 'tap';
import { createLogger } from '../lib/logger.ts';
import { createPool } from '../db/pool.ts';
import { PostgresSearchIndex } from '../search/postgres.ts';
import { createTestDatabase } from './helpers/database.ts';
import { searchContract } from './helpers/search-contract.ts';

const pool = createPool(await createTestDatabase(t), 4, createLogger('silent'));
t.teardown(() => pool.end());
await searchContract(t, {
  index: new PostgresSearchIndex(pool),
  smallWindow: new PostgresSearchIndex(pool, { window: 3 }),
  pool,
  settle: async () => {},
});
