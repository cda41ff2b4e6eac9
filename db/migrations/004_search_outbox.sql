-- Keeping an external search index (OpenSearch) in step with PostgreSQL.
--
-- Every change to job_search leaves the job's id in search_outbox, in the same
-- transaction as the job write, so a crash between the write and the indexing loses
-- nothing. The search.index worker drains the outbox into the index. Each change also
-- gives the row a new index_version from one sequence. Documents are written with that
-- number as their external version, so an older copy of a job can never overwrite a
-- newer one, whatever order concurrent writers reach the index in.
--
-- The trigger runs only while an external index is configured: the service enables or
-- disables it at start (db/search-outbox.ts), so without OpenSearch a job write
-- costs nothing more.

CREATE SEQUENCE job_index_version;

ALTER TABLE job_search ADD COLUMN index_version bigint NOT NULL DEFAULT nextval('job_index_version');

CREATE TABLE search_outbox (
  job_id uuid PRIMARY KEY,
  -- Bumped by every new change: a drain deletes only the changes it has indexed.
  seq bigint NOT NULL
);

CREATE FUNCTION job_search_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  version bigint := nextval('job_index_version');
BEGIN
  INSERT INTO search_outbox (job_id, seq)
  VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.job_id ELSE NEW.job_id END, version)
  ON CONFLICT (job_id) DO UPDATE SET seq = EXCLUDED.seq;
  -- Wakes the search.index worker; notifications are delivered at commit, one per transaction.
  PERFORM pg_notify('search_outbox', '');
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  NEW.index_version := version;
  RETURN NEW;
END
$$;

CREATE TRIGGER job_search_outbox BEFORE INSERT OR UPDATE OR DELETE ON job_search
  FOR EACH ROW EXECUTE FUNCTION job_search_outbox();
ALTER TABLE job_search DISABLE TRIGGER job_search_outbox;

-- Set when the trigger is turned back on: changes made while it was off were never
-- queued, so the next drain rebuilds the index from PostgreSQL instead.
CREATE TABLE search_index_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  rebuild_requested boolean NOT NULL DEFAULT false
);
INSERT INTO search_index_state DEFAULT VALUES;
