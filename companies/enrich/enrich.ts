// Company enrichment: read the company's home page (crawlers/site-fetch.ts: robots.txt,
// guard, limits) and fill the profile fields the site gives evidence for — name and legal
// name, description, logo (checked to load), social profiles, headquarters (geocoded),
// founding year, size band, careers page, technologies. A field without evidence is
// null (arrays empty); nothing is taken from the company's name. The result is recorded
// by db/companies.ts recordCompanyEnrichment, which writes only what changed.
//
// enrichCompanyNow(config, pool, id) is the one call for an operator (admin CLI) or a
// worker: it runs one enrichment and returns what it found.
import type { Config } from '../../lib/config.ts';
import type { Pool } from '../../db/pool.ts';
import { findCompany, recordCompanyEnrichment, type EnrichStatus, type EnrichmentFound } from '../../db/companies.ts';
import type { HostGates } from '../../crawlers/host-gate.ts';
import type { CrawlHttpSettings } from '../../crawlers/http.ts';
import { SiteFetcher, siteHttpSettings, type SitePage } from '../../crawlers/site-fetch.ts';
import type { Geocoder } from '../../geo/geocoder.ts';
import { geocoderFor } from '../../geo/structured-place.ts';
import { findCareersUrl } from './careers-link.ts';
import { resolveHeadquarters, type Headquarters } from './headquarters.ts';
import { readOrganization, type OrganizationFacts } from './json-ld.ts';
import { checkedLogo, logoCandidates } from './logo.ts';
import { metaValue, readPage, type PageFacts } from './page-facts.ts';
import { sizeBand } from './size-band.ts';
import { collectProfileLinks } from './social-links.ts';
import { SOCIAL_PLATFORMS } from '../../lib/social-platforms.ts';
import { detectTechnologies, type DetectedTechnology } from './technologies.ts';

/** A company is enriched again this long after a run that read its site. */
export const ENRICH_INTERVAL_DAYS = 7;
/** A site that could not be read is tried again sooner. */
export const ENRICH_RETRY_DAYS = 1;

export interface EnrichDeps {
  pool: Pool;
  http: CrawlHttpSettings;
  gates?: HostGates;
  geocoder?: Geocoder;
}

export interface EnrichmentReport {
  company_id: string;
  website: string | null;
  status: EnrichStatus;
  /** Why the site could not be read (null when it was). */
  error: string | null;
  /** The page that was read, after redirects. */
  final_url: string | null;
  /** Whether the profile changed (its ETag with it). */
  changed: boolean;
  /** What the site showed, field by field (null when it was not read). */
  found: EnrichmentFound | null;
  next_enrich_at: string;
}

export class CompanyNotFoundError extends Error {
  override name = 'CompanyNotFoundError';
}

/** Enriches one company now and records the result (the admin CLI's and the worker's call). */
export async function enrichCompanyNow(config: Config, pool: Pool, companyId: string): Promise<EnrichmentReport> {
  return enrichCompany({ pool, http: siteHttpSettings(config) }, companyId);
}

export async function enrichCompany(deps: EnrichDeps, companyId: string): Promise<EnrichmentReport> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(companyId)) throw new CompanyNotFoundError(`${JSON.stringify(companyId)} is not a company id (a UUID).`);
  const company = await findCompany(deps.pool, companyId);
  if (!company) throw new CompanyNotFoundError(`No company ${companyId}.`);
  const website = homePage(company.website);
  let status: EnrichStatus = 'ok';
  let error: string | null = null;
  let found: EnrichmentFound | null = null;
  let finalUrl: string | null = null;
  if (!website) {
    status = company.website ? 'invalid_url' : 'no_website';
    error = company.website ? `The website ${JSON.stringify(company.website)} is not an http(s) URL.` : 'The company has no website.';
  } else {
    const fetcher = new SiteFetcher(deps.http, deps.gates ? { gates: deps.gates } : {});
    try {
      const page = await fetcher.fetchPage(website);
      if (page.ok) {
        finalUrl = page.finalUrl;
        found = await readSite(page, fetcher, deps.geocoder ?? (await geocoderFor(deps.pool)));
      } else {
        status = page.reason;
        error = page.message;
      }
    } finally {
      fetcher.close();
    }
  }
  const days = status === 'ok' || status === 'robots_disallowed' || status === 'no_website' ? ENRICH_INTERVAL_DAYS : ENRICH_RETRY_DAYS;
  const nextEnrichAt = new Date(Date.now() + days * 86_400_000);
  const recorded = await recordCompanyEnrichment(deps.pool, companyId, { status, error, found, nextEnrichAt });
  if (!recorded) throw new CompanyNotFoundError(`Company ${companyId} was deleted during its enrichment.`);
  return { company_id: companyId, website: company.website, status, error, final_url: finalUrl, changed: recorded.changed, found, next_enrich_at: nextEnrichAt.toISOString() };
}

/** The URL of a stored website ("acme.com" is read as https://acme.com/), or null. */
export function homePage(website: string | null): string | null {
  const text = website?.trim();
  if (!text) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Everything a read page shows, the logo checked and the address geocoded. */
async function readSite(page: SitePage, fetcher: SiteFetcher, geocoder: Geocoder): Promise<EnrichmentFound> {
  const facts = readPage(page.html, page.finalUrl);
  const organization = readOrganization(facts.jsonLd, page.finalUrl);
  const logo = await checkedLogo(fetcher, logoCandidates(facts, organization?.logo ?? []));
  const headquarters = await resolveHeadquarters(geocoder, organization?.address ?? null);
  const technologies = detectTechnologies({
    url: page.finalUrl,
    html: page.html,
    headers: page.headers,
    cookies: page.cookies,
    meta: facts.meta,
    scriptSrc: facts.scriptSrc,
    scripts: facts.scripts,
  });
  return pageFindings(facts, organization, logo, headquarters, technologies);
}

/** The found fields, every one present (null or [] without evidence). */
export function pageFindings(
  facts: PageFacts,
  organization: OrganizationFacts | null,
  logo: string | null,
  headquarters: Headquarters | null,
  technologies: DetectedTechnology[],
): EnrichmentFound {
  const profiles = collectProfileLinks(organization?.sameAs ?? [], facts.anchors);
  const found: EnrichmentFound = {
    name: organization?.name ?? metaValue(facts, 'og:site_name'),
    'profile.legal_name': organization?.legalName ?? null,
    'profile.description': organization?.description ?? metaValue(facts, 'description') ?? metaValue(facts, 'og:description'),
    logo_url: logo,
    linkedin_url: profiles.social.linkedin ?? null,
    crunchbase_url: profiles.crunchbase,
    'profile.linkedin_company_id': profiles.linkedinCompanyId,
    country_code: headquarters?.countryCode ?? null,
    'profile.headquarters_location': headquarters?.location ?? null,
    'profile.headquarters_region': headquarters?.region ?? null,
    'profile.continent': headquarters?.continent ?? null,
    founding_year: foundingYear(organization?.foundingDate ?? null),
    company_size: sizeBand(organization?.employees ?? null),
    'profile.careers_url': findCareersUrl(facts.anchors),
    'profile.technologies': technologies.map((technology) => technology.slug),
    'profile.technology_list': technologies.map((technology) => technology.name),
    'profile.tech_stack': technologies.map((technology) => ({ name: technology.name, categories: technology.categories })),
  };
  // "the service" has no host to recognise (social-links.ts); it is left to other sources.
  for (const platform of SOCIAL_PLATFORMS) if (platform !== 'the service') found[`social_links.${platform}`] = profiles.social[platform] ?? null;
  return found;
}

/** The year of a schema.org foundingDate ("2014", "2014-03-01"), when it is a plausible one. */
export function foundingYear(date: string | null): number | null {
  const year = Number(/^\s*(\d{4})(?:\b|-)/.exec(date ?? '')?.[1]);
  return Number.isInteger(year) && year >= 1600 && year <= new Date().getUTCFullYear() ? year : null;
}
