// The cron schedule: which queue gets a job when. pg-boss keeps schedules in the
// database; the scheduler process (or `npm start`) keeps them equal to this list.
import type { PgBoss } from '../db/boss.ts';
import { companyEnrichPlanQueue, crawlPlanQueue, mailboxCheckPlanQueue, maintenancePruneQueue, searchIndexQueue, type QueueDefinition } from '../lib/queues.ts';

export interface ScheduleEntry<P extends object = any> {
  queue: QueueDefinition<P>;
  /** Five-field cron expression, UTC. */
  cron: string;
  data?: P;
}

/** An entry whose data has the queue's payload type. */
const every = <P extends object>(queue: QueueDefinition<P>, cron: string, data?: P): ScheduleEntry<P> => ({ queue, cron, ...(data ? { data } : {}) });

export const schedule: ScheduleEntry[] = [
  every(maintenancePruneQueue, '*/15 * * * *'),
  // The safety net under the outbox notifications (workers/search-index.ts).
  every(searchIndexQueue, '* * * * *'),
  // Boards come due spread over their interval; the planner queues those that are.
  every(crawlPlanQueue, '* * * * *'),
  // Companies are enriched from their websites weekly (ENRICH_INTERVAL_DAYS); the planner queues those due.
  every(companyEnrichPlanQueue, '*/10 * * * *'),
  // Connected mailboxes are checked every MAILBOX_CHECK_INTERVAL_MINUTES; the planner queues those due.
  every(mailboxCheckPlanQueue, '*/5 * * * *'),
];

/** Makes the stored schedules match `entries`: adds, updates and removes. */
export async function applySchedule(boss: PgBoss, entries: ScheduleEntry[] = schedule): Promise<void> {
  for (const entry of entries) {
    await boss.schedule(entry.queue.name, entry.cron, entry.data ?? null, { tz: 'UTC' });
  }
  for (const stored of await boss.getSchedules()) {
    if (!entries.some((entry) => entry.queue.name === stored.name)) await boss.unschedule(stored.name, stored.key);
  }
}
