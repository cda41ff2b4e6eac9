// The interactive session state (spec 2.12) and the one-call run result (spec 2.13).
import { SESSION_TERMINAL_STATUSES, type SessionPageRow, type SessionRow } from '../../db/apply-sessions.ts';
import { fieldViews } from '../../apply/sessions/session-fields.ts';
import type { Field } from '../../apply/fields.ts';
import { API_VERSION } from '../api-version.ts';
import type { RunResult, SessionState } from '../schemas/sessions.ts';

/** `page`: the session's current page (null before the form is read). */
export function serializeSession(session: SessionRow, page: SessionPageRow | null): SessionState {
  const terminal = SESSION_TERMINAL_STATUSES.includes(session.status);
  const showFields = !terminal && page !== null && session.status !== 'processing';
  return {
    api_version: API_VERSION,
    id: session.id,
    provider_id: session.provider_id,
    provider_name: session.provider_name,
    status: session.status,
    is_terminal: terminal,
    error: session.status === 'error' ? session.error : null,
    current_url: session.current_url,
    validation_errors: session.validation_errors.map((error) => ({ field_id: error.field_id, message: error.message })),
    fields: showFields ? fieldViews(page.fields as Field[], page.answers, page.is_final) : [],
    redirect_url: null,
    redirect_provider_id: null,
  };
}

export function serializeRun(session: SessionRow): RunResult {
  const status = session.run_status ?? 'Running';
  const end = session.run_finished_at ?? new Date();
  return {
    api_version: API_VERSION,
    session_id: session.id,
    profile_id: session.profile_id!,
    apply_url: session.apply_url,
    provider_id: session.provider_id,
    provider_display_name: session.provider_name,
    status,
    success: status === 'Submitted',
    error: session.run_error,
    steps_completed: session.steps_completed,
    fields_filled: session.fields_filled,
    duration_ms: Math.max(0, Math.round(end.getTime() - session.created_at.getTime())),
    step_log: session.step_log.map((entry) => ({ ...entry })),
  };
}
