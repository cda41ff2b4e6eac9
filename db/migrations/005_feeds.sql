-- Feeds: scans of live jobs in ingestion order, expired-job detection, the cursor
-- signing key, and the career-sites feed.

-- Feeds read live jobs in (created_at, job_id) order: created_at is set once, when the
-- job is first ingested, so a job keeps its place in a scan however often it changes,
-- and a scan neither skips nor repeats a job that existed when it started. New jobs
-- come at the end.
ALTER TABLE job_search ADD COLUMN created_at timestamptz;
UPDATE job_search s SET created_at = j.created_at FROM jobs j WHERE j.id = s.job_id;
ALTER TABLE job_search ALTER COLUMN created_at SET NOT NULL;
CREATE INDEX job_search_feed ON job_search (sandbox, created_at, job_id);

-- As in 003, plus created_at.
CREATE OR REPLACE FUNCTION job_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.expired_at IS NOT NULL THEN
    DELETE FROM job_search WHERE job_id = NEW.id;
    RETURN NULL;
  END IF;
  -- Same text, already searchable: the vectors stay, only the filter columns follow.
  IF TG_OP = 'UPDATE' AND OLD.expired_at IS NULL
     AND (NEW.title, NEW.company_name, NEW.description_markdown)
         IS NOT DISTINCT FROM (OLD.title, OLD.company_name, OLD.description_markdown) THEN
    UPDATE job_search SET
      sandbox = NEW.sandbox, valid_through = NEW.valid_through, date_posted = NEW.date_posted,
      updated_at = NEW.updated_at, company_id = NEW.company_id, source = NEW.source,
      employment_type = NEW.employment_type, work_model = NEW.work_model,
      experience_level = NEW.experience_level, pay = coalesce(NEW.salary_max, NEW.salary_min),
      country_codes = NEW.country_codes, location_text = NEW.location_text
    WHERE job_id = NEW.id;
    IF FOUND THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO job_search (job_id, sandbox, valid_through, date_posted, updated_at, created_at, company_id, source,
                          employment_type, work_model, experience_level, pay, country_codes, location_text,
                          title_vector, search_vector)
  VALUES (NEW.id, NEW.sandbox, NEW.valid_through, NEW.date_posted, NEW.updated_at, NEW.created_at, NEW.company_id, NEW.source,
          NEW.employment_type, NEW.work_model, NEW.experience_level, coalesce(NEW.salary_max, NEW.salary_min),
          NEW.country_codes, NEW.location_text,
          job_title_vector(NEW.title, NEW.company_name),
          job_search_vector(NEW.title, NEW.company_name, NEW.description_markdown))
  ON CONFLICT (job_id) DO UPDATE SET
    sandbox = EXCLUDED.sandbox, valid_through = EXCLUDED.valid_through, date_posted = EXCLUDED.date_posted,
    updated_at = EXCLUDED.updated_at, company_id = EXCLUDED.company_id, source = EXCLUDED.source,
    employment_type = EXCLUDED.employment_type, work_model = EXCLUDED.work_model,
    experience_level = EXCLUDED.experience_level, pay = EXCLUDED.pay, country_codes = EXCLUDED.country_codes,
    location_text = EXCLUDED.location_text, title_vector = EXCLUDED.title_vector,
    search_vector = EXCLUDED.search_vector;
  RETURN NULL;
END
$$;

-- A job's expiry: when it left its source, or when its valid_through passed, whichever
-- came first. GET /api/jobs/expired reads ids in that order.
CREATE FUNCTION job_expiry(expired_at timestamptz, valid_through timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN least(expired_at, valid_through);
CREATE INDEX jobs_expiry ON jobs (sandbox, job_expiry(expired_at, valid_through), id)
  WHERE expired_at IS NOT NULL OR valid_through IS NOT NULL;

-- The key that signs feed cursors, made once and shared by every process (CURSOR_SECRET
-- overrides it).
CREATE TABLE service_secrets (
  name text PRIMARY KEY,
  secret bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The career-sites feed: companies with a discovered careers page, in discovery order.
CREATE INDEX companies_career_sites ON companies (sandbox, discovered_at, id)
  WHERE listing_url IS NOT NULL AND disabled_at IS NULL;
