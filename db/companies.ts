// Data access for companies: the ingestion/enrichment write path and the reads the API
// needs. Profile fields beyond the typed columns live in `profile` (jsonb).
import type { Pool, PoolClient } from './pool.ts';

type Queryable = Pool | PoolClient;

/** What ingestion and enrichment know about a company. Absent fields stay as they are on update. */
export interface CompanyInput {
  /** Stable natural key, e.g. "greenhouse:acme". */
  source_key: string;
  sandbox?: boolean;
  name: string;
  website?: string | null;
  logo_url?: string | null;
  summary?: string | null;
  industries?: string[];
  categories?: string[];
  linkedin_url?: string | null;
  crunchbase_url?: string | null;
  ats_provider?: string | null;
  listing_url?: string | null;
  country_code?: string | null;
  company_size?: string | null;
  funding_stage?: string | null;
  company_type?: string | null;
  founding_year?: number | null;
  is_agency?: boolean | null;
  /** Every other field of the company profile (spec 2.6), keyed by its spec name. */
  profile?: Record<string, unknown>;
}

/** The company columns a job carries as its company summary (spec 2.2). */
export interface CompanySummaryColumns {
  id: string;
  name: string;
  website: string | null;
  logo_url: string | null;
  summary: string | null;
  industries: string[];
  categories: string[];
  linkedin_url: string | null;
  crunchbase_url: string | null;
}

export interface CompanyRow extends CompanySummaryColumns {
  source_key: string;
  sandbox: boolean;
  ats_provider: string | null;
  listing_url: string | null;
  country_code: string | null;
  company_size: string | null;
  funding_stage: string | null;
  company_type: string | null;
  founding_year: number | null;
  is_agency: boolean | null;
  profile: Record<string, unknown>;
  disabled_at: Date | null;
  discovered_at: Date;
  created_at: Date;
  updated_at: Date;
}

const TYPED = [
  'name', 'website', 'logo_url', 'summary', 'industries', 'categories', 'linkedin_url', 'crunchbase_url',
  'ats_provider', 'listing_url', 'country_code', 'company_size', 'funding_stage', 'company_type',
  'founding_year', 'is_agency',
] as const;

/** The oldest company (not sandbox) whose website is on this host, `www.` ignored; null when none. */
export async function findCompanyByWebsiteHost(db: Queryable, host: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM companies
      WHERE NOT sandbox AND website IS NOT NULL
        AND regexp_replace(lower(substring(website from '^https?://([^/:?#]+)')), '^www\.', '') = $1
      ORDER BY created_at, id LIMIT 1`,
    [host.toLowerCase().replace(/^www\./, '')],
  );
  return rows[0]?.id ?? null;
}

/**
 * Inserts or updates companies by source_key in one statement; returns source_key → id.
 * On update only the fields present in the input change (ingestion knows a name,
 * enrichment the rest; neither wipes the other), and `profile` is merged key by key.
 */
export async function upsertCompanies(db: Queryable, companies: CompanyInput[]): Promise<Map<string, string>> {
  if (companies.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; source_key: string }>(
    `WITH input AS (
       SELECT x.value AS doc, x.value->>'source_key' AS source_key
         FROM jsonb_array_elements($1::jsonb) AS x
     )
     INSERT INTO companies AS c (source_key, sandbox, name, website, logo_url, summary, industries, categories,
       linkedin_url, crunchbase_url, ats_provider, listing_url, country_code, company_size, funding_stage,
       company_type, founding_year, is_agency, profile)
     SELECT source_key, coalesce((doc->>'sandbox')::boolean, false), doc->>'name', doc->>'website', doc->>'logo_url',
            doc->>'summary',
            coalesce(ARRAY(SELECT jsonb_array_elements_text(doc->'industries')), '{}'),
            coalesce(ARRAY(SELECT jsonb_array_elements_text(doc->'categories')), '{}'),
            doc->>'linkedin_url', doc->>'crunchbase_url', doc->>'ats_provider', doc->>'listing_url',
            upper(doc->>'country_code'), doc->>'company_size', doc->>'funding_stage', doc->>'company_type',
            (doc->>'founding_year')::integer, (doc->>'is_agency')::boolean, coalesce(doc->'profile', '{}'::jsonb)
       FROM input
     ON CONFLICT (source_key) DO UPDATE SET
       name = EXCLUDED.name,
       ${TYPED.filter((name) => name !== 'name')
         .map((name) => `${name} = CASE WHEN (SELECT doc FROM input WHERE input.source_key = EXCLUDED.source_key) ? '${name}' THEN EXCLUDED.${name} ELSE c.${name} END`)
         .join(',\n       ')},
       profile = c.profile || EXCLUDED.profile,
       updated_at = now()
     RETURNING id, source_key`,
    [JSON.stringify(companies)],
  );
  return new Map(rows.map((row) => [row.source_key, row.id]));
}

export async function findCompany(db: Queryable, id: string): Promise<CompanyRow | null> {
  const { rows } = await db.query<CompanyRow>('SELECT * FROM companies WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function setCompanyDisabled(db: Queryable, id: string, disabled: boolean): Promise<void> {
  await db.query('UPDATE companies SET disabled_at = CASE WHEN $2 THEN now() ELSE NULL END, updated_at = now() WHERE id = $1', [id, disabled]);
}
