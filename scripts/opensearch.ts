// `npm run opensearch`: a real single-node OpenSearch on loopback (OPENSEARCH_PORT,
// default 9200) with its data in .data/opensearch/node (OPENSEARCH_DATA_DIR). Prints the
// URL once the cluster is green, and stops the node cleanly on SIGTERM or SIGINT. The
// first run fetches the jars from Maven Central; later runs use the cache.
import path from 'node:path';
import { DEFAULT_CACHE_DIR, LocalOpenSearchError, prepareLocalOpenSearch, startLocalOpenSearch } from './opensearch/local-node.ts';

// `--prepare`: only fetch the jars and compile the launcher (what .ci/run does up front).
if (process.argv.includes('--prepare')) {
  try {
    const { jdk, lib } = await prepareLocalOpenSearch(DEFAULT_CACHE_DIR, (message) => process.stderr.write(`${message}\n`));
    process.stdout.write(`OpenSearch jars ready in ${lib} (Java ${jdk.major} at ${jdk.home})\n`);
    process.exit(0);
  } catch (error) {
    if (!(error instanceof LocalOpenSearchError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

const port = Number(process.env.OPENSEARCH_PORT ?? 9200);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  process.stderr.write(`OPENSEARCH_PORT must be a port number (got ${process.env.OPENSEARCH_PORT}).\n`);
  process.exit(2);
}
const dataDir = path.resolve(process.env.OPENSEARCH_DATA_DIR ?? path.join(DEFAULT_CACHE_DIR, 'node'));

// Installed before the start, so a signal while the node boots stops it too.
const stopping = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopping.abort());

try {
  const node = await startLocalOpenSearch({ port, dataDir, signal: stopping.signal, onProgress: (message) => process.stderr.write(`${message}\n`) });
  process.stdout.write(`OpenSearch ready at ${node.url} (log: ${path.join(dataDir, 'opensearch.log')})\n`);
  const code = await node.exited;
  if (!stopping.signal.aborted) {
    process.stderr.write(`OpenSearch stopped on its own (exit code ${code}); see the log.\n`);
    process.exit(1);
  }
  await node.stop();
} catch (error) {
  if (stopping.signal.aborted) process.exit(0);
  if (!(error instanceof LocalOpenSearchError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
