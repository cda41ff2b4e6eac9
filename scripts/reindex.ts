// `npm run reindex`: builds a new OpenSearch index version from PostgreSQL and moves the
// alias (OPENSEARCH_INDEX, default `jobs`) to it with no downtime. Needs OPENSEARCH_URL.
// Prints {index, replaced, documents, seconds, bulkSeconds, jobs_per_second} (bulk indexing alone).
import { loadConfig } from '../lib/config.ts';
import { createLogger } from '../lib/logger.ts';
import { openDatabase } from '../db/database.ts';
import { exitOnStartupFailure } from '../lib/startup-error.ts';
import { migrate } from '../db/migrate.ts';
import { clearRebuildRequest, setSearchOutbox } from '../db/search-outbox.ts';
import { createPool } from '../db/pool.ts';
import { createOpenSearchClient } from '../search/opensearch/client.ts';
import { reindex } from '../search/opensearch/reindex.ts';

const config = loadConfig();
if (!config.opensearch) {
  process.stderr.write('OPENSEARCH_URL is not set: there is no OpenSearch index to build (search runs on PostgreSQL).\n');
  process.exit(2);
}
const logger = createLogger(config.logLevel, 'reindex');
const database = await openDatabase(config, logger).catch(exitOnStartupFailure);
const pool = createPool(database.url, 2, logger, 'reindex');
const client = createOpenSearchClient(config.opensearch);
try {
  await migrate(pool, logger);
  // Changes made while the build runs are queued for the drain, which also writes them to the new index.
  await setSearchOutbox(pool, true);
  const result = await reindex(pool, client, config.opensearch.alias, {
    onBatch: (documents) => logger.info({ documents }, 'indexed'),
  });
  await clearRebuildRequest(pool);
  process.stdout.write(JSON.stringify({ ...result, jobs_per_second: Math.round(result.documents / result.bulkSeconds) }) + '\n');
} finally {
  await client.close();
  await pool.end();
  await database.stop();
}
