-- Company enrichment from the company's own website (companies/enrich/, queue company.enrich).
ALTER TABLE companies
  -- What the last enrichment that read the site found, field by field (the fields it owns).
  -- A field enrichment finds no longer is cleared only while it still holds what
  -- enrichment wrote, so values from other sources (imports, ingestion) are never wiped.
  ADD COLUMN enrichment_found jsonb,
  -- The last run: when it ended, how (ok, or why the site could not be read), and the detail.
  ADD COLUMN enriched_at timestamptz,
  ADD COLUMN enrich_status text CHECK (enrich_status IN (
    'ok', 'no_website', 'invalid_url', 'robots_disallowed', 'unreachable', 'too_large', 'not_html', 'wrong_type',
    'too_many_redirects', 'http_error')),
  ADD COLUMN enrich_error text,
  -- When the planner queues the next run; null: never planned (due now).
  ADD COLUMN next_enrich_at timestamptz;

-- The planner's question: which live companies with a website are due.
CREATE INDEX companies_enrich_due ON companies (next_enrich_at NULLS FIRST)
  WHERE NOT sandbox AND disabled_at IS NULL AND website IS NOT NULL;
