// Session commands: answers, next, submit (each stored with its apply.session job in one
// transaction on the locked session row, then held until the worker is done), and the end
// (DELETE). A session takes one command at a time.
import type { Context } from 'koa';
import { findPage, lockSession, SESSION_TERMINAL_STATUSES, type SessionRow } from '../../db/apply-sessions.ts';
import { withTransaction, type PoolClient } from '../../db/pool.ts';
import { checkSessionAnswers, missingRequired, NEXT_FIELD_ID, requestedMove, SUBMIT_FIELD_ID } from '../../apply/sessions/session-fields.ts';
import { endSession, sendCommand, type SessionStateContext } from '../../apply/sessions/session-state.ts';
import type { Field } from '../../apply/fields.ts';
import { autoApplyProblem, notFound } from '../errors.ts';
import { callerGone } from '../applications/view.ts';
import { sessionSettled, sessionView, waitForSession } from './view.ts';
import type { SessionAnswersBody, SessionState } from '../schemas/sessions.ts';

async function lockOwn(client: PoolClient, ctx: Context, id: string): Promise<SessionRow> {
  const session = await lockSession(client, id);
  if (!session || session.account_id !== ctx.state.principal!.account.id) throw notFound(`No session with id ${id}.`);
  return session;
}

function stateContext(ctx: Context, client: PoolClient): SessionStateContext {
  return { client, boss: ctx.services.boss, idleSeconds: ctx.services.config.autoApply.answerWindowSeconds };
}

/** A session that can take a command now: not ended, not busy with another. */
function assertAtRest(session: SessionRow): void {
  if (SESSION_TERMINAL_STATUSES.includes(session.status)) throw autoApplyProblem('invalid_state', `The session has ended (${session.status}); start a new one.`);
  if (session.status === 'processing') {
    throw autoApplyProblem('invalid_state', 'The session is processing a command; GET it with wait_seconds until it is not, then send this again.');
  }
}

/** Holds until the command is done: 200 with the state, or 202 with `processing` when the hold runs out. */
async function settle(ctx: Context, session: SessionRow): Promise<SessionState> {
  const { pool, applicationEvents, config } = ctx.services;
  const settled = await waitForSession(pool, applicationEvents, session.id, session.account_id, config.autoApply.holdSeconds * 1000, sessionSettled, callerGone(ctx));
  ctx.status = sessionSettled(settled!) ? 200 : 202;
  return sessionView(pool, settled!);
}

/**
 * Answers set values on the current page. Answering the page's button (`@next`, or `@submit`
 * on the last page) as well moves the form on once the other values are set; answering only
 * the button is POST .../next or .../submit.
 */
export async function answerSession(ctx: Context, id: string, body: SessionAnswersBody): Promise<SessionState> {
  const moves = body.answers.map((answer, index) => ({ move: requestedMove(answer.field_id), index })).filter((item) => item.move !== null);
  const values = body.answers.filter((answer) => requestedMove(answer.field_id) === null);
  if (moves.length > 0 && values.length === 0 && moves.length === 1) return moveSession(ctx, id, moves[0]!.move!);
  const queued = await withTransaction(ctx.services.pool, async (client) => {
    const session = await lockOwn(client, ctx, id);
    assertAtRest(session);
    const page = await findPage(client, session.id, session.page_sequence);
    if (!page) throw autoApplyProblem('invalid_state', 'The session has no form page to answer.');
    const button = page.is_final ? SUBMIT_FIELD_ID : NEXT_FIELD_ID;
    // One move per call, by the button this page has.
    const moveErrors = moves.flatMap(({ index }, position) => {
      const fieldId = body.answers[index]!.field_id;
      if (position > 0) return [{ field_id: fieldId, item_index: index, field_key: fieldId, code: 'duplicate_answer', message: 'The form is moved on once per call.' }];
      if (fieldId !== button) return [{ field_id: fieldId, item_index: index, field_key: fieldId, code: 'unknown_field', message: `This page's button is ${button}.` }];
      return [];
    });
    const checked = checkSessionAnswers(page.fields as Field[], page.answers, values);
    const errors = [...moveErrors, ...(checked.ok ? [] : checked.errors.map((error) => ({ ...error, item_index: body.answers.indexOf(values[error.item_index]!) })))];
    if (errors.length > 0 || !checked.ok) {
      throw autoApplyProblem('validation_failed', `${errors.length} answer problem(s); nothing was set. Fix them and send the answers again.`, { command_errors: errors });
    }
    return sendCommand(stateContext(ctx, client), session, 'answers', checked.answers, moves[0]?.move ?? undefined);
  });
  return settle(ctx, queued);
}


/** next (on `next_available`) or submit (on `submit_ready`). */
export async function moveSession(ctx: Context, id: string, kind: 'next' | 'submit'): Promise<SessionState> {
  const wanted = kind === 'next' ? 'next_available' : 'submit_ready';
  const queued = await withTransaction(ctx.services.pool, async (client) => {
    const session = await lockOwn(client, ctx, id);
    assertAtRest(session);
    if (session.status !== wanted) {
      let detail = `The session is ${session.status}, not ${wanted}.`;
      if (session.status === 'form_ready') {
        const page = await findPage(client, session.id, session.page_sequence);
        const missing = page ? missingRequired(page.fields as Field[], page.answers).map((field) => field.field_id) : [];
        detail += missing.length > 0 ? ` Answer the required fields first: ${missing.join(', ')}.` : ' Correct the values the form refused (validation_errors) first.';
      } else {
        detail += kind === 'next' ? ' This is the last page: submit it.' : ' This is not the last page: go to the next one.';
      }
      throw autoApplyProblem('invalid_state', detail);
    }
    return sendCommand(stateContext(ctx, client), session, kind);
  });
  return settle(ctx, queued);
}

/** DELETE: the session ends `expired` (an ended session is returned as it is). */
export async function endSessionByCaller(ctx: Context, id: string): Promise<SessionState> {
  const { pool } = ctx.services;
  const row = await withTransaction(pool, async (client) => {
    const session = await lockOwn(client, ctx, id);
    if (SESSION_TERMINAL_STATUSES.includes(session.status)) return session;
    if (session.submit_attempted_at) {
      throw autoApplyProblem('invalid_state', 'The session is submitting its application and cannot be ended now; GET it with wait_seconds to see the outcome.');
    }
    return endSession(client, session, 'expired');
  });
  return sessionView(pool, row);
}
