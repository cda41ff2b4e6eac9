// Load shedding for the feeds: at most `maxConcurrent` feed pages are read at once in
// this process, at most `maxQueued` more wait their turn, and beyond that, or when the
// database pool itself has that many requests waiting for a connection, a request gets
// 503 with Retry-After at once instead of piling up behind the others.
import { GatewayError } from '../errors.ts';
import type { Pool } from '../../db/pool.ts';

export const BUSY_RETRY_AFTER_SECONDS = 2;

export function feedBusy(): GatewayError {
  return new GatewayError(
    503,
    { error: 'feed_backend_busy', detail: `The feed backend is saturated. Retry the same request after ${BUSY_RETRY_AFTER_SECONDS} seconds.` },
    { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
  );
}

export class LoadGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly pool: Pool;
  private readonly maxConcurrent: number;
  private readonly maxQueued: number;

  constructor(pool: Pool, limits: { maxConcurrent: number; maxQueued: number }) {
    this.pool = pool;
    this.maxConcurrent = limits.maxConcurrent;
    this.maxQueued = limits.maxQueued;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.pool.waitingCount > this.maxQueued) throw feedBusy();
    if (this.active >= this.maxConcurrent) {
      if (this.waiting.length >= this.maxQueued) throw feedBusy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next in line, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
