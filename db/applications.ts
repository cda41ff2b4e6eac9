// Applications and their steps (migration 009). State changes go through apply/, which
// runs these inside one transaction with the queue job that follows each change.
import type { Queryable } from './pool.ts';
import type { WebhookDelivery } from './webhooks.ts';

export type ApplicationStatus = 'queued' | 'running' | 'awaiting_answers' | 'submitting' | 'submitted' | 'completed' | 'failed' | 'canceled';
export type StepStatus = 'awaiting_answers' | 'answered' | 'needs_correction' | 'expired';

export const ACTIVE_STATUSES: ApplicationStatus[] = ['queued', 'running', 'awaiting_answers', 'submitting'];
export const TERMINAL_STATUSES: ApplicationStatus[] = ['submitted', 'completed', 'failed', 'canceled'];

export interface Failure {
  code: string;
  message: string;
  retryable: boolean;
}

export interface ApplicationRow {
  id: string;
  account_id: string;
  job_id: string | null;
  apply_url: string;
  sandbox: boolean;
  provider_id: string;
  provider_name: string;
  provider_version: string;
  matcher_revision: number;
  catalog_revision: number;
  settings_revision: number;
  callback_url: string | null;
  status: ApplicationStatus;
  cancel_requested: boolean;
  canceled_by: string | null;
  failure: Failure | null;
  provider_receipt_id: string | null;
  submission_confirmation_kind: string | null;
  credit_entry_id: number | null;
  submit_attempted_at: Date | null;
  created_at: Date;
  queued_at: Date;
  status_updated_at: Date;
  started_at: Date | null;
  submitted_at: Date | null;
  failed_at: Date | null;
  canceled_at: Date | null;
  completed_at: Date | null;
  updated_at: Date;
}

export interface Answer {
  field_id: string;
  value: unknown;
}

export interface CommandError {
  field_id: string;
  item_index: number;
  field_key: string;
  code: string;
  message: string;
}

export interface StepRow {
  id: string;
  application_id: string;
  sequence: number;
  status: StepStatus;
  correction_round: number;
  fields: unknown[];
  answers: Answer[];
  command_errors: CommandError[];
  is_final: boolean;
  page_url: string | null;
  storage_state: unknown;
  created_at: Date;
  completed_at: Date | null;
  answers_expire_at: Date | null;
}

export type NewApplication = Pick<
  ApplicationRow,
  'account_id' | 'job_id' | 'apply_url' | 'sandbox' | 'provider_id' | 'provider_name' | 'provider_version' | 'matcher_revision' | 'catalog_revision' | 'settings_revision' | 'callback_url' | 'credit_entry_id'
>;

export async function insertApplication(db: Queryable, input: NewApplication): Promise<ApplicationRow> {
  const { rows } = await db.query<ApplicationRow>(
    `INSERT INTO applications (account_id, job_id, apply_url, sandbox, provider_id, provider_name, provider_version,
                               matcher_revision, catalog_revision, settings_revision, callback_url, credit_entry_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
    [
      input.account_id,
      input.job_id,
      input.apply_url,
      input.sandbox,
      input.provider_id,
      input.provider_name,
      input.provider_version,
      input.matcher_revision,
      input.catalog_revision,
      input.settings_revision,
      input.callback_url,
      input.credit_entry_id,
    ],
  );
  return rows[0]!;
}

/** Serializes creates per account (transaction-scoped), so the concurrency count holds. */
export async function lockAccountApplications(db: Queryable, accountId: string): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtextextended('applications:' || $1, 0))", [accountId]);
}

export async function countActiveApplications(db: Queryable, accountId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM applications WHERE account_id = $1 AND status = ANY($2)',
    [accountId, ACTIVE_STATUSES],
  );
  return rows[0]!.count;
}

export async function findApplication(db: Queryable, id: string, accountId?: string): Promise<ApplicationRow | null> {
  const { rows } = await db.query<ApplicationRow>(
    accountId === undefined ? 'SELECT * FROM applications WHERE id = $1' : 'SELECT * FROM applications WHERE id = $1 AND account_id = $2',
    accountId === undefined ? [id] : [id, accountId],
  );
  return rows[0] ?? null;
}

/** The row, locked until the transaction ends. */
export async function lockApplication(db: Queryable, id: string): Promise<ApplicationRow | null> {
  const { rows } = await db.query<ApplicationRow>('SELECT * FROM applications WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

type ApplicationPatch = Partial<
  Pick<
    ApplicationRow,
    | 'status'
    | 'cancel_requested'
    | 'canceled_by'
    | 'failure'
    | 'provider_receipt_id'
    | 'submission_confirmation_kind'
    | 'submit_attempted_at'
    | 'started_at'
    | 'submitted_at'
    | 'failed_at'
    | 'canceled_at'
    | 'completed_at'
  >
>;

/** Applies a patch; a new status also stamps status_updated_at. Every update notifies listeners (trigger). */
export async function updateApplication(db: Queryable, id: string, patch: ApplicationPatch): Promise<ApplicationRow> {
  const columns = Object.keys(patch) as Array<keyof ApplicationPatch>;
  const sets = columns.map((column, index) => `${column} = $${index + 2}`);
  const values = columns.map((column) => (column === 'failure' && patch.failure ? JSON.stringify(patch.failure) : patch[column]));
  if (patch.status !== undefined) sets.push('status_updated_at = now()');
  sets.push('updated_at = now()');
  const { rows } = await db.query<ApplicationRow>(`UPDATE applications SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, [id, ...values]);
  return rows[0]!;
}

export async function listApplications(
  db: Queryable,
  accountId: string,
  options: { status: ApplicationStatus | null; after: { created_at: string; id: string } | null; limit: number },
): Promise<Array<ApplicationRow & { position: string }>> {
  // The position keeps created_at's microseconds, which a Date would drop.
  const { rows } = await db.query<ApplicationRow & { position: string }>(
    `SELECT *, created_at::text AS position FROM applications
      WHERE account_id = $1
        AND ($2::text IS NULL OR status = $2)
        AND ($3::timestamptz IS NULL OR (created_at, id) < ($3, $4::uuid))
      ORDER BY created_at DESC, id DESC
      LIMIT $5`,
    [accountId, options.status, options.after?.created_at ?? null, options.after?.id ?? null, options.limit],
  );
  return rows;
}

export async function stepsOf(db: Queryable, applicationIds: string[]): Promise<StepRow[]> {
  if (applicationIds.length === 0) return [];
  const { rows } = await db.query<StepRow>('SELECT * FROM application_steps WHERE application_id = ANY($1) ORDER BY application_id, sequence', [applicationIds]);
  return rows;
}

export async function insertStep(
  db: Queryable,
  input: { application_id: string; sequence: number; fields: unknown[]; is_final: boolean; answers_expire_at: Date; page_url: string | null; storage_state: unknown },
): Promise<StepRow> {
  const { rows } = await db.query<StepRow>(
    `INSERT INTO application_steps (application_id, sequence, status, fields, is_final, answers_expire_at, page_url, storage_state)
     VALUES ($1, $2, 'awaiting_answers', $3, $4, $5, $6, $7) RETURNING *`,
    [input.application_id, input.sequence, JSON.stringify(input.fields), input.is_final, input.answers_expire_at, input.page_url, input.storage_state === null ? null : JSON.stringify(input.storage_state)],
  );
  return rows[0]!;
}

type StepPatch = Partial<Pick<StepRow, 'status' | 'correction_round' | 'answers' | 'command_errors' | 'completed_at' | 'answers_expire_at'>>;

export async function updateStep(db: Queryable, id: string, patch: StepPatch): Promise<StepRow> {
  const columns = Object.keys(patch) as Array<keyof StepPatch>;
  const values = columns.map((column) => (column === 'answers' || column === 'command_errors' ? JSON.stringify(patch[column]) : patch[column]));
  const { rows } = await db.query<StepRow>(
    `UPDATE application_steps SET ${columns.map((column, index) => `${column} = $${index + 2}`).join(', ')} WHERE id = $1 RETURNING *`,
    [id, ...values],
  );
  return rows[0]!;
}

export async function insertSnapshot(
  db: Queryable,
  input: { application_id: string; step_sequence: number | null; reason: string; page_url: string | null; html: string | null; screenshot: Buffer | null },
): Promise<void> {
  await db.query(
    'INSERT INTO application_snapshots (application_id, step_sequence, reason, page_url, html, screenshot) VALUES ($1, $2, $3, $4, $5, $6)',
    [input.application_id, input.step_sequence, input.reason, input.page_url, input.html, input.screenshot],
  );
}

export interface DeliveryWithAttempts {
  id: string;
  kind: string;
  url: string;
  status: WebhookDelivery['status'];
  created_at: Date;
  deadline_at: Date;
  finished_at: Date | null;
  attempts: Array<{ attempt: number; started_at: string; duration_ms: number; status_code: number | null; error: string | null }>;
}

/** A delivery's columns and its attempts, as one row. */
const DELIVERY_WITH_ATTEMPTS = `SELECT d.id, d.subject_id, d.kind, d.url, d.status, d.created_at, d.deadline_at, d.finished_at,
            coalesce((SELECT json_agg(json_build_object('attempt', a.attempt, 'started_at', a.started_at, 'duration_ms', a.duration_ms,
                                                        'status_code', a.status_code, 'error', a.error) ORDER BY a.attempt)
                        FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]'::json) AS attempts
       FROM webhook_deliveries d`;

/** The webhooks sent about these applications, each with its attempts, oldest first. */
export async function deliveriesOf(db: Queryable, applicationIds: string[]): Promise<Array<DeliveryWithAttempts & { subject_id: string }>> {
  if (applicationIds.length === 0) return [];
  const { rows } = await db.query<DeliveryWithAttempts & { subject_id: string }>(`${DELIVERY_WITH_ATTEMPTS} WHERE d.subject_id = ANY($1) ORDER BY d.created_at, d.id`, [applicationIds]);
  return rows;
}

/** One of an account's webhooks, with its attempts; null when it is another account's or unknown. */
export async function accountDelivery(db: Queryable, accountId: string, id: string): Promise<DeliveryWithAttempts | null> {
  const { rows } = await db.query<DeliveryWithAttempts>(`${DELIVERY_WITH_ATTEMPTS} WHERE d.account_id = $1 AND d.id = $2`, [accountId, id]);
  return rows[0] ?? null;
}

/** The application's latest step (the one a caller answers), or null before the first. */
export async function currentStep(db: Queryable, applicationId: string): Promise<StepRow | null> {
  const { rows } = await db.query<StepRow>('SELECT * FROM application_steps WHERE application_id = $1 ORDER BY sequence DESC LIMIT 1', [applicationId]);
  return rows[0] ?? null;
}
