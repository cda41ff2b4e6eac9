// Job search (GET and typed POST) and single-job lookup.
import { defineRoute, type Route } from '../routing/route.ts';
import { FREE, KEYS } from '../gateway/policy.ts';
import { notFound } from '../errors.ts';
import { searchJobs, type SearchParams } from '../job-search.ts';
import { JobSearchResponseSchema, descriptionFormat, includeFields, searchBodySchema, searchQuerySchema, type SearchQuery } from '../schemas/job-search.ts';
import { Type } from '../schemas/registry.ts';
import { JobSchema, serializeJob } from '../serializers/job.ts';
import { loadJobs } from '../../db/jobs.ts';
import { pricing } from '../../lib/pricing.ts';

const SEARCH = { keys: KEYS.data, group: 'JobSearch', price: { kind: 'perJob', credits: pricing.perDeliveredJob } } as const;

const date = (value: string | undefined) => (value === undefined ? undefined : new Date(value));

/** GET-style parameters (singular, comma-separated) to a search. */
export function paramsFromQuery(query: SearchQuery): SearchParams {
  return {
    filters: {
      q: query.q,
      employmentTypes: query.employment_type,
      workModels: query.work_model,
      experienceLevels: query.experience_level,
      sources: query.source,
      countries: query.country,
      companyIds: query.company_id,
      locations: query.location?.trim() ? [query.location] : undefined,
      postedAfter: date(query.posted_after),
      updatedAfter: date(query.updated_after),
      salaryMin: query.salary_min,
    },
    page: query.page,
    pageSize: query.page_size,
    includeFacets: query.include_facets ?? null,
    includeFields: query.include_fields ?? null,
    descriptionFormat: query.description_format,
    sort: query.sort,
  };
}

export const jobRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/api/jobs',
    operationId: 'searchJobs',
    summary: 'Keyword and filtered job search',
    description: 'Multi-valued parameters are comma-separated. Charged 1 credit per delivered job; a page of 0 jobs is free.',
    tags: ['Jobs'],
    gateway: SEARCH,
    request: {
      query: searchQuerySchema,
    },
    responses: { 200: { description: 'A page of jobs.', schema: JobSearchResponseSchema } },
    handler: (ctx, { query }) => searchJobs(ctx, paramsFromQuery(query)),
  }),

  defineRoute({
    method: 'POST',
    path: '/api/jobs/search',
    operationId: 'searchJobsTyped',
    summary: 'Typed job search (arrays of canonical keys, never comma-split)',
    tags: ['Jobs'],
    gateway: SEARCH,
    request: { body: searchBodySchema, bodyRequired: false },
    responses: { 200: { description: 'A page of jobs.', schema: JobSearchResponseSchema } },
    handler: (ctx, { body }) => {
      const input = body ?? { page: 1, page_size: 20, description_format: 'markdown' as const };
      return searchJobs(ctx, {
        filters: {
          q: input.q,
          employmentTypes: input.employment_types,
          workModels: input.work_models,
          experienceLevels: input.experience_levels,
          sources: input.sources,
          countries: input.countries,
          companyIds: input.company_ids,
          locations: input.locations?.filter((location) => location.trim()),
          postedAfter: date(input.posted_after),
          updatedAfter: date(input.updated_after),
          salaryMin: input.salary_min,
        },
        page: input.page,
        pageSize: input.page_size,
        includeFacets: input.include_facets ?? null,
        includeFields: input.include_fields ?? null,
        descriptionFormat: input.description_format,
        sort: input.sort,
      });
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/jobs/{id}',
    operationId: 'getJob',
    summary: 'One job (no wallet charge)',
    tags: ['Jobs'],
    gateway: { keys: KEYS.data, group: 'JobSearch', price: FREE },
    request: {
      params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
      query: Type.Object({ description_format: descriptionFormat, include_fields: includeFields }),
    },
    responses: { 200: { description: 'The job.', schema: JobSchema } },
    handler: async (ctx, { params, query }) => {
      const [job] = await loadJobs(ctx.services.pool, [params.id], query.description_format);
      // Sandbox keys see only sandbox jobs, live keys only real ones.
      if (!job || job.sandbox !== (ctx.state.principal!.kind === 'sandbox')) throw notFound(`No job ${params.id}.`);
      return serializeJob(job, {
        baseUrl: ctx.services.config.baseUrl,
        descriptionFormat: query.description_format,
        includeFields: query.include_fields ?? null,
      });
    },
  }),
];
