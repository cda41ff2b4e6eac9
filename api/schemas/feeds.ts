// Request and response schemas of the feeds: jobs, managed, expired ids, career sites.
import { defineComponent, nullable, ref } from './registry.ts';
import { searchQueryProperties } from './job-search.ts';
import '../serializers/job.ts';

const strings = (maxItems: number, description: string) => nullable({ type: 'array', maxItems, items: { type: 'string', minLength: 1, maxLength: 200 }, description });
const dateTime = { type: 'string', format: 'date-time' };
// Opaque to clients, but with a known shape: base64url payload, a dot, and a 16-byte
// HMAC in base64url (api/feeds/cursor.ts). A value of another shape is refused by the
// schema with the code a cursor problem has (`x-problem-code`, api/routing/validation.ts);
// one of the right shape the service did not issue (or that was altered) is 400
// invalid_cursor too, which no schema can tell (CONTRACT.md).
export const CURSOR_PATTERN = '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{22}$';
export const cursor = {
  type: 'string',
  maxLength: 4000,
  pattern: CURSOR_PATTERN,
  'x-problem-code': 'invalid_cursor',
  description:
    'The next_cursor of the previous page, exactly as issued (an opaque signed token: base64url, a dot, a 22-character signature). Any other value is 400 `invalid_cursor`; one issued for other filters is 409 `feed_cursor_restart_required`. Send one request at a time per cursor.',
};

const jobFeedProperties = {
  cursor,
  batch_size: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
  stable_scan: {
    type: 'boolean',
    default: false,
    description: 'Jobs come in ingestion order, which neither skips nor repeats a job while the scan runs; on OpenSearch a stable scan also reads one snapshot.',
  },
  sources: strings(100, 'Source identifiers; a job matches any of them.'),
  work_models: nullable({ type: 'array', maxItems: 3, items: { type: 'string', enum: ['remote', 'hybrid', 'onsite'] }, description: 'Null or empty means all.' }),
  posted_after: { ...dateTime, description: 'Only jobs posted after this instant.' },
  updated_after: { ...dateTime, description: 'Only jobs created or updated after this instant (an incremental watermark).' },
  include_fields: searchQueryProperties.include_fields,
  description_format: searchQueryProperties.description_format,
};

export const jobFeedBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ...jobFeedProperties, locations: strings(20, 'Free text matched against each location (any of them).') },
};

/** The managed feed is limited to the account's companies: no `locations` (an unknown field, 400). */
export const managedFeedBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: jobFeedProperties,
};

export const JobFeedResponseSchema = defineComponent('JobFeedResponse', {
  type: 'object',
  required: ['jobs', 'next_cursor', 'has_more'],
  properties: {
    jobs: { type: 'array', items: ref('Job') },
    next_cursor: { type: ['string', 'null'], description: 'Null when has_more is false.' },
    has_more: { type: 'boolean' },
  },
});

export const expiredQuerySchema = {
  type: 'object',
  properties: {
    ids: { type: 'array', maxItems: 1000, items: { type: 'string', format: 'uuid' }, description: 'Comma-separated job ids (up to 1000): which of them are expired.' },
    expired_after: { ...dateTime, description: 'Ids of jobs that expired after this instant, oldest expiry first.' },
    cursor,
    batch_size: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
  },
};

export const ExpiredJobsResponseSchema = defineComponent('ExpiredJobsResponse', {
  type: 'object',
  required: ['expired_ids', 'next_cursor', 'has_more'],
  properties: {
    expired_ids: { type: 'array', items: { type: 'string', format: 'uuid' } },
    unknown_ids: { type: 'array', items: { type: 'string', format: 'uuid' }, description: 'ids mode only: ids that name no job this key can see.' },
    next_cursor: { type: ['string', 'null'] },
    has_more: { type: 'boolean' },
  },
});

export const careerSitesBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    industries: strings(50, 'A site matches any of them.'),
    company_sizes: strings(20, 'Size bands, e.g. 51-200.'),
    country_codes: nullable({ type: 'array', maxItems: 100, items: { type: 'string', pattern: '^[A-Za-z]{2}$' } }),
    funding_stages: strings(20, 'Funding stages, e.g. series_b.'),
    company_types: nullable({ type: 'array', maxItems: 2, items: { type: 'string', enum: ['for_profit', 'non_profit'] } }),
    founded_after: { type: 'integer', minimum: 1000, maximum: 3000, description: 'Founded in a later year than this.' },
    is_agency: { type: 'boolean' },
    updated_after: { ...dateTime, description: 'Updated strictly after this instant.' },
    discovered_after: { ...dateTime, description: 'Discovered at or after this instant.' },
    discovered_before: { ...dateTime, description: 'Discovered strictly before this instant.' },
    cursor,
    batch_size: { type: 'integer', minimum: 1, maximum: 50, default: 50 },
  },
};

defineComponent('CareerSite', {
  type: 'object',
  required: ['id', 'name', 'website', 'logo_url', 'summary', 'industries', 'categories', 'linkedin_url', 'crunchbase_url', 'ats', 'listing_url', 'details_url', 'discovered_at', 'updated_at'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    website: { type: ['string', 'null'] },
    logo_url: { type: ['string', 'null'] },
    summary: { type: ['string', 'null'] },
    industries: { type: 'array', items: { type: 'string' } },
    categories: { type: 'array', items: { type: 'string' } },
    linkedin_url: { type: ['string', 'null'] },
    crunchbase_url: { type: ['string', 'null'] },
    ats: { type: ['string', 'null'], description: 'The applicant tracking system behind the careers page.' },
    listing_url: { type: 'string', description: 'The careers page.' },
    details_url: { type: 'string', description: 'The company profile in this API.' },
    discovered_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
});

export const CareerSitesResponseSchema = defineComponent('CareerSitesResponse', {
  type: 'object',
  required: ['career_sites', 'next_cursor', 'has_more'],
  properties: {
    career_sites: { type: 'array', items: ref('CareerSite') },
    next_cursor: { type: ['string', 'null'] },
    has_more: { type: 'boolean' },
  },
});
