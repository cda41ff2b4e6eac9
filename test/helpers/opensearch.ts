// OpenSearch for a test file: the one `npm test` shares (TEST_OPENSEARCH_URL), else a
// node of the file's own (scripts/opensearch/local-node.ts), stopped at teardown. With
// neither possible the file skips, except under CI=true, where it fails instead.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findJdk, startLocalOpenSearch } from '../../scripts/opensearch/local-node.ts';
import { createOpenSearchClient, type OpenSearchClient } from '../../search/opensearch/client.ts';

interface TestLike {
  plan(count: number, reason: string): void;
  teardown(fn: () => unknown): void;
}

/** Why the local node cannot run here, or null when it can. */
export function localOpenSearchProblem(): string | null {
  try {
    findJdk();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** True when the file should skip (and has planned no tests); false when it can run. */
export function skipWithoutOpenSearch(t: TestLike): boolean {
  if (process.env.TEST_OPENSEARCH_URL) return false;
  const problem = localOpenSearchProblem();
  if (problem === null || process.env.CI === 'true') return false;
  t.plan(0, `no OpenSearch: ${problem}`);
  return true;
}

/** A node of this file's own (for tests of the node itself). */
export async function startTestOpenSearch(t: TestLike): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'opensearch-test-'));
  const node = await startLocalOpenSearch({ dataDir });
  t.teardown(async () => {
    await node.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  return node.url;
}

export interface TestOpenSearch {
  url: string;
  client: OpenSearchClient;
  /** An alias no other test file uses; indices and templates named after it are deleted at teardown. */
  alias: string;
}

/** The shared OpenSearch (or this file's own node), with an alias of the file's own. */
export async function testOpenSearch(t: TestLike): Promise<TestOpenSearch> {
  const url = process.env.TEST_OPENSEARCH_URL ?? (await startTestOpenSearch(t));
  const client = createOpenSearchClient({ url, username: null, password: null, alias: 'unused' });
  const alias = `test-${crypto.randomBytes(4).toString('hex')}`;
  t.teardown(async () => {
    await client.indices.delete({ index: `${alias}*` }, { ignore: [404] }).catch(() => {});
    await client.indices.deleteIndexTemplate({ name: `${alias}*` }, { ignore: [404] }).catch(() => {});
    await client.close();
  });
  return { url, client, alias };
}
