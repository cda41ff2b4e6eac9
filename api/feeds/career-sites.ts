// POST /api/career-sites/feed: companies with a discovered careers page, in discovery
// order, filtered by the company attributes of spec 4.2, by signed cursor.
import type { Context } from 'koa';
import { careerSites, type CareerSiteRow } from '../../db/career-sites.ts';
import { boundList } from './cursor.ts';
import { decodeKeyset, pageOf } from './keyset.ts';
import { withCursorLock } from './cursor-lock.ts';
import type { CareerSite, CareerSitesBody, CareerSitesResponse } from '../schemas/feeds.ts';

const instant = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());

function serializeCareerSite(row: CareerSiteRow, baseUrl: string): CareerSite {
  return {
    id: row.id,
    name: row.name,
    website: row.website,
    logo_url: row.logo_url,
    summary: row.summary,
    industries: row.industries,
    categories: row.categories,
    linkedin_url: row.linkedin_url,
    crunchbase_url: row.crunchbase_url,
    ats: row.ats_provider,
    listing_url: row.listing_url,
    details_url: `${baseUrl}/api/companies/${row.id}`,
    discovered_at: row.discovered_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function careerSitesFeed(ctx: Context, body: CareerSitesBody): Promise<CareerSitesResponse> {
  const { pool, feeds, config } = ctx.services;
  const principal = ctx.state.principal!;
  const bound = {
    sandbox: principal.kind === 'sandbox',
    industries: boundList(body.industries),
    company_sizes: boundList(body.company_sizes),
    country_codes: boundList(body.country_codes?.map((code) => code.toUpperCase())),
    funding_stages: boundList(body.funding_stages),
    company_types: boundList(body.company_types),
    founded_after: body.founded_after,
    is_agency: body.is_agency,
    updated_after: instant(body.updated_after),
    discovered_after: instant(body.discovered_after),
    discovered_before: instant(body.discovered_before),
  };
  const after = body.cursor ? decodeKeyset(feeds.cursors.open(body.cursor, principal.account.id, 'career-sites', bound)) : null;
  const limit = body.batch_size;
  const date = (value: string | undefined) => (value === undefined ? undefined : new Date(value));
  const rows = await feeds.gate.run(() =>
    withCursorLock(pool, body.cursor, () =>
      careerSites(
        pool,
        {
          sandbox: bound.sandbox,
          industries: bound.industries,
          companySizes: bound.company_sizes,
          countryCodes: bound.country_codes,
          fundingStages: bound.funding_stages,
          companyTypes: bound.company_types,
          foundedAfter: bound.founded_after,
          isAgency: bound.is_agency,
          updatedAfter: date(bound.updated_after),
          discoveredAfter: date(bound.discovered_after),
          discoveredBefore: date(bound.discovered_before),
        },
        after,
        limit + 1,
      ),
    ),
  );
  const page = pageOf(rows, limit);
  ctx.state.billableJobs = page.rows.length;
  return {
    career_sites: page.rows.map((row) => serializeCareerSite(row, config.baseUrl)),
    next_cursor: page.next === null ? null : feeds.cursors.seal(principal.account.id, 'career-sites', bound, page.next),
    has_more: page.next !== null,
  };
}
