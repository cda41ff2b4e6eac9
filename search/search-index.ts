// The SearchIndex: what search and feeds ask of a search engine. It returns ids, totals
// and facets; job objects are always hydrated from PostgreSQL, the source of truth.

/**
 * The result window: a search pages through at most this many matches, and counts at
 * most this many. `total`, `has_more` and facets describe the same counted set: every
 * match when there are fewer, else the most recently posted RESULT_WINDOW of them.
 * Reading everything is the feed's job.
 */
export const RESULT_WINDOW = 10_000;

export const FACET_NAMES = ['employment_type', 'work_model', 'experience_level', 'source', 'country', 'company'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

/** The field each facet counts: a job_search column, and the same-named document field. */
export const FACET_FIELDS: Record<FacetName, string> = {
  employment_type: 'employment_type',
  work_model: 'work_model',
  experience_level: 'experience_level',
  source: 'source',
  company: 'company_id',
  // An array: a job counts once under each of its countries.
  country: 'country_codes',
};

export interface JobFilters {
  /** Sandbox keys see only the fictional sandbox jobs; every other key only real ones. */
  sandbox: boolean;
  q?: string;
  employmentTypes?: string[];
  workModels?: string[];
  experienceLevels?: string[];
  sources?: string[];
  /** ISO 3166-1 alpha-2. */
  countries?: string[];
  companyIds?: string[];
  /** Free text matched against each location's raw string, city, region and country (any of them). */
  locations?: string[];
  postedAfter?: Date;
  updatedAfter?: Date;
  /** Jobs whose posted pay reaches this amount (max, or min when there is no max). */
  salaryMin?: number;
  /** Moment that decides expiry by valid_through (the request time). */
  now: Date;
}

export type SearchSort = 'relevance' | 'date_posted';

export interface SearchRequest {
  filters: JobFilters;
  sort: SearchSort;
  offset: number;
  limit: number;
  facets: FacetName[];
}

export interface FacetBucket {
  key: string;
  count: number;
}

export interface SearchResult {
  ids: string[];
  /** Matches counted, at most the window: a total equal to the window means at least that many. */
  total: number;
  facets: Partial<Record<FacetName, FacetBucket[]>>;
}

export interface ScanRequest {
  filters: Omit<JobFilters, 'q'>;
  /** A `next` from the previous page of the same scan, or null to start. */
  after: string | null;
  limit: number;
  /**
   * Every scan is in (created_at, id) order, which a job keeps when it changes, so none
   * skips or repeats a job that existed when it started. A stable scan on OpenSearch
   * also reads one point in time: the set of jobs as it was on the first page.
   */
  stable: boolean;
}

export interface ScanPage {
  ids: string[];
  /** Where the next page starts; null when the scan is over (a stable scan's snapshot is released). */
  next: string | null;
}

/** A scan position that cannot be resumed: from another backend, or its snapshot has expired or been rebuilt. */
export class ScanRestartRequired extends Error {
  override name = 'ScanRestartRequired';
}

export interface SearchIndex {
  readonly name: string;
  search(request: SearchRequest): Promise<SearchResult>;
  /** Live jobs matching the filters in (created_at, id) order (first ingested first), a page at a time. */
  scan(request: ScanRequest): Promise<ScanPage>;
  /** Brings the index up to date for these jobs from PostgreSQL: live ones indexed, the rest dropped. */
  index(jobIds: string[]): Promise<void>;
}

/** Most buckets returned per facet (the company facet can have thousands of keys). */
export const FACET_BUCKET_LIMIT = 50;
