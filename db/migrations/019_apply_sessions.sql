-- Auto Apply: interactive sessions (spec 2.12, 4.8) and one-call runs (spec 2.13, 4.7).
-- A run is a session the service drives itself from a stored profile, so both live in
-- one table. A session's browser work is done by `apply.session` jobs; the command a job
-- carries out is stored on the row (`command`) in the same transaction as the job, and
-- each page's accepted answers are stored so that a fresh browser context, in any worker,
-- can replay the form to the current page.
--
-- Every change to a session row notifies `application_changed` with the session's id (the
-- channel the API's holds already LISTEN on; ids are uuids and never collide with an
-- application's), so a request waiting on a session wakes on the change.

CREATE TABLE apply_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  -- `session`: driven by the caller's answers; `run`: driven by the service from a profile.
  kind text NOT NULL CHECK (kind IN ('session', 'run')),
  -- The profile answers are taken from (prefill for a session, every answer for a run).
  -- No foreign key: a deleted profile leaves its runs' results readable.
  profile_id uuid,
  apply_url text NOT NULL,
  sandbox boolean NOT NULL,
  provider_id text NOT NULL,
  provider_name text NOT NULL,
  provider_version text NOT NULL,
  -- The job the apply URL belongs to, when we know it: {company_name, title, country_code}.
  job_context jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- `processing` while a command is carried out (an addition to the spec's open enum).
  status text NOT NULL DEFAULT 'processing' CHECK (status IN
    ('processing', 'form_ready', 'next_available', 'submit_ready', 'submitted', 'expired', 'error')),
  error text,
  -- The command being carried out: {id, kind: open|answers|next|submit|run, answers?}.
  command jsonb,
  -- The page the session is on (0 before the form is read).
  page_sequence integer NOT NULL DEFAULT 0,
  current_url text,
  -- What the form itself said about the last attempt to fill or move on: [{field_id, message}].
  validation_errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- The debit of the create (or run), refunded when the session ends without submitting
  -- on our or the form's side (and, for runs, whenever it ends without submitting).
  credit_entry_id bigint,
  -- Set in its own commit just before the final click: a job that finds it set cannot know
  -- whether the form went out, and never clicks again.
  submit_attempted_at timestamptz,
  submitted_at timestamptz,
  provider_receipt_id text,
  submission_confirmation_kind text,
  -- Runs: the result (spec 2.13) as it builds up.
  run_status text CHECK (run_status IN ('Running', 'Submitted', 'Incomplete', 'Failed')),
  run_error text,
  step_log jsonb NOT NULL DEFAULT '[]'::jsonb,
  fields_filled integer NOT NULL DEFAULT 0,
  steps_completed integer NOT NULL DEFAULT 0,
  run_finished_at timestamptz,
  -- Idle expiry counts from here: the last time a command finished (or the session began).
  last_activity_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX apply_sessions_account_recent ON apply_sessions (account_id, created_at DESC, id DESC);
-- The idle sweep reads the sessions at rest.
CREATE INDEX apply_sessions_idle ON apply_sessions (last_activity_at)
  WHERE status IN ('form_ready', 'next_available', 'submit_ready');

CREATE TABLE apply_session_pages (
  session_id uuid NOT NULL REFERENCES apply_sessions (id) ON DELETE CASCADE,
  sequence integer NOT NULL CHECK (sequence >= 1),
  -- The page's questions as read (the public Field of apply/fields.ts).
  fields jsonb NOT NULL,
  -- The values set on the page so far, [{field_id, value}]: replayed into a new context.
  answers jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- The page's button submits the application (rather than going to a next page).
  is_final boolean NOT NULL,
  -- The profile's answers were set on the page (sessions with a profile, and runs).
  prefilled boolean NOT NULL DEFAULT false,
  -- Where the page was read, with the browser's cookies and storage then: a new context
  -- resumes there, and replays from the apply URL only when that does not work.
  page_url text,
  storage_state jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_id, sequence)
);

CREATE FUNCTION apply_sessions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('application_changed', NEW.id::text);
  RETURN NEW;
END $$;
CREATE TRIGGER apply_sessions_notify AFTER INSERT OR UPDATE ON apply_sessions
  FOR EACH ROW EXECUTE FUNCTION apply_sessions_notify();

-- The job an apply URL belongs to (the answerer's company, title and country), by equality.
CREATE INDEX jobs_apply_url ON jobs USING hash (apply_url);
