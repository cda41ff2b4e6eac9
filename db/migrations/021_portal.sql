-- The customer portal (/portal): sessions signed in with an API key, and the daily
-- request counts its usage chart reads once the rate-limit buckets they came from are
-- pruned.

-- A session is found by the SHA-256 of its cookie token (the token itself is never
-- stored), lives until expires_at, and ends with the key it was signed in with: every
-- read joins api_keys and requires the key to be live.
CREATE TABLE portal_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash bytea NOT NULL UNIQUE,
  account_id uuid NOT NULL REFERENCES accounts (id),
  api_key_id uuid NOT NULL REFERENCES api_keys (id),
  -- The synchronizer token every form of the session carries.
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX portal_sessions_by_expiry ON portal_sessions (expires_at);

-- Requests per account, rate-limit group and UTC day, rolled up from the 'day' span of
-- rate_limit_counters in the same statement that prunes those buckets, so every hit is
-- counted exactly once: in the live buckets or here.
CREATE TABLE usage_daily (
  account_id uuid NOT NULL REFERENCES accounts (id),
  limit_group text NOT NULL,
  day date NOT NULL,
  hits bigint NOT NULL CHECK (hits >= 0),
  PRIMARY KEY (account_id, day, limit_group)
);

-- The overview's credits-per-day chart reads an account's last 30 days of the ledger.
CREATE INDEX credit_ledger_by_account_time ON credit_ledger (account_id, created_at);

-- The portal's company search for the managed feed: names containing the words typed.
CREATE INDEX companies_name_trgm ON companies USING gin (lower(name) gin_trgm_ops);
