import { createApp, type AppOptions } from '../api/app.ts';
import { startHttpServer, type HttpServer } from '../api/server.ts';
import { createSearchIndex } from '../search/index.ts';
import type { Runtime } from './runtime.ts';
import { serviceSecret } from '../db/service-secrets.ts';
import { CursorCodec } from '../api/feeds/cursor.ts';
import { LoadGate } from '../api/feeds/load-gate.ts';
import { Geocoder } from '../geo/geocoder.ts';
import { ApplicationEvents } from '../apply/application-events.ts';
import { browserHealth } from '../apply/browser-health.ts';

/** Serves the API on the runtime's PORT and closes it first on shutdown. */
export async function serveApi(runtime: Runtime, options: AppOptions = {}): Promise<HttpServer> {
  const { config, logger, pool, boss, lifecycle } = runtime;
  const search = createSearchIndex(pool, config);
  const cursorKey = config.feeds.cursorSecret !== null ? Buffer.from(config.feeds.cursorSecret) : await serviceSecret(pool, 'feed_cursor');
  const feeds = { cursors: new CursorCodec(cursorKey), gate: new LoadGate(pool, config.feeds) };
  const geocoder = await Geocoder.create(pool);
  const applicationEvents = new ApplicationEvents(runtime.database.url, logger);
  const browser = browserHealth(config.browser, logger.child({ component: 'browser' }));
  const app = createApp({ config, logger, pool, boss, lifecycle, searchIndex: search.index, opensearch: search.health, feeds, geocoder, applicationEvents, browser }, options);
  const http = await startHttpServer(app, config.port, config.host);
  // Holds on applications end first (their callers get the 202 snapshot), then requests drain.
  runtime.onShutdown(() => applicationEvents.close());
  runtime.onShutdown(() => http.close(config.shutdownTimeoutMs));
  // Unused leased rate-limit hits go back so other processes can use them at once.
  runtime.onShutdown(() => app.context.gateway.limiter.releaseAll());
  runtime.onShutdown(() => search.close());
  return http;
}
