-- Accounts, API keys, the credits ledger, rate-limit counters, failed-authentication
-- tracking and idempotency keys: everything the gateway reads and writes.

CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'subscribed')),
  feed_subscription boolean NOT NULL DEFAULT false,
  auto_apply_availability text NOT NULL DEFAULT 'invite_only'
    CHECK (auto_apply_availability IN ('enabled', 'invite_only', 'coming_soon')),
  default_callback_url text,
  -- Contracted limits that replace the plan's: {"JobSearch": {"minute": 600, ...}, ...}
  rate_limit_overrides jsonb NOT NULL DEFAULT '{}'::jsonb,
  credits_balance bigint NOT NULL DEFAULT 0 CHECK (credits_balance >= 0),
  included_jobs_remaining bigint NOT NULL DEFAULT 0 CHECK (included_jobs_remaining >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE managed_feed_companies (
  account_id uuid NOT NULL REFERENCES accounts (id),
  company_id uuid NOT NULL,
  PRIMARY KEY (account_id, company_id)
);

CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  kind text NOT NULL CHECK (kind IN ('customer', 'master', 'marketplace', 'sandbox')),
  key_hash bytea NOT NULL UNIQUE,   -- SHA-256 of the full key; the key itself is never stored
  prefix text NOT NULL,             -- jd_live_ or jd_test_
  last4 text NOT NULL,
  name text,
  expires_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_keys_active_by_account ON api_keys (account_id) WHERE revoked_at IS NULL;

-- Append-only: every grant, debit and refund is a row; balances live on accounts and
-- change in the same statement that writes the row.
CREATE TABLE credit_ledger (
  id bigserial PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  entry_type text NOT NULL CHECK (entry_type IN ('grant', 'debit', 'refund')),
  credits bigint NOT NULL,
  included_jobs bigint NOT NULL,
  credits_balance_after bigint NOT NULL,
  included_jobs_after bigint NOT NULL,
  reason text NOT NULL,
  refund_of bigint REFERENCES credit_ledger (id),
  correlation_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_by_account ON credit_ledger (account_id, id);
CREATE UNIQUE INDEX credit_ledger_one_refund_per_debit ON credit_ledger (refund_of) WHERE refund_of IS NOT NULL;

CREATE FUNCTION credit_ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only';
END
$$;
CREATE TRIGGER credit_ledger_append_only BEFORE UPDATE OR DELETE ON credit_ledger
  FOR EACH ROW EXECUTE FUNCTION credit_ledger_is_append_only();

-- Rolling-window rate limits. Each request is counted in three buckets, one per window:
-- 1-second buckets for the minute window, 1-minute for the hour, 10-minute for the day.
CREATE TABLE rate_limit_counters (
  key_id uuid NOT NULL,
  limit_group text NOT NULL,
  span text NOT NULL CHECK (span IN ('minute', 'hour', 'day')),
  bucket_start timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits >= 0),
  PRIMARY KEY (key_id, limit_group, span, bucket_start)
);
CREATE INDEX rate_limit_counters_by_age ON rate_limit_counters (bucket_start);

CREATE FUNCTION rate_limit_bucket(span text, at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE span
    WHEN 'minute' THEN date_bin('1 second', at, timestamptz 'epoch')
    WHEN 'hour' THEN date_bin('1 minute', at, timestamptz 'epoch')
    ELSE date_bin('10 minutes', at, timestamptz 'epoch')
  END
$$;

-- Takes up to p_want hits for (key, group) without passing any window's limit, after
-- giving back p_return unused hits taken at p_return_at. Serialized per (key, group)
-- by a transaction-scoped advisory lock, so concurrent processes never over-grant.
CREATE FUNCTION rate_limit_take(
  p_key uuid, p_group text, p_now timestamptz, p_want integer,
  p_limit_minute integer, p_limit_hour integer, p_limit_day integer,
  p_return integer, p_return_at timestamptz
) RETURNS TABLE (
  granted integer, used_minute integer, used_hour integer, used_day integer,
  reset_minute timestamptz, reset_hour timestamptz, reset_day timestamptz
) LANGUAGE plpgsql AS $$
DECLARE
  v_span text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_key::text || '/' || p_group, 0));
  IF p_return > 0 THEN
    UPDATE rate_limit_counters c SET hits = greatest(0, c.hits - p_return)
     WHERE c.key_id = p_key AND c.limit_group = p_group
       AND c.bucket_start = rate_limit_bucket(c.span, p_return_at);
  END IF;

  SELECT coalesce(sum(c.hits) FILTER (WHERE c.span = 'minute' AND c.bucket_start > p_now - interval '1 minute'), 0),
         coalesce(sum(c.hits) FILTER (WHERE c.span = 'hour' AND c.bucket_start > p_now - interval '1 hour'), 0),
         coalesce(sum(c.hits) FILTER (WHERE c.span = 'day' AND c.bucket_start > p_now - interval '1 day'), 0),
         min(c.bucket_start) FILTER (WHERE c.span = 'minute' AND c.hits > 0 AND c.bucket_start > p_now - interval '1 minute') + interval '1 minute',
         min(c.bucket_start) FILTER (WHERE c.span = 'hour' AND c.hits > 0 AND c.bucket_start > p_now - interval '1 hour') + interval '1 hour',
         min(c.bucket_start) FILTER (WHERE c.span = 'day' AND c.hits > 0 AND c.bucket_start > p_now - interval '1 day') + interval '1 day'
    INTO used_minute, used_hour, used_day, reset_minute, reset_hour, reset_day
    FROM rate_limit_counters c
   WHERE c.key_id = p_key AND c.limit_group = p_group AND c.bucket_start > p_now - interval '1 day';

  granted := greatest(0, least(p_want, p_limit_minute - used_minute, p_limit_hour - used_hour, p_limit_day - used_day));
  IF granted > 0 THEN
    FOREACH v_span IN ARRAY ARRAY['minute', 'hour', 'day'] LOOP
      INSERT INTO rate_limit_counters AS c (key_id, limit_group, span, bucket_start, hits)
      VALUES (p_key, p_group, v_span, rate_limit_bucket(v_span, p_now), granted)
      ON CONFLICT (key_id, limit_group, span, bucket_start) DO UPDATE SET hits = c.hits + EXCLUDED.hits;
    END LOOP;
    used_minute := used_minute + granted;
    used_hour := used_hour + granted;
    used_day := used_day + granted;
    reset_minute := coalesce(reset_minute, rate_limit_bucket('minute', p_now) + interval '1 minute');
    reset_hour := coalesce(reset_hour, rate_limit_bucket('hour', p_now) + interval '1 hour');
    reset_day := coalesce(reset_day, rate_limit_bucket('day', p_now) + interval '1 day');
  END IF;
  RETURN NEXT;
END
$$;

-- Failed authentications per client address, in a 5-minute window from the first
-- failure; past the threshold the address is blocked for a while.
CREATE TABLE auth_failures (
  ip text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  failures integer NOT NULL,
  blocked_until timestamptz
);

-- Idempotency keys: (account, key) → the canonical request and the resource it made.
CREATE TABLE idempotency_keys (
  account_id uuid NOT NULL REFERENCES accounts (id),
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  resource_id text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, idempotency_key)
);
CREATE INDEX idempotency_keys_by_expiry ON idempotency_keys (expires_at);
