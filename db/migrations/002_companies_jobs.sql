-- Companies and jobs: PostgreSQL is the source of truth; search/ indexes from here.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Stable natural key from ingestion (for example "greenhouse:acme"); upserts match on it.
  source_key text NOT NULL UNIQUE,
  sandbox boolean NOT NULL DEFAULT false,
  name text NOT NULL,
  -- The job's company summary (spec 2.2) reads these columns.
  website text,
  logo_url text,
  summary text,
  industries text[] NOT NULL DEFAULT '{}',
  categories text[] NOT NULL DEFAULT '{}',
  linkedin_url text,
  crunchbase_url text,
  -- Columns the career-sites feed filters on.
  ats_provider text,
  listing_url text,
  country_code text,
  company_size text,
  funding_stage text,
  company_type text,
  founding_year integer,
  is_agency boolean,
  -- The rest of the profile (spec 2.6), as sent by enrichment.
  profile jsonb NOT NULL DEFAULT '{}'::jsonb,
  disabled_at timestamptz,
  discovered_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sandbox boolean NOT NULL DEFAULT false,
  source text NOT NULL,
  -- The originating system's id when it has one (kept as a string); the natural key
  -- otherwise falls back to the listing URL.
  external_id text,
  source_key text NOT NULL,
  company_id uuid NOT NULL REFERENCES companies (id),
  company_name text NOT NULL,
  title text NOT NULL,
  normalized_title text,
  -- The description as received, and both served formats, converted once at write time.
  description_source text NOT NULL,
  description_markdown text NOT NULL,
  description_html text NOT NULL,
  summary text,
  listing_url text NOT NULL,
  apply_url text NOT NULL,
  employment_type text CHECK (employment_type IN ('full_time', 'part_time', 'contract', 'internship', 'freelance', 'temporary')),
  work_model text CHECK (work_model IN ('remote', 'hybrid', 'onsite')),
  experience_level text CHECK (experience_level IN ('intern', 'entry', 'mid', 'senior', 'lead', 'executive')),
  salary_min numeric,
  salary_max numeric,
  salary_currency text,
  salary_period text CHECK (salary_period IN ('yearly', 'monthly', 'weekly', 'daily', 'hourly', 'per-diem')),
  date_posted timestamptz,
  valid_through timestamptz,
  qualifications jsonb NOT NULL,
  responsibilities text[] NOT NULL DEFAULT '{}',
  benefits text[] NOT NULL DEFAULT '{}',
  is_work_auth_required boolean,
  is_h1b_sponsor boolean,
  is_clearance_required boolean,
  locations jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Denormalized from locations for filters and facets.
  country_codes text[] NOT NULL DEFAULT '{}',
  location_text text NOT NULL DEFAULT '',
  -- Title (A) and company (B) only: small enough to rank every match of a broad query.
  title_vector tsvector NOT NULL,
  search_vector tsvector NOT NULL,
  expired_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, source_key)
)
-- Descriptions and the full search vector go out of line (TOAST), so the main heap holds
-- only the small columns that counts, facets and filters scan...
WITH (toast_tuple_target = 128);
-- ...and the small ones every search reads stay inline, uncompressed.
ALTER TABLE jobs ALTER COLUMN title_vector SET STORAGE PLAIN,
  ALTER COLUMN location_text SET STORAGE PLAIN,
  ALTER COLUMN country_codes SET STORAGE PLAIN;

CREATE INDEX jobs_search ON jobs USING gin (search_vector);
CREATE INDEX jobs_company ON jobs (company_id, date_posted DESC NULLS LAST, id);
CREATE INDEX jobs_recent ON jobs (sandbox, date_posted DESC NULLS LAST, id DESC) WHERE expired_at IS NULL;
CREATE INDEX jobs_updated ON jobs (updated_at, id);
CREATE INDEX jobs_countries ON jobs USING gin (country_codes);
CREATE INDEX jobs_location_text ON jobs USING gin (location_text gin_trgm_ops);
CREATE INDEX jobs_expired ON jobs (expired_at, id) WHERE expired_at IS NOT NULL;
CREATE INDEX jobs_pay ON jobs ((coalesce(salary_max, salary_min))) WHERE expired_at IS NULL;
