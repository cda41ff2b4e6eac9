// search.index: keeps OpenSearch in step with PostgreSQL by draining search_outbox
// (search/opensearch/outbox-drain.ts). Drains are woken three ways: a LISTEN on the
// outbox trigger's notifications (about a second after a write), a drain that ran out
// of time re-queueing itself, and the cron schedule every minute as the safety net.
// Without OPENSEARCH_URL there is no outbox to drain and the handler does nothing.
import type { OpenSearchConfig } from '../lib/config.ts';
import { searchIndexQueue } from '../lib/queues.ts';
import { createOpenSearchClient, type OpenSearchClient } from '../search/opensearch/client.ts';
import { drainSearchOutbox } from '../search/opensearch/outbox-drain.ts';
import { defineWorker, type WorkerContext } from './worker.ts';

const clients = new Map<OpenSearchConfig, OpenSearchClient>();
let inFlight: Promise<unknown> = Promise.resolve();
let stopping = false;

function clientFor(config: OpenSearchConfig): OpenSearchClient {
  // Past shutdown the job fails and pg-boss retries it, in this or another worker.
  if (stopping) throw new Error('the search.index worker is stopping');
  let client = clients.get(config);
  if (!client) clients.set(config, (client = createOpenSearchClient(config)));
  return client;
}

/** Turns outbox notifications into (collapsing) search.index jobs, reconnecting when the connection drops. */
async function listen(context: WorkerContext): Promise<() => Promise<void>> {
  let stopped = false;
  let wake: NodeJS.Timeout | null = null;
  let release: (() => void) | null = null;
  const send = () => {
    wake = null;
    searchIndexQueue.send(context.boss, {}).catch((error) => context.logger.warn({ err: error }, 'could not queue a search.index drain'));
  };
  const connect = async () => {
    if (stopped) return;
    try {
      const client = await context.pool.connect();
      // A burst of writes wakes one drain.
      client.on('notification', () => void (wake ??= setTimeout(send, 100)));
      client.on('error', (error) => {
        context.logger.warn({ err: error }, 'search outbox listener lost its connection; reconnecting');
        client.release(error);
        release = null;
        setTimeout(connect, 1000).unref();
      });
      await client.query('LISTEN search_outbox');
      release = () => client.release();
      // Whatever was written while nobody listened.
      send();
    } catch (error) {
      context.logger.warn({ err: error }, 'search outbox listener could not connect; retrying');
      setTimeout(connect, 1000).unref();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (wake) clearTimeout(wake);
    release?.();
  };
}

export const searchIndex = defineWorker(searchIndexQueue, {
  work: { pollingIntervalSeconds: 0.5 },
  async start(context) {
    if (context.config.opensearch === null) return async () => {};
    stopping = false;
    const stopListening = await listen(context);
    return async () => {
      stopping = true;
      await stopListening();
      await inFlight.catch(() => {});
      for (const client of clients.values()) await client.close();
      clients.clear();
    };
  },
  async handle(_jobs, { config, pool, boss, logger }) {
    if (config.opensearch === null) return;
    const drain = drainSearchOutbox(pool, clientFor(config.opensearch), config.opensearch.alias);
    inFlight = drain;
    const result = await drain;
    if (result.built) logger.info({ index: result.built.index, documents: result.built.documents }, 'built the first OpenSearch index');
    if (result.indexed + result.removed > 0) logger.debug({ indexed: result.indexed, removed: result.removed }, 'search index updated');
    if (result.remaining) await searchIndexQueue.send(boss, {});
  },
});
