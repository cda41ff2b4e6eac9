// The cron schedule: which queue gets a job when. pg-boss keeps schedules in the
// database; the scheduler process (or `npm start`) keeps them equal to this list.
import type { PgBoss } from '../db/boss.ts';

export interface ScheduleEntry {
  queue: string;
  /** Five-field cron expression, UTC. */
  cron: string;
  data?: object;
}

export const schedule: ScheduleEntry[] = [
  { queue: 'maintenance.prune', cron: '*/15 * * * *' },
  // The safety net under the outbox notifications (workers/search-index.ts).
  { queue: 'search.index', cron: '* * * * *' },
];

/** Makes the stored schedules match `entries`: adds, updates and removes. */
export async function applySchedule(boss: PgBoss, entries: ScheduleEntry[] = schedule): Promise<void> {
  for (const entry of entries) {
    await boss.schedule(entry.queue, entry.cron, entry.data ?? null, { tz: 'UTC' });
  }
  for (const stored of await boss.getSchedules()) {
    if (!entries.some((entry) => entry.queue === stored.name)) await boss.unschedule(stored.name, stored.key);
  }
}
