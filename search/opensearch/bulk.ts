// Bulk writes of job documents. Every document carries its index_version as an external
// version (external_gte, so repeating a write is a no-op, not an error): when two writers
// race, the newer copy of a job wins whatever order they arrive in.
import type { OpenSearchClient } from './client.ts';
import type { JobDocument } from './documents.ts';

export class BulkIndexError extends Error {}

type BulkParams = Parameters<OpenSearchClient['bulk']>[0];
type BulkItem = { status: number; error?: { type?: string } };

export interface BulkOptions {
  /** The target is an alias that may go away mid-write (the building alias, at its swap). */
  aliasMayVanish?: boolean;
}

/** Sends one bulk request; a rejected operation fails the call unless it is harmless. */
export async function sendBulk(client: OpenSearchClient, operations: BulkParams['body'], options: BulkOptions = {}): Promise<void> {
  if (operations.length === 0) return;
  const { body } = await client.bulk({ body: operations, ...(options.aliasMayVanish ? { require_alias: true } : {}) });
  if (!body.errors) return;
  const results = body.items.map((item) => (item.index ?? item.delete) as BulkItem);
  const failed = results.filter(
    (result) => result.error && result.status !== 409 && !(options.aliasMayVanish && result.error.type === 'index_not_found_exception'),
  );
  if (failed.length > 0) {
    throw new BulkIndexError(`${failed.length} of ${results.length} operations were rejected; first: ${JSON.stringify(failed[0]!.error)}`);
  }
}

export function indexOperations(index: string, documents: JobDocument[]): BulkParams['body'] {
  return documents.flatMap((document) => [
    { index: { _index: index, _id: document.id, version: document.version, version_type: 'external_gte' as const } },
    document.body,
  ]);
}

/** Deletes at a version newer than any the jobs were indexed with, so a late stale write cannot revive them. */
export function deleteOperations(index: string, ids: string[], version: number): BulkParams['body'] {
  return ids.map((id) => ({ delete: { _index: index, _id: id, version, version_type: 'external_gte' as const } }));
}
