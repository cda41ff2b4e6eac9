// Request and response schemas of the feeds: jobs, managed, expired ids, career sites.
import Value from 'typebox/value';
import { Type, defineComponent, nullable, stringEnum, withDefault, type Input, type Static, type TSchema } from './registry.ts';
import { descriptionFormat, includeFields } from './job-search.ts';
import { JobSchema, companySummaryProperties } from '../serializers/job.ts';

const exact = { additionalProperties: false } as const;
const strings = (maxItems: number, description: string) =>
  Type.Optional(nullable(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems, description })));
const dateTime = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });
const nullableString = nullable(Type.String());
const batchSize = (maximum: number, value: number) => withDefault(Type.Integer({ minimum: 1, maximum }), value);

/**
 * The input a feed reads when the optional body was not sent: the body schema's defaults,
 * as validation fills them in a body that was, so the defaults are written only in the schema.
 */
export function bodyDefaults<S extends TSchema>(schema: S): Input<S> {
  return Value.Default(schema, {}) as Input<S>;
}

// Opaque to clients, but with a known shape: base64url payload, a dot, and a 16-byte
// HMAC in base64url (api/feeds/cursor.ts). A value of another shape is refused by the
// schema with the code a cursor problem has (`x-problem-code`, api/routing/validation.ts);
// one of the right shape the service did not issue (or that was altered) is 400
// invalid_cursor too, which no schema can tell (CONTRACT.md).
export const CURSOR_PATTERN = '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{22}$';
export const cursor = Type.Optional(
  Type.String({
    maxLength: 4000,
    pattern: CURSOR_PATTERN,
    'x-problem-code': 'invalid_cursor',
    description:
      'The next_cursor of the previous page, exactly as issued (an opaque signed token: base64url, a dot, a 22-character signature). Any other value is 400 `invalid_cursor`; one issued for other filters is 409 `feed_cursor_restart_required`. Send one request at a time per cursor.',
  }),
);

const jobFeedProperties = {
  cursor,
  batch_size: batchSize(1000, 100),
  stable_scan: withDefault(
    Type.Boolean({
      description: 'Jobs come in ingestion order, which neither skips nor repeats a job while the scan runs; on OpenSearch a stable scan also reads one snapshot.',
    }),
    false,
  ),
  sources: strings(100, 'Source identifiers; a job matches any of them.'),
  work_models: Type.Optional(nullable(Type.Array(stringEnum(['remote', 'hybrid', 'onsite']), { maxItems: 3, description: 'Null or empty means all.' }))),
  posted_after: Type.Optional(dateTime('Only jobs posted after this instant.')),
  updated_after: Type.Optional(dateTime('Only jobs created or updated after this instant (an incremental watermark).')),
  include_fields: includeFields,
  description_format: descriptionFormat,
};

export const jobFeedBodySchema = Type.Object(
  { ...jobFeedProperties, locations: strings(20, 'Free text matched against each location (any of them).') },
  exact,
);
/** What the feed reads: the validated body (or bodyDefaults), defaults filled. */
export type JobFeedBody = Input<typeof jobFeedBodySchema>;

/** The managed feed is limited to the account's companies: no `locations` (an unknown field, 400). */
export const managedFeedBodySchema = Type.Object(jobFeedProperties, exact);

export const JobFeedResponseSchema = defineComponent(
  'JobFeedResponse',
  Type.Object(
    {
      jobs: Type.Array(JobSchema),
      next_cursor: nullable(Type.String({ description: 'Null when has_more is false.' })),
      has_more: Type.Boolean(),
    },
    exact,
  ),
);
export type JobFeedResponse = Static<typeof JobFeedResponseSchema>;

export const expiredQuerySchema = Type.Object({
  ids: Type.Optional(
    Type.Array(Type.String({ format: 'uuid' }), { maxItems: 1000, description: 'Comma-separated job ids (up to 1000): which of them are expired.' }),
  ),
  expired_after: Type.Optional(dateTime('Ids of jobs that expired after this instant, oldest expiry first.')),
  cursor,
  batch_size: batchSize(1000, 100),
});
export type ExpiredQuery = Input<typeof expiredQuerySchema>;

export const ExpiredJobsResponseSchema = defineComponent(
  'ExpiredJobsResponse',
  Type.Object(
    {
      expired_ids: Type.Array(Type.String({ format: 'uuid' })),
      unknown_ids: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { description: 'ids mode only: ids that name no job this key can see.' })),
      next_cursor: nullableString,
      has_more: Type.Boolean(),
    },
    exact,
  ),
);
export type ExpiredJobsResponse = Static<typeof ExpiredJobsResponseSchema>;

export const careerSitesBodySchema = Type.Object(
  {
    industries: strings(50, 'A site matches any of them.'),
    company_sizes: strings(20, 'Size bands, e.g. 51-200.'),
    country_codes: Type.Optional(nullable(Type.Array(Type.String({ pattern: '^[A-Za-z]{2}$' }), { maxItems: 100 }))),
    funding_stages: strings(20, 'Funding stages, e.g. series_b.'),
    company_types: Type.Optional(nullable(Type.Array(stringEnum(['for_profit', 'non_profit']), { maxItems: 2 }))),
    founded_after: Type.Optional(Type.Integer({ minimum: 1000, maximum: 3000, description: 'Founded in a later year than this.' })),
    is_agency: Type.Optional(Type.Boolean()),
    updated_after: Type.Optional(dateTime('Updated strictly after this instant.')),
    discovered_after: Type.Optional(dateTime('Discovered at or after this instant.')),
    discovered_before: Type.Optional(dateTime('Discovered strictly before this instant.')),
    cursor,
    batch_size: batchSize(50, 50),
  },
  exact,
);
export type CareerSitesBody = Input<typeof careerSitesBodySchema>;

export const CareerSiteSchema = defineComponent(
  'CareerSite',
  Type.Object(
    {
      ...companySummaryProperties,
      // Spec 2.7 types it a string; a careers page whose ATS is not identified has none (null).
      ats: nullable(Type.String({ description: 'The applicant tracking system behind the careers page.' })),
      listing_url: Type.String({ description: 'The careers page.' }),
      // Spec 2.2 (the company summary, which career-site entries share): nullable, null
      // only when the id is empty, which a career site's never is.
      details_url: nullable(Type.String({ description: 'The company profile in this API.' })),
      discovered_at: dateTime(),
      updated_at: dateTime(),
    },
    exact,
  ),
);

export const CareerSitesResponseSchema = defineComponent(
  'CareerSitesResponse',
  Type.Object(
    {
      career_sites: Type.Array(CareerSiteSchema),
      next_cursor: nullableString,
      has_more: Type.Boolean(),
    },
    exact,
  ),
);

export type CareerSite = Static<typeof CareerSiteSchema>;
export type CareerSitesResponse = Static<typeof CareerSitesResponseSchema>;
