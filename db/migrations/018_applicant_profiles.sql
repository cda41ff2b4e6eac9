-- Auto Apply: stored applicant profiles (spec 2.10) and their résumé documents.
-- The sensitive sections (contact, eligibility, self-identification) and the résumé's
-- bytes are sealed with AES-256-GCM (lib/secret-box.ts) under the key of
-- db/encryption-keys.ts; each is sealed for its row and column, so a sealed value cannot be
-- moved to another. The other sections are plain jsonb, normalized by apply/profiles.

CREATE TABLE applicant_profiles (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  -- A sandbox key's profiles are kept apart from the account's live ones.
  sandbox boolean NOT NULL DEFAULT false,
  name text NOT NULL,
  status text NOT NULL DEFAULT 'ready' CHECK (status IN ('ready', 'importing', 'import_failed')),
  import_error text,
  -- Sealed JSON; contact is null until a caller or an import gives one.
  contact_sealed bytea,
  eligibility_sealed bytea NOT NULL,
  self_identification_sealed bytea NOT NULL,
  location jsonb NOT NULL DEFAULT '{}'::jsonb,
  links jsonb NOT NULL DEFAULT '{}'::jsonb,
  work_experience jsonb NOT NULL DEFAULT '[]'::jsonb,
  education jsonb NOT NULL DEFAULT '[]'::jsonb,
  preferences jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Memories the caller wrote, and those the last résumé import added (shown after them):
  -- a new import replaces its own, never the caller's.
  memories jsonb NOT NULL DEFAULT '[]'::jsonb,
  imported_memories jsonb NOT NULL DEFAULT '[]'::jsonb,
  cover_letter_template text,
  -- Goes up with every upload; an import job carries the version it was queued for and
  -- does nothing when a newer upload replaced that file.
  resume_version integer NOT NULL DEFAULT 0,
  resume_sealed bytea,
  resume_file_name text,
  resume_content_type text,
  resume_size_bytes integer,
  resume_uploaded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'import_failed') = (import_error IS NOT NULL)),
  CHECK (status <> 'importing' OR resume_sealed IS NOT NULL),
  CHECK (
    (resume_sealed IS NULL AND resume_file_name IS NULL AND resume_content_type IS NULL AND resume_size_bytes IS NULL AND resume_uploaded_at IS NULL)
    OR (resume_sealed IS NOT NULL AND resume_file_name IS NOT NULL AND resume_content_type IS NOT NULL AND resume_size_bytes IS NOT NULL AND resume_uploaded_at IS NOT NULL)
  )
);
-- The list: an account's profiles (live or sandbox), newest first.
CREATE INDEX applicant_profiles_account_recent ON applicant_profiles (account_id, sandbox, created_at DESC, id DESC);
