// A real OpenSearch node for a test file (scripts/opensearch/local-node.ts), stopped at
// teardown. Without a JDK 21 or newer the file skips, except under CI=true, where the
// node must be there and a missing JDK is a failure.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findJdk, startLocalOpenSearch } from '../../scripts/opensearch/local-node.ts';

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

/** True when the file should skip (and has planned no tests); false when the node can run. */
export function skipWithoutOpenSearch(t: TestLike): boolean {
  const problem = localOpenSearchProblem();
  if (problem === null || process.env.CI === 'true') return false;
  t.plan(0, `no local OpenSearch: ${problem}`);
  return true;
}

export async function startTestOpenSearch(t: TestLike): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'opensearch-test-'));
  const node = await startLocalOpenSearch({ dataDir });
  t.teardown(async () => {
    await node.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  return node.url;
}
