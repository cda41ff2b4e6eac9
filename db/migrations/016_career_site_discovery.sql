-- Career-site discovery. A company's discovered_at is when its careers site became known
-- (discovery confirmed a board, or a board was registered for it): null until then, so
-- the career-sites feed (discovery order) shows each site once, at the end, when it is
-- found, rather than at the company's creation. Until now every company was "discovered"
-- when it was created.
ALTER TABLE companies ALTER COLUMN discovered_at DROP NOT NULL, ALTER COLUMN discovered_at DROP DEFAULT;
-- No careers page known: not discovered. Companies with one keep the time they have.
UPDATE companies SET discovered_at = NULL WHERE listing_url IS NULL;

-- listing_url is the careers page (the confirmed board's page), so a company is discovered
-- exactly while it has one: writing it the first time stamps discovered_at (every writer,
-- board registration and demo data included, goes through this), changing it keeps the
-- stamp, clearing it clears the stamp (found again later, it comes again at the feed's end).
CREATE FUNCTION companies_discovered_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.listing_url IS NULL THEN
    NEW.discovered_at := NULL;
  ELSIF NEW.discovered_at IS NULL THEN
    NEW.discovered_at := now();
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER companies_discovered_at BEFORE INSERT OR UPDATE OF listing_url, discovered_at ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_discovered_at();
ALTER TABLE companies ADD CONSTRAINT companies_discovered_with_site CHECK ((listing_url IS NULL) = (discovered_at IS NULL));

-- The last discovery run of each company: what it found, so a company whose site has no
-- careers page is not searched again on every round, and operators can see why.
CREATE TABLE career_site_checks (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  checked_at timestamptz NOT NULL DEFAULT now(),
  -- registered: a board confirmed and registered; no_website; site_unreachable (the home
  -- page did not load, or robots.txt forbids it); no_careers_page; no_ats (a careers page
  -- naming no known ATS board); not_confirmed (boards named, none lists a job).
  outcome text NOT NULL CHECK (outcome IN ('registered', 'no_website', 'site_unreachable', 'no_careers_page', 'no_ats', 'not_confirmed')),
  -- The careers page on the company's site, when one was found.
  careers_url text,
  board_id uuid REFERENCES boards (id) ON DELETE SET NULL,
  -- The pages read and the boards tried, as the run reported them.
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
