// Interactive sessions and one-call runs, and the pages of their forms (migration 019).
// State changes go through apply/sessions/, which runs these inside one transaction with
// the queue job that follows each change.
import type { Queryable } from './pool.ts';

export type SessionStatus = 'processing' | 'form_ready' | 'next_available' | 'submit_ready' | 'submitted' | 'expired' | 'error';
export const SESSION_TERMINAL_STATUSES: SessionStatus[] = ['submitted', 'expired', 'error'];
/** Waiting for the caller: answers (and next or submit) can be sent. */
export const SESSION_RESTING_STATUSES: SessionStatus[] = ['form_ready', 'next_available', 'submit_ready'];

export type RunStatus = 'Running' | 'Submitted' | 'Incomplete' | 'Failed';

export interface SessionAnswer {
  field_id: string;
  value: unknown;
}

export type CommandKind = 'open' | 'answers' | 'next' | 'submit' | 'run';

/** What the session's `apply.session` job carries out; stored on the row with the job. */
export interface SessionCommand {
  id: string;
  kind: CommandKind;
  /** `answers`: the checked values to set (a null value clears the field). */
  answers?: SessionAnswer[];
  /** `answers`: the move to make once they are set, asked for by answering the page's button. */
  then?: 'next' | 'submit';
}

export interface ValidationError {
  field_id: string;
  message: string;
}

export interface StepLogEntry {
  step: number;
  action: 'fill_form' | 'navigate_next' | 'submit';
  status: 'completed' | 'incomplete' | 'failed';
  fields_count: number;
  error: string | null;
  timestamp: string;
}

export interface JobContext {
  company_name: string | null;
  title: string | null;
  country_code: string | null;
}

export interface SessionRow {
  id: string;
  account_id: string;
  kind: 'session' | 'run';
  profile_id: string | null;
  apply_url: string;
  sandbox: boolean;
  provider_id: string;
  provider_name: string;
  provider_version: string;
  job_context: Partial<JobContext>;
  status: SessionStatus;
  error: string | null;
  command: SessionCommand | null;
  page_sequence: number;
  current_url: string | null;
  validation_errors: ValidationError[];
  credit_entry_id: number | null;
  submit_attempted_at: Date | null;
  submitted_at: Date | null;
  provider_receipt_id: string | null;
  submission_confirmation_kind: string | null;
  run_status: RunStatus | null;
  run_error: string | null;
  step_log: StepLogEntry[];
  fields_filled: number;
  steps_completed: number;
  run_finished_at: Date | null;
  last_activity_at: Date;
  ended_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface SessionPageRow {
  session_id: string;
  sequence: number;
  fields: unknown[];
  answers: SessionAnswer[];
  is_final: boolean;
  prefilled: boolean;
  page_url: string | null;
  storage_state: unknown;
  created_at: Date;
  updated_at: Date;
}

export type NewSession = Pick<
  SessionRow,
  'account_id' | 'kind' | 'profile_id' | 'apply_url' | 'sandbox' | 'provider_id' | 'provider_name' | 'provider_version' | 'job_context' | 'credit_entry_id' | 'command' | 'run_status'
>;

export async function insertSession(db: Queryable, input: NewSession): Promise<SessionRow> {
  const { rows } = await db.query<SessionRow>(
    `INSERT INTO apply_sessions (account_id, kind, profile_id, apply_url, sandbox, provider_id, provider_name, provider_version, job_context, credit_entry_id, command, run_status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
    [
      input.account_id,
      input.kind,
      input.profile_id,
      input.apply_url,
      input.sandbox,
      input.provider_id,
      input.provider_name,
      input.provider_version,
      JSON.stringify(input.job_context),
      input.credit_entry_id,
      input.command === null ? null : JSON.stringify(input.command),
      input.run_status,
    ],
  );
  return rows[0]!;
}

export async function findSession(db: Queryable, id: string, accountId?: string): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(
    accountId === undefined ? 'SELECT * FROM apply_sessions WHERE id = $1' : 'SELECT * FROM apply_sessions WHERE id = $1 AND account_id = $2',
    accountId === undefined ? [id] : [id, accountId],
  );
  return rows[0] ?? null;
}

/** The row, locked until the transaction ends. */
export async function lockSession(db: Queryable, id: string): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>('SELECT * FROM apply_sessions WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

export type SessionPatch = Partial<
  Pick<
    SessionRow,
    | 'status'
    | 'error'
    | 'command'
    | 'page_sequence'
    | 'current_url'
    | 'validation_errors'
    | 'submit_attempted_at'
    | 'submitted_at'
    | 'provider_receipt_id'
    | 'submission_confirmation_kind'
    | 'run_status'
    | 'run_error'
    | 'step_log'
    | 'fields_filled'
    | 'steps_completed'
    | 'run_finished_at'
    | 'last_activity_at'
    | 'ended_at'
  >
>;

const JSON_COLUMNS = new Set(['command', 'validation_errors', 'step_log']);

/** Applies a patch. Every update notifies listeners (trigger). */
export async function updateSession(db: Queryable, id: string, patch: SessionPatch): Promise<SessionRow> {
  const columns = Object.keys(patch) as Array<keyof SessionPatch>;
  const values = columns.map((column) => (JSON_COLUMNS.has(column) && patch[column] !== null ? JSON.stringify(patch[column]) : patch[column]));
  const sets = columns.map((column, index) => `${column} = $${index + 2}`);
  sets.push('updated_at = now()');
  const { rows } = await db.query<SessionRow>(`UPDATE apply_sessions SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, [id, ...values]);
  return rows[0]!;
}

/**
 * An account's latest sessions or runs, newest first (the portal's lists): read along the
 * account's recent-first index (apply_sessions_account_recent), at most `limit`.
 */
export async function recentSessions(db: Queryable, accountId: string, kind: SessionRow['kind'], limit: number): Promise<SessionRow[]> {
  const { rows } = await db.query<SessionRow>(
    'SELECT * FROM apply_sessions WHERE account_id = $1 AND kind = $2 ORDER BY created_at DESC, id DESC LIMIT $3',
    [accountId, kind, limit],
  );
  return rows;
}

export async function pagesOf(db: Queryable, sessionId: string): Promise<SessionPageRow[]> {
  const { rows } = await db.query<SessionPageRow>('SELECT * FROM apply_session_pages WHERE session_id = $1 ORDER BY sequence', [sessionId]);
  return rows;
}

export async function findPage(db: Queryable, sessionId: string, sequence: number): Promise<SessionPageRow | null> {
  const { rows } = await db.query<SessionPageRow>('SELECT * FROM apply_session_pages WHERE session_id = $1 AND sequence = $2', [sessionId, sequence]);
  return rows[0] ?? null;
}

/** A page read (again): a page read anew at a sequence replaces what was there (a form that changed its later pages). */
export async function upsertPage(
  db: Queryable,
  input: { session_id: string; sequence: number; fields: unknown[]; answers: SessionAnswer[]; is_final: boolean; prefilled: boolean; page_url: string | null; storage_state: unknown },
): Promise<SessionPageRow> {
  const { rows } = await db.query<SessionPageRow>(
    `INSERT INTO apply_session_pages (session_id, sequence, fields, answers, is_final, prefilled, page_url, storage_state)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (session_id, sequence) DO UPDATE
       SET fields = EXCLUDED.fields, answers = EXCLUDED.answers, is_final = EXCLUDED.is_final, prefilled = EXCLUDED.prefilled,
           page_url = EXCLUDED.page_url, storage_state = EXCLUDED.storage_state, updated_at = now()
     RETURNING *`,
    [
      input.session_id,
      input.sequence,
      JSON.stringify(input.fields),
      JSON.stringify(input.answers),
      input.is_final,
      input.prefilled,
      input.page_url,
      input.storage_state === null || input.storage_state === undefined ? null : JSON.stringify(input.storage_state),
    ],
  );
  return rows[0]!;
}

export async function updatePageAnswers(db: Queryable, sessionId: string, sequence: number, answers: SessionAnswer[], prefilled?: boolean): Promise<SessionPageRow> {
  const { rows } = await db.query<SessionPageRow>(
    `UPDATE apply_session_pages SET answers = $3, prefilled = coalesce($4, prefilled), updated_at = now()
      WHERE session_id = $1 AND sequence = $2 RETURNING *`,
    [sessionId, sequence, JSON.stringify(answers), prefilled ?? null],
  );
  return rows[0]!;
}

/** Pages after `sequence` (left behind when a form went back to an earlier page). */
export async function deletePagesAfter(db: Queryable, sessionId: string, sequence: number): Promise<void> {
  await db.query('DELETE FROM apply_session_pages WHERE session_id = $1 AND sequence > $2', [sessionId, sequence]);
}

/** Which of these sessions are still at rest or processing (the workers free the browser contexts of the others). */
export async function liveSessionIds(db: Queryable, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>(
    "SELECT id FROM apply_sessions WHERE id = ANY($1::uuid[]) AND status NOT IN ('submitted', 'expired', 'error')",
    [ids],
  );
  return new Set(rows.map((row) => row.id));
}

/** Sessions at rest whose last activity is older than `idleSeconds`. */
export async function idleSessionIds(db: Queryable, idleSeconds: number, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM apply_sessions
      WHERE status IN ('form_ready', 'next_available', 'submit_ready') AND last_activity_at <= now() - make_interval(secs => $1)
      ORDER BY last_activity_at LIMIT $2`,
    [idleSeconds, limit],
  );
  return rows.map((row) => row.id);
}

/** The job an apply URL belongs to (the newest live one), for the profile answerer. */
export async function jobContextFor(db: Queryable, applyUrl: string): Promise<JobContext | null> {
  const { rows } = await db.query<JobContext>(
    `SELECT company_name, title, country_codes[1] AS country_code FROM jobs
      WHERE apply_url = $1 ORDER BY (expired_at IS NULL) DESC, updated_at DESC LIMIT 1`,
    [applyUrl],
  );
  return rows[0] ?? null;
}
