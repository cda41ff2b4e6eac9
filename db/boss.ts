// pg-boss on the service's own database: one instance per process, started here.
import { PgBoss } from 'pg-boss';
import type { Logger } from '../lib/logger.ts';
import type { QueueDefinition } from '../lib/queues.ts';

export type { PgBoss };

export interface BossOptions {
  connectionString: string;
  logger: Logger;
  queues: QueueDefinition<any>[];
  /** Run pg-boss's cron timekeeper in this process (the scheduler does). */
  schedule: boolean;
  /** Run pg-boss maintenance (expiry, retention) in this process. */
  supervise: boolean;
  name: string;
  /** How often the supervisor fails expired jobs and jobs whose worker stopped beating. */
  superviseIntervalSeconds?: number;
}

export async function startBoss(options: BossOptions): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    application_name: `${options.name}:pgboss`,
    max: 4,
    // Workers of queues marked `notify` wake when a job is sent, not at their next poll
    // (one listening connection per process; polling stays as the backstop).
    useListenNotify: true,
    schedule: options.schedule,
    supervise: options.supervise,
    ...(options.superviseIntervalSeconds ? { superviseIntervalSeconds: options.superviseIntervalSeconds, monitorIntervalSeconds: options.superviseIntervalSeconds } : {}),
  });
  boss.on('error', (error) => options.logger.error({ err: error }, 'pg-boss error'));
  await boss.start();
  for (const queue of options.queues) await ensureQueue(boss, queue);
  return boss;
}

/** Creates the queue, or brings its settings up to date. Safe to race. */
export async function ensureQueue(boss: PgBoss, definition: QueueDefinition<any>): Promise<void> {
  // The declaration's own parts (what it is, who serves it, how to send) are not pg-boss settings.
  const { name, description: _description, handler: _handler, send: _send, sendInTransaction: _sendInTransaction, payload: _payload, policy, partition, deadLetter, ...settings } = definition;
  if (await boss.getQueue(name)) {
    await boss.updateQueue(name, settings);
    return;
  }
  try {
    // pg-boss rejects explicit undefined for these, so pass only what is set.
    const shape = Object.fromEntries(Object.entries({ policy, partition, deadLetter }).filter(([, value]) => value !== undefined));
    await boss.createQueue(name, { ...shape, ...settings });
  } catch (error) {
    // Another process created it between our check and our create.
    if (!(await boss.getQueue(name))) throw error;
  }
}
