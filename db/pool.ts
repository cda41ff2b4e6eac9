import pg from 'pg';
import type { Logger } from '../lib/logger.ts';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** Either: a statement that needs no transaction of its own runs on whichever it is given. */
export type Queryable = Pool | PoolClient;

// timestamptz as Date, bigint (counts, sums) as number: our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createPool(connectionString: string, max: number, logger: Logger, name = 'service'): Pool {
  const pool = new pg.Pool({ connectionString, max, application_name: name });
  // An idle client losing its server (restart, failover) must not crash the process.
  pool.on('error', (error: Error & { code?: string }) => {
    // Our own shutdown: end() drops clients without waiting for their sockets to close,
    // so stopping an embedded database right after can reach one that is still closing.
    if (pool.ending && error.code === '57P01') return;
    logger.error({ err: error }, 'idle database client error');
  });
  return pool;
}

/**
 * Runs `fn` in one transaction; rolls back on any throw. `settings` (SET LOCAL
 * statements, for example) are sent with BEGIN in the same round trip.
 */
export async function withTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>, settings: string[] = []): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(['BEGIN', ...settings].join('; '));
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
