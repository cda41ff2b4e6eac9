// Data access for the H-1B filings operators import (migration 014): LCA cases, USCIS
// Data Hub counts, the employer → company matches, and the two company-profile fields
// derived from them.
import type { PoolClient, Queryable } from './pool.ts';

/** An LCA case as stored; dates as YYYY-MM-DD. */
export interface LcaFilingRow {
  case_number: string;
  case_status: string;
  received_date: string | null;
  decision_date: string;
  visa_class: string;
  job_title: string | null;
  soc_code: string | null;
  soc_title: string | null;
  full_time_position: boolean | null;
  begin_date: string | null;
  end_date: string | null;
  total_worker_positions: number | null;
  employer_name: string;
  trade_name_dba: string | null;
  employer_city: string | null;
  employer_state: string;
  employer_postal_code: string | null;
  naics_code: string | null;
  worksite_city: string | null;
  worksite_state: string | null;
  h1b_dependent: boolean | null;
  employer_key: string;
  dba_key: string | null;
  /** The job understanding's normalized title of job_title: the kind of job the case is for. */
  title_kind: string | null;
}

export interface DatahubRow {
  fiscal_year: number;
  employer_name: string;
  tax_id: string;
  naics: string;
  petitioner_city: string;
  petitioner_state: string;
  petitioner_zip: string;
  initial_approvals: number;
  initial_denials: number;
  continuing_approvals: number;
  continuing_denials: number;
  employer_key: string;
}

export interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

const LCA_COLUMNS = `case_number text, case_status text, received_date date, decision_date date, visa_class text,
  job_title text, soc_code text, soc_title text, full_time_position boolean, begin_date date, end_date date,
  total_worker_positions integer, employer_name text, trade_name_dba text, employer_city text, employer_state text,
  employer_postal_code text, naics_code text, worksite_city text, worksite_state text, h1b_dependent boolean,
  employer_key text, dba_key text, title_kind text`;
const LCA_NAMES = LCA_COLUMNS.split(',').map((column) => column.trim().split(/\s+/)[0]!);
const LCA_VALUES = LCA_NAMES.filter((name) => name !== 'case_number');

/**
 * Upserts LCA cases by case number in one statement (one transaction): a case already
 * stored changes only when this decision is later, or as late and different. The batch
 * must not repeat a case number.
 */
export async function upsertLcaFilings(db: Queryable, filings: LcaFilingRow[]): Promise<WriteCounts> {
  if (filings.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const { rows } = await db.query<{ inserted: boolean }>(
    `INSERT INTO h1b_lca_filings AS f (${LCA_NAMES.join(', ')})
     SELECT ${LCA_NAMES.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${LCA_COLUMNS})
     ON CONFLICT (case_number) DO UPDATE SET
       ${LCA_VALUES.map((name) => `${name} = EXCLUDED.${name}`).join(', ')}, imported_at = now()
     WHERE EXCLUDED.decision_date > f.decision_date
        OR (EXCLUDED.decision_date = f.decision_date
            AND (${LCA_VALUES.map((name) => `f.${name}`).join(', ')}) IS DISTINCT FROM (${LCA_VALUES.map((name) => `EXCLUDED.${name}`).join(', ')}))
     RETURNING (xmax = 0) AS inserted`,
    [JSON.stringify(filings)],
  );
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted, unchanged: filings.length - rows.length };
}

const DATAHUB_KEY = 'fiscal_year, employer_name, tax_id, naics, petitioner_city, petitioner_state, petitioner_zip';
const DATAHUB_COUNTS = ['initial_approvals', 'initial_denials', 'continuing_approvals', 'continuing_denials'];

/** A session table for one Data Hub file's rows; dropped at the end of the transaction the caller holds. */
export async function createDatahubStage(client: PoolClient): Promise<void> {
  await client.query(`CREATE TEMP TABLE h1b_datahub_stage (LIKE h1b_datahub_employers INCLUDING DEFAULTS) ON COMMIT DROP`);
}

export async function stageDatahubRows(client: PoolClient, rows: DatahubRow[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO h1b_datahub_stage (${DATAHUB_KEY}, ${DATAHUB_COUNTS.join(', ')}, employer_key)
     SELECT ${DATAHUB_KEY}, ${DATAHUB_COUNTS.join(', ')}, employer_key
       FROM jsonb_to_recordset($1::jsonb) AS x(fiscal_year integer, employer_name text, tax_id text, naics text,
            petitioner_city text, petitioner_state text, petitioner_zip text, initial_approvals integer,
            initial_denials integer, continuing_approvals integer, continuing_denials integer, employer_key text)`,
    [JSON.stringify(rows)],
  );
}

/**
 * Moves the staged rows into h1b_datahub_employers: rows of one key within the file are
 * added up; a stored key takes the file's counts when they differ.
 */
export async function mergeDatahubStage(client: PoolClient): Promise<WriteCounts> {
  const { rows } = await client.query<{ inserted: boolean }>(
    `INSERT INTO h1b_datahub_employers AS d (${DATAHUB_KEY}, ${DATAHUB_COUNTS.join(', ')}, employer_key)
     SELECT ${DATAHUB_KEY}, ${DATAHUB_COUNTS.map((name) => `sum(${name})`).join(', ')}, min(employer_key)
       FROM h1b_datahub_stage GROUP BY ${DATAHUB_KEY}
     ON CONFLICT (${DATAHUB_KEY}) DO UPDATE SET
       ${DATAHUB_COUNTS.map((name) => `${name} = EXCLUDED.${name}`).join(', ')}, employer_key = EXCLUDED.employer_key, imported_at = now()
     WHERE (${DATAHUB_COUNTS.map((name) => `d.${name}`).join(', ')}, d.employer_key)
           IS DISTINCT FROM (${DATAHUB_COUNTS.map((name) => `EXCLUDED.${name}`).join(', ')}, EXCLUDED.employer_key)
     RETURNING (xmax = 0) AS inserted`,
  );
  const total = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT DISTINCT ${DATAHUB_KEY} FROM h1b_datahub_stage) keys`)).rows[0]!.n;
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted, unchanged: total - rows.length };
}

/** Every employer (normalized name, state) the stored filings name, the trade names included. */
export async function employerRefs(db: Queryable): Promise<{ employer_key: string; employer_state: string }[]> {
  const { rows } = await db.query<{ employer_key: string; employer_state: string }>(
    `SELECT employer_key, employer_state FROM h1b_lca_filings
     UNION SELECT dba_key, employer_state FROM h1b_lca_filings WHERE dba_key IS NOT NULL
     UNION SELECT employer_key, petitioner_state FROM h1b_datahub_employers`,
  );
  return rows;
}

export interface CompanyMatchColumns {
  id: string;
  name: string;
  legal_name: string | null;
  country_code: string | null;
  headquarters_region: string | null;
  headquarters_location: string | null;
}

/** What matching needs of every company that is not a sandbox company. */
export async function companiesForMatching(db: Queryable): Promise<CompanyMatchColumns[]> {
  const { rows } = await db.query<CompanyMatchColumns>(
    `SELECT id, name, profile->>'legal_name' AS legal_name, country_code,
            profile->>'headquarters_region' AS headquarters_region, profile->>'headquarters_location' AS headquarters_location
       FROM companies WHERE NOT sandbox`,
  );
  return rows;
}

// One writer of matches and derived profile fields at a time ("h1bmatch" in ASCII).
const MATCH_LOCK_KEY = 0x6831626d61746368n;

/** Serializes the match-and-derive step of concurrent imports; held until the caller's transaction ends. */
export async function lockEmployerMatches(client: PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [MATCH_LOCK_KEY.toString()]);
}

/** Makes h1b_employer_matches exactly `matches`, writing only the rows that change. */
export async function replaceEmployerMatches(client: PoolClient, matches: { employer_key: string; employer_state: string; company_id: string }[]): Promise<{ added: number; changed: number; removed: number }> {
  await client.query(`CREATE TEMP TABLE h1b_matches_next (LIKE h1b_employer_matches) ON COMMIT DROP`);
  for (let start = 0; start < matches.length; start += 10_000) {
    const chunk = matches.slice(start, start + 10_000);
    await client.query(
      `INSERT INTO h1b_matches_next (employer_key, employer_state, company_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::uuid[])`,
      [chunk.map((match) => match.employer_key), chunk.map((match) => match.employer_state), chunk.map((match) => match.company_id)],
    );
  }
  const removed = await client.query(
    `DELETE FROM h1b_employer_matches m
      WHERE NOT EXISTS (SELECT 1 FROM h1b_matches_next n WHERE n.employer_key = m.employer_key AND n.employer_state = m.employer_state)`,
  );
  const { rows } = await client.query<{ inserted: boolean }>(
    `INSERT INTO h1b_employer_matches AS m SELECT * FROM h1b_matches_next
     ON CONFLICT (employer_key, employer_state) DO UPDATE SET company_id = EXCLUDED.company_id
     WHERE m.company_id <> EXCLUDED.company_id
     RETURNING (xmax = 0) AS inserted`,
  );
  const added = rows.filter((row) => row.inserted).length;
  return { added, changed: rows.length - added, removed: removed.rowCount ?? 0 };
}

/**
 * Sets h1b_annual_job_counts and h1b_title_distribution of every matched company from the
 * stored filings, and removes them from companies no longer matched. Only companies whose
 * profile changes are written (and get a new updated_at). Returns how many were.
 *
 * Annual counts: per US federal fiscal year of the decision, the certified H-1B LCA cases
 * (VISA_CLASS H-1B; certified-then-withdrawn, denied and withdrawn cases do not count);
 * for a fiscal year in which the company has no H-1B LCA case at all, the Data Hub's
 * approvals (initial + continuing) instead. Oldest year first.
 * Title distribution: the certified H-1B LCA cases of every year by job title, compared
 * without case and with whitespace collapsed, shown in their most frequent spelling; the
 * `topTitles` most frequent, ties by title.
 */
export async function refreshH1bProfiles(client: PoolClient, topTitles: number): Promise<number> {
  const { rowCount } = await client.query(
    `WITH lca AS (
       SELECT coalesce(m1.company_id, m2.company_id) AS company_id, f.fiscal_year, f.job_title,
              lower(f.case_status) = 'certified' AS certified
         FROM h1b_lca_filings f
         LEFT JOIN h1b_employer_matches m1 ON m1.employer_key = f.employer_key AND m1.employer_state = f.employer_state
         LEFT JOIN h1b_employer_matches m2 ON m2.employer_key = f.dba_key AND m2.employer_state = f.employer_state
        WHERE upper(f.visa_class) = 'H-1B' AND (m1.company_id IS NOT NULL OR m2.company_id IS NOT NULL)
     ),
     lca_years AS (
       SELECT company_id, fiscal_year AS year, count(*) FILTER (WHERE certified) AS count FROM lca GROUP BY 1, 2
     ),
     hub_years AS (
       SELECT m.company_id, d.fiscal_year AS year, sum(d.initial_approvals + d.continuing_approvals)::int AS count
         FROM h1b_datahub_employers d
         JOIN h1b_employer_matches m ON m.employer_key = d.employer_key AND m.employer_state = d.petitioner_state
        GROUP BY 1, 2
     ),
     years AS (
       SELECT company_id, year, count FROM lca_years
       UNION ALL
       SELECT h.company_id, h.year, h.count FROM hub_years h
        WHERE NOT EXISTS (SELECT 1 FROM lca_years l WHERE l.company_id = h.company_id AND l.year = h.year)
     ),
     annual AS (
       SELECT company_id, jsonb_agg(jsonb_build_object('year', year, 'count', count) ORDER BY year) AS counts
         FROM years GROUP BY company_id
     ),
     titles AS (
       SELECT company_id, lower(spelled) AS title_key, mode() WITHIN GROUP (ORDER BY spelled COLLATE "C" DESC) AS title, count(*) AS count
         FROM (SELECT company_id, regexp_replace(btrim(job_title), '\\s+', ' ', 'g') AS spelled FROM lca
                WHERE certified AND job_title IS NOT NULL AND btrim(job_title) <> '') spellings
        GROUP BY company_id, lower(spelled)
     ),
     ranked AS (
       SELECT *, row_number() OVER (PARTITION BY company_id ORDER BY count DESC, title_key) AS rank FROM titles
     ),
     distribution AS (
       SELECT company_id, jsonb_agg(jsonb_build_object('title', title, 'count', count) ORDER BY rank) AS titles
         FROM ranked WHERE rank <= $1 GROUP BY company_id
     ),
     derived AS (
       SELECT c.id,
              (c.profile - 'h1b_annual_job_counts' - 'h1b_title_distribution')
              || CASE WHEN a.counts IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('h1b_annual_job_counts', a.counts) END
              || CASE WHEN t.titles IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('h1b_title_distribution', t.titles) END AS profile
         FROM companies c
         LEFT JOIN annual a ON a.company_id = c.id
         LEFT JOIN distribution t ON t.company_id = c.id
        WHERE a.company_id IS NOT NULL OR t.company_id IS NOT NULL
           OR c.profile ? 'h1b_annual_job_counts' OR c.profile ? 'h1b_title_distribution'
     )
     UPDATE companies c SET profile = derived.profile, updated_at = now()
       FROM derived
      WHERE c.id = derived.id AND c.profile IS DISTINCT FROM derived.profile`,
    [topTitles],
  );
  return rowCount ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Sponsorship from filings (migration 017)

/** How recent a certified case must be to say a company sponsors that kind of title. */
export const SPONSORSHIP_LOOKBACK = '2 years';

/** Distinct job titles of stored cases whose kind is not set yet (cases imported before kinds were kept). */
export async function titlesWithoutKind(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ job_title: string }>('SELECT DISTINCT job_title FROM h1b_lca_filings WHERE title_kind IS NULL AND job_title IS NOT NULL');
  return rows.map((row) => row.job_title);
}

export async function setTitleKinds(db: Queryable, kinds: Array<{ job_title: string; title_kind: string | null }>): Promise<void> {
  if (kinds.length === 0) return;
  await db.query(
    `UPDATE h1b_lca_filings f SET title_kind = k.title_kind
       FROM jsonb_to_recordset($1::jsonb) AS k(job_title text, title_kind text)
      WHERE f.job_title = k.job_title AND f.title_kind IS NULL AND k.title_kind IS NOT NULL`,
    [JSON.stringify(kinds)],
  );
}

/** Rebuilds h1b_sponsored_titles from the certified H-1B cases of matched employers. */
export async function refreshSponsoredTitles(client: PoolClient): Promise<void> {
  await client.query('DELETE FROM h1b_sponsored_titles');
  await client.query(
    `INSERT INTO h1b_sponsored_titles (company_id, title_kind, last_certified)
     SELECT coalesce(m1.company_id, m2.company_id), f.title_kind, max(f.decision_date)
       FROM h1b_lca_filings f
       LEFT JOIN h1b_employer_matches m1 ON m1.employer_key = f.employer_key AND m1.employer_state = f.employer_state
       LEFT JOIN h1b_employer_matches m2 ON m2.employer_key = f.dba_key AND m2.employer_state = f.employer_state
      WHERE upper(f.visa_class) = 'H-1B' AND lower(f.case_status) = 'certified' AND f.title_kind IS NOT NULL
        AND (m1.company_id IS NOT NULL OR m2.company_id IS NOT NULL)
      GROUP BY 1, 2`,
  );
}

/**
 * Sets jobs.h1b_sponsor_by_filings from h1b_sponsored_titles: true when the job's company
 * had a certified H-1B case for the job's normalized title within SPONSORSHIP_LOOKBACK,
 * else null. Only rows whose value changes are written; `updated_at` moves only where the
 * served value moves (the text says nothing), so updated_after feeds carry the change.
 * `jobIds` limits it to those jobs (the write path); without it, every job. Returns the
 * number of jobs changed.
 */
export async function refreshFilingsSponsorship(db: Queryable, jobIds: string[] | null = null): Promise<number> {
  if (jobIds && jobIds.length === 0) return 0;
  const { rowCount } = await db.query(
    `UPDATE jobs j SET h1b_sponsor_by_filings = s.sponsor,
            updated_at = CASE WHEN j.is_h1b_sponsor IS NULL THEN now() ELSE j.updated_at END
       FROM (SELECT c.id,
                    CASE WHEN EXISTS (SELECT 1 FROM h1b_sponsored_titles t
                                       WHERE t.company_id = c.company_id AND t.title_kind = c.normalized_title
                                         AND t.last_certified >= current_date - interval '${SPONSORSHIP_LOOKBACK}') THEN true END AS sponsor
               FROM jobs c
              WHERE NOT c.sandbox AND ($1::uuid[] IS NULL OR c.id = ANY($1::uuid[]))) s
      WHERE j.id = s.id AND j.h1b_sponsor_by_filings IS DISTINCT FROM s.sponsor`,
    [jobIds],
  );
  return rowCount ?? 0;
}

/** Clears the filings' word on jobs whose company's last certified case for the title is no longer recent; returns how many. */
export async function expireFilingsSponsorship(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE jobs j SET h1b_sponsor_by_filings = NULL,
            updated_at = CASE WHEN j.is_h1b_sponsor IS NULL THEN now() ELSE j.updated_at END
      WHERE j.h1b_sponsor_by_filings
        AND NOT EXISTS (SELECT 1 FROM h1b_sponsored_titles t
                         WHERE t.company_id = j.company_id AND t.title_kind = j.normalized_title
                           AND t.last_certified >= current_date - interval '${SPONSORSHIP_LOOKBACK}')`,
  );
  return rowCount ?? 0;
}
