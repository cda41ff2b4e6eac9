// Data access for jobs: the upsert under the write path every producer uses
// (crawlers/job-write.ts: crawlers, seed, tests) and the page hydration the read API
// uses. Rows arrive with the description already in both served formats, so reads
// never convert.
import type { CompanySummaryColumns } from './companies.ts';
import type { Queryable } from './pool.ts';


export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'internship', 'freelance', 'temporary'] as const;
export const WORK_MODELS = ['remote', 'hybrid', 'onsite'] as const;
export const EXPERIENCE_LEVELS = ['intern', 'entry', 'mid', 'senior', 'lead', 'executive'] as const;
export const SALARY_PERIODS = ['yearly', 'monthly', 'weekly', 'daily', 'hourly', 'per-diem'] as const;

export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export type WorkModel = (typeof WORK_MODELS)[number];
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

export interface Skill {
  name: string;
  type: 'hard' | 'soft';
}

export interface QualificationBucket {
  education: string[];
  certifications: string[];
  skills: Skill[];
}

export interface Qualifications {
  must_have: QualificationBucket;
  preferred: QualificationBucket;
}

export interface JobLocation {
  /** The raw location string as parsed from the posting. */
  location: string | null;
  city: string | null;
  region: string | null;
  /** Country name, e.g. "Germany". */
  country: string | null;
  /** ISO 3166-1 alpha-2, used by the `country` filter and facet. */
  country_code: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface Compensation {
  min: number | null;
  max: number | null;
  currency: string | null;
  period: SalaryPeriod | null;
}

/** One posting as a producer hands it over. Canonical keys, never display values. */
export interface JobInput {
  source: string;
  /** The originating system's id, when it has one. */
  external_id?: string | null;
  company_id: string;
  title: string;
  normalized_title?: string | null;
  /** The description as HTML (or plain text) from the source. */
  description: string;
  summary?: string | null;
  listing_url: string;
  apply_url: string;
  employment_type?: EmploymentType | null;
  work_model?: WorkModel | null;
  experience_level?: ExperienceLevel | null;
  compensation?: Compensation | null;
  date_posted?: Date | string | null;
  valid_through?: Date | string | null;
  qualifications?: Partial<{ must_have: Partial<QualificationBucket>; preferred: Partial<QualificationBucket> }>;
  responsibilities?: string[];
  benefits?: string[];
  is_work_auth_required?: boolean | null;
  is_h1b_sponsor?: boolean | null;
  is_clearance_required?: boolean | null;
  locations?: JobLocation[];
  sandbox?: boolean;
  /** The natural key within the source; the external id (else the listing URL) by default. */
  source_key?: string;
  /** The board that listed it (crawled jobs). */
  board_id?: string | null;
  department?: string | null;
  /** The producer's hash of what it read (crawls compare it to skip unchanged postings). */
  content_hash?: string | null;
  /** What the ATS stated in structured fields, before the text was read (crawled jobs). */
  stated?: StatedFields | null;
}

/** The structured values a connector mapped, kept so the understanding can run again over stored jobs. */
export interface StatedFields {
  employment_type: EmploymentType | null;
  work_model: WorkModel | null;
  compensation: Compensation | null;
}

export interface UpsertResult {
  id: string;
  inserted: boolean;
}

function bucket(input: Partial<QualificationBucket> | undefined): QualificationBucket {
  return { education: input?.education ?? [], certifications: input?.certifications ?? [], skills: input?.skills ?? [] };
}

function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value).toISOString();
}

/** The columns derived from a job's locations, for filters and facets. */
export function locationColumns(locations: JobLocation[]): { country_codes: string[]; location_text: string } {
  return {
    country_codes: [...new Set(locations.map((location) => location.country_code?.toUpperCase()).filter((code): code is string => !!code))],
    location_text: locations
      .flatMap((location) => [location.location, location.city, location.region, location.country, location.country_code])
      .filter(Boolean)
      .join(' | '),
  };
}

/** A job input with its description converted to both served formats (crawlers/description.ts). */
export interface StoredJobInput extends JobInput {
  description_markdown: string;
  description_html: string;
  /** SimHash of the description's words (crawlers/duplicates.ts), as a signed 64-bit integer. */
  description_simhash: string | null;
}

/** The columns of what the understanding fills (crawlers/understanding/), as stored. */
function understoodColumns(job: UnderstoodFields) {
  return {
    normalized_title: job.normalized_title ?? null,
    summary: job.summary ?? null,
    employment_type: job.employment_type ?? null,
    work_model: job.work_model ?? null,
    experience_level: job.experience_level ?? null,
    salary_min: job.compensation?.min ?? null,
    salary_max: job.compensation?.max ?? null,
    salary_currency: job.compensation?.currency ?? null,
    salary_period: job.compensation?.period ?? null,
    qualifications: { must_have: bucket(job.qualifications?.must_have), preferred: bucket(job.qualifications?.preferred) },
    responsibilities: job.responsibilities ?? [],
    benefits: job.benefits ?? [],
    is_work_auth_required: job.is_work_auth_required ?? null,
    is_h1b_sponsor: job.is_h1b_sponsor ?? null,
    is_clearance_required: job.is_clearance_required ?? null,
  };
}

/** The row a job input becomes, with its derived columns. */
function toRow(job: StoredJobInput) {
  const locations = job.locations ?? [];
  const { country_codes: countryCodes, location_text: locationText } = locationColumns(locations);
  return {
    sandbox: job.sandbox ?? false,
    source: job.source,
    external_id: job.external_id ?? null,
    // Without an id from the source, the listing URL identifies the posting.
    source_key: job.source_key ?? job.external_id ?? job.listing_url,
    company_id: job.company_id,
    title: job.title,
    description_source: job.description,
    description_markdown: job.description_markdown,
    description_html: job.description_html,
    listing_url: job.listing_url,
    apply_url: job.apply_url,
    date_posted: iso(job.date_posted),
    valid_through: iso(job.valid_through),
    ...understoodColumns(job),
    locations,
    country_codes: countryCodes,
    location_text: locationText,
    board_id: job.board_id ?? null,
    department: job.department ?? null,
    content_hash: job.content_hash ?? null,
    stated: job.stated ?? null,
    description_simhash: job.description_simhash,
  };
}

// Columns a producer sets; a re-sent posting that changes none of them is left alone.
const CONTENT_COLUMNS = [
  'company_id', 'title', 'normalized_title', 'description_source', 'description_markdown', 'description_html',
  'summary', 'listing_url', 'apply_url', 'employment_type', 'work_model', 'experience_level', 'salary_min',
  'salary_max', 'salary_currency', 'salary_period', 'date_posted', 'valid_through', 'qualifications',
  'responsibilities', 'benefits', 'is_work_auth_required', 'is_h1b_sponsor', 'is_clearance_required', 'locations',
  'country_codes', 'location_text', 'external_id', 'sandbox', 'board_id', 'department', 'stated',
] as const;

// Raw location strings that match the stored ones keep the stored (geocoded) locations.
const LOCATION_COLUMNS = new Set<string>(['locations', 'country_codes', 'location_text']);
const incoming = (column: string) =>
  LOCATION_COLUMNS.has(column) ? `CASE WHEN job_locations_unchanged(j.locations, EXCLUDED.locations) THEN j.${column} ELSE EXCLUDED.${column} END` : `EXCLUDED.${column}`;

/**
 * Inserts new postings and updates changed ones, matched on (source, external id or
 * listing URL), in one statement. A posting seen again after it expired is live again.
 * Returns the jobs written (unchanged ones are not returned). Producers call
 * `upsertJobs` (crawlers/job-write.ts), which converts the descriptions first.
 */
export async function upsertJobRows(db: Queryable, jobs: StoredJobInput[]): Promise<UpsertResult[]> {
  if (jobs.length === 0) return [];
  const { rows } = await db.query<UpsertResult>(
    `WITH input AS (
       SELECT r.*, c.name AS company_name
         FROM jsonb_to_recordset($1::jsonb) AS r(
           sandbox boolean, source text, external_id text, source_key text, company_id uuid, title text,
           normalized_title text, description_source text, description_markdown text, description_html text,
           summary text, listing_url text, apply_url text, employment_type text,
           work_model text, experience_level text, salary_min numeric, salary_max numeric, salary_currency text,
           salary_period text, date_posted timestamptz, valid_through timestamptz, qualifications jsonb,
           responsibilities text[], benefits text[], is_work_auth_required boolean, is_h1b_sponsor boolean,
           is_clearance_required boolean, locations jsonb, country_codes text[], location_text text,
           board_id uuid, department text, content_hash text, stated jsonb, description_simhash bigint)
         JOIN companies c ON c.id = r.company_id
     )
     INSERT INTO jobs AS j (${CONTENT_COLUMNS.join(', ')}, source, source_key, company_name, content_hash, description_simhash)
     SELECT ${CONTENT_COLUMNS.join(', ')}, source, source_key, company_name, content_hash, description_simhash
       FROM input
     ON CONFLICT (source, source_key) DO UPDATE SET
       ${CONTENT_COLUMNS.map((column) => `${column} = ${incoming(column)}`).join(', ')},
       company_name = EXCLUDED.company_name,
       content_hash = EXCLUDED.content_hash,
       description_simhash = EXCLUDED.description_simhash,
       expired_at = NULL,
       updated_at = now()
     WHERE (${CONTENT_COLUMNS.map((column) => `j.${column}`).join(', ')}, j.expired_at IS NULL)
           IS DISTINCT FROM (${CONTENT_COLUMNS.map(incoming).join(', ')}, true)
     RETURNING id, (xmax = 0) AS inserted`,
    [JSON.stringify(jobs.map(toRow))],
  );
  return rows;
}

/** The columns the job serializer needs, with the company summary, for a page of ids. */
export interface JobRecord {
  id: string;
  external_id: string | null;
  title: string;
  normalized_title: string | null;
  /** In the format asked of loadJobs. */
  description: string;
  summary: string | null;
  listing_url: string;
  apply_url: string;
  employment_type: EmploymentType | null;
  work_model: WorkModel | null;
  experience_level: ExperienceLevel | null;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  salary_period: SalaryPeriod | null;
  date_posted: Date | null;
  valid_through: Date | null;
  qualifications: Qualifications;
  responsibilities: string[];
  benefits: string[];
  is_work_auth_required: boolean | null;
  is_h1b_sponsor: boolean | null;
  is_clearance_required: boolean | null;
  locations: JobLocation[];
  source: string;
  sandbox: boolean;
  expired_at: Date | null;
  created_at: Date;
  updated_at: Date;
  company: CompanySummaryColumns;
}

const recordSelect = (descriptionColumn: string) => `
  SELECT j.id, j.external_id, j.title, j.normalized_title, ${descriptionColumn} AS description, j.summary,
         j.listing_url, j.apply_url, j.employment_type, j.work_model, j.experience_level,
         j.salary_min::float8 AS salary_min, j.salary_max::float8 AS salary_max, j.salary_currency, j.salary_period,
         j.date_posted, j.valid_through, j.qualifications, j.responsibilities, j.benefits, j.is_work_auth_required,
         -- The text's word, else what the company's H-1B filings say (migration 017).
         coalesce(j.is_h1b_sponsor, j.h1b_sponsor_by_filings) AS is_h1b_sponsor,
         j.is_clearance_required, j.locations, j.source, j.sandbox, j.expired_at, j.created_at, j.updated_at,
         json_build_object('id', c.id, 'name', c.name, 'website', c.website, 'logo_url', c.logo_url, 'summary', c.summary,
           'industries', c.industries, 'categories', c.categories, 'linkedin_url', c.linkedin_url,
           'crunchbase_url', c.crunchbase_url) AS company
    FROM jobs j JOIN companies c ON c.id = j.company_id`;

/**
 * Loads jobs by id in the order given (one query per page), with the description in
 * one served format only: the other is never read back from storage.
 */
export async function loadJobs(db: Queryable, ids: string[], descriptionFormat: 'markdown' | 'html' = 'markdown'): Promise<JobRecord[]> {
  if (ids.length === 0) return [];
  const description = descriptionFormat === 'html' ? 'j.description_html' : 'j.description_markdown';
  const { rows } = await db.query<JobRecord>(`${recordSelect(description)} WHERE j.id = ANY($1::uuid[])`, [ids]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is JobRecord => row !== undefined);
}

/**
 * Live jobs in ingestion order after a job, whole, in one statement (the keyset on
 * job_search_feed joined to the rows): the floor the feed benchmark compares with.
 */
export async function liveJobsInIngestionOrder(db: Queryable, afterId: string | null, limit: number): Promise<JobRecord[]> {
  const { rows } = await db.query<JobRecord>(
    `${recordSelect('j.description_markdown')} JOIN job_search s ON s.job_id = j.id
      WHERE NOT s.sandbox AND (s.valid_through IS NULL OR s.valid_through > now())
        AND ($1::uuid IS NULL OR (s.created_at, s.job_id) > (SELECT created_at, job_id FROM job_search WHERE job_id = $1))
      ORDER BY s.created_at, s.job_id LIMIT $2`,
    [afterId, limit],
  );
  return rows;
}

/** Of these jobs, those with a location still to resolve: a raw string without coordinates. */
export async function jobsWithUnresolvedLocations(db: Queryable, ids: string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM jobs WHERE id = ANY($1::uuid[]) AND EXISTS (
       SELECT FROM jsonb_array_elements(locations) AS l WHERE l->>'latitude' IS NULL AND coalesce(l->>'location', '') <> '')`,
    [ids],
  );
  return rows.map((row) => row.id);
}

export async function jobLocations(db: Queryable, id: string): Promise<JobLocation[] | null> {
  const { rows } = await db.query<{ locations: JobLocation[] }>('SELECT locations FROM jobs WHERE id = $1', [id]);
  return rows[0]?.locations ?? null;
}

/**
 * Replaces a job's locations and what derives from them (job_search follows by trigger),
 * only if they are still `previous`: a posting re-written meanwhile keeps its new ones.
 */
export async function updateJobLocations(db: Queryable, id: string, previous: JobLocation[], locations: JobLocation[]): Promise<boolean> {
  const derived = locationColumns(locations);
  const result = await db.query(
    'UPDATE jobs SET locations = $2, country_codes = $3, location_text = $4, updated_at = now() WHERE id = $1 AND locations = $5::jsonb',
    [id, JSON.stringify(locations), derived.country_codes, derived.location_text, JSON.stringify(previous)],
  );
  return (result.rowCount ?? 0) > 0;
}

/** Marks jobs of a source that are gone from it; returns how many newly expired. */
export async function expireJobs(db: Queryable, ids: string[]): Promise<number> {
  const result = await db.query('UPDATE jobs SET expired_at = now(), updated_at = now() WHERE id = ANY($1::uuid[]) AND expired_at IS NULL', [ids]);
  return result.rowCount ?? 0;
}

/** The job's apply URL, for Auto Apply; null when there is no such job. */
export async function findJobApplyUrl(db: Queryable, id: string): Promise<{ apply_url: string } | null> {
  const { rows } = await db.query<{ apply_url: string }>('SELECT apply_url FROM jobs WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/** The title and company of these jobs (by primary key), for lists that name them (the portal's applications). */
export async function jobLabels(db: Queryable, ids: string[]): Promise<Map<string, { title: string; company_name: string }>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; title: string; company_name: string }>('SELECT id, title, company_name FROM jobs WHERE id = ANY($1::uuid[])', [ids]);
  return new Map(rows.map((row) => [row.id, { title: row.title, company_name: row.company_name }]));
}

/** A stored crawled job, as the understanding reads it again. */
export interface UnderstandingSource {
  id: string;
  title: string;
  description_markdown: string;
  stated: StatedFields;
  locations: JobLocation[];
}

/** Live crawled jobs (those with what their ATS stated) after `after` in id order, optionally of one board. */
export async function jobsToUnderstand(db: Queryable, options: { after: string | null; limit: number; boardId?: string | null }): Promise<UnderstandingSource[]> {
  const { rows } = await db.query<UnderstandingSource>(
    `SELECT id, title, description_markdown, stated, locations FROM jobs
      WHERE stated IS NOT NULL AND expired_at IS NULL
        AND ($1::uuid IS NULL OR id > $1) AND ($3::uuid IS NULL OR board_id = $3)
      ORDER BY id LIMIT $2`,
    [options.after, options.limit, options.boardId ?? null],
  );
  return rows;
}

/** What the understanding filled for a stored job. */
export type UnderstoodFields = Pick<
  JobInput,
  | 'normalized_title' | 'summary' | 'employment_type' | 'work_model' | 'experience_level' | 'compensation'
  | 'qualifications' | 'responsibilities' | 'benefits' | 'is_h1b_sponsor' | 'is_work_auth_required' | 'is_clearance_required'
>;

/** Writes the understood fields of stored jobs; only rows that change move (updated_at). Returns their ids. */
export async function writeUnderstood(db: Queryable, jobs: Array<{ id: string } & UnderstoodFields>): Promise<string[]> {
  if (jobs.length === 0) return [];
  const rows = jobs.map((job) => ({ id: job.id, ...understoodColumns(job) }));
  const columns = Object.keys(rows[0]!).filter((column) => column !== 'id');
  const { rows: changed } = await db.query<{ id: string }>(
    `UPDATE jobs j SET ${columns.map((column) => `${column} = r.${column}`).join(', ')}, updated_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS r(
         id uuid, normalized_title text, summary text, employment_type text, work_model text, experience_level text,
         salary_min numeric, salary_max numeric, salary_currency text, salary_period text, qualifications jsonb,
         responsibilities text[], benefits text[], is_h1b_sponsor boolean, is_work_auth_required boolean,
         is_clearance_required boolean)
      WHERE j.id = r.id
        AND (${columns.map((column) => `j.${column}`).join(', ')}) IS DISTINCT FROM (${columns.map((column) => `r.${column}`).join(', ')})
      RETURNING j.id`,
    [JSON.stringify(rows)],
  );
  return changed.map((row) => row.id);
}
