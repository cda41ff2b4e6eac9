// Data access for operator company imports (companies/imports/company-import.ts): find
// companies by website domain, create the ones no company has, and set imported fields
// on the rest, writing (and moving updated_at) only when something changes.
import type { PoolClient, Queryable } from './pool.ts';

/** One checked line: typed columns and profile keys to set; name and website for a company to create. */
export interface CompanyImportRow {
  line: number;
  domain: string;
  name: string | null;
  website: string | null;
  columns: Record<string, unknown>;
  profile: Record<string, unknown>;
}

/** The typed columns an import may set (company-fields.ts marks them). */
const TEXT_COLUMNS = ['summary', 'logo_url', 'linkedin_url', 'crunchbase_url', 'country_code', 'company_size', 'funding_stage', 'company_type'] as const;
const ARRAY_COLUMNS = ['industries', 'categories'] as const;
const COLUMN_TYPES = { founding_year: 'integer', is_agency: 'boolean' } as const;
const ALL_COLUMNS = [...TEXT_COLUMNS, ...ARRAY_COLUMNS, ...(Object.keys(COLUMN_TYPES) as (keyof typeof COLUMN_TYPES)[])];

/** A column's value from the line's `columns` document (alias i), or null. */
function incoming(column: (typeof ALL_COLUMNS)[number]): string {
  if ((ARRAY_COLUMNS as readonly string[]).includes(column)) return `ARRAY(SELECT jsonb_array_elements_text(i.columns->'${column}'))`;
  const type = COLUMN_TYPES[column as keyof typeof COLUMN_TYPES];
  return type ? `(i.columns->>'${column}')::${type}` : `i.columns->>'${column}'`;
}

// The host of a website URL, `www.` dropped: how a line's domain is compared (as db/companies.ts does).
const WEBSITE_HOST = `regexp_replace(lower(substring(c.website from '^https?://([^/:?#]+)')), '^www\\.', '')`;

/**
 * domain → company id: the oldest company (not sandbox) whose website is on the domain,
 * else the company an earlier import created for it (source_key website:DOMAIN).
 */
export async function companiesByDomain(db: Queryable, domains: string[]): Promise<Map<string, string>> {
  if (domains.length === 0) return new Map();
  const { rows } = await db.query<{ domain: string; id: string }>(
    `WITH by_host AS (
       SELECT DISTINCT ON (host) host AS domain, id
         FROM (SELECT c.id, c.created_at, ${WEBSITE_HOST} AS host FROM companies c WHERE NOT c.sandbox AND c.website IS NOT NULL) hosts
        WHERE host = ANY($1::text[])
        ORDER BY host, created_at, id
     )
     SELECT domain, id FROM by_host
     UNION ALL
     SELECT substring(c.source_key from 9), c.id FROM companies c
      WHERE c.source_key = ANY(SELECT 'website:' || d FROM unnest($1::text[]) d)
        AND NOT EXISTS (SELECT 1 FROM by_host b WHERE 'website:' || b.domain = c.source_key)`,
    [domains],
  );
  return new Map(rows.map((row) => [row.domain, row.id]));
}

/** Creates one company per row (source_key website:DOMAIN); returns the lines created. */
export async function createImportedCompanies(client: PoolClient, rows: CompanyImportRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const { rows: created } = await client.query<{ source_key: string }>(
    `WITH i AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(line integer, domain text, name text, website text, columns jsonb, profile jsonb)
     )
     INSERT INTO companies (source_key, name, website, ${ALL_COLUMNS.join(', ')}, profile)
     SELECT 'website:' || i.domain, i.name, coalesce(i.website, 'https://' || i.domain),
            ${ALL_COLUMNS.map((column) => (ARRAY_COLUMNS as readonly string[]).includes(column) ? `coalesce(${incoming(column)}, '{}')` : incoming(column)).join(', ')},
            i.profile
       FROM i
     ON CONFLICT (source_key) DO NOTHING
     RETURNING source_key`,
    [JSON.stringify(rows)],
  );
  const lineOf = new Map(rows.map((row) => [`website:${row.domain}`, row.line]));
  return created.map((row) => lineOf.get(row.source_key)!);
}

/**
 * Sets the rows' fields on their companies (`id` each, all different): a column present in
 * the row replaces the stored one, profile keys replace theirs (social_links merge by
 * platform), everything else stays. Returns the lines whose company changed.
 */
export async function updateImportedCompanies(client: PoolClient, rows: (CompanyImportRow & { id: string })[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const { rows: updated } = await client.query<{ line: number }>(
    `WITH i AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(line integer, id uuid, columns jsonb, profile jsonb)
     ),
     next AS (
       SELECT i.line, c.id,
              ${ALL_COLUMNS.map((column) => `CASE WHEN i.columns ? '${column}' THEN ${incoming(column)} ELSE c.${column} END AS ${column}`).join(',\n              ')},
              c.profile || (i.profile - 'social_links')
                || CASE WHEN i.profile ? 'social_links'
                        THEN jsonb_build_object('social_links', coalesce(c.profile->'social_links', '{}'::jsonb) || (i.profile->'social_links'))
                        ELSE '{}'::jsonb END AS profile
         FROM i JOIN companies c ON c.id = i.id
     )
     UPDATE companies c SET ${ALL_COLUMNS.map((column) => `${column} = next.${column}`).join(', ')}, profile = next.profile, updated_at = now()
       FROM next
      WHERE c.id = next.id
        AND (${ALL_COLUMNS.map((column) => `c.${column}`).join(', ')}, c.profile)
            IS DISTINCT FROM (${ALL_COLUMNS.map((column) => `next.${column}`).join(', ')}, next.profile)
     RETURNING next.line`,
    [JSON.stringify(rows)],
  );
  return updated.map((row) => row.line);
}
