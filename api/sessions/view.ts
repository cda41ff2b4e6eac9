// Reading sessions for responses, and the hold that create, commands, runs and
// `wait_seconds` share: woken by NOTIFY on each change to the session row (the
// `application_changed` channel the application holds use), never by polling.
import { findPage, findSession, type SessionRow } from '../../db/apply-sessions.ts';
import type { Queryable } from '../../db/pool.ts';
import type { ApplicationEvents } from '../../apply/application-events.ts';
import { serializeSession } from '../serializers/session.ts';
import type { SessionState } from '../schemas/sessions.ts';

export async function sessionView(db: Queryable, session: SessionRow): Promise<SessionState> {
  const page = session.page_sequence > 0 ? await findPage(db, session.id, session.page_sequence) : null;
  return serializeSession(session, page);
}

/** Not processing a command: what a caller of a session waits for. */
export const sessionSettled = (session: SessionRow) => session.status !== 'processing';
/** A run has a result (or its session has ended). */
export const runSettled = (session: SessionRow) => session.run_status !== 'Running';

/**
 * The session once `settled` says so, or as it stands when `waitMs` runs out (or the
 * caller goes away); null when there is no such session of the account.
 */
export async function waitForSession(
  db: Queryable,
  events: ApplicationEvents,
  id: string,
  accountId: string,
  waitMs: number,
  settled: (session: SessionRow) => boolean,
  signal?: AbortSignal,
): Promise<SessionRow | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const remaining = deadline - Date.now();
    // (Re)connects the LISTEN after a dropped connection woke us.
    if (remaining > 0) await events.ready();
    const wake = remaining > 0 && !signal?.aborted ? events.next(id, remaining, signal) : null;
    const session = await findSession(db, id, accountId);
    if (!session || settled(session) || !wake) {
      wake?.cancel();
      return session;
    }
    await wake.promise;
  }
}
