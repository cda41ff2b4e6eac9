// The operations server of a process that serves no API (worker, scheduler): /healthz,
// /readyz and /metrics (api/operations-app.ts) on OPS_PORT, at HOST, started only when
// OPS_PORT is set, and closed first on shutdown (after /readyz has turned 503).
import { createOperationsApp } from '../api/operations-app.ts';
import { startHttpServer, type HttpServer } from '../api/server.ts';
import { browserHealth } from '../apply/browser-health.ts';
import { openSearchHealth } from '../search/index.ts';
import { searchIndexQueue } from '../lib/queues.ts';
import type { WorkerModule } from '../workers/worker.ts';
import type { Runtime } from './runtime.ts';

/** Serves them when OPS_PORT is set; `workers`: the worker modules this process runs (none for the scheduler). */
export async function serveOperations(runtime: Runtime, workers: WorkerModule<any>[]): Promise<HttpServer | null> {
  const { config, logger, pool, boss, lifecycle } = runtime;
  if (config.opsPort === null) return null;
  // OpenSearch is this process's dependency when it runs the search.index worker (which writes to it).
  const usesOpenSearch = workers.some((module) => module.queue.name === searchIndexQueue.name);
  const search = usesOpenSearch ? openSearchHealth(config) : null;
  // The process's one BrowserHealth: /readyz reports it while the apply workers hold it.
  const browser = browserHealth(config.browser, logger.child({ component: 'browser' }));
  const app = createOperationsApp({ config, logger, pool, boss, lifecycle, browser, opensearch: search?.check ?? null });
  const http = await startHttpServer(app, config.opsPort, config.host);
  runtime.onShutdown(() => http.close(config.shutdownTimeoutMs));
  if (search) runtime.onShutdown(() => search.close());
  logger.info({ port: http.port }, 'operations server listening: /healthz, /readyz, /metrics');
  return http;
}
