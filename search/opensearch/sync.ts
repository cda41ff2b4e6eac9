// Brings the index behind the alias up to date for some jobs: each one that is live in
// PostgreSQL is (re)indexed from its current row, every other one is deleted. Idempotent,
// so repeating it after a crash or a retry is always safe.
import type { Pool } from '../../db/pool.ts';
import type { OpenSearchClient } from './client.ts';
import { jobDocuments } from './documents.ts';
import { BulkIndexError } from './reindex.ts';

export async function syncJobs(pool: Pool, client: OpenSearchClient, alias: string, ids: string[]): Promise<{ indexed: number; removed: number }> {
  if (ids.length === 0) return { indexed: 0, removed: 0 };
  const documents = await jobDocuments(pool, ids);
  const live = new Set(documents.map((document) => document.id));
  const gone = [...new Set(ids)].filter((id) => !live.has(id));
  const { body } = await client.bulk({
    index: alias,
    body: [
      ...documents.flatMap((document) => [{ index: { _id: document.id } }, document.body]),
      ...gone.map((id) => ({ delete: { _id: id } })),
    ],
  });
  // A delete of a job the index never had is fine; anything else is a failure to retry.
  const failed = body.items.map((item) => item.index ?? item.delete).filter((result) => result?.error);
  if (failed.length > 0) throw new BulkIndexError(`${failed.length} of ${ids.length} jobs failed to sync; first: ${JSON.stringify(failed[0]?.error)}`);
  return { indexed: documents.length, removed: gone.length };
}
