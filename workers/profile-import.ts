// profile.import: reads an uploaded résumé into its profile (apply/profiles/profile-import.ts).
// Jobs for a replaced upload, a deleted profile or an import already written do nothing,
// so retries and late jobs are harmless.
import { runProfileImport } from '../apply/profiles/profile-import.ts';
import { profileImportQueue } from '../lib/queues.ts';
import { defineWorker } from './worker.ts';

export const profileImport = defineWorker(profileImportQueue, {
  work: { localConcurrency: 2 },
  async handle(jobs, { pool, logger }) {
    for (const job of jobs) {
      const lastAttempt = job.retryCount >= (profileImportQueue.retryLimit ?? 0);
      const outcome = await runProfileImport(pool, job.data, { lastAttempt, logger });
      logger.info({ profile_id: job.data.profile_id, resume_version: job.data.resume_version, outcome }, 'résumé import');
    }
  },
});
