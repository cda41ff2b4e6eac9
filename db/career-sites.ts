// The career-sites feed: companies with a discovered careers page (listing_url), in
// discovery order, read by keyset on companies_career_sites (migration 005).
import type { CompanySummaryColumns } from './companies.ts';
import type { Queryable } from './pool.ts';

export interface CareerSiteFilters {
  sandbox: boolean;
  /** Any of them (case-insensitive). */
  industries?: string[];
  companySizes?: string[];
  countryCodes?: string[];
  fundingStages?: string[];
  companyTypes?: string[];
  /** Founded in a later year. */
  foundedAfter?: number;
  isAgency?: boolean;
  /** Strictly after. */
  updatedAfter?: Date;
  /** On or after. */
  discoveredAfter?: Date;
  /** Strictly before. */
  discoveredBefore?: Date;
}

export interface CareerSiteRow extends CompanySummaryColumns {
  ats_provider: string | null;
  listing_url: string;
  discovered_at: Date;
  updated_at: Date;
  /** discovered_at in microseconds since the epoch: the position after this row. */
  at: string;
}

export async function careerSites(
  db: Queryable,
  filters: CareerSiteFilters,
  after: { at: string; id: string } | null,
  limit: number,
): Promise<CareerSiteRow[]> {
  const params: unknown[] = [];
  const add = (value: unknown) => `$${params.push(value)}`;
  const conditions = [`sandbox = ${add(filters.sandbox)}`, 'listing_url IS NOT NULL', 'disabled_at IS NULL'];
  const lowered = (values: string[]) => values.map((value) => value.toLowerCase());
  if (filters.industries?.length) conditions.push(`EXISTS (SELECT FROM unnest(industries) AS industry WHERE lower(industry) = ANY(${add(lowered(filters.industries))}::text[]))`);
  if (filters.companySizes?.length) conditions.push(`company_size = ANY(${add(filters.companySizes)}::text[])`);
  if (filters.countryCodes?.length) conditions.push(`upper(country_code) = ANY(${add(filters.countryCodes.map((code) => code.toUpperCase()))}::text[])`);
  if (filters.fundingStages?.length) conditions.push(`lower(funding_stage) = ANY(${add(lowered(filters.fundingStages))}::text[])`);
  if (filters.companyTypes?.length) conditions.push(`company_type = ANY(${add(filters.companyTypes)}::text[])`);
  if (filters.foundedAfter !== undefined) conditions.push(`founding_year > ${add(filters.foundedAfter)}`);
  if (filters.isAgency !== undefined) conditions.push(`is_agency = ${add(filters.isAgency)}`);
  if (filters.updatedAfter) conditions.push(`updated_at > ${add(filters.updatedAfter)}`);
  if (filters.discoveredAfter) conditions.push(`discovered_at >= ${add(filters.discoveredAfter)}`);
  if (filters.discoveredBefore) conditions.push(`discovered_at < ${add(filters.discoveredBefore)}`);
  if (after) conditions.push(`(discovered_at, id) > (timestamptz 'epoch' + ${add(after.at)}::int8 * interval '1 microsecond', ${add(after.id)}::uuid)`);
  const { rows } = await db.query<CareerSiteRow>(
    `SELECT id, name, website, logo_url, summary, industries, categories, linkedin_url, crunchbase_url, ats_provider,
            listing_url, discovered_at, updated_at, (extract(epoch FROM discovered_at) * 1000000)::int8::text AS at
       FROM companies WHERE ${conditions.join(' AND ')}
      ORDER BY discovered_at, id LIMIT ${Number(limit)}`,
    params,
  );
  return rows;
}
