// The company profile (spec 2.6). Typed columns and the enrichment `profile` document
// make one object in which every field is present: scalars as their type or null,
// arrays empty rather than null. "Types are string unless stated" is applied as written.
import type { CompanyRow } from '../../db/companies.ts';
import { defineComponent, nullable } from '../schemas/registry.ts';

const SOCIAL_PLATFORMS = [
  'linkedin', 'twitter', 'facebook', 'instagram', 'youtube', 'github', 'g2', 'the service', 'angellist', 'tiktok',
  'glassdoor', 'xing', 'threads', 'bluesky', 'pinterest', 'vimeo', 'medium', 'kununu', 'trustpilot', 'indeed', 'mastodon',
] as const;

/** Flat `*_url` fields that repeat a social_links entry. */
const FLAT_SOCIAL: Record<string, string> = {
  linkedin_url: 'linkedin',
  twitter_url: 'twitter',
  facebook_url: 'facebook',
  instagram_url: 'instagram',
  angellist_url: 'angellist',
  youtube_url: 'youtube',
  github_url: 'github',
  g2_url: 'g2',
  crunchbase_url: 'crunchbase',
};

const STRING_FIELDS = [
  'legal_name', 'description', 'careers_url', 'linkedin_company_id', 'headquarters_location', 'headquarters_region',
  'continent', 'founding_year', 'revenue', 'primary_industry', 'operating_status', 'ipo_status', 'stock_symbol',
  'stock_exchange', 'acquired_by_company', 'parent_company_url', 'total_funding', 'funds_total_formatted',
] as const;
const BOOLEAN_FIELDS = ['is_acquired'] as const;
const NUMBER_FIELDS = ['page_rank'] as const;
const STRING_ARRAY_FIELDS = [
  'headquarters_regions', 'naics_codes', 'investors', 'investor_types', 'technology_list', 'technologies',
  'technology_mentions', 'research_focus_areas', 'subsidiary_list',
] as const;

const str = { type: 'string' };
const nstr = nullable({ type: 'string' });
const nint = nullable({ type: 'integer' });
const objects = (properties: Record<string, unknown>) => ({
  type: 'array',
  items: { type: 'object', required: Object.keys(properties), properties },
});

const OBJECT_ARRAYS = {
  funding_rounds: { investment_type: nstr, announced_on: nstr, raised_amount: nstr, post_money_valuation: nstr, investor_count: nint, lead_investor: nstr },
  ratings: { source: nstr, rating: nstr, url: nstr, review_count: nint },
  h1b_annual_job_counts: { year: nint, count: nint },
  h1b_title_distribution: { title: nstr, count: nint },
  tech_stack: { name: nstr, categories: { type: 'array', items: str } },
  products: { name: nstr, description: nstr },
  software_used: { name: nstr, description: nstr },
  acquisitions: { acquiree_name: nstr, title: nstr },
  exits: { name: nstr, description: nstr },
  sub_organizations: { name: nstr, ownership_type: nstr, title: nstr },
} as const;
const INTEGER_KEYS = new Set(['investor_count', 'review_count', 'year', 'count']);

export const CompanyProfileSchema = defineComponent('CompanyProfile', {
  type: 'object',
  required: [
    'id', 'name', 'summary', 'website', 'listing_url', 'logo_url', 'ats_provider', 'social_links', 'country_code',
    'company_size', 'is_agency', 'industries', 'categories', 'company_type', 'funding_stage', 'leadership_hires', 'layoffs',
    ...Object.keys(FLAT_SOCIAL), ...STRING_FIELDS, ...BOOLEAN_FIELDS, ...NUMBER_FIELDS, ...STRING_ARRAY_FIELDS, ...Object.keys(OBJECT_ARRAYS),
  ],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: str,
    summary: nstr,
    website: nstr,
    listing_url: nstr,
    logo_url: nstr,
    ats_provider: nstr,
    country_code: nstr,
    company_size: nstr,
    company_type: nstr,
    funding_stage: nstr,
    is_agency: nullable({ type: 'boolean' }),
    industries: { type: 'array', items: str },
    categories: { type: 'array', items: str },
    social_links: { type: 'object', additionalProperties: { type: 'string' } },
    ...Object.fromEntries(Object.keys(FLAT_SOCIAL).map((name) => [name, nstr])),
    ...Object.fromEntries(STRING_FIELDS.map((name) => [name, nstr])),
    ...Object.fromEntries(BOOLEAN_FIELDS.map((name) => [name, nullable({ type: 'boolean' })])),
    ...Object.fromEntries(NUMBER_FIELDS.map((name) => [name, nullable({ type: 'number' })])),
    ...Object.fromEntries(STRING_ARRAY_FIELDS.map((name) => [name, { type: 'array', items: str }])),
    ...Object.fromEntries(Object.entries(OBJECT_ARRAYS).map(([name, properties]) => [name, objects(properties)])),
    leadership_hires: { type: 'array', items: { type: 'object', required: ['date'], properties: { date: nstr } } },
    layoffs: { type: 'array', items: { type: 'object', required: ['date'], properties: { date: nstr } } },
  },
});

function asString(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'string' ? value : String(value);
}

function asInteger(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isInteger(number) ? number : null;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function objectArray(value: unknown, properties: Record<string, unknown>) {
  return asArray(value)
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) =>
      Object.fromEntries(
        Object.keys(properties).map((key) => [
          key,
          key === 'categories' ? asArray(item[key]).map(String) : INTEGER_KEYS.has(key) ? asInteger(item[key]) : asString(item[key]),
        ]),
      ),
    );
}

function dated(value: unknown) {
  // Event entries keep their other members as enrichment sent them.
  return asArray(value)
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({ ...item, date: asString(item.date) }));
}

export function serializeCompanyProfile(company: CompanyRow) {
  const profile = company.profile ?? {};
  const social: Record<string, string> = {};
  const storedSocial = (profile.social_links ?? {}) as Record<string, unknown>;
  for (const platform of SOCIAL_PLATFORMS) {
    const url = asString(storedSocial[platform]);
    if (url) social[platform] = url;
  }
  const flatValue = (name: string): string | null => {
    if (name === 'linkedin_url') return company.linkedin_url ?? social.linkedin ?? null;
    if (name === 'crunchbase_url') return company.crunchbase_url ?? asString(profile.crunchbase_url);
    return asString(profile[name]) ?? social[FLAT_SOCIAL[name]!] ?? null;
  };
  const flat = Object.fromEntries(Object.keys(FLAT_SOCIAL).map((name) => [name, flatValue(name)]));
  // The flat fields repeat social_links; a platform known only from a flat field joins the set.
  for (const [name, platform] of Object.entries(FLAT_SOCIAL)) {
    if (flat[name] && platform !== 'crunchbase' && !social[platform]) social[platform] = flat[name]!;
  }
  return {
    id: company.id,
    name: company.name,
    legal_name: asString(profile.legal_name),
    summary: company.summary,
    description: asString(profile.description),
    website: company.website,
    listing_url: company.listing_url,
    logo_url: company.logo_url,
    careers_url: asString(profile.careers_url),
    ats_provider: company.ats_provider,
    ...flat,
    linkedin_company_id: asString(profile.linkedin_company_id),
    social_links: social,
    headquarters_location: asString(profile.headquarters_location),
    headquarters_region: asString(profile.headquarters_region),
    headquarters_regions: asArray(profile.headquarters_regions).map(String),
    country_code: company.country_code,
    continent: asString(profile.continent),
    founding_year: asString(company.founding_year ?? profile.founding_year),
    company_size: company.company_size,
    revenue: asString(profile.revenue),
    is_agency: company.is_agency,
    industries: company.industries,
    primary_industry: asString(profile.primary_industry),
    categories: company.categories,
    naics_codes: asArray(profile.naics_codes).map(String),
    operating_status: asString(profile.operating_status),
    ipo_status: asString(profile.ipo_status),
    company_type: company.company_type,
    stock_symbol: asString(profile.stock_symbol),
    stock_exchange: asString(profile.stock_exchange),
    is_acquired: typeof profile.is_acquired === 'boolean' ? profile.is_acquired : null,
    acquired_by_company: asString(profile.acquired_by_company),
    parent_company_url: asString(profile.parent_company_url),
    page_rank: typeof profile.page_rank === 'number' ? profile.page_rank : null,
    funding_stage: company.funding_stage,
    total_funding: asString(profile.total_funding),
    funds_total_formatted: asString(profile.funds_total_formatted),
    investors: asArray(profile.investors).map(String),
    investor_types: asArray(profile.investor_types).map(String),
    ...Object.fromEntries(Object.entries(OBJECT_ARRAYS).map(([name, properties]) => [name, objectArray(profile[name], properties)])),
    technology_list: asArray(profile.technology_list).map(String),
    technologies: asArray(profile.technologies).map(String),
    technology_mentions: asArray(profile.technology_mentions).map(String),
    research_focus_areas: asArray(profile.research_focus_areas).map(String),
    subsidiary_list: asArray(profile.subsidiary_list).map(String),
    leadership_hires: dated(profile.leadership_hires),
    layoffs: dated(profile.layoffs),
  };
}
