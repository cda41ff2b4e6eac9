// Data access for career-site discovery (crawlers/discovery/): the company as discovery
// sees it, marking its confirmed careers site, and the record of each company's last run
// (career_site_checks, migration 016).
import type { Queryable } from './pool.ts';

export const DISCOVERY_OUTCOMES = ['registered', 'no_website', 'site_unreachable', 'no_careers_page', 'no_ats', 'not_confirmed'] as const;
export type DiscoveryOutcomeName = (typeof DISCOVERY_OUTCOMES)[number];

export interface DiscoveryCompany {
  id: string;
  name: string;
  website: string | null;
  sandbox: boolean;
  disabled: boolean;
  listing_url: string | null;
  ats_provider: string | null;
  discovered_at: Date | null;
  /** Active boards registered for it. */
  boards: number;
}

export async function findDiscoveryCompany(db: Queryable, id: string, options: { lock?: boolean } = {}): Promise<DiscoveryCompany | null> {
  const { rows } = await db.query<DiscoveryCompany>(
    `SELECT c.id, c.name, c.website, c.sandbox, c.disabled_at IS NOT NULL AS disabled, c.listing_url, c.ats_provider, c.discovered_at,
            (SELECT count(*)::int FROM boards b WHERE b.company_id = c.id AND b.status = 'active') AS boards
       FROM companies c WHERE c.id = $1 ${options.lock ? 'FOR UPDATE OF c' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** The company's careers site is confirmed: its ATS, the board's page, the careers page on its site; discovered now unless it was before. */
export async function markCareerSite(db: Queryable, id: string, site: { ats: string; listing_url: string; careers_url: string | null }): Promise<Date> {
  const { rows } = await db.query<{ discovered_at: Date }>(
    `UPDATE companies SET ats_provider = $2, listing_url = $3,
            profile = CASE WHEN $4::text IS NULL THEN profile ELSE profile || jsonb_build_object('careers_url', $4::text) END,
            discovered_at = coalesce(discovered_at, now()), updated_at = now()
      WHERE id = $1 RETURNING discovered_at`,
    [id, site.ats, site.listing_url, site.careers_url],
  );
  if (!rows[0]) throw new Error(`No company ${id}.`);
  return rows[0].discovered_at;
}

export interface CareerSiteCheck {
  company_id: string;
  outcome: DiscoveryOutcomeName;
  careers_url: string | null;
  board_id: string | null;
  detail: Record<string, unknown>;
}

export async function recordCareerSiteCheck(db: Queryable, check: CareerSiteCheck): Promise<void> {
  await db.query(
    `INSERT INTO career_site_checks (company_id, outcome, careers_url, board_id, detail) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (company_id) DO UPDATE SET checked_at = now(), outcome = EXCLUDED.outcome, careers_url = EXCLUDED.careers_url,
       board_id = EXCLUDED.board_id, detail = EXCLUDED.detail`,
    [check.company_id, check.outcome, check.careers_url, check.board_id, JSON.stringify(check.detail)],
  );
}

export async function findCareerSiteCheck(db: Queryable, companyId: string): Promise<(CareerSiteCheck & { checked_at: Date }) | null> {
  const { rows } = await db.query<CareerSiteCheck & { checked_at: Date }>('SELECT * FROM career_site_checks WHERE company_id = $1', [companyId]);
  return rows[0] ?? null;
}

/**
 * Whether a company needs discovery: it has a website, is live data (not sandbox, not
 * disabled), no careers site is confirmed and no active board is registered for it.
 */
export async function needsDiscovery(db: Queryable, companyId: string): Promise<boolean> {
  const { rows } = await db.query<{ needs: boolean }>(
    `SELECT c.website IS NOT NULL AND NOT c.sandbox AND c.disabled_at IS NULL AND c.discovered_at IS NULL
            AND NOT EXISTS (SELECT FROM boards b WHERE b.company_id = c.id AND b.status = 'active') AS needs
       FROM companies c WHERE c.id = $1`,
    [companyId],
  );
  return rows[0]?.needs ?? false;
}
