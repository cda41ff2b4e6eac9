// Whether the configured OpenSearch cluster can serve: it answers its health API within the
// time limit and is not red (a red cluster has primary shards unassigned, so searches on
// them fail). Yellow (replicas unassigned, the usual state of a single node) serves.
import type { OpenSearchClient } from './client.ts';

export async function checkOpenSearch(client: OpenSearchClient, timeoutMs: number): Promise<void> {
  const { body } = await client.cluster.health({}, { requestTimeout: timeoutMs, maxRetries: 0 });
  if (body.status === 'red') throw new Error('the OpenSearch cluster is red (primary shards unassigned)');
}
