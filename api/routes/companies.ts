// Company profiles (public, cacheable) and company-scoped job lists.
import crypto from 'node:crypto';
import { defineRoute, type Route } from '../routing/route.ts';
import { KEYS } from '../gateway/policy.ts';
import { notFound } from '../errors.ts';
import { notModified } from '../conditional.ts';
import { searchJobs } from '../job-search.ts';
import { JobSearchResponseSchema, companySearchQuerySchema } from '../schemas/job-search.ts';
import { Type } from '../schemas/registry.ts';
import { CompanyProfileSchema, serializeCompanyProfile } from '../serializers/company.ts';
import { findCompany } from '../../db/companies.ts';
import { pricing } from '../../lib/pricing.ts';
import { paramsFromQuery } from './jobs.ts';

const idParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
/** Profiles change when enrichment runs, not by the second. */
const PROFILE_MAX_AGE_SECONDS = 300;

export const companyRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/api/companies/{id}',
    operationId: 'getCompany',
    summary: 'Company profile (no key, not rate limited, cacheable)',
    tags: ['Companies'],
    security: 'none',
    request: { params: idParams },
    responses: {
      200: {
        description: 'The profile. `ETag` and `Cache-Control` allow conditional requests.',
        schema: CompanyProfileSchema,
        headers: {
          ETag: { description: 'Validator for If-None-Match.', schema: { type: 'string' } },
          'Cache-Control': { description: `public, max-age=${PROFILE_MAX_AGE_SECONDS}`, schema: { type: 'string' } },
        },
      },
      304: { description: 'Not modified since the ETag sent in If-None-Match.' },
    },
    handler: async (ctx, { params }) => {
      const company = await findCompany(ctx.services.pool, params.id);
      if (!company || company.disabled_at) throw notFound(`No company ${params.id}.`);
      const profile = serializeCompanyProfile(company);
      const body = JSON.stringify(profile);
      ctx.set('Cache-Control', `public, max-age=${PROFILE_MAX_AGE_SECONDS}`);
      const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      ctx.set('ETag', etag);
      if (notModified(ctx, etag)) {
        ctx.status = 304;
        return;
      }
      return profile;
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/companies/{id}/jobs',
    operationId: 'listCompanyJobs',
    summary: "A company's jobs (same parameters and envelope as GET /api/jobs)",
    description: 'A company without jobs answers 200 with an empty list. Charged 1 credit per delivered job.',
    tags: ['Companies'],
    gateway: { keys: KEYS.data, group: 'JobSearch', price: { kind: 'perJob', credits: pricing.perDeliveredJob } },
    request: { params: idParams, query: companySearchQuerySchema },
    responses: { 200: { description: 'A page of jobs.', schema: JobSearchResponseSchema } },
    handler: async (ctx, { params, query }) => {
      const company = await findCompany(ctx.services.pool, params.id);
      if (!company || company.disabled_at) throw notFound(`No company ${params.id}.`);
      const search = paramsFromQuery({ ...query, company_id: [params.id] });
      return searchJobs(ctx, search);
    },
  }),
];
