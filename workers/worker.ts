// The shape of one worker module: the queue it serves and how it handles a batch.
import type { Job, WorkOptions } from 'pg-boss';
import type { Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import type { QueueDefinition } from '../lib/queues.ts';
import type { PgBoss } from '../db/boss.ts';
import type { Pool } from '../db/pool.ts';

export type WorkSettings = Pick<WorkOptions, 'batchSize' | 'localConcurrency' | 'pollingIntervalSeconds' | 'notifyPollingIntervalSeconds'>;

export interface WorkerContext {
  config: Config;
  pool: Pool;
  boss: PgBoss;
  logger: Logger;
}

export interface WorkerModule<T extends object = object> {
  queue: QueueDefinition<T>;
  /** Fetch and concurrency settings for this queue's worker (or how the configuration sets them). */
  work?: WorkSettings | ((config: Config) => WorkSettings);
  handle(jobs: Job<T>[], context: WorkerContext): Promise<void>;
  /** Runs once before the handler subscribes (e.g. a LISTEN); returns how to stop it. */
  start?(context: WorkerContext): Promise<() => Promise<void>>;
}

/** A worker module for a declared queue: the handler's jobs carry the queue's payload type. */
export function defineWorker<T extends object>(queue: QueueDefinition<T>, module: Omit<WorkerModule<T>, 'queue'>): WorkerModule<T> {
  return { queue, ...module };
}
