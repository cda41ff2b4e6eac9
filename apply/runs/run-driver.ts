// One-call runs (spec 4.7, 2.13): the service drives a session itself, page by page, with
// the answers of the stored profile: open the form, set the profile's values (fill_form),
// press Next (navigate_next), and on the last page submit (submit). Each step's result is
// committed with its step_log entry before the next starts, so a run whose worker dies is
// taken up by the job's retry where it stood (replaying the stored answers in a fresh
// context), and the final click is never repeated.
//
// The run never guesses: when a required question has no answer from the profile (or the
// form refuses one), it stops before submitting, the run ends `Incomplete` with the
// questions named, and the session stays open (form_ready) for the caller to finish with
// the session endpoints.
import { findSession, pagesOf, type SessionPageRow, type SessionPatch, type SessionRow, type StepLogEntry } from '../../db/apply-sessions.ts';
import type { Field } from '../fields.ts';
import { comeToRest, isCommandCurrent } from '../sessions/session-state.ts';
import { missingRequired } from '../sessions/session-fields.ts';
import { positionOf, type Arrival, type Held, type SessionEngine, type Unanswered } from '../sessions/session-engine.ts';
import type { LivePosition } from '../sessions/live-pages.ts';

/** A run has at most this many pages; a form that keeps showing new ones is stopped. */
export const MAX_RUN_PAGES = 25;

const entry = (step: number, action: StepLogEntry['action'], status: StepLogEntry['status'], fieldsCount: number, error: string | null = null): StepLogEntry => ({
  step,
  action,
  status,
  fields_count: fieldsCount,
  error,
  timestamp: new Date().toISOString(),
});

const quote = (text: string) => `"${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`;

/** The required questions still without a value, with why (the answerer's reason when this job saw it). */
function describeMissing(page: SessionPageRow, reasons: Map<string, string>): { text: string; count: number } {
  const missing = missingRequired(page.fields as Field[], page.answers);
  const text = missing.map((field) => `${quote(field.label)} (${field.field_id}): ${reasons.get(field.field_id) ?? 'the profile has no answer for it'}`).join('; ');
  return { text, count: missing.length };
}

/** The step_log entry of a page's prefill. */
function fillEntry(arrival: Arrival): StepLogEntry {
  const missing = arrival.unanswered;
  return entry(
    arrival.sequence,
    'fill_form',
    missing.length > 0 ? 'incomplete' : 'completed',
    arrival.answers.length,
    missing.length > 0 ? `No answer for ${missing.length} required field(s): ${missing.map((item) => quote(item.label)).join(', ')}.` : null,
  );
}

export async function driveRun(engine: SessionEngine, started: SessionRow): Promise<void> {
  const commandId = started.command!.id;
  const reasons = new Map<string, string>();
  const remember = (unanswered: Unanswered[]) => unanswered.forEach((item) => reasons.set(item.field_id, item.reason));
  let held: Held | null = null;
  let keepAt: LivePosition | null = null;
  const log = (session: SessionRow, ...entries: StepLogEntry[]): SessionPatch => ({ step_log: [...session.step_log, ...entries] });

  try {
    for (let round = 0; round <= MAX_RUN_PAGES + 1; round++) {
      const session = await findSession(engine.context.pool, started.id);
      if (!isCommandCurrent(session, commandId)) return;
      if (session.submit_attempted_at) {
        // A submit of this run was clicked (or may have been) before its worker died: never clicked again.
        await engine.commit(session, async (client, current) => void (await engine.writeSubmitted(client, current, undefined)));
        return;
      }
      if (session.page_sequence >= MAX_RUN_PAGES) {
        await engine.fail(session, { kind: 'failed', code: 'too_many_pages', message: `The form showed more than ${MAX_RUN_PAGES} pages; the run stopped.` });
        return;
      }

      // The first page.
      if (session.page_sequence === 0) {
        held ??= await engine.fresh(session.id);
        const outcome = await engine.openFirst(session, held);
        if (outcome.kind !== 'page') {
          const failure = outcome.kind === 'failed' ? outcome : { kind: 'failed' as const, code: 'no_form_found', message: 'The apply URL shows no application form.' };
          await engine.fail(session, failure, log(session, entry(1, 'fill_form', 'failed', 0, failure.message)));
          return;
        }
        const arrival = await engine.arrive(session, held, outcome.read, 1);
        if ('kind' in arrival) {
          await engine.fail(session, arrival, log(session, entry(1, 'fill_form', 'failed', 0, arrival.message)));
          return;
        }
        remember(arrival.unanswered);
        await engine.commit(session, async (client, current) => {
          await engine.writeArrival(client, current, arrival, { ...log(current, fillEntry(arrival)), fields_filled: current.fields_filled + arrival.answers.length }, false);
        });
        continue;
      }

      const pages = await pagesOf(engine.context.pool, session.id);
      if (!held) {
        const acquired = await engine.acquire(session, pages);
        if ('kind' in acquired) {
          await engine.fail(session, acquired, log(session, entry(session.page_sequence, 'fill_form', 'failed', 0, acquired.message)));
          return;
        }
        held = acquired.held;
      }
      const target = pages.find((page) => page.sequence === session.page_sequence)!;

      // Never guess: a required question without a value (or a value the form refused) stops the run here.
      const missing = describeMissing(target, reasons);
      if (missing.count > 0 || session.validation_errors.length > 0) {
        const formSaid = session.validation_errors.map((error) => `${error.field_id ? `${error.field_id}: ` : ''}${error.message}`).join(' ');
        const error =
          missing.count > 0
            ? `Stopped before submitting: ${missing.count} required field(s) on page ${target.sequence} have no answer from the profile: ${missing.text}. The session stays open: answer them with POST /api/auto-apply/sessions/${session.id}/answers.`
            : `Stopped before submitting: the form refused values on page ${target.sequence}: ${formSaid} The session stays open: correct them with POST /api/auto-apply/sessions/${session.id}/answers.`;
        const written = await engine.commit(session, async (client, current) => {
          await comeToRest(engine.stateContext(client), current, 'form_ready', { run_status: 'Incomplete', run_error: error, run_finished_at: new Date(), current_url: held!.page.url() });
        });
        if (written) keepAt = positionOf(target);
        return;
      }

      const mode = target.is_final ? 'submit' : 'next';
      const action = mode === 'submit' ? 'submit' : 'navigate_next';
      const fieldsCount = (target.fields as Field[]).length;
      const outcome = await engine.pressButton(session, held, target, mode);
      // Stamped when the form answered the press, before the next page is filled.
      const pressed = entry(target.sequence, action, 'completed', fieldsCount);
      switch (outcome.kind) {
        case 'stale':
          return;
        case 'no_move':
        case 'errors': {
          const errors = outcome.kind === 'errors' ? outcome.errors : [{ field_id: '', message: 'The form did not move on and showed no reason.' }];
          const said = errors.map((error) => `${error.field_id ? `${error.field_id}: ` : ''}${error.message}`).join(' ');
          const runError = `Stopped before submitting: the form refused the profile's values on page ${target.sequence}: ${said} The session stays open: correct them with POST /api/auto-apply/sessions/${session.id}/answers.`;
          const written = await engine.rest(session, target, errors, held.page.url(), {
            ...log(session, entry(target.sequence, action, 'failed', fieldsCount, said)),
            run_status: 'Incomplete',
            run_error: runError,
            run_finished_at: new Date(),
          });
          if (written && outcome.kind === 'errors') keepAt = positionOf(target);
          return;
        }
        case 'confirmed':
        case 'unconfirmed': {
          const receipt = outcome.kind === 'confirmed' ? outcome.receiptId : undefined;
          const note = outcome.kind === 'unconfirmed' ? 'The form was submitted but showed no confirmation; it was not submitted again, to avoid applying twice.' : null;
          await engine.commit(session, async (client, current) => {
            await engine.writeSubmitted(client, current, receipt, {
              ...log(current, { ...pressed, error: note }),
              steps_completed: current.steps_completed + 1,
              run_error: note,
            });
          });
          return;
        }
        case 'failed':
          await engine.fail(session, outcome, log(session, entry(target.sequence, action, 'failed', fieldsCount, outcome.message)));
          return;
        case 'page': {
          const arrival = await engine.arrive(session, held, outcome.read, target.sequence + 1);
          if ('kind' in arrival) {
            await engine.fail(session, arrival, log(session, pressed, entry(target.sequence + 1, 'fill_form', 'failed', 0, arrival.message)));
            return;
          }
          remember(arrival.unanswered);
          await engine.commit(session, async (client, current) => {
            await engine.writeArrival(client, current, arrival, {
              ...log(current, pressed, fillEntry(arrival)),
              steps_completed: current.steps_completed + 1,
              fields_filled: current.fields_filled + arrival.answers.length,
            }, false);
          });
          continue;
        }
      }
    }
  } finally {
    if (held) await engine.finish(started.id, held, keepAt);
  }
}
