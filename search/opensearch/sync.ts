// Brings the index behind the alias up to date for some jobs: each one that is live in
// PostgreSQL is (re)indexed from its current row, every other one is deleted. Idempotent,
// so repeating it after a crash or a retry is always safe.
import type { Pool } from '../../db/pool.ts';
import type { OpenSearchClient } from './client.ts';
import { jobDocuments } from './documents.ts';
import { sendBulk } from './reindex.ts';

export async function syncJobs(pool: Pool, client: OpenSearchClient, alias: string, ids: string[]): Promise<{ indexed: number; removed: number }> {
  if (ids.length === 0) return { indexed: 0, removed: 0 };
  const documents = await jobDocuments(pool, ids);
  const live = new Set(documents.map((document) => document.id));
  const gone = [...new Set(ids)].filter((id) => !live.has(id));
  await sendBulk(
    client,
    {
      index: alias,
      body: [
        ...documents.flatMap((document) => [{ index: { _id: document.id } }, document.body]),
        ...gone.map((id) => ({ delete: { _id: id } })),
      ],
    },
    documents.length + gone.length,
  );
  return { indexed: documents.length, removed: gone.length };
}
