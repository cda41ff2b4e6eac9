// Drains search_outbox into OpenSearch: the pending jobs, oldest change first, are synced
// from their current rows (sync.ts), and only then deleted from the outbox. A crash at
// any point leaves them queued for the next drain, and syncing twice is harmless.
import { clearRebuildRequest, completeOutbox, pendingOutbox, rebuildRequested } from '../../db/search-outbox.ts';
import type { Pool } from '../../db/pool.ts';
import type { OpenSearchClient } from './client.ts';
import { buildingAlias } from './layout.ts';
import { aliasedIndices, reindex, ReindexRunningError, type ReindexResult } from './reindex.ts';
import { syncJobs } from './sync.ts';

export interface DrainResult {
  indexed: number;
  removed: number;
  /** The build this drain ran: the alias had no index yet, or a rebuild was requested. */
  built: ReindexResult | null;
  /** More changes are queued than this drain took on. */
  remaining: boolean;
}

export interface DrainOptions {
  batchSize?: number;
  /** Stops starting new batches after this long, so a busy outbox is drained in turns. */
  budgetMs?: number;
}

export async function drainSearchOutbox(pool: Pool, client: OpenSearchClient, alias: string, options: DrainOptions = {}): Promise<DrainResult> {
  const started = performance.now();
  const result: DrainResult = { indexed: 0, removed: 0, built: null, remaining: false };
  // A cluster with no index yet gets its first one built from PostgreSQL, and so does
  // one that missed changes while the outbox was off. What is queued is drained below
  // all the same.
  const requested = await rebuildRequested(pool);
  const missing = (await aliasedIndices(client, alias)).length === 0 && (await aliasedIndices(client, buildingAlias(alias))).length === 0;
  if (requested || missing) {
    try {
      result.built = await reindex(pool, client, alias);
      if (requested) await clearRebuildRequest(pool);
    } catch (error) {
      if (!(error instanceof ReindexRunningError)) throw error;
    }
  }
  for (;;) {
    const entries = await pendingOutbox(pool, options.batchSize ?? 500);
    if (entries.length === 0) return result;
    const synced = await syncJobs(pool, client, alias, entries.map((entry) => entry.job_id));
    await completeOutbox(pool, entries);
    result.indexed += synced.indexed;
    result.removed += synced.removed;
    if (performance.now() - started > (options.budgetMs ?? 30_000)) {
      result.remaining = true;
      return result;
    }
  }
}
