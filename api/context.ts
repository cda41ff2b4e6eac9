// What every request handler can reach through `ctx.services`.
import type { Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import type { PgBoss } from '../db/boss.ts';
import type { Pool } from '../db/pool.ts';
import type { Gateway } from './gateway/index.ts';
import type { SearchIndex } from '../search/search-index.ts';

export interface ApiServices {
  config: Config;
  logger: Logger;
  pool: Pool;
  boss: PgBoss;
  searchIndex: SearchIndex;
  /** Flipped at the start of shutdown so /readyz tells load balancers to drain. */
  lifecycle: { shuttingDown: boolean };
}

declare module 'koa' {
  interface DefaultContext {
    services: ApiServices;
    gateway: Gateway;
  }
}
