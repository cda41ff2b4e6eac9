-- Ingestion: the job boards the crawlers list, each crawl's record, and which board a
-- crawled job came from.

CREATE TABLE boards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ats text NOT NULL,
  -- The ATS's name for the board (Greenhouse board token, Lever site, Workday tenant/site).
  token text NOT NULL,
  -- The full site URL where the ATS needs one (Workday, the Lever EU host); null otherwise.
  url text,
  company_id uuid NOT NULL REFERENCES companies (id),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  -- Why a board was disabled (for example, gone: 404 for CRAWL_GONE_DAYS).
  disabled_reason text,
  interval_minutes integer NOT NULL CHECK (interval_minutes > 0),
  -- When the planner next queues a crawl; spread over the interval at creation.
  next_crawl_at timestamptz NOT NULL DEFAULT now(),
  -- The first of an unbroken run of "board not found" answers; null while it answers.
  missing_since timestamptz,
  -- ETag / Last-Modified of single-request listings, from the last complete crawl.
  validators jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (ats, token)
);
CREATE INDEX boards_due ON boards (next_crawl_at) WHERE status = 'active';

CREATE TABLE board_crawls (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  board_id uuid NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  -- running; succeeded (a complete listing); not_modified (304: as last time); partial (the
  -- listing stopped short, nothing expired); failed; gone (the board answered not found).
  status text NOT NULL DEFAULT 'running'
    CHECK (status IN ('running', 'succeeded', 'not_modified', 'partial', 'failed', 'gone')),
  seen integer NOT NULL DEFAULT 0,
  new integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  unchanged integer NOT NULL DEFAULT 0,
  expired integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  requests integer NOT NULL DEFAULT 0,
  error text,
  http_errors jsonb NOT NULL DEFAULT '[]'::jsonb
);
CREATE INDEX board_crawls_recent ON board_crawls (board_id, started_at DESC);

-- Which board listed a job. Set on insert by the crawl and never part of a content change.
ALTER TABLE jobs ADD COLUMN board_id uuid REFERENCES boards (id) ON DELETE SET NULL;
-- Job-board facts no served field carries (yet): the department.
ALTER TABLE jobs ADD COLUMN department text;
-- A hash of the posting as its connector mapped it: a re-crawl skips postings whose hash
-- is unchanged without converting or comparing anything.
ALTER TABLE jobs ADD COLUMN content_hash text;
CREATE INDEX jobs_board ON jobs (board_id, source_key) WHERE board_id IS NOT NULL;

-- Live jobs missing from their board's latest complete listings, and how many in a row.
-- Kept apart from jobs so that counting a miss rewrites no job row (nor its search entry).
CREATE TABLE board_misses (
  job_id uuid PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
  board_id uuid NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
  missed smallint NOT NULL
);
CREATE INDEX board_misses_board ON board_misses (board_id);

-- A re-crawled posting brings its locations as raw strings again; when they are the same
-- strings as stored, the stored ones (resolved by the geocoder since) stay, so an
-- unchanged posting rewrites nothing.
CREATE FUNCTION job_locations_unchanged(stored jsonb, incoming jsonb) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (SELECT coalesce(array_agg(l->>'location' ORDER BY o), '{}') FROM jsonb_array_elements(stored) WITH ORDINALITY AS x(l, o))
       = (SELECT coalesce(array_agg(l->>'location' ORDER BY o), '{}') FROM jsonb_array_elements(incoming) WITH ORDINALITY AS x(l, o))
     AND NOT EXISTS (SELECT FROM jsonb_array_elements(incoming) AS l WHERE l->>'latitude' IS NOT NULL);
