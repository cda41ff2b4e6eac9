-- Sponsorship from filings: where a posting's text says nothing about sponsorship, its
-- company's recent certified H-1B cases for the same kind of title say it sponsors
-- (docs/api.md, "is_h1b_sponsor"). The text, where it speaks, always wins: the served
-- value is coalesce(is_h1b_sponsor, h1b_sponsor_by_filings).

-- The kind of title a case is for: the job understanding's normalized_title of JOB_TITLE
-- (crawlers/understanding/title.ts), set at import; null for rows imported before this.
ALTER TABLE h1b_lca_filings ADD COLUMN title_kind text;

-- Per matched company and kind of title, the last day a certified H-1B case was decided;
-- rebuilt from h1b_lca_filings and h1b_employer_matches after every import or re-match.
CREATE TABLE h1b_sponsored_titles (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  title_kind text NOT NULL,
  last_certified date NOT NULL,
  PRIMARY KEY (company_id, title_kind)
);

-- True when the filings say the job's company sponsors this kind of title; null otherwise.
ALTER TABLE jobs ADD COLUMN h1b_sponsor_by_filings boolean;
CREATE INDEX jobs_h1b_sponsor_by_filings ON jobs (id) WHERE h1b_sponsor_by_filings;
