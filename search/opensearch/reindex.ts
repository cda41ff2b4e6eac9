// Builds a new index version from PostgreSQL and moves the alias to it in one atomic
// step, so searches never see a missing or half-built index; the versions it replaces
// are deleted after the swap. A failed build deletes its own index and leaves the alias.
//
// While it builds, the new index also answers to the building alias, and the outbox
// drain (sync.ts) writes every change to it as well as to the live alias. External
// versions settle the race between a change and the build's own copy of the same job,
// so the new index is current at the swap, however long the build took.
import { withTransaction, type Pool } from '../../db/pool.ts';
import { indexOperations, sendBulk } from './bulk.ts';
import type { OpenSearchClient } from './client.ts';
import { liveJobDocuments } from './documents.ts';
import { INDEX_BODY, buildingAlias, versionedIndexName } from './layout.ts';

export interface ReindexResult {
  index: string;
  /** Index versions the alias pointed to before, now deleted. */
  replaced: string[];
  documents: number;
  /** The whole build, and of it the bulk indexing alone. */
  seconds: number;
  bulkSeconds: number;
}

export interface ReindexOptions {
  batchSize?: number;
  /** Called after each batch, with the documents indexed so far; the build waits for it. */
  onBatch?: (documents: number) => void | Promise<void>;
}

export class ReindexRunningError extends Error {}

/** The concrete indices behind an alias (none when it does not exist yet). */
export async function aliasedIndices(client: OpenSearchClient, alias: string): Promise<string[]> {
  const { body, statusCode } = await client.indices.getAlias({ name: alias }, { ignore: [404] });
  return statusCode === 404 ? [] : Object.keys(body);
}

// One build at a time per alias, across every process.
const REINDEX_LOCK = "SELECT pg_try_advisory_xact_lock(hashtextextended('search reindex ' || $1, 0)) AS locked";

export async function reindex(
  pool: Pool,
  client: OpenSearchClient,
  alias: string,
  options: ReindexOptions = {},
): Promise<ReindexResult> {
  // The lock lives as long as this transaction, which stays open (idle) for the whole build.
  return withTransaction(pool, async (lock) => {
    if (!(await lock.query<{ locked: boolean }>(REINDEX_LOCK, [alias])).rows[0]!.locked) {
      throw new ReindexRunningError(`a rebuild of ${alias} is already running`);
    }
    // Left behind by a build that crashed: never swapped in, so never searched.
    for (const stale of await aliasedIndices(client, buildingAlias(alias))) await client.indices.delete({ index: stale }, { ignore: [404] });
    return build(pool, client, alias, options);
  });
}

async function build(pool: Pool, client: OpenSearchClient, alias: string, options: ReindexOptions) {
  const started = performance.now();
  const index = versionedIndexName(alias, new Date());
  const building = buildingAlias(alias);
  // The layout lives in an index template over the alias's versions (named by build
  // time, so `-2*`: nothing else the alias's name prefixes), rewritten by every build, so
  // a changed layout takes effect with the next build.
  await client.indices.putIndexTemplate({ name: alias, body: { index_patterns: [`${alias}-2*`], template: INDEX_BODY } });
  // No refreshes while building; the swap comes after one explicit refresh.
  await client.indices.create({ index, body: { settings: { refresh_interval: '-1' }, aliases: { [building]: {} } } });
  try {
    let documents = 0;
    let after: string | null = null;
    for (;;) {
      const batch = await liveJobDocuments(pool, after, options.batchSize ?? 1000);
      if (batch.length === 0) break;
      await sendBulk(client, indexOperations(index, batch));
      documents += batch.length;
      after = batch.at(-1)!.id;
      await options.onBatch?.(documents);
    }
    const bulkSeconds = (performance.now() - started) / 1000;
    await client.indices.putSettings({ index, body: { index: { refresh_interval: '1s' } } });
    await client.indices.refresh({ index });
    // A new version is read far more than written: searches go faster over one segment.
    await client.indices.forcemerge({ index, max_num_segments: 1 });
    const replaced = await aliasedIndices(client, alias);
    await client.indices.updateAliases({
      body: {
        actions: [
          ...replaced.map((old) => ({ remove: { index: old, alias } })),
          { add: { index, alias } },
          { remove: { index, alias: building } },
        ],
      },
    });
    for (const old of replaced) await client.indices.delete({ index: old }, { ignore: [404] });
    return { index, replaced, documents, seconds: (performance.now() - started) / 1000, bulkSeconds };
  } catch (error) {
    await client.indices.delete({ index }, { ignore: [404] }).catch(() => {});
    throw error;
  }
}
