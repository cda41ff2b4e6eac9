// What every request handler can reach through `ctx.services`.
import type { Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import type { PgBoss } from '../db/boss.ts';
import type { Pool } from '../db/pool.ts';
import type { Gateway } from './gateway/index.ts';
import type { SearchIndex } from '../search/search-index.ts';
import type { CursorCodec } from './feeds/cursor.ts';
import type { LoadGate } from './feeds/load-gate.ts';
import type { Geocoder } from '../geo/geocoder.ts';
import type { ApplicationEvents } from '../apply/application-events.ts';
import type { BrowserHealth } from '../apply/browser-health.ts';

/**
 * What the operations endpoints (/healthz, /readyz, /metrics) read. The API's services
 * have all of it; the operations server of worker and scheduler processes
 * (api/operations-app.ts) has only this.
 */
export interface OperationsServices {
  config: Config;
  logger: Logger;
  pool: Pool;
  boss: PgBoss;
  /** Flipped at the start of shutdown so /readyz tells load balancers to drain. */
  lifecycle: { shuttingDown: boolean };
  /** Whether this process can start Chromium: /readyz reports it while the process runs the apply workers (`inUse`). */
  browser: BrowserHealth;
  /** Checks OpenSearch within a time limit, when this process uses it (searches, or the search.index worker); null otherwise. */
  opensearch: ((timeoutMs: number) => Promise<void>) | null;
}

export interface ApiServices extends OperationsServices {
  searchIndex: SearchIndex;
  feeds: { cursors: CursorCodec; gate: LoadGate };
  geocoder: Geocoder;
  /** Wakes requests holding on an application (create, wait_seconds). */
  applicationEvents: ApplicationEvents;
}

declare module 'koa' {
  interface DefaultContext {
    services: ApiServices;
    gateway: Gateway;
  }
}
