-- H-1B filings imported by operators (`npm run -s import -- h1b --file F`): the US
-- Department of Labor's LCA disclosure cases and the USCIS H-1B Employer Data Hub's
-- approval counts. Company profiles derive h1b_annual_job_counts and
-- h1b_title_distribution from them (db/h1b-filings.ts).

-- One row per LCA case. Case numbers repeat across quarterly files; the row keeps the
-- latest decision, so importing a case twice counts it once.
CREATE TABLE h1b_lca_filings (
  case_number text PRIMARY KEY,
  case_status text NOT NULL,
  received_date date,
  decision_date date NOT NULL,
  -- US federal fiscal year of the decision (October 1 to September 30).
  fiscal_year integer NOT NULL GENERATED ALWAYS AS (
    (extract(year FROM decision_date) + CASE WHEN extract(month FROM decision_date) >= 10 THEN 1 ELSE 0 END)::integer
  ) STORED,
  visa_class text NOT NULL,
  job_title text,
  soc_code text,
  soc_title text,
  full_time_position boolean,
  begin_date date,
  end_date date,
  total_worker_positions integer,
  employer_name text NOT NULL,
  trade_name_dba text,
  employer_city text,
  -- Two-letter state of the employer's address; '' when the file gives none.
  employer_state text NOT NULL DEFAULT '',
  employer_postal_code text,
  naics_code text,
  worksite_city text,
  worksite_state text,
  h1b_dependent boolean,
  -- Normalized employer names (companies/imports/employer-names.ts): the legal name's and
  -- the trade name's ("d/b/a"), matched against companies through h1b_employer_matches.
  employer_key text NOT NULL,
  dba_key text,
  imported_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX h1b_lca_filings_employer ON h1b_lca_filings (employer_key, employer_state);
CREATE INDEX h1b_lca_filings_dba ON h1b_lca_filings (dba_key, employer_state) WHERE dba_key IS NOT NULL;

-- USCIS Data Hub rows: petition decisions per fiscal year and employer. A later export of
-- the same fiscal year replaces the counts of the rows it contains.
CREATE TABLE h1b_datahub_employers (
  fiscal_year integer NOT NULL,
  employer_name text NOT NULL,
  -- '' when the export leaves the column blank (keys cannot hold nulls).
  tax_id text NOT NULL DEFAULT '',
  naics text NOT NULL DEFAULT '',
  petitioner_city text NOT NULL DEFAULT '',
  petitioner_state text NOT NULL DEFAULT '',
  petitioner_zip text NOT NULL DEFAULT '',
  -- Initial: new employment. Continuing: every other category (continuation, change with
  -- the same employer, new concurrent, change of employer, amended).
  initial_approvals integer NOT NULL,
  initial_denials integer NOT NULL,
  continuing_approvals integer NOT NULL,
  continuing_denials integer NOT NULL,
  employer_key text NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (fiscal_year, employer_name, tax_id, naics, petitioner_city, petitioner_state, petitioner_zip)
);
CREATE INDEX h1b_datahub_employers_employer ON h1b_datahub_employers (employer_key, petitioner_state);

-- Which company an employer (normalized name + state) is, as the last import resolved it.
-- Employers that match no company, or more than one, have no row.
CREATE TABLE h1b_employer_matches (
  employer_key text NOT NULL,
  employer_state text NOT NULL,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  PRIMARY KEY (employer_key, employer_state)
);
CREATE INDEX h1b_employer_matches_company ON h1b_employer_matches (company_id);
