// Runs the job understanding again over stored crawled jobs, for when its rules improve:
// each live crawled job is read from what its ATS stated (`jobs.stated`) and its stored
// Markdown, and only the jobs whose understood fields change are written (and linked to
// duplicates again, as their normalized title may have moved). Batches of 500, each in
// its own transaction, so an interrupted run leaves every job either before or after.
import { linkDuplicates } from '../db/job-duplicates.ts';
import { jobsToUnderstand, writeUnderstood } from '../db/jobs.ts';
import { withTransaction, type Pool } from '../db/pool.ts';
import { DUPLICATE_DISTANCE } from './duplicates.ts';
import { understandAll } from './understanding/index.ts';

const BATCH = 500;

export async function reunderstandJobs(pool: Pool, options: { boardId?: string | null } = {}): Promise<{ read: number; updated: number }> {
  let read = 0;
  let updated = 0;
  for (let after: string | null = null; ; ) {
    const jobs = await jobsToUnderstand(pool, { after, limit: BATCH, boardId: options.boardId });
    if (jobs.length === 0) return { read, updated };
    read += jobs.length;
    after = jobs[jobs.length - 1]!.id;
    const texts = understandAll(
      jobs.map((job) => ({
        title: job.title,
        markdown: job.description_markdown,
        stated: job.stated,
        locations: job.locations.map((location) => location.location ?? '').filter(Boolean),
        countryCode: job.locations.find((location) => location.country_code)?.country_code ?? null,
      })),
    );
    const understood = jobs.map((job, i) => ({ id: job.id, ...texts[i]! }));
    updated += await withTransaction(pool, async (client) => {
      const changed = await writeUnderstood(client, understood);
      await linkDuplicates(client, changed, DUPLICATE_DISTANCE);
      return changed.length;
    });
  }
}
