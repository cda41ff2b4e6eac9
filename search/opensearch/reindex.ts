// Builds a new index version from PostgreSQL and moves the alias to it in one atomic
// step, so searches never see a missing or half-built index; the versions it replaces
// are deleted after the swap. A failed build deletes its own index and leaves the alias.
import type { Pool } from '../../db/pool.ts';
import type { OpenSearchClient } from './client.ts';
import { liveJobDocuments, type JobDocument } from './documents.ts';
import { INDEX_BODY, versionedIndexName } from './layout.ts';

export interface ReindexResult {
  index: string;
  /** Index versions the alias pointed to before, now deleted. */
  replaced: string[];
  documents: number;
  seconds: number;
}

export class BulkIndexError extends Error {}

type BulkParams = Parameters<OpenSearchClient['bulk']>[0];

/** Sends one bulk request; any rejected operation fails the call (a delete of a missing document is not one). */
export async function sendBulk(client: OpenSearchClient, params: BulkParams, operations: number): Promise<void> {
  const { body } = await client.bulk(params);
  if (!body.errors) return;
  const failed = body.items.map((item) => item.index ?? item.delete).filter((result) => result?.error);
  throw new BulkIndexError(`${failed.length} of ${operations} operations were rejected; first: ${JSON.stringify(failed[0]?.error)}`);
}

/** Indexes documents in one bulk request. */
export async function bulkIndex(client: OpenSearchClient, index: string, documents: JobDocument[]): Promise<void> {
  if (documents.length === 0) return;
  await sendBulk(client, { body: documents.flatMap((document) => [{ index: { _index: index, _id: document.id } }, document.body]) }, documents.length);
}

/** The concrete indices behind an alias (none when it does not exist yet). */
export async function aliasedIndices(client: OpenSearchClient, alias: string): Promise<string[]> {
  const { body, statusCode } = await client.indices.getAlias({ name: alias }, { ignore: [404] });
  return statusCode === 404 ? [] : Object.keys(body);
}

export async function reindex(
  pool: Pool,
  client: OpenSearchClient,
  alias: string,
  options: { batchSize?: number; onBatch?: (documents: number) => void } = {},
): Promise<ReindexResult> {
  const started = performance.now();
  const index = versionedIndexName(alias, new Date());
  // No refreshes while building; the swap comes after one explicit refresh.
  await client.indices.create({ index, body: { ...INDEX_BODY, settings: { ...INDEX_BODY.settings, refresh_interval: '-1' } } });
  try {
    let documents = 0;
    let after: string | null = null;
    for (;;) {
      const batch = await liveJobDocuments(pool, after, options.batchSize ?? 1000);
      if (batch.length === 0) break;
      await bulkIndex(client, index, batch);
      documents += batch.length;
      after = batch.at(-1)!.id;
      options.onBatch?.(documents);
    }
    await client.indices.putSettings({ index, body: { index: { refresh_interval: '1s' } } });
    await client.indices.refresh({ index });
    const replaced = await aliasedIndices(client, alias);
    await client.indices.updateAliases({
      body: { actions: [...replaced.map((old) => ({ remove: { index: old, alias } })), { add: { index, alias } }] },
    });
    for (const old of replaced) await client.indices.delete({ index: old });
    return { index, replaced, documents, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    await client.indices.delete({ index }, { ignore: [404] }).catch(() => {});
    throw error;
  }
}
