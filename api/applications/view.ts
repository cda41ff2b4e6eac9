// Reading applications for responses: rows with their steps and webhook deliveries in
// three queries per page, and the wait that create and `wait_seconds` share.
import { deliveriesOf, findApplication, stepsOf, TERMINAL_STATUSES, type ApplicationRow } from '../../db/applications.ts';
import type { Context } from 'koa';
import type { Queryable } from '../../db/pool.ts';
import type { ApplicationEvents } from '../../apply/application-events.ts';
import { serializeApplication, type ApplicationView } from '../serializers/application.ts';

export async function applicationViews(db: Queryable, rows: ApplicationRow[]): Promise<ApplicationView[]> {
  const ids = rows.map((row) => row.id);
  const [steps, deliveries] = await Promise.all([stepsOf(db, ids), deliveriesOf(db, ids)]);
  return rows.map((row) =>
    serializeApplication(
      row,
      steps.filter((step) => step.application_id === row.id),
      deliveries.filter((delivery) => delivery.subject_id === row.id),
    ),
  );
}

export async function applicationView(db: Queryable, row: ApplicationRow): Promise<ApplicationView> {
  return (await applicationViews(db, [row]))[0]!;
}

/** Aborts when the caller closes the connection: a hold stops (the application carries on). */
export function callerGone(ctx: Context): AbortSignal {
  const abort = new AbortController();
  ctx.res.once('close', () => abort.abort());
  return abort.signal;
}

/** Answerable (a step waits for answers) or ended: what a waiting caller waits for. */
export function isSettled(row: ApplicationRow): boolean {
  return row.status === 'awaiting_answers' || TERMINAL_STATUSES.includes(row.status);
}

/**
 * The application once it is answerable or ended, or as it stands when `waitMs` runs out
 * (or the caller goes away). Woken by NOTIFY on each change, not by polling.
 */
export async function waitForApplication(
  db: Queryable,
  events: ApplicationEvents,
  id: string,
  accountId: string,
  waitMs: number,
  signal?: AbortSignal,
): Promise<ApplicationRow | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const remaining = deadline - Date.now();
    // (Re)connects the LISTEN after a dropped connection woke us.
    if (remaining > 0) await events.ready();
    const wake = remaining > 0 && !signal?.aborted ? events.next(id, remaining, signal) : null;
    const row = await findApplication(db, id, accountId);
    if (!row || isSettled(row) || !wake) {
      wake?.cancel();
      return row;
    }
    await wake.promise;
  }
}
