-- job_search: the narrow projection of live jobs that search reads. Counting, faceting
-- and ranking touch many rows; on the full jobs row each visit pays for dozens of
-- columns (and for descriptions kept beside them), here only for what search needs.
-- A trigger on jobs keeps it in step within the same transaction, so a job is searchable
-- exactly when it is written and live, whoever writes it.

CREATE TABLE job_search (
  job_id uuid PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
  -- Columns every search filters on come first: they are the cheapest to reach.
  sandbox boolean NOT NULL,
  valid_through timestamptz,
  date_posted timestamptz,
  updated_at timestamptz NOT NULL,
  company_id uuid NOT NULL,
  source text NOT NULL,
  employment_type text,
  work_model text,
  experience_level text,
  -- Posted pay for salary_min: the maximum, else the minimum.
  pay numeric,
  country_codes text[] NOT NULL,
  location_text text NOT NULL,
  -- Title (A) and company (B): the relevance tier, small enough to stay inline.
  title_vector tsvector NOT NULL,
  -- Title, company and description (C), plus two-word phrases: what q matches.
  search_vector tsvector NOT NULL
)
-- The full vector goes out of line so scans of the small columns stay cheap. Vacuum
-- runs early: index-only scans of job_search_recent skip the heap only on pages it has
-- marked all-visible, and every job write touches this table.
WITH (toast_tuple_target = 128, autovacuum_vacuum_scale_factor = 0.02,
      autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
-- ...while what filters, facets and the title tier read on a visited row stays inline
-- and uncompressed.
ALTER TABLE job_search ALTER COLUMN title_vector SET STORAGE PLAIN,
  ALTER COLUMN location_text SET STORAGE PLAIN,
  ALTER COLUMN country_codes SET STORAGE PLAIN;

CREATE FUNCTION job_title_vector(title text, company_name text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', company_name), 'B');

-- Two-word phrases, indexed as words: every pair of lexemes at adjacent positions
-- becomes one extra lexeme, 'softwar engin' (a lexeme never holds a space, so none can
-- clash). A query "software engineer" then matches from the GIN index alone, where the
-- phrase operator would read each candidate's whole vector back to check positions.
CREATE FUNCTION job_phrase_pairs(vector tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (SELECT coalesce(array_to_tsvector(array_agg(DISTINCT pair)), ''::tsvector)
            FROM (SELECT lexeme || ' ' || lead(lexeme) OVER w AS pair, lead(pos) OVER w - pos AS gap
                    FROM unnest(vector) AS u(lexeme, positions, weights), unnest(positions) AS pos
                  WINDOW w AS (ORDER BY pos)) adjacent
           WHERE gap = 1);

-- The tsquery to match against search_vector: each two-word phrase ('a' <-> 'b') becomes
-- its pair lexeme, which matches exactly the same jobs. Longer phrases and other
-- distances have no exact pair form; such a query is returned as it is.
CREATE FUNCTION job_phrase_query(input tsquery) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  text_form constant text := input::text;
  operand constant text := '''(?:[^'']|'''')*''';
BEGIN
  IF position('<' in text_form) = 0 THEN
    RETURN input;
  END IF;
  -- Left alone: other distances, chains of three or more, phrases of groups, weights.
  IF text_form ~ ('<\d+>|<-> \(|\) <->|' || operand || ' <-> ' || operand || ' <') OR text_form ~ (operand || ':') THEN
    RETURN input;
  END IF;
  RETURN regexp_replace(text_form, '''((?:[^'']|'''')*)'' <-> ''((?:[^'']|'''')*)''', '''\1 \2''', 'g')::tsquery;
END
$$;

-- Read from the served Markdown with link targets dropped (`[text](url)` keeps `text`),
-- so a posting's words are searchable and its URLs are not. Very long postings are cut
-- so one posting cannot make an unbounded vector.
CREATE FUNCTION job_search_words(title text, company_name text, markdown text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN job_title_vector(title, company_name) || setweight(to_tsvector('english',
    regexp_replace(left(markdown, 50000), '\]\((?:[^()\s]|\([^()\s]*\))*\)', ']', 'g')), 'C');

CREATE FUNCTION job_search_vector(title text, company_name text, markdown text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (SELECT words || job_phrase_pairs(words) FROM job_search_words(title, company_name, markdown) AS words);

CREATE FUNCTION job_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO job_search (job_id, sandbox, valid_through, date_posted, updated_at, company_id, source,
                          employment_type, work_model, experience_level, pay, country_codes, location_text,
                          title_vector, search_vector)
  VALUES (NEW.id, NEW.sandbox, NEW.valid_through, NEW.date_posted, NEW.updated_at, NEW.company_id, NEW.source,
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

CREATE TRIGGER job_search_sync AFTER INSERT OR UPDATE ON jobs
  FOR EACH ROW EXECUTE FUNCTION job_search_sync();

-- Jobs written before this migration: their vectors already exist and gain their pairs.
INSERT INTO job_search (job_id, sandbox, valid_through, date_posted, updated_at, company_id, source,
                        employment_type, work_model, experience_level, pay, country_codes, location_text,
                        title_vector, search_vector)
SELECT id, sandbox, valid_through, date_posted, updated_at, company_id, source,
       employment_type, work_model, experience_level, coalesce(salary_max, salary_min), country_codes, location_text,
       title_vector, search_vector || job_phrase_pairs(search_vector)
  FROM jobs
 WHERE expired_at IS NULL;

-- Search no longer reads these from jobs.
DROP INDEX jobs_search, jobs_recent, jobs_countries, jobs_location_text, jobs_pay;
ALTER TABLE jobs DROP COLUMN title_vector, DROP COLUMN search_vector;

-- Newest first, carrying every column a search filters or counts on except the full
-- text: searches without q, and the title tier of searches with q, walk this index
-- alone (index-only scans) for their pages, counts and facets.
CREATE INDEX job_search_recent ON job_search (sandbox, date_posted DESC NULLS LAST, job_id DESC)
  INCLUDE (valid_through, updated_at, company_id, source, employment_type, work_model, experience_level, pay,
           country_codes, title_vector);
CREATE INDEX job_search_company ON job_search (company_id, date_posted DESC NULLS LAST, job_id DESC);
CREATE INDEX job_search_text ON job_search USING gin (search_vector);
CREATE INDEX job_search_title ON job_search USING gin (title_vector);
CREATE INDEX job_search_countries ON job_search USING gin (country_codes);
CREATE INDEX job_search_location ON job_search USING gin (location_text gin_trgm_ops);
CREATE INDEX job_search_pay ON job_search (pay);
-- For bitmap combinations with a text match ("designer" among hybrid jobs) and for
-- selective filters without one.
CREATE INDEX job_search_employment_type ON job_search (employment_type);
CREATE INDEX job_search_work_model ON job_search (work_model);
CREATE INDEX job_search_experience_level ON job_search (experience_level);
CREATE INDEX job_search_source ON job_search (source);
