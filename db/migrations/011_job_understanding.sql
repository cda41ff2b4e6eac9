-- Job understanding: what the ATS stated (kept apart from what the text adds, so the
-- understanding can run again over stored jobs), and one served job per real opening.

-- The structured values a connector mapped (employment type, workplace, pay, department),
-- before the text was read; null for jobs not crawled.
ALTER TABLE jobs ADD COLUMN stated jsonb;

-- Duplicates: a 64-bit SimHash of the description's words, and the canonical job a
-- duplicate is linked to. A duplicate is not served by search or feeds (it leaves
-- job_search, as an expired job does); the canonical keeps its id while duplicates come
-- and go, and when the canonical itself expires its oldest live duplicate takes over.
ALTER TABLE jobs ADD COLUMN description_simhash bigint;
ALTER TABLE jobs ADD COLUMN duplicate_of uuid REFERENCES jobs (id) ON DELETE SET NULL;
CREATE INDEX jobs_canonical_candidates ON jobs (company_id, normalized_title, sandbox)
  WHERE expired_at IS NULL AND duplicate_of IS NULL AND normalized_title IS NOT NULL;
CREATE INDEX jobs_duplicate_of ON jobs (duplicate_of) WHERE duplicate_of IS NOT NULL;

-- As in 005, with duplicates kept out like expired jobs.
CREATE OR REPLACE FUNCTION job_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.expired_at IS NOT NULL OR NEW.duplicate_of IS NOT NULL THEN
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

-- A canonical job that expires hands over to its oldest live duplicate, which is served
-- from then on (its updated_at moves, so updated_after feeds pick it up).
CREATE FUNCTION job_canonical_handover() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  heir uuid;
BEGIN
  SELECT id INTO heir FROM jobs
   WHERE duplicate_of = NEW.id AND expired_at IS NULL
   ORDER BY created_at, id LIMIT 1;
  IF heir IS NOT NULL THEN
    UPDATE jobs SET duplicate_of = heir WHERE duplicate_of = NEW.id AND id <> heir;
    UPDATE jobs SET duplicate_of = NULL, updated_at = now() WHERE id = heir;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER job_canonical_handover AFTER UPDATE OF expired_at ON jobs
  FOR EACH ROW WHEN (OLD.expired_at IS NULL AND NEW.expired_at IS NOT NULL AND NEW.duplicate_of IS NULL)
  EXECUTE FUNCTION job_canonical_handover();
