// The OpenSearch client for the configured cluster (OPENSEARCH_URL and its credentials).
import { Client } from '@opensearch-project/opensearch';
import type { OpenSearchConfig } from '../../lib/config.ts';

export type OpenSearchClient = Client;

export function createOpenSearchClient(config: OpenSearchConfig): OpenSearchClient {
  return new Client({
    node: config.url,
    ...(config.username !== null ? { auth: { username: config.username, password: config.password ?? '' } } : {}),
  });
}
