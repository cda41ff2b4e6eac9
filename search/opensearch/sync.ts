// Brings the index up to date for some jobs: each one that is live in PostgreSQL is
// (re)indexed from its current row, every other one is deleted. It writes through the
// live alias and, while a rebuild runs, the building alias too (reindex.ts). Idempotent
// and versioned, so repeating it after a crash or a retry, or racing another writer,
// is always safe.
import type { Pool } from '../../db/pool.ts';
import { deleteOperations, indexOperations, sendBulk } from './bulk.ts';
import type { OpenSearchClient } from './client.ts';
import { jobDocuments } from './documents.ts';
import { buildingAlias } from './layout.ts';

/** Those of the alias and its building alias that exist now. */
async function writeTargets(client: OpenSearchClient, alias: string): Promise<string[]> {
  const names = [alias, buildingAlias(alias)];
  // With one name missing the answer is a 404 that still lists the indices of the other.
  const { body } = await client.indices.getAlias({ name: names }, { ignore: [404] });
  const present = new Set(
    Object.values((body ?? {}) as Record<string, unknown>).flatMap((entry) =>
      typeof entry === 'object' && entry !== null && 'aliases' in entry ? Object.keys(entry.aliases as object) : [],
    ),
  );
  return names.filter((name) => present.has(name));
}

export async function syncJobs(pool: Pool, client: OpenSearchClient, alias: string, ids: string[]): Promise<{ indexed: number; removed: number }> {
  if (ids.length === 0) return { indexed: 0, removed: 0 };
  // Targets first, documents after: a build that starts in between reads the jobs itself.
  const targets = await writeTargets(client, alias);
  const documents = await jobDocuments(pool, ids);
  const live = new Set(documents.map((document) => document.id));
  const gone = [...new Set(ids)].filter((id) => !live.has(id));
  if (targets.length === 0) return { indexed: 0, removed: 0 };
  const version = gone.length > 0 ? Number((await pool.query<{ v: string }>("SELECT nextval('job_index_version') AS v")).rows[0]!.v) : 0;
  await sendBulk(
    client,
    targets.flatMap((target) => [...indexOperations(target, documents), ...deleteOperations(target, gone, version)]),
    { aliasMayVanish: true },
  );
  return { indexed: documents.length, removed: gone.length };
}
