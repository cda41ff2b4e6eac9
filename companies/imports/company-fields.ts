// The company-profile fields (spec 2.6) an operator may import from a data vendor, each
// with the shape it must have and where it is stored: a typed column of `companies`, or
// a key of its `profile` document (what api/serializers/company.ts reads).
//
// Not importable: id; ats_provider and listing_url (crawling sets them); technologies
// (catalogue slugs detected on the website by enrichment); h1b_annual_job_counts and
// h1b_title_distribution (derived from H-1B filings: `import h1b`).

export type Scalar = 'text' | 'url' | 'integer' | 'number' | 'boolean' | 'year' | 'country';
export type EntryShape = Record<string, 'text' | 'integer' | 'texts'>;

export type FieldShape =
  | Scalar
  | { enum: readonly string[] }
  | 'texts'
  | { entries: EntryShape }
  /** Event entries: a `date` string, and other members as the vendor sends them. */
  | 'dated'
  /** social_links: platform → URL. */
  | 'social';

export interface FieldSpec {
  shape: FieldShape;
  /** A typed column of `companies` (same name); otherwise a key of `profile`. */
  column?: true;
}


const text = { shape: 'text' } as const;
const url = { shape: 'url' } as const;
const texts = { shape: 'texts' } as const;
const named = { entries: { name: 'text', description: 'text' } } as const;

export const COMPANY_FIELDS: Record<string, FieldSpec> = {
  // Identity (name: see company-lines.ts; it names a company the import creates).
  legal_name: text,
  summary: { shape: 'text', column: true },
  description: text,
  logo_url: { shape: 'url', column: true },
  careers_url: url,
  // Profile links.
  linkedin_url: { shape: 'url', column: true },
  linkedin_company_id: text,
  twitter_url: url,
  facebook_url: url,
  instagram_url: url,
  angellist_url: url,
  youtube_url: url,
  github_url: url,
  g2_url: url,
  crunchbase_url: { shape: 'url', column: true },
  social_links: { shape: 'social' },
  // Location.
  headquarters_location: text,
  headquarters_region: text,
  headquarters_regions: texts,
  country_code: { shape: 'country', column: true },
  continent: text,
  // Size and type.
  founding_year: { shape: 'year', column: true },
  company_size: { shape: 'text', column: true },
  revenue: text,
  is_agency: { shape: 'boolean', column: true },
  industries: { shape: 'texts', column: true },
  primary_industry: text,
  categories: { shape: 'texts', column: true },
  naics_codes: texts,
  operating_status: { shape: { enum: ['active', 'closed'] } },
  ipo_status: { shape: { enum: ['private', 'ipo', 'delisted'] } },
  company_type: { shape: { enum: ['for_profit', 'non_profit'] }, column: true },
  stock_symbol: text,
  stock_exchange: text,
  is_acquired: { shape: 'boolean' },
  acquired_by_company: text,
  parent_company_url: url,
  page_rank: { shape: 'number' },
  // Funding.
  funding_stage: { shape: 'text', column: true },
  total_funding: text,
  funds_total_formatted: text,
  investors: texts,
  investor_types: texts,
  funding_rounds: {
    shape: { entries: { investment_type: 'text', announced_on: 'text', raised_amount: 'text', post_money_valuation: 'text', investor_count: 'integer', lead_investor: 'text' } },
  },
  ratings: { shape: { entries: { source: 'text', rating: 'text', url: 'text', review_count: 'integer' } } },
  // Technology.
  technology_list: texts,
  tech_stack: { shape: { entries: { name: 'text', categories: 'texts' } } },
  technology_mentions: texts,
  // Products and structure.
  products: { shape: named },
  software_used: { shape: named },
  research_focus_areas: texts,
  acquisitions: { shape: { entries: { acquiree_name: 'text', title: 'text' } } },
  exits: { shape: named },
  subsidiary_list: texts,
  sub_organizations: { shape: { entries: { name: 'text', ownership_type: 'text', title: 'text' } } },
  // Events.
  leadership_hires: { shape: 'dated' },
  layoffs: { shape: 'dated' },
};

/** Spec 2.6 fields a line may not carry, and why. */
export const REFUSED_FIELDS: Record<string, string> = {
  id: 'the service assigns company ids',
  ats_provider: 'crawling sets it',
  listing_url: 'crawling sets it',
  technologies: 'enrichment detects it on the company website',
  h1b_annual_job_counts: 'it is derived from H-1B filings (npm run -s import -- h1b)',
  h1b_title_distribution: 'it is derived from H-1B filings (npm run -s import -- h1b)',
};
