-- Auto Apply: profileless applications, their form steps, and what the browser saw when
-- a step failed. Every change to an application row notifies `application_changed`, so
-- the API's create hold and `wait_seconds` wake on the change instead of polling.

-- The account's Auto Apply settings (callback URL, availability, webhook secrets) change
-- its settings revision; each application records the revision it ran under.
ALTER TABLE accounts ADD COLUMN settings_revision integer NOT NULL DEFAULT 1;

CREATE FUNCTION accounts_settings_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.default_callback_url IS DISTINCT FROM OLD.default_callback_url
     OR NEW.auto_apply_availability IS DISTINCT FROM OLD.auto_apply_availability THEN
    NEW.settings_revision := OLD.settings_revision + 1;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER accounts_settings_revision BEFORE UPDATE ON accounts
  FOR EACH ROW EXECUTE FUNCTION accounts_settings_revision();

CREATE TABLE applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  job_id uuid,
  apply_url text NOT NULL,
  sandbox boolean NOT NULL DEFAULT false,
  provider_id text NOT NULL,
  provider_name text NOT NULL,
  provider_version text NOT NULL,
  matcher_revision integer NOT NULL,
  catalog_revision integer NOT NULL,
  settings_revision integer NOT NULL,
  -- Where fields_requested goes: the request's callback_url or the account default then.
  callback_url text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN
    ('queued', 'running', 'awaiting_answers', 'submitting', 'submitted', 'completed', 'failed', 'canceled')),
  cancel_requested boolean NOT NULL DEFAULT false,
  canceled_by text,
  -- {code, message, retryable}
  failure jsonb,
  provider_receipt_id text,
  submission_confirmation_kind text,
  -- The create's debit, refunded when the application fails on the service's side.
  credit_entry_id bigint,
  -- Set in its own commit just before the final click: a submit job that finds it set
  -- cannot know whether the form went out, and must not click again.
  submit_attempted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  queued_at timestamptz NOT NULL DEFAULT now(),
  status_updated_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  submitted_at timestamptz,
  failed_at timestamptz,
  canceled_at timestamptz,
  completed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX applications_account_recent ON applications (account_id, created_at DESC, id DESC);
-- The concurrency limit counts these.
CREATE INDEX applications_account_active ON applications (account_id)
  WHERE status IN ('queued', 'running', 'awaiting_answers', 'submitting');

CREATE TABLE application_steps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  sequence integer NOT NULL CHECK (sequence >= 1),
  status text NOT NULL CHECK (status IN ('awaiting_answers', 'answered', 'needs_correction', 'expired')),
  correction_round integer NOT NULL DEFAULT 0,
  -- The public fields (field_id, type, label, required, requires_answer, options, ...).
  fields jsonb NOT NULL,
  -- The accepted answers [{field_id, value}], kept to replay earlier pages in a new browser.
  answers jsonb NOT NULL DEFAULT '[]'::jsonb,
  command_errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- The page's action submits the application (rather than going to a next page).
  is_final boolean NOT NULL,
  -- Where the step was read, with the browser's cookies and storage then: a later job
  -- resumes there (a verification code stays valid) and replays from the start only
  -- when the form cannot be resumed by URL.
  page_url text,
  storage_state jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  answers_expire_at timestamptz,
  UNIQUE (application_id, sequence)
);

-- The page as the browser last saw it when a step failed: for support, not for callers.
CREATE TABLE application_snapshots (
  id bigserial PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  step_sequence integer,
  reason text NOT NULL,
  page_url text,
  html text,
  screenshot bytea,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_snapshots_application ON application_snapshots (application_id, created_at);

CREATE FUNCTION applications_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('application_changed', NEW.id::text);
  RETURN NEW;
END $$;
CREATE TRIGGER applications_notify AFTER INSERT OR UPDATE ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_notify();
