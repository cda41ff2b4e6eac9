-- The sandbox ATS (/sandbox/): one row per application attempt on a sandbox form, with
-- what each step received, so tests and sandbox users can see exactly what was submitted.
CREATE TABLE sandbox_submissions (
  token text PRIMARY KEY,
  scenario text NOT NULL,
  status text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'submitted')),
  -- [{step, answers: {name: value | [values]}, received_at}] in the order received.
  steps jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- [{field, filename, content_type, size, sha256}]
  files jsonb NOT NULL DEFAULT '[]'::jsonb,
  verification_code text,
  receipt_id text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz
);
CREATE INDEX sandbox_submissions_recent ON sandbox_submissions (scenario, created_at DESC);
