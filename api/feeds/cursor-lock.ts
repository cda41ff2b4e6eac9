// One request at a time per cursor, across every process: a request that carries a
// cursor holds a PostgreSQL advisory lock keyed by it while it reads the page; a second
// request with the same cursor meanwhile gets 409 request_conflict.
import { problem } from '../errors.ts';
import type { Pool } from '../../db/pool.ts';

export async function withCursorLock<T>(pool: Pool, cursor: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!cursor) return work();
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock(hashtextextended('feed cursor ' || $1, 0)) AS locked", [cursor]);
    if (!rows[0]!.locked) throw problem('request_conflict', 'Another request with this cursor is still running. Send one request at a time per cursor.');
    try {
      return await work();
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtextextended('feed cursor ' || $1, 0))", [cursor]).catch((error: Error) => {
        // Dropping the connection releases the lock all the same.
        broken = error;
      });
    }
  } finally {
    client.release(broken);
  }
}
