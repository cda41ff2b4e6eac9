// Request and response schemas shared by the job search endpoints.
import { defineComponent, ref } from './registry.ts';
import { RESULT_WINDOW } from '../../search/search-index.ts';
import '../serializers/job.ts';

const csv = (description: string, items: Record<string, unknown> = { type: 'string', maxLength: 200 }) => ({
  type: 'array',
  maxItems: 100,
  items,
  description,
});
const dateOrDateTime = { type: 'string', anyOf: [{ format: 'date-time' }, { format: 'date' }] };

/** Query parameters common to GET /api/jobs and GET /api/companies/{id}/jobs. */
export const searchQueryProperties = {
  q: { type: 'string', maxLength: 500, description: 'Keywords; web-search syntax ("quoted phrase", -exclude, or).' },
  page: { type: 'integer', minimum: 1, default: 1 },
  page_size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  employment_type: csv('Canonical keys: full_time, part_time, contract, internship, freelance, temporary.'),
  work_model: csv('Canonical keys: remote, hybrid, onsite.'),
  experience_level: csv('Canonical keys: intern, entry, mid, senior, lead, executive.'),
  source: csv('Source identifiers (open set).'),
  country: csv('ISO 3166-1 alpha-2 codes.'),
  location: { type: 'string', maxLength: 200, description: 'Free text matched against city, region and country.' },
  posted_after: { ...dateOrDateTime, description: 'Only jobs posted after this instant.' },
  updated_after: { ...dateOrDateTime, description: 'Only jobs created or updated after this instant.' },
  salary_min: { type: 'number', minimum: 0, description: 'Jobs whose posted maximum (or minimum) pay reaches this amount.' },
  include_facets: csv('Facets to count: employment_type, work_model, experience_level, source, country, company.'),
  include_fields: csv('Job keys to return (id and external_id always come).'),
  description_format: { type: 'string', enum: ['markdown', 'html'], default: 'markdown' },
  sort: { type: 'string', enum: ['relevance', 'date_posted'], description: 'relevance (default with q) or date_posted.' },
};

const array = (items: Record<string, unknown> = { type: 'string', maxLength: 200 }) => ({ type: 'array', maxItems: 100, items });

export const searchBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: searchQueryProperties.q,
    page: searchQueryProperties.page,
    page_size: searchQueryProperties.page_size,
    employment_types: array(),
    work_models: array(),
    experience_levels: array(),
    sources: array(),
    countries: array(),
    company_ids: array({ type: 'string', format: 'uuid' }),
    locations: array(),
    posted_after: dateOrDateTime,
    updated_after: dateOrDateTime,
    salary_min: searchQueryProperties.salary_min,
    include_facets: array(),
    include_fields: array(),
    description_format: searchQueryProperties.description_format,
    sort: searchQueryProperties.sort,
  },
};

export const JobSearchResponseSchema = defineComponent('JobSearchResponse', {
  type: 'object',
  required: ['jobs', 'total', 'page', 'page_size', 'has_more'],
  properties: {
    jobs: { type: 'array', items: ref('Job') },
    total: {
      type: 'integer',
      minimum: 0,
      maximum: RESULT_WINDOW,
      description: 'Matching jobs, counted up to the 10,000-job result window: 10000 means 10,000 or more.',
    },
    page: { type: 'integer', minimum: 1 },
    page_size: { type: 'integer', minimum: 1 },
    has_more: { type: 'boolean' },
    facets: {
      type: 'object',
      description:
        'Only when include_facets is given. Counted over the same jobs as total (the first 10,000 results when more match). Buckets sorted by count, then key; at most 50 per facet.',
      additionalProperties: {
        type: 'array',
        items: { type: 'object', required: ['key', 'count'], properties: { key: { type: 'string' }, count: { type: 'integer' } } },
      },
    },
  },
});
