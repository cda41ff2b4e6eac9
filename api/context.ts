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

export interface ApiServices {
  config: Config;
  logger: Logger;
  pool: Pool;
  boss: PgBoss;
  searchIndex: SearchIndex;
  feeds: { cursors: CursorCodec; gate: LoadGate };
  geocoder: Geocoder;
  /** Wakes requests holding on an application (create, wait_seconds). */
  applicationEvents: ApplicationEvents;
  /** Whether this process can start Chromium (reported by /readyz). */
  browser: BrowserHealth;
  /** Flipped at the start of shutdown so /readyz tells load balancers to drain. */
  lifecycle: { shuttingDown: boolean };
}

declare module 'koa' {
  interface DefaultContext {
    services: ApiServices;
    gateway: Gateway;
  }
}
