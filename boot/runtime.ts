// What every process of the service boots the same way: config, logger, database
// (external or embedded), migrations, the pool and pg-boss; and the ordered, bounded
// shutdown that undoes it.
import { loadConfig, type Config } from '../lib/config.ts';
import { createLogger, type Logger } from '../lib/logger.ts';
import { queueDefinitions } from '../lib/queues.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { setSearchOutbox } from '../db/search-outbox.ts';
import { ensureGazetteer } from '../geo/gazetteer-loader.ts';
import { createPool, type Pool } from '../db/pool.ts';
import { startBoss, type PgBoss } from '../db/boss.ts';
import type { EmbeddedDatabase } from '../db/embedded.ts';
import { useEncryptionSettings } from '../db/encryption-keys.ts';
import { waitingJobsByQueue } from '../db/queue-stats.ts';
import { observePool, observeQueues, type PoolCounts } from '../lib/metrics.ts';

export interface Runtime {
  config: Config;
  logger: Logger;
  database: EmbeddedDatabase;
  pool: Pool;
  boss: PgBoss;
  lifecycle: { shuttingDown: boolean };
  /** Steps run in order on shutdown, before pg-boss, the pool and the database close. */
  onShutdown(step: () => Promise<void>): void;
  shutdown(): Promise<void>;
}

export interface BootOptions {
  name: string;
  config?: Config;
  logger?: Logger;
  schedule?: boolean;
  supervise?: boolean;
}

export async function bootRuntime(options: BootOptions): Promise<Runtime> {
  const config = options.config ?? loadConfig();
  const logger = options.logger ?? createLogger(config.logLevel, options.name);
  // Encryption at rest reads its keys from this process's configuration (db/encryption-keys.ts).
  useEncryptionSettings(config.encryption);
  // Every booted process stops on signals through exitOnSignals, so the cluster it starts may
  // sit in its own process group and be stopped last, in order.
  const database = await openDatabase(config, logger, { ownProcessGroup: true });
  const pool = createPool(database.url, config.dbPoolMax, logger, options.name);
  try {
    await migrate(pool, logger);
    // Job writes queue their search updates exactly while an external index is configured.
    await setSearchOutbox(pool, config.opensearch !== null);
    // The geocoder's offline data: loaded at first start, then only when its packages change.
    await ensureGazetteer(pool, logger);
  } catch (error) {
    await pool.end();
    await database.stop();
    throw error;
  }
  const boss = await startBoss({
    connectionString: database.url,
    logger,
    queues: queueDefinitions,
    schedule: options.schedule ?? false,
    supervise: options.supervise ?? true,
    name: options.name,
    superviseIntervalSeconds: config.queueSuperviseSeconds,
  });

  // /metrics reads the queues' waiting jobs and the pools' connections when scraped.
  const unobserve = [observeQueues(() => waitingJobsByQueue(pool)), observePool('app', pool)];
  // pg-boss keeps its own pg Pool (`getDb().pool`, not part of its typed API): reported when it is there.
  const bossPool = (boss.getDb() as { pool?: Partial<PoolCounts> }).pool;
  if (typeof bossPool?.totalCount === 'number' && typeof bossPool.idleCount === 'number' && typeof bossPool.waitingCount === 'number') {
    unobserve.push(observePool('queue', bossPool as PoolCounts));
  }

  const steps: Array<() => Promise<void>> = [];
  const lifecycle = { shuttingDown: false };
  let stopping: Promise<void> | null = null;
  const runtime: Runtime = {
    config,
    logger,
    database,
    pool,
    boss,
    lifecycle,
    onShutdown: (step) => void steps.push(step),
    shutdown() {
      stopping ??= (async () => {
        lifecycle.shuttingDown = true;
        for (const step of steps) {
          await step().catch((error) => logger.error({ err: error }, 'shutdown step failed'));
        }
        // Waits for jobs in flight, up to the same bound as requests.
        await boss
          .stop({ graceful: true, timeout: config.shutdownTimeoutMs })
          .catch((error) => logger.error({ err: error }, 'pg-boss stop failed'));
        await pool.end().catch((error) => logger.error({ err: error }, 'pool end failed'));
        for (const stop of unobserve) stop();
        await database.stop().catch((error) => logger.error({ err: error }, 'database stop failed'));
      })();
      return stopping;
    },
  };
  return runtime;
}

/** A repeat within this long is the same interrupt delivered twice, not a second one. */
const REPEAT_WINDOW_MS = 1_000;

/**
 * SIGINT/SIGTERM run the graceful shutdown once; a second signal exits at once. Ctrl-C under
 * `npm start` arrives twice within milliseconds (the terminal signals the whole foreground
 * group, and npm passes it on to its child again), so a repeat inside REPEAT_WINDOW_MS is ignored.
 */
export function exitOnSignals(runtime: Runtime): void {
  let receivedAt: number | null = null;
  const handler = (signal: NodeJS.Signals) => {
    if (receivedAt !== null) {
      if (Date.now() - receivedAt < REPEAT_WINDOW_MS) return;
      runtime.logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    receivedAt = Date.now();
    runtime.logger.info({ signal }, 'shutting down');
    runtime.shutdown().then(
      () => process.exit(0),
      (error) => {
        runtime.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
