// A session's state transitions. Each runs inside the caller's transaction, on a row the
// caller has locked, and sends the queue job that follows the change in that same
// transaction (pg-boss shares the database): a command is never stored without its job,
// and a session never comes to rest without its idle-expiry check.
import { randomUUID } from 'node:crypto';
import type { PgBoss } from '../../db/boss.ts';
import type { PoolClient } from '../../db/pool.ts';
import { refundIn } from '../../db/credits.ts';
import { updateSession, type CommandKind, type SessionAnswer, type SessionPatch, type SessionRow, type SessionStatus } from '../../db/apply-sessions.ts';
import { applySessionExpireQueue, applySessionQueue } from '../../lib/queues.ts';

export interface SessionStateContext {
  client: PoolClient;
  boss: PgBoss;
  /** How long a session may sit at rest before it expires (the answer window). */
  idleSeconds: number;
}

/** Stores a command on the session (now `processing`) with the job that carries it out. */
export async function sendCommand(context: SessionStateContext, session: SessionRow, kind: CommandKind, answers?: SessionAnswer[], then?: 'next' | 'submit'): Promise<SessionRow> {
  const command = { id: randomUUID(), kind, ...(answers ? { answers } : {}), ...(then ? { then } : {}) };
  const updated = await updateSession(context.client, session.id, { status: 'processing', command, validation_errors: kind === 'answers' ? session.validation_errors : [] });
  await applySessionQueue.sendInTransaction(context.client, context.boss, { session_id: session.id, command_id: command.id });
  return updated;
}

/** The command is done and the session waits for the caller again; its idle clock restarts. */
export async function comeToRest(context: SessionStateContext, session: SessionRow, status: SessionStatus, patch: SessionPatch = {}): Promise<SessionRow> {
  const updated = await updateSession(context.client, session.id, { ...patch, status, command: null, error: null, last_activity_at: new Date() });
  await applySessionExpireQueue.sendInTransaction(context.client, context.boss, { session_id: session.id }, { startAfter: new Date(Date.now() + context.idleSeconds * 1000 + 1000) });
  return updated;
}

/**
 * Ends a session. A run's charge comes back whenever it ends without a submission; a
 * session's when it fails on our or the form's side (`refund`), not when it is ended or
 * left idle by the caller.
 */
export async function endSession(
  client: PoolClient,
  session: SessionRow,
  status: 'expired' | 'error' | 'submitted',
  options: { error?: string; refund?: boolean; patch?: SessionPatch } = {},
): Promise<SessionRow> {
  const refund = status !== 'submitted' && (options.refund === true || session.kind === 'run');
  if (refund && session.credit_entry_id !== null) {
    await refundIn(client, session.credit_entry_id, `refund: ${session.kind} ${session.id} ended ${status} without submitting`);
  }
  const now = new Date();
  const patch: SessionPatch = { ...options.patch, status, command: null, error: status === 'error' ? (options.error ?? 'The session failed.') : null, ended_at: now, last_activity_at: now };
  if (session.run_status === 'Running') {
    patch.run_status = status === 'submitted' ? 'Submitted' : 'Failed';
    patch.run_error = status === 'submitted' ? (patch.run_error ?? null) : (options.error ?? (status === 'expired' ? 'The session was ended before the run finished.' : 'The run failed.'));
    patch.run_finished_at = now;
  }
  return updateSession(client, session.id, patch);
}

/** The session is still where a worker left it: processing this command. */
export function isCommandCurrent(session: SessionRow | null, commandId: string): session is SessionRow {
  return session !== null && session.status === 'processing' && session.command?.id === commandId;
}
