// sandbox_submissions (migration 007): what the sandbox ATS received, step by step.
import type { Queryable } from './pool.ts';

export interface SandboxFile {
  field: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
}

export interface SandboxSubmission {
  token: string;
  scenario: string;
  status: 'in_progress' | 'submitted';
  steps: Array<{ step: number; answers: Record<string, string | string[]>; received_at: string }>;
  files: SandboxFile[];
  verification_code: string | null;
  receipt_id: string | null;
  created_at: Date;
  submitted_at: Date | null;
}

export async function startSubmission(db: Queryable, token: string, scenario: string): Promise<void> {
  await db.query('INSERT INTO sandbox_submissions (token, scenario) VALUES ($1, $2)', [token, scenario]);
}

export async function findSubmission(db: Queryable, token: string): Promise<SandboxSubmission | null> {
  const { rows } = await db.query<SandboxSubmission>('SELECT * FROM sandbox_submissions WHERE token = $1', [token]);
  return rows[0] ?? null;
}

export async function listSubmissions(db: Queryable, scenario: string | null, limit: number): Promise<SandboxSubmission[]> {
  const { rows } = await db.query<SandboxSubmission>(
    'SELECT * FROM sandbox_submissions WHERE ($1::text IS NULL OR scenario = $1) ORDER BY created_at DESC LIMIT $2',
    [scenario, limit],
  );
  return rows;
}

/** Records a step's answers (a step sent again replaces its earlier answers). */
export async function recordStep(db: Queryable, token: string, step: number, answers: Record<string, string | string[]>, files: SandboxFile[]): Promise<void> {
  await db.query(
    `UPDATE sandbox_submissions
        SET steps = (SELECT coalesce(jsonb_agg(s ORDER BY (s->>'step')::int), '[]'::jsonb)
                       FROM jsonb_array_elements(steps) AS s WHERE (s->>'step')::int <> $2)
                    || jsonb_build_array(jsonb_build_object('step', $2::int, 'answers', $3::jsonb, 'received_at', now())),
            files = (SELECT coalesce(jsonb_agg(f), '[]'::jsonb) FROM jsonb_array_elements(files) AS f
                      WHERE NOT (f->>'field' = ANY($5::text[])))
                    || $4::jsonb
      WHERE token = $1`,
    [token, step, JSON.stringify(answers), JSON.stringify(files), files.map((file) => file.field)],
  );
}

/** Sets the submission's code once; true when this call set it (the code is then "mailed"). */
export async function setVerificationCode(db: Queryable, token: string, code: string): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE sandbox_submissions SET verification_code = $2 WHERE token = $1 AND verification_code IS NULL', [token, code]);
  return (rowCount ?? 0) > 0;
}

export async function markSubmitted(db: Queryable, token: string, receiptId: string | null): Promise<void> {
  await db.query("UPDATE sandbox_submissions SET status = 'submitted', submitted_at = now(), receipt_id = $2 WHERE token = $1 AND status = 'in_progress'", [token, receiptId]);
}

/** The verification codes the sandbox "mailed" to an address, newest first. */
export async function mailedCodes(db: Queryable, email: string): Promise<Array<{ code: string; scenario: string; token: string; sent_at: Date }>> {
  const { rows } = await db.query<{ code: string; scenario: string; token: string; sent_at: Date }>(
    `SELECT verification_code AS code, scenario, token, created_at AS sent_at FROM sandbox_submissions
      WHERE verification_code IS NOT NULL AND lower(steps->0->'answers'->>'email') = lower($1)
      ORDER BY created_at DESC LIMIT 20`,
    [email],
  );
  return rows;
}
