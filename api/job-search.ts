// Runs a job search for the read endpoints: filters → SearchIndex (ids, total, facets)
// → one hydration query → job objects. Also charges per delivered job.
import type { Context } from 'koa';
import { loadJobs } from '../db/jobs.ts';
import { clock } from '../lib/clock.ts';
import { FACET_NAMES, RESULT_WINDOW, type FacetName, type JobFilters, type SearchSort } from '../search/search-index.ts';
import { invalidRequest } from './errors.ts';
import { selectedFields, serializeJob, type DescriptionFormat } from './serializers/job.ts';
import { JobSearchResponseSchema } from './schemas/job-search.ts';
import type { Static } from './schemas/registry.ts';

/** Deep pages cost more than they are worth; past this the feed is the way. */
export const MAX_RESULT_WINDOW = RESULT_WINDOW;

export interface SearchParams {
  filters: Omit<JobFilters, 'sandbox' | 'now'>;
  page: number;
  pageSize: number;
  includeFacets: string[] | null;
  includeFields: string[] | null;
  descriptionFormat: DescriptionFormat;
  sort?: SearchSort;
}

export async function searchJobs(ctx: Context, params: SearchParams): Promise<Static<typeof JobSearchResponseSchema>> {
  const { page, pageSize } = params;
  if (page * pageSize > MAX_RESULT_WINDOW) {
    throw invalidRequest(
      `page × page_size may be at most ${MAX_RESULT_WINDOW}; use POST /api/jobs/feed to read further.`,
      [{ location: 'query', field: 'page', message: `page × page_size must be at most ${MAX_RESULT_WINDOW}` }],
    );
  }
  const principal = ctx.state.principal!;
  const filters: JobFilters = { ...params.filters, sandbox: principal.kind === 'sandbox', now: clock.now() };
  const facets = (params.includeFacets ?? []).filter((name): name is FacetName => (FACET_NAMES as readonly string[]).includes(name));
  const sort = params.sort ?? (filters.q?.trim() ? 'relevance' : 'date_posted');
  const { searchIndex, pool, config } = ctx.services;
  const result = await searchIndex.search({ filters, sort, offset: (page - 1) * pageSize, limit: pageSize, facets });
  const records = await loadJobs(pool, result.ids, params.descriptionFormat);
  const fields = selectedFields(params.includeFields);
  const options = { baseUrl: config.baseUrl, descriptionFormat: params.descriptionFormat, includeFields: params.includeFields };
  const jobs = records.map((record) => serializeJob(record, options, fields));
  ctx.state.billableJobs = jobs.length;
  return {
    jobs,
    total: result.total,
    page,
    page_size: pageSize,
    has_more: (page - 1) * pageSize + jobs.length < result.total,
    ...(params.includeFacets !== null ? { facets: result.facets } : {}),
  };
}
