-- Auto Apply: connected mailboxes (spec 2.9, 3 "Mailbox", 4.5), read for the verification
-- codes application forms email to applicants. The credential (an IMAP password, or an
-- Outlook account's OAuth tokens) is sealed with AES-256-GCM (lib/secret-box.ts) for its
-- row, never returned and never logged. An `imap` mailbox is stored only once its login
-- has worked; an `outlook` one waits `pending` for its owner's consent, bound to it by a
-- single-use `state` (kept as a SHA-256 hash) that expires.

CREATE TABLE mailboxes (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  provider text NOT NULL CHECK (provider IN ('imap', 'outlook')),
  -- Lower-cased; one per address per account.
  address text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'connected', 'error', 'disabled')),
  imap_host text,
  imap_port integer,
  imap_security text CHECK (imap_security IN ('ssl', 'starttls')),
  username text,
  -- Sealed JSON: {password} for imap, {access_token, refresh_token, expires_at, ...} for outlook.
  credential_sealed bytea,
  oauth_state_hash bytea,
  oauth_state_expires_at timestamptz,
  authorization_url text,
  last_error text,
  connected_at timestamptz,
  last_checked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, address),
  CHECK (provider <> 'imap' OR (imap_host IS NOT NULL AND imap_port IS NOT NULL AND imap_security IS NOT NULL AND username IS NOT NULL)),
  CHECK (status = 'pending' OR credential_sealed IS NOT NULL)
);

CREATE UNIQUE INDEX mailboxes_oauth_state ON mailboxes (oauth_state_hash) WHERE oauth_state_hash IS NOT NULL;
-- The health check walks connected and failing mailboxes, least recently checked first.
CREATE INDEX mailboxes_check_order ON mailboxes (last_checked_at NULLS FIRST) WHERE status IN ('connected', 'error');
