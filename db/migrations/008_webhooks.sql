-- Outbound webhooks: each account's signing secrets (two active during a rotation), and
-- every delivery with each attempt, so an application can show them.

CREATE TABLE webhook_secrets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set when a newer secret replaces this one: it keeps signing until then (24 hours).
  expires_at timestamptz
);
CREATE INDEX webhook_secrets_account ON webhook_secrets (account_id, created_at DESC);

CREATE TABLE webhook_deliveries (
  -- The webhook id: the same across every transport retry (X-Service-Webhook-Id).
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- The application it concerns (applications arrive with Auto Apply's create).
  subject_id uuid,
  kind text NOT NULL,
  url text NOT NULL,
  -- The exact body sent, byte for byte, on every attempt.
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'expired')),
  -- The receiver's JSON reply to a delivered webhook.
  reply jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The absolute deadline (120 s after creation): no attempt starts after it.
  deadline_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX webhook_deliveries_subject ON webhook_deliveries (subject_id, created_at);

CREATE TABLE webhook_attempts (
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  started_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  status_code integer,
  error text,
  PRIMARY KEY (delivery_id, attempt)
);
