// The company profile (spec 2.6). Typed columns and the enrichment `profile` document
// make one object in which every field is present: scalars as their type or null,
// arrays empty rather than null. "Types are string unless stated" is applied as written.
import type { CompanyRow } from '../../db/companies.ts';
import { Type, defineComponent, nullable, type Static, type TProperties } from '../schemas/registry.ts';
import { SOCIAL_PLATFORMS } from '../../lib/social-platforms.ts';


/** Flat `*_url` fields that repeat a social_links entry. */
const FLAT_SOCIAL = {
  linkedin_url: 'linkedin',
  twitter_url: 'twitter',
  facebook_url: 'facebook',
  instagram_url: 'instagram',
  angellist_url: 'angellist',
  youtube_url: 'youtube',
  github_url: 'github',
  g2_url: 'g2',
  crunchbase_url: 'crunchbase',
} as const;

const nstr = nullable(Type.String());
const nint = nullable(Type.Integer());
const strings = Type.Array(Type.String());
const exact = { additionalProperties: false } as const;
const entries = <P extends TProperties>(properties: P) => Type.Array(Type.Object(properties, exact));
/** Event entries: a `date`, and whatever else enrichment recorded (spec 2.6: "not shown"). */
const datedEntries = Type.Array(Type.Object({ date: nstr }, { additionalProperties: true }));

const OBJECT_ARRAYS = {
  funding_rounds: { investment_type: nstr, announced_on: nstr, raised_amount: nstr, post_money_valuation: nstr, investor_count: nint, lead_investor: nstr },
  ratings: { source: nstr, rating: nstr, url: nstr, review_count: nint },
  h1b_annual_job_counts: { year: nint, count: nint },
  h1b_title_distribution: { title: nstr, count: nint },
  tech_stack: { name: nstr, categories: strings },
  products: { name: nstr, description: nstr },
  software_used: { name: nstr, description: nstr },
  acquisitions: { acquiree_name: nstr, title: nstr },
  exits: { name: nstr, description: nstr },
  sub_organizations: { name: nstr, ownership_type: nstr, title: nstr },
};
const INTEGER_KEYS = new Set(['investor_count', 'review_count', 'year', 'count']);

export const CompanyProfileSchema = defineComponent(
  'CompanyProfile',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      name: Type.String(),
      legal_name: nstr,
      summary: nstr,
      description: nstr,
      website: nstr,
      listing_url: nstr,
      logo_url: nstr,
      careers_url: nstr,
      ats_provider: nstr,
      linkedin_url: nstr,
      twitter_url: nstr,
      facebook_url: nstr,
      instagram_url: nstr,
      angellist_url: nstr,
      youtube_url: nstr,
      github_url: nstr,
      g2_url: nstr,
      crunchbase_url: nstr,
      linkedin_company_id: nstr,
      social_links: Type.Object(Object.fromEntries(SOCIAL_PLATFORMS.map((platform) => [platform, Type.Optional(Type.String())])) as Record<
        (typeof SOCIAL_PLATFORMS)[number],
        ReturnType<typeof Type.Optional<ReturnType<typeof Type.String>>>
      >, exact),
      headquarters_location: nstr,
      headquarters_region: nstr,
      headquarters_regions: strings,
      country_code: nstr,
      continent: nstr,
      founding_year: nstr,
      company_size: nstr,
      revenue: nstr,
      is_agency: nullable(Type.Boolean()),
      industries: strings,
      primary_industry: nstr,
      categories: strings,
      naics_codes: strings,
      operating_status: nstr,
      ipo_status: nstr,
      company_type: nstr,
      stock_symbol: nstr,
      stock_exchange: nstr,
      is_acquired: nullable(Type.Boolean()),
      acquired_by_company: nstr,
      parent_company_url: nstr,
      page_rank: nullable(Type.Number()),
      funding_stage: nstr,
      total_funding: nstr,
      funds_total_formatted: nstr,
      investors: strings,
      investor_types: strings,
      funding_rounds: entries(OBJECT_ARRAYS.funding_rounds),
      ratings: entries(OBJECT_ARRAYS.ratings),
      h1b_annual_job_counts: entries(OBJECT_ARRAYS.h1b_annual_job_counts),
      h1b_title_distribution: entries(OBJECT_ARRAYS.h1b_title_distribution),
      technology_list: strings,
      tech_stack: entries(OBJECT_ARRAYS.tech_stack),
      technologies: strings,
      technology_mentions: strings,
      products: entries(OBJECT_ARRAYS.products),
      software_used: entries(OBJECT_ARRAYS.software_used),
      research_focus_areas: strings,
      acquisitions: entries(OBJECT_ARRAYS.acquisitions),
      exits: entries(OBJECT_ARRAYS.exits),
      subsidiary_list: strings,
      sub_organizations: entries(OBJECT_ARRAYS.sub_organizations),
      leadership_hires: datedEntries,
      layoffs: datedEntries,
    },
    exact,
  ),
);

export type CompanyProfile = Static<typeof CompanyProfileSchema>;
type SocialLinks = CompanyProfile['social_links'];

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

/** Entries of one OBJECT_ARRAYS kind, each with exactly its keys, typed as the schema says. */
function objectArray<K extends keyof typeof OBJECT_ARRAYS>(value: unknown, kind: K): CompanyProfile[K] {
  const properties = OBJECT_ARRAYS[kind];
  return asArray(value)
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) =>
      Object.fromEntries(
        Object.keys(properties).map((key) => [
          key,
          key === 'categories' ? asArray(item[key]).map(String) : INTEGER_KEYS.has(key) ? asInteger(item[key]) : asString(item[key]),
        ]),
      ),
    ) as CompanyProfile[K];
}

function dated(value: unknown): CompanyProfile['layoffs'] {
  // Event entries keep their other members as enrichment sent them.
  return asArray(value)
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({ ...item, date: asString(item.date) }));
}

export function serializeCompanyProfile(company: CompanyRow): CompanyProfile {
  const profile = company.profile ?? {};
  const social: SocialLinks = {};
  const storedSocial = (profile.social_links ?? {}) as Record<string, unknown>;
  for (const platform of SOCIAL_PLATFORMS) {
    const url = asString(storedSocial[platform]);
    if (url) social[platform] = url;
  }
  type FlatField = keyof typeof FLAT_SOCIAL;
  const flatNames = Object.keys(FLAT_SOCIAL) as FlatField[];
  const flatValue = (name: FlatField): string | null => {
    if (name === 'linkedin_url') return company.linkedin_url ?? social.linkedin ?? null;
    if (name === 'crunchbase_url') return company.crunchbase_url ?? asString(profile.crunchbase_url);
    return asString(profile[name]) ?? social[FLAT_SOCIAL[name] as keyof SocialLinks] ?? null;
  };
  const flat = Object.fromEntries(flatNames.map((name) => [name, flatValue(name)])) as Record<FlatField, string | null>;
  // The flat fields repeat social_links; a platform known only from a flat field joins the set.
  for (const name of flatNames) {
    const platform = FLAT_SOCIAL[name];
    const key = platform as keyof SocialLinks;
    if (flat[name] && platform !== 'crunchbase' && !social[key]) social[key] = flat[name]!;
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
    funding_rounds: objectArray(profile.funding_rounds, 'funding_rounds'),
    ratings: objectArray(profile.ratings, 'ratings'),
    h1b_annual_job_counts: objectArray(profile.h1b_annual_job_counts, 'h1b_annual_job_counts'),
    h1b_title_distribution: objectArray(profile.h1b_title_distribution, 'h1b_title_distribution'),
    tech_stack: objectArray(profile.tech_stack, 'tech_stack'),
    products: objectArray(profile.products, 'products'),
    software_used: objectArray(profile.software_used, 'software_used'),
    acquisitions: objectArray(profile.acquisitions, 'acquisitions'),
    exits: objectArray(profile.exits, 'exits'),
    sub_organizations: objectArray(profile.sub_organizations, 'sub_organizations'),
    technology_list: asArray(profile.technology_list).map(String),
    technologies: asArray(profile.technologies).map(String),
    technology_mentions: asArray(profile.technology_mentions).map(String),
    research_focus_areas: asArray(profile.research_focus_areas).map(String),
    subsidiary_list: asArray(profile.subsidiary_list).map(String),
    leadership_hires: dated(profile.leadership_hires),
    layoffs: dated(profile.layoffs),
  };
}
