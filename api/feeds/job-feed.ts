// POST /api/jobs/feed and POST /api/jobs/feed/managed: live jobs in ingestion order, a
// batch at a time, through SearchIndex.scan and one hydration query per page. The
// cursor carries the scan position, signed and bound to the account and the filters.
import type { Context } from 'koa';
import { managedCompanies } from '../../db/accounts.ts';
import { loadJobs } from '../../db/jobs.ts';
import { clock } from '../../lib/clock.ts';
import { ScanRestartRequired, type JobFilters } from '../../search/search-index.ts';
import { selectedFields, serializeJob } from '../serializers/job.ts';
import { boundList, restartRequired, type FeedKind } from './cursor.ts';
import { withCursorLock } from './cursor-lock.ts';
import type { JobFeedBody, JobFeedResponse } from '../schemas/feeds.ts';

export async function jobFeed(ctx: Context, body: JobFeedBody, kind: Extract<FeedKind, 'jobs' | 'managed'>): Promise<JobFeedResponse> {
  const { pool, searchIndex, config, feeds } = ctx.services;
  const principal = ctx.state.principal!;
  const sandbox = principal.kind === 'sandbox';
  const stable = body.stable_scan;
  // What the cursor is bound to: a position means nothing under other filters.
  const bound = {
    sandbox,
    stable,
    locations: boundList(body.locations?.map((text) => text.trim()).filter(Boolean)),
    sources: boundList(body.sources),
    work_models: boundList(body.work_models),
    posted_after: body.posted_after ? new Date(body.posted_after).toISOString() : undefined,
    updated_after: body.updated_after ? new Date(body.updated_after).toISOString() : undefined,
  };
  const after = body.cursor ? feeds.cursors.open(body.cursor, principal.account.id, kind, bound) : null;

  const filters: Omit<JobFilters, 'q'> = {
    sandbox,
    now: clock.now(),
    locations: bound.locations,
    sources: bound.sources,
    workModels: bound.work_models,
    postedAfter: bound.posted_after ? new Date(bound.posted_after) : undefined,
    updatedAfter: bound.updated_after ? new Date(bound.updated_after) : undefined,
  };
  if (kind === 'managed') {
    filters.companyIds = await managedCompanies(pool, principal.account.id);
    if (filters.companyIds.length === 0) return { jobs: [], next_cursor: null, has_more: false };
  }

  const descriptionFormat = body.description_format;
  const { page, records } = await feeds.gate.run(() =>
    withCursorLock(pool, body.cursor, async () => {
      let page;
      try {
        page = await searchIndex.scan({ filters, after, limit: body.batch_size, stable });
      } catch (error) {
        if (error instanceof ScanRestartRequired) throw restartRequired(`The cursor can no longer be resumed: ${error.message}.`);
        throw error;
      }
      return { page, records: await loadJobs(pool, page.ids, descriptionFormat) };
    }),
  );
  const includeFields = body.include_fields ?? null;
  const fields = selectedFields(includeFields);
  const jobs = records.map((record) => serializeJob(record, { baseUrl: config.baseUrl, descriptionFormat, includeFields }, fields));
  ctx.state.billableJobs = jobs.length;
  return {
    jobs,
    next_cursor: page.next === null ? null : feeds.cursors.seal(principal.account.id, kind, bound, page.next),
    has_more: page.next !== null,
  };
}
