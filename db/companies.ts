// Data access for companies: the ingestion/enrichment write path and the reads the API
// needs. Profile fields beyond the typed columns live in `profile` (jsonb).
import { withTransaction, type Pool, type PoolClient } from './pool.ts';

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
  discovered_at: Date | null;
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

// ---------------------------------------------------------------------------------------------
// Enrichment from the company's website (companies/enrich/, migration 015)

/** The typed columns enrichment fills; the rest of what it finds lives in `profile`. */
export const ENRICHED_COLUMNS = ['name', 'logo_url', 'linkedin_url', 'crunchbase_url', 'country_code', 'company_size', 'founding_year'] as const;
export type EnrichedColumn = (typeof ENRICHED_COLUMNS)[number];

export type EnrichedValue = string | number | string[] | Array<{ name: string; categories: string[] }> | null;

/**
 * What one enrichment found, by field: a column name (`logo_url`), a profile key
 * (`profile.description`) or a social_links platform (`social_links.github`). Every field
 * enrichment owns is present; null (or []) means the site showed no evidence for it.
 */
export type EnrichmentFound = Record<string, EnrichedValue>;

export type EnrichStatus =
  | 'ok' | 'no_website' | 'invalid_url' | 'robots_disallowed' | 'unreachable' | 'too_large' | 'not_html' | 'wrong_type' | 'too_many_redirects' | 'http_error';

export interface EnrichmentOutcome {
  status: EnrichStatus;
  error: string | null;
  /** Null when the site was not read: the profile stays as it is. */
  found: EnrichmentFound | null;
  nextEnrichAt: Date;
}

export interface EnrichmentState {
  enriched_at: Date | null;
  enrich_status: EnrichStatus | null;
  enrich_error: string | null;
  next_enrich_at: Date | null;
}

const isEmpty = (value: unknown) => value === null || value === undefined || (Array.isArray(value) && value.length === 0);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The value a field takes after an enrichment: what was found; else, when nothing was
 * found and the field still holds what the last enrichment wrote, empty (the site no
 * longer shows it); else what it holds (another source's value stays). `name` is never
 * emptied.
 */
export function mergedEnrichedValue(field: string, found: EnrichedValue, stored: unknown, lastFound: unknown): unknown {
  if (!isEmpty(found)) return found;
  if (field !== 'name' && !isEmpty(lastFound) && same(stored, lastFound)) return Array.isArray(found) ? [] : null;
  return stored;
}

/**
 * Records one enrichment run, in one transaction with the row locked: the profile fields
 * (when the site was read) and the run's state. Only fields whose value changes are
 * written and `updated_at` moves only then, so an enrichment that finds the same things
 * leaves the profile (and its ETag) as it was. Returns whether the profile changed; null
 * when there is no such company.
 */
export async function recordCompanyEnrichment(pool: Pool, id: string, outcome: EnrichmentOutcome): Promise<{ changed: boolean } | null> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<Record<string, unknown> & { profile: Record<string, unknown>; enrichment_found: EnrichmentFound | null; discovered_at: Date | null }>(
      `SELECT ${ENRICHED_COLUMNS.join(', ')}, profile, enrichment_found, discovered_at FROM companies WHERE id = $1 FOR UPDATE`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    const state = [outcome.status, outcome.error, outcome.nextEnrichAt];
    if (!outcome.found) {
      await client.query('UPDATE companies SET enriched_at = now(), enrich_status = $2, enrich_error = $3, next_enrich_at = $4 WHERE id = $1', [id, ...state]);
      return { changed: false };
    }
    const last = row.enrichment_found ?? {};
    const columns: Record<string, unknown> = {};
    const profile: Record<string, unknown> = { ...row.profile };
    const social: Record<string, unknown> = { ...((row.profile.social_links as Record<string, unknown> | undefined) ?? {}) };
    for (const [field, found] of Object.entries(outcome.found)) {
      // Once discovery has confirmed a careers site, its careers page (the one leading to the
      // board) is the company's careers_url; a home-page link does not replace it.
      if (field === 'profile.careers_url' && row.discovered_at) continue;
      if (field.startsWith('profile.')) {
        const key = field.slice('profile.'.length);
        profile[key] = mergedEnrichedValue(field, found, row.profile[key], last[field]);
        if (profile[key] === null || profile[key] === undefined) delete profile[key];
      } else if (field.startsWith('social_links.')) {
        const platform = field.slice('social_links.'.length);
        social[platform] = mergedEnrichedValue(field, found, social[platform], last[field]);
        if (social[platform] === null || social[platform] === undefined) delete social[platform];
      } else if ((ENRICHED_COLUMNS as readonly string[]).includes(field)) {
        columns[field] = mergedEnrichedValue(field, found, row[field], last[field]);
      } else {
        throw new Error(`recordCompanyEnrichment: ${field} is no field enrichment writes.`);
      }
    }
    if (Object.keys(social).length > 0) profile.social_links = social;
    else delete profile.social_links;
    const changedColumns = Object.keys(columns).filter((column) => !same(columns[column], row[column]));
    const changed = changedColumns.length > 0 || !same(canonical(profile), canonical(row.profile));
    // Keep only the evidence actually found: it is what a later run may clear.
    const evidence = Object.fromEntries(Object.entries(outcome.found).filter(([, value]) => !isEmpty(value)));
    const sets = changedColumns.map((column, index) => `${column} = $${index + 6}`);
    await client.query(
      `UPDATE companies SET enriched_at = now(), enrich_status = $2, enrich_error = $3, next_enrich_at = $4, enrichment_found = $5
         ${changed ? `, profile = $${changedColumns.length + 6}, updated_at = now()` : ''}
         ${sets.length ? `, ${sets.join(', ')}` : ''}
       WHERE id = $1`,
      [id, ...state, JSON.stringify(evidence), ...changedColumns.map((column) => columns[column]), ...(changed ? [JSON.stringify(profile)] : [])],
    );
    // Jobs carry their company's name for search (title and company words): a new name
    // reaches them in the same transaction, and the search index through its trigger.
    if (changedColumns.includes('name')) await client.query('UPDATE jobs SET company_name = $2 WHERE company_id = $1 AND company_name IS DISTINCT FROM $2', [id, columns.name]);
    return { changed };
  });
}

/** A JSON value with object keys sorted, for comparing documents whose key order differs (jsonb reorders keys). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
  }
  return value;
}

export async function findEnrichmentState(db: Queryable, id: string): Promise<EnrichmentState | null> {
  const { rows } = await db.query<EnrichmentState>('SELECT enriched_at, enrich_status, enrich_error, next_enrich_at FROM companies WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/**
 * Claims up to `limit` live companies with a website whose enrichment is due (never
 * planned, or next_enrich_at passed), moving their next_enrich_at `leaseMinutes` on so the
 * next round does not queue them again while their run waits; the run sets the real next
 * time. Returns their ids.
 */
export async function claimCompaniesDueForEnrichment(db: Queryable, limit: number, leaseMinutes: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE companies c SET next_enrich_at = now() + make_interval(mins => $2)
      WHERE c.id IN (SELECT id FROM companies
                      WHERE NOT sandbox AND disabled_at IS NULL AND website IS NOT NULL
                        AND (next_enrich_at IS NULL OR next_enrich_at <= now())
                      ORDER BY next_enrich_at NULLS FIRST LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING c.id`,
    [limit, leaseMinutes],
  );
  return rows.map((row) => row.id);
}

export interface CompanyMatch {
  id: string;
  name: string;
  website: string | null;
  ats_provider: string | null;
}

/**
 * Live (not sandbox, not disabled) companies whose name contains `text`, exact and
 * prefix matches first: the portal's search for the managed feed (trigram index on
 * lower(name)).
 */
export async function searchCompaniesByName(db: Queryable, text: string, limit: number): Promise<CompanyMatch[]> {
  const needle = text.trim().toLowerCase();
  const pattern = needle.replace(/[\\%_]/g, (char) => `\\${char}`);
  const { rows } = await db.query<CompanyMatch>(
    `SELECT id, name, website, ats_provider FROM companies
      WHERE NOT sandbox AND disabled_at IS NULL AND lower(name) LIKE '%' || $1 || '%'
      ORDER BY lower(name) = $2 DESC, lower(name) LIKE $1 || '%' DESC, name, id
      LIMIT $3`,
    [pattern, needle, limit],
  );
  return rows;
}
