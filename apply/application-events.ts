// Waking requests that wait on an application (the create hold, `wait_seconds`): one
// LISTEN connection per API process on `application_changed`, which a trigger notifies
// on every change to an application row. A waiter re-reads the row when woken; if the
// connection drops, every waiter is woken (they re-read) and the listener reconnects.
import pg from 'pg';
import type { Logger } from '../lib/logger.ts';

const CHANNEL = 'application_changed';

export class ApplicationEvents {
  private readonly connectionString: string;
  private readonly logger: Logger;
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly waiters = new Map<string, Set<() => void>>();
  private closed = false;

  constructor(connectionString: string, logger: Logger) {
    this.connectionString = connectionString;
    this.logger = logger;
  }

  /** Makes sure the LISTEN is in place; call before reading the state you will wait on. */
  ready(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'api:application-events' });
    client.on('notification', (message) => {
      if (message.payload) this.wake(message.payload);
    });
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'application events connection lost; waiters re-read');
      if (this.client === client) this.client = null;
      client.end().catch(() => {});
      this.wakeAll();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
  }

  private wake(id: string): void {
    const set = this.waiters.get(id);
    if (!set) return;
    this.waiters.delete(id);
    for (const resolve of set) resolve();
  }

  private wakeAll(): void {
    for (const id of [...this.waiters.keys()]) this.wake(id);
  }

  /**
   * Resolves on the next change to the application, after `timeoutMs`, or when `signal`
   * aborts, whichever comes first. Subscribe (call this) before re-reading the row, so
   * a change between the read and the wait is not missed. Null once closed (shutdown):
   * callers answer with what they have.
   */
  next(id: string, timeoutMs: number, signal?: AbortSignal): { promise: Promise<void>; cancel(): void } | null {
    if (this.closed) return null;
    let done!: () => void;
    const promise = new Promise<void>((resolve) => {
      done = resolve;
    });
    const set = this.waiters.get(id) ?? new Set();
    this.waiters.set(id, set);
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', finish);
      set.delete(finish);
      if (set.size === 0 && this.waiters.get(id) === set) this.waiters.delete(id);
      done();
    };
    set.add(finish);
    const timer = setTimeout(finish, Math.max(0, timeoutMs));
    signal?.addEventListener('abort', finish, { once: true });
    return { promise, cancel: finish };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
