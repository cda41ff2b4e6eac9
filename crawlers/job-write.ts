// The job write path every producer uses (crawlers, seed, tests): descriptions are
// converted once to both served formats (description.ts), then db/jobs.ts upserts the
// rows. `writeJobs` adds, in the same transaction, the geocoding of raw locations.
import type { PgBoss } from '../db/boss.ts';
import { jobsWithUnresolvedLocations, upsertJobRows, type JobInput, type StoredJobInput, type UpsertResult } from '../db/jobs.ts';
import { withTransaction, type Pool, type Queryable } from '../db/pool.ts';
import { geocodeLocationQueue } from '../lib/queues.ts';
import { convertDescription } from './description.ts';
import { descriptionSimhash, DUPLICATE_DISTANCE } from './duplicates.ts';
import { linkDuplicates } from '../db/job-duplicates.ts';
import { refreshFilingsSponsorship } from '../db/h1b-filings.ts';

/** A job with its description converted once to both served formats (and fingerprinted for duplicates). */
export function prepareJob(job: JobInput): StoredJobInput {
  const description = convertDescription(job.description);
  return {
    ...job,
    description_markdown: description.markdown,
    description_html: description.html,
    description_simhash: descriptionSimhash(description.markdown),
  };
}

const prepared = (job: JobInput | StoredJobInput): StoredJobInput => ('description_markdown' in job ? job : prepareJob(job));

/**
 * Inserts new postings and updates changed ones, matched on (source, external id or
 * listing URL), in one statement, each description converted (unless `prepareJob` did it
 * already). A posting seen again after it expired is live again. Returns the jobs written
 * (unchanged ones are not returned).
 */
export async function upsertJobs(db: Queryable, jobs: Array<JobInput | StoredJobInput>): Promise<UpsertResult[]> {
  return upsertJobRows(db, jobs.map(prepared));
}

/**
 * The job write path for producers (ingestion): upserts the postings and, in the same
 * transaction, links crawled duplicates to their canonical job and queues the geocoding
 * of those whose locations are raw strings, so a crash loses none of it.
 */
export async function writeJobs(pool: Pool, boss: PgBoss, jobs: Array<JobInput | StoredJobInput>): Promise<UpsertResult[]> {
  return withTransaction(pool, async (client) => {
    const written = await upsertJobs(client, jobs);
    await linkDuplicates(client, written.map((row) => row.id), DUPLICATE_DISTANCE);
    await refreshFilingsSponsorship(client, written.map((row) => row.id));
    const unresolved = await jobsWithUnresolvedLocations(client, written.map((row) => row.id));
    if (unresolved.length > 0) await geocodeLocationQueue.sendInTransaction(client, boss, { job_ids: unresolved });
    return written;
  });
}
