// Request and response schemas shared by the job search endpoints.
import { Type, defineComponent, stringEnum, withDefault, type Input, type Static, type TSchema } from './registry.ts';
import { RESULT_WINDOW } from '../../search/search-index.ts';
import { JobSchema } from '../serializers/job.ts';

const shortText = Type.String({ maxLength: 200 });

/** A multi-valued query parameter (comma-separated) or body array. */
const list = <T extends TSchema>(items: T, description?: string) =>
  Type.Optional(Type.Array(items, { maxItems: 100, ...(description ? { description } : {}) }));

const dateOrDateTime = (description?: string) =>
  Type.Optional(
    Type.Unsafe<string>({ type: 'string', anyOf: [{ format: 'date-time' }, { format: 'date' }], ...(description ? { description } : {}) }),
  );

export const descriptionFormat = withDefault(stringEnum(['markdown', 'html']), 'markdown');
export const includeFields = list(shortText, 'Job keys to return (id and external_id always come).');

/** Query parameters common to GET /api/jobs and GET /api/companies/{id}/jobs. */
export const searchQueryProperties = {
  q: Type.Optional(Type.String({ maxLength: 500, description: 'Keywords; web-search syntax ("quoted phrase", -exclude, or).' })),
  page: withDefault(Type.Integer({ minimum: 1 }), 1),
  page_size: withDefault(Type.Integer({ minimum: 1, maximum: 100 }), 20),
  employment_type: list(shortText, 'Canonical keys: full_time, part_time, contract, internship, freelance, temporary.'),
  work_model: list(shortText, 'Canonical keys: remote, hybrid, onsite.'),
  experience_level: list(shortText, 'Canonical keys: intern, entry, mid, senior, lead, executive.'),
  source: list(shortText, 'Source identifiers (open set).'),
  country: list(shortText, 'ISO 3166-1 alpha-2 codes.'),
  location: Type.Optional(Type.String({ maxLength: 200, description: 'Free text matched against city, region and country.' })),
  posted_after: dateOrDateTime('Only jobs posted after this instant.'),
  updated_after: dateOrDateTime('Only jobs created or updated after this instant.'),
  salary_min: Type.Optional(Type.Number({ minimum: 0, description: 'Jobs whose posted maximum (or minimum) pay reaches this amount.' })),
  include_facets: list(shortText, 'Facets to count: employment_type, work_model, experience_level, source, country, company.'),
  include_fields: includeFields,
  description_format: descriptionFormat,
  sort: Type.Optional(stringEnum(['relevance', 'date_posted'], { description: 'relevance (default with q) or date_posted.' })),
};

/** GET /api/jobs: the common parameters and company_id. */
export const searchQuerySchema = Type.Object({ ...searchQueryProperties, company_id: list(Type.String({ format: 'uuid' })) });
export type SearchQuery = Input<typeof searchQuerySchema>;

/** GET /api/companies/{id}/jobs: the common parameters (the company comes from the path). */
export const companySearchQuerySchema = Type.Object(searchQueryProperties);

export const searchBodySchema = Type.Object(
  {
    q: searchQueryProperties.q,
    page: searchQueryProperties.page,
    page_size: searchQueryProperties.page_size,
    employment_types: list(shortText),
    work_models: list(shortText),
    experience_levels: list(shortText),
    sources: list(shortText),
    countries: list(shortText),
    company_ids: list(Type.String({ format: 'uuid' })),
    locations: list(shortText),
    posted_after: dateOrDateTime(),
    updated_after: dateOrDateTime(),
    salary_min: searchQueryProperties.salary_min,
    include_facets: list(shortText),
    include_fields: list(shortText),
    description_format: searchQueryProperties.description_format,
    sort: searchQueryProperties.sort,
  },
  { additionalProperties: false },
);

const FacetBucketSchema = Type.Object({ key: Type.String(), count: Type.Integer() }, { additionalProperties: false });

export const JobSearchResponseSchema = defineComponent(
  'JobSearchResponse',
  Type.Object(
    {
      jobs: Type.Array(JobSchema),
      total: Type.Integer({
        minimum: 0,
        maximum: RESULT_WINDOW,
        description: 'Matching jobs, counted up to the 10,000-job result window: 10000 means 10,000 or more.',
      }),
      page: Type.Integer({ minimum: 1 }),
      page_size: Type.Integer({ minimum: 1 }),
      has_more: Type.Boolean(),
      facets: Type.Optional(
        Type.Unsafe<Record<string, Static<typeof FacetBucketSchema>[]>>({
          type: 'object',
          description:
            'Only when include_facets is given. Counted over the same jobs as total (the first 10,000 results when more match). Buckets sorted by count, then key; at most 50 per facet.',
          additionalProperties: Type.Array(FacetBucketSchema),
        }),
      ),
    },
    { additionalProperties: false },
  ),
);
