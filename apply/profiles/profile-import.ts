// One résumé import (the profile.import job): read the stored upload, let the résumé
// reader (apply/resume-import) make sense of it, and write the outcome. A document that
// cannot be read is an outcome, `import_failed` with a reason a person can act on; only
// failures outside the document (the database, a reader crash on an attempt that can
// still be retried) fail the job for pg-boss to retry.
import type { Pool } from '../../db/pool.ts';
import type { Logger } from '../../lib/logger.ts';
import { withTimeout } from '../../lib/timeout.ts';
import { importResume, ResumeImportError } from '../resume-import/index.ts';
import { cleanImported } from './profile-rules.ts';
import { finishImport, resumeToImport, type ImportResult } from './profile-store.ts';

/** How long one document may take to read before the attempt counts as failed. */
export const IMPORT_TIME_LIMIT_MS = 120_000;

/** When even the last attempt's reader failed for a reason of its own. */
const UNREADABLE = 'The résumé could not be read. Try again, or upload it in the other format (PDF or DOCX).';

export type ImportOutcome = 'ready' | 'import_failed' | 'stale';

export async function runProfileImport(
  pool: Pool,
  job: { profile_id: string; resume_version: number },
  options: { lastAttempt: boolean; logger: Logger },
): Promise<ImportOutcome> {
  const bytes = await resumeToImport(pool, job.profile_id, job.resume_version);
  if (!bytes) return 'stale';
  let result: ImportResult;
  try {
    result = { imported: cleanImported(await withTimeout(importResume(bytes), IMPORT_TIME_LIMIT_MS)) };
  } catch (error) {
    if (error instanceof ResumeImportError) {
      // Its message is written for the applicant (apply/resume-import/errors.ts).
      result = { error: error.message };
    } else if (options.lastAttempt) {
      // Logged without the document or what was read from it: only what failed.
      options.logger.error({ profile_id: job.profile_id, err: { name: (error as Error).name, message: (error as Error).message } }, 'résumé import failed on its last attempt');
      result = { error: UNREADABLE };
    } else {
      throw error;
    }
  }
  return finishImport(pool, job.profile_id, job.resume_version, result);
}
