// Deterministic generator of realistic demo companies and jobs (`npm run seed`, benchmarks,
// tests). Pure functions of their options: no clock, no Math.random. All randomness comes
// from sfc32 seeded by a hash of (seed, stream, index), so
//   - the same options give byte-identical output, on every machine and run;
//   - job i is a function of (seed, i, baseDate, companies) only, so a larger --jobs run
//     extends a smaller one instead of reshuffling it, and jobs stream one at a time;
//   - natural keys (company source_key, job external_id / listing_url) are injective in
//     (seed, sandbox, index), so re-seeding updates in place and never duplicates.
// Names are fictional and every URL is on a reserved domain (example.com, .example, .test).
import type { CompanyInput } from '../../db/companies.ts';
import {
  EMPLOYMENT_TYPES, WORK_MODELS, EXPERIENCE_LEVELS,
  type Compensation, type EmploymentType, type ExperienceLevel, type JobInput, type JobLocation, type SalaryPeriod, type Skill, type WorkModel,
} from '../../db/jobs.ts';
import {
  ATS_SOURCES, BENEFITS, COMPANY_SIZES, COUNTRIES, FAMILIES, FUNDING_STAGES, INDUSTRIES, INVESTOR_KINDS, INVESTOR_WORDS,
  NAME_ENDS, NAME_STARTS, NAME_SUFFIXES, REVENUE_BANDS, SENIORITIES, SOFT_SKILLS, TECHNOLOGIES,
  type City, type Country, type Family, type Industry, type Seniority,
} from './data.ts';

export const DEFAULT_BASE_DATE = '2026-11-01T00:00:00Z';

// ---------------------------------------------------------------------------------------
// PRNG: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 128-bit state).

function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a of a string: turns stream labels into numbers. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class Rng {
  a: number;
  b: number;
  c: number;
  d: number;

  /** A generator for one (seed, stream, index) triple; distinct triples give independent streams. */
  constructor(seed: number, stream = 0, index = 0) {
    this.a = mix32(seed ^ 0x9e3779b9);
    this.b = mix32((stream + 0x7f4a7c15) ^ mix32(seed + 1));
    this.c = mix32(index ^ 0x243f6a88) ^ mix32(stream);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t0 = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    const t = (t0 + this.d) | 0;
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** `count` distinct items in random order (partial Fisher–Yates on a copy). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = items.slice();
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      const tmp = copy[i];
      copy[i] = copy[j];
      copy[j] = tmp;
    }
    copy.length = n;
    return copy;
  }
}

/** A fixed weighted choice, precomputed once. */
class Weighted<T> {
  readonly items: T[];
  readonly cumulative: number[];
  readonly total: number;

  constructor(entries: Iterable<readonly [T, number]>) {
    this.items = [];
    this.cumulative = [];
    let sum = 0;
    for (const [item, weight] of entries) {
      if (weight <= 0) continue;
      sum += weight;
      this.items.push(item);
      this.cumulative.push(sum);
    }
    this.total = sum;
  }

  pick(rng: Rng): T {
    const target = rng.next() * this.total;
    const cumulative = this.cumulative;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo];
  }
}

const STREAM_COMPANIES = hashString('companies');
const STREAM_JOB = hashString('job');
const STREAM_RANK = hashString('company-rank');
const STREAM_ANON = hashString('anonymous-company');

// ---------------------------------------------------------------------------------------
// Lookups built once.

const COUNTRY_BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]));
const COUNTRY_PICK = new Weighted(COUNTRIES.map((country) => [country, country.weight] as const));
const FAMILY_BY_KEY = new Map(FAMILIES.map((family) => [family.key, family]));
const FAMILY_PICK = new Weighted(FAMILIES.map((family) => [family, family.weight] as const));
const INDUSTRY_BY_NAME = new Map(INDUSTRIES.map((industry) => [industry.name, industry]));
const INDUSTRY_PICK = new Weighted(INDUSTRIES.map((industry) => [industry, industry.weight] as const));
const INDUSTRY_FAMILIES = new Map(
  INDUSTRIES.map((industry) => [industry, new Weighted(Object.entries(industry.families).map(([key, weight]) => [FAMILY_BY_KEY.get(key)!, weight] as const))]),
);
const SENIORITY_PICK = new Map(
  FAMILIES.map((family) => [family, new Weighted(family.seniorities.map((key) => [SENIORITIES[key], SENIORITIES[key].weight] as const))]),
);
const PERIOD_PICK = new Map(
  FAMILIES.map((family) => [family, new Weighted(Object.entries(family.periods).map(([period, weight]) => [period as SalaryPeriod, weight] as const))]),
);
const ATS_PICK = new Weighted(ATS_SOURCES.map(([source, weight]) => [source, weight] as const));
const ATS_ID_STYLE = new Map(ATS_SOURCES.map(([source, , style]) => [source, style]));
const SIZE_PICK = new Weighted(COMPANY_SIZES.map((size, index) => [index, size[1]] as const));
const SIZE_INDEX = new Map(COMPANY_SIZES.map((size, index) => [size[0], index]));
const FRONTLINE = new Set(['healthcare', 'hospitality', 'logistics', 'education']);

const EMPLOYMENT_OFFICE = new Weighted<EmploymentType>([['full_time', 80], ['part_time', 5], ['contract', 8], ['freelance', 3], ['temporary', 3], ['internship', 1]]);
const EMPLOYMENT_FRONTLINE = new Weighted<EmploymentType>([['full_time', 55], ['part_time', 22], ['contract', 6], ['freelance', 2], ['temporary', 14], ['internship', 1]]);
const WORK_OFFICE = new Weighted<WorkModel>([['remote', 28], ['hybrid', 42], ['onsite', 30]]);
const WORK_FRONTLINE = new Weighted<WorkModel>([['remote', 3], ['hybrid', 7], ['onsite', 90]]);

// ---------------------------------------------------------------------------------------
// Small text helpers.

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function snakeCase(text: string): string {
  return slugify(text).replace(/-/g, '_');
}

function escapeHtml(text: string): string {
  if (!/[&<>"]/.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** "a" or "an" before a title (sound-based exceptions for U- initialisms). */
function article(text: string): string {
  return /^[aeiou]/i.test(text) && !/^(U[XI]\b|Uni)/.test(text) ? 'an' : 'a';
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Rounds to a "nice" figure for the magnitude: 18.5, 245, 4,350, 152,000, 7,500,000. */
function roundNice(value: number): number {
  if (value < 100) return Math.round(value * 2) / 2;
  if (value < 1000) return Math.round(value / 5) * 5;
  const step = 10 ** (Math.floor(Math.log10(value)) - 2);
  return Math.round(value / step) * step;
}

function thousands(value: number): string {
  const [whole, fraction] = (Number.isInteger(value) ? String(value) : value.toFixed(2)).split('.');
  let out = '';
  for (let i = 0; i < whole.length; i++) {
    if (i > 0 && (whole.length - i) % 3 === 0) out += ',';
    out += whole[i];
  }
  return fraction ? `${out}.${fraction}` : out;
}

const CURRENCY_SYMBOL: Record<string, string> = {
  USD: '$', EUR: '€', GBP: '£', INR: '₹', BRL: 'R$', JPY: '¥', AUD: 'A$', CAD: 'CA$', MXN: 'MX$', SGD: 'S$',
  NZD: 'NZ$', CHF: 'CHF ', SEK: 'SEK ', DKK: 'DKK ', PLN: 'PLN ', ZAR: 'R', AED: 'AED ', NGN: '₦', KES: 'KES ',
};

const PERIOD_TEXT: Record<SalaryPeriod, string> = {
  yearly: 'per year', monthly: 'per month', weekly: 'per week', daily: 'per day', hourly: 'per hour', 'per-diem': 'per shift (per diem)',
};

function money(value: number, currency: string): string {
  return `${CURRENCY_SYMBOL[currency] ?? `${currency} `}${thousands(value)}`;
}

// ---------------------------------------------------------------------------------------
// Companies.

export interface GenerateCompaniesOptions {
  count: number;
  seed: number;
  sandbox?: boolean;
}

function checkSeed(seed: number): void {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new RangeError(`seed must be an integer in [0, 2^32), got ${seed}`);
}

function checkCount(name: string, count: number): void {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`${name} must be a non-negative integer, got ${count}`);
}

function companyName(rng: Rng, industry: Industry): string {
  let start = rng.pick(NAME_STARTS);
  let end = rng.pick(NAME_ENDS);
  while (start.toLowerCase().endsWith(end) || start.toLowerCase() === end) end = rng.pick(NAME_ENDS);
  const stem = rng.chance(0.6) ? `${start}${end}` : `${start} ${capitalize(end)}`;
  const suffix = rng.pick(NAME_SUFFIXES[industry.name] ?? ['']);
  return suffix ? `${stem} ${suffix}` : stem;
}

function investor(rng: Rng): string {
  return `${rng.pick(INVESTOR_WORDS)} ${rng.pick(INVESTOR_KINDS)}`;
}

const ROUND_USD: Record<string, [number, number]> = {
  pre_seed: [250_000, 1_500_000], seed: [1_000_000, 5_000_000], series_a: [5_000_000, 20_000_000], series_b: [15_000_000, 60_000_000],
  series_c: [40_000_000, 150_000_000], series_d: [80_000_000, 300_000_000], series_e: [150_000_000, 500_000_000],
  private_equity: [50_000_000, 800_000_000],
};

function fundingFor(rng: Rng, sizeIndex: number, venture: boolean, nonProfit: boolean): string | null {
  if (nonProfit) return null;
  if (rng.chance(0.1)) return null;
  if (sizeIndex >= 6) return rng.chance(0.7) ? 'public' : 'private_equity';
  if (sizeIndex === 5 && rng.chance(0.35)) return rng.chance(0.5) ? 'public' : 'private_equity';
  if (!venture || rng.chance(0.15)) return sizeIndex >= 4 && rng.chance(0.4) ? 'private_equity' : 'bootstrapped';
  const top = Math.min(FUNDING_STAGES.length - 1, Math.max(0, sizeIndex + rng.int(-1, 1)));
  return FUNDING_STAGES[top];
}

function fundingRounds(rng: Rng, stage: string | null, foundingYear: number) {
  if (stage === null || stage === 'bootstrapped') return [];
  const stages = stage === 'private_equity'
    ? ['private_equity']
    : stage === 'public'
      ? FUNDING_STAGES.slice(1, rng.int(3, FUNDING_STAGES.length))
      : FUNDING_STAGES.slice(FUNDING_STAGES.indexOf(stage) > 1 && rng.chance(0.6) ? 1 : 0, FUNDING_STAGES.indexOf(stage) + 1);
  // Rounds from about a year after founding, up to 2026, in order.
  let at = Date.UTC(Math.min(Math.max(foundingYear + 1, 2004), 2025), rng.int(0, 11), rng.int(1, 28));
  const last = Date.UTC(2026, 8, 30);
  const span = Math.max(1, (last - at) / (stages.length + 1));
  return stages.map((kind) => {
    at = Math.min(last, at + span * rng.range(0.5, 1.2));
    const [low, high] = ROUND_USD[kind];
    const raised = roundNice(rng.range(low, high));
    return {
      investment_type: kind,
      announced_on: isoDate(at),
      raised_amount: raised,
      raised_currency: 'USD',
      post_money_valuation: rng.chance(0.35) ? null : roundNice(raised * rng.range(4, 11)),
      investor_count: rng.int(1, kind === 'pre_seed' ? 4 : 12),
      lead_investor: rng.chance(0.15) ? null : investor(rng),
    };
  });
}

function companyDescription(rng: Rng, name: string, industry: Industry, city: City, country: Country, foundingYear: number, size: string): string {
  const offering = rng.pick(industry.offerings);
  const audience = rng.pick(industry.audiences);
  const sentences = [
    `${name} provides ${offering} for ${audience}.`,
    `Founded in ${foundingYear} and headquartered in ${city.name}, ${country.name}, the company employs ${size} people.`,
    rng.pick([
      `Its teams focus on reliability, transparency and long-term relationships with customers.`,
      `The company is known for practical products, fair pricing and attentive service.`,
      `It serves customers in ${rng.int(2, 40)} countries from offices across ${country.continent}.`,
      `The company reinvests heavily in training and internal mobility.`,
    ]),
  ];
  return sentences.join(' ');
}

/**
 * `count` fictional companies, deterministic in (count, seed, sandbox). Company i depends
 * only on companies 0..i, so a larger count extends a smaller one.
 */
export function generateCompanies(options: GenerateCompaniesOptions): CompanyInput[] {
  const { count, seed, sandbox = false } = options;
  checkCount('count', count);
  checkSeed(seed);
  const rng = new Rng(seed, STREAM_COMPANIES, sandbox ? 1 : 0);
  const used = new Set<string>();
  const keyPrefix = `demo${sandbox ? '-sandbox' : ''}-${seed}`;
  const companies: CompanyInput[] = [];
  for (let i = 0; i < count; i++) {
    const industry = INDUSTRY_PICK.pick(rng);
    let name = companyName(rng, industry);
    for (let attempt = 0; used.has(slugify(name)) && attempt < 30; attempt++) name = companyName(rng, industry);
    if (used.has(slugify(name))) name = `${name} ${i + 1}`;
    const slug = slugify(name);
    used.add(slug);

    const country = COUNTRY_PICK.pick(rng);
    const city = rng.pick(country.cities);
    const sizeIndex = SIZE_PICK.pick(rng);
    const [size, , minEmployees, maxEmployees] = COMPANY_SIZES[sizeIndex];
    const nonProfit = rng.chance(industry.nonProfit);
    const venture = !nonProfit && 'saas' in industry.categories ? rng.chance(0.85) : rng.chance(0.3);
    const age = sizeIndex <= 1 ? rng.int(0, 12) : sizeIndex <= 3 ? rng.int(3, 25) : rng.int(8, 90);
    const foundingYear = 2025 - age;
    const stage = fundingFor(rng, sizeIndex, venture, nonProfit);
    const rounds = fundingRounds(rng, stage, foundingYear);
    const ats = ATS_PICK.pick(rng);
    const isAgency = rng.chance(industry.agency);

    const categoryPick = new Weighted(Object.entries(industry.categories).map(([key, weight]) => [key, weight] as const));
    const categories = [...new Set([categoryPick.pick(rng), ...(rng.chance(0.4) ? [categoryPick.pick(rng)] : [])])].sort();
    const industries = [industry.name, ...rng.sample(industry.related, rng.int(0, 2))];
    const website = `https://${slug}.example.com`;
    const tech = rng.sample(TECHNOLOGIES, rng.int(3, 12));
    const isTech = 'saas' in industry.categories || industry.families.engineering >= 20;
    const handle = slug.replace(/-/g, '').slice(0, 15);
    const productCount = rng.int(1, 4);
    const productWords = rng.sample(industry.productWords, productCount);
    const summary = `${name} provides ${rng.pick(industry.offerings)} for ${rng.pick(industry.audiences)}.`;
    const revenueIndex = Math.max(0, Math.min(REVENUE_BANDS.length - 1, sizeIndex + rng.int(-1, 0)));

    companies.push({
      source_key: `${keyPrefix}:${ats}:${slug}`,
      sandbox,
      name,
      website,
      logo_url: rng.chance(0.9) ? `https://logos.example.com/${slug}.png` : null,
      summary,
      industries,
      categories,
      linkedin_url: rng.chance(0.92) ? `https://linkedin.example/company/${slug}` : null,
      crunchbase_url: stage && stage !== 'bootstrapped' && rng.chance(0.85) ? `https://crunchbase.example/organization/${slug}` : null,
      ats_provider: ats,
      listing_url: ats === 'company-website' ? `${website}/careers` : `https://${ats}.example-ats.test/${slug}`,
      country_code: country.code,
      company_size: size,
      funding_stage: stage,
      company_type: nonProfit ? 'non_profit' : 'for_profit',
      founding_year: foundingYear,
      is_agency: isAgency,
      profile: {
        legal_name: nonProfit ? name : `${name.replace(/ (Inc\.|Ltd)$/, '')} ${country.legalSuffix}`,
        description: companyDescription(rng, name, industry, city, country, foundingYear, size),
        careers_url: `${website}/careers`,
        headquarters_location: [city.name, city.region !== city.name ? city.region : null, country.name].filter(Boolean).join(', '),
        headquarters_region: city.region,
        headquarters_country: country.name,
        continent: country.continent,
        employee_count: rng.int(minEmployees, maxEmployees),
        revenue_range: nonProfit && rng.chance(0.5) ? null : REVENUE_BANDS[revenueIndex],
        operating_status: 'active',
        ipo_status: stage === 'public' ? 'public' : 'private',
        company_type: nonProfit ? 'non_profit' : 'for_profit',
        primary_industry: industry.name,
        naics_codes: rng.sample(industry.naics, rng.int(1, Math.min(2, industry.naics.length))),
        social_links: {
          linkedin: `https://linkedin.example/company/${slug}`,
          twitter: rng.chance(0.7) ? `https://x.example/${handle}` : null,
          github: isTech && rng.chance(0.7) ? `https://github.example/${slug}` : null,
          facebook: !isTech && rng.chance(0.5) ? `https://facebook.example/${handle}` : null,
        },
        funding_rounds: rounds,
        total_funding_usd: rounds.length ? rounds.reduce((sum, round) => sum + round.raised_amount, 0) : null,
        ratings: rng.chance(0.25) ? [] : rng.sample(['workplace-reviews', 'career-insights', 'team-pulse'], rng.int(1, 2)).map((source) => ({
          source,
          rating: Math.round(rng.range(2.6, 4.9) * 10) / 10,
          url: `https://${source}.example.org/companies/${slug}`,
          review_count: rng.int(3, 40 + 400 * sizeIndex),
        })),
        technologies: tech.map(([techSlug]) => techSlug),
        tech_stack: tech.map(([, techName, techCategories]) => ({ name: techName, categories: techCategories })),
        products: productWords.map((word) => ({
          name: `${name.split(' ')[0]} ${word}`,
          description: `${capitalize(rng.pick(industry.offerings))} for ${rng.pick(industry.audiences)}.`,
        })),
      },
    });
  }
  return companies;
}

// ---------------------------------------------------------------------------------------
// Jobs.

/** What the job generator reads from a company; a CompanyInput fits. */
export interface JobCompany {
  name: string;
  website?: string | null;
  ats_provider?: string | null;
  country_code?: string | null;
  company_size?: string | null;
  industries?: string[];
  profile?: Record<string, unknown>;
}

export interface GenerateJobsOptions {
  /** Database ids of the companies jobs belong to. */
  companyIds: readonly string[];
  /**
   * The companies behind `companyIds` (same order), e.g. from generateCompanies. Optional:
   * used for company names, domains, ATS, country and industry; derived from the seed otherwise.
   */
  companies?: readonly JobCompany[];
  count: number;
  /** Index of the first job (default 0): jobs start..start+count-1, for splitting a run. */
  start?: number;
  seed: number;
  /** Postings are dated in the 120 days before it. */
  baseDate: Date;
  sandbox?: boolean;
}

interface CompanyContext {
  name: string;
  slug: string;
  website: string;
  domain: string;
  ats: string;
  country: Country;
  hqCity: City | null;
  industry: Industry;
  sizeIndex: number;
}

function contextFor(company: JobCompany | undefined, seed: number, index: number): CompanyContext {
  const rng = new Rng(seed, STREAM_ANON, index);
  if (!company) {
    const industry = INDUSTRY_PICK.pick(rng);
    const name = companyName(rng, industry);
    const slug = `${slugify(name)}-${index + 1}`;
    const country = COUNTRY_PICK.pick(rng);
    return {
      name, slug, website: `https://${slug}.example.com`, domain: `${slug}.example.com`, ats: ATS_PICK.pick(rng),
      country, hqCity: rng.pick(country.cities), industry, sizeIndex: SIZE_PICK.pick(rng),
    };
  }
  let host: string | null = null;
  if (company.website) {
    try {
      host = new URL(company.website).host;
    } catch {
      host = null;
    }
  }
  const slug = host ? host.split('.')[0] : slugify(company.name) || `company-${index + 1}`;
  const country = COUNTRY_BY_CODE.get((company.country_code ?? '').toUpperCase()) ?? COUNTRY_PICK.pick(rng);
  const primary = typeof company.profile?.primary_industry === 'string' ? company.profile.primary_industry : company.industries?.[0];
  const industry = (primary && INDUSTRY_BY_NAME.get(primary)) || INDUSTRY_PICK.pick(rng);
  const hq = typeof company.profile?.headquarters_location === 'string' ? company.profile.headquarters_location : '';
  const website = company.website ?? `https://${slug}.example.com`;
  return {
    name: company.name,
    slug,
    website,
    domain: host ?? `${slug}.example.com`,
    ats: company.ats_provider && ATS_ID_STYLE.has(company.ats_provider) ? company.ats_provider : ATS_PICK.pick(rng),
    country,
    hqCity: country.cities.find((city) => hq.startsWith(`${city.name},`)) ?? null,
    industry,
    sizeIndex: SIZE_INDEX.get(company.company_size ?? '') ?? 2,
  };
}

/**
 * Zipf-like share of postings per company: bigger companies rank first (ties in seeded
 * random order), weight 1/rank^0.9. A few employers post a lot, most post a little.
 */
function companyPicker(contexts: CompanyContext[], seed: number): Weighted<number> {
  const order = contexts.map((context, index) => ({ index, size: context.sizeIndex, key: new Rng(seed, STREAM_RANK, index).next() }));
  order.sort((x, y) => y.size - x.size || x.key - y.key);
  return new Weighted(order.map((entry, rank) => [entry.index, 1 / (rank + 1) ** 0.9] as const));
}

/** A bijection on 32-bit integers: distinct job indexes give distinct, random-looking numbers. */
function permute(index: number, mask: number): number {
  let x = (index ^ mask) >>> 0;
  x = Math.imul(x, 0x9e3779b1) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b) >>> 0;
  x ^= x >>> 13;
  return x >>> 0;
}

function hex(value: number, width: number): string {
  return (value >>> 0).toString(16).padStart(width, '0').slice(-width);
}

/** External ids in the source's style, injective in (tag, index) because `n` is. */
function externalId(style: string, n: number, tag: number, rng: Rng): string {
  switch (style) {
    case 'numeric':
      return `${tag + 1}${pad(n, 10)}`;
    case 'uuid':
      return `${hex(n, 8)}-${hex(rng.u32(), 4)}-4${hex(rng.u32(), 3)}-${'89ab'[rng.int(0, 3)]}${hex(rng.u32(), 3)}-${hex(rng.u32(), 3)}${tag.toString(16).padStart(9, '0')}`;
    case 'req':
      return `R${tag}${pad(n, 10)}`;
    default:
      return `${n.toString(36).toUpperCase().padStart(7, '0')}${tag.toString(36).toUpperCase()}`;
  }
}

function pickPeriod(rng: Rng, family: Family, employment: EmploymentType | null, seniority: Seniority, country: Country): SalaryPeriod {
  if (employment === 'internship' || seniority.key === 'intern') return rng.chance(0.55) ? 'monthly' : 'hourly';
  if (employment === 'part_time' && rng.chance(0.75)) return 'hourly';
  if ((employment === 'contract' || employment === 'freelance') && rng.chance(0.7)) return rng.chance(0.5) ? 'daily' : 'hourly';
  if (employment === 'temporary' && rng.chance(0.5)) return rng.chance(0.6) ? 'hourly' : 'weekly';
  // Managers and leaders in shift-based work are salaried.
  let period = FRONTLINE.has(family.key) && (seniority.level === 'lead' || seniority.level === 'executive') ? 'yearly' : PERIOD_PICK.get(family)!.pick(rng);
  if (period === 'yearly' && rng.chance(country.monthly)) period = 'monthly';
  return period;
}

function compensationFor(rng: Rng, family: Family, roleMultiplier: number, seniority: Seniority, employment: EmploymentType | null, country: Country): Compensation {
  const period = pickPeriod(rng, family, employment, seniority, country);
  // International postings sometimes quote US dollars.
  const usd = country.code !== 'US' && rng.chance(0.06);
  const currency = usd ? 'USD' : country.currency;
  const yearly = family.payUsd * seniority.pay * roleMultiplier * country.pay * (usd ? 1 : country.fx) * rng.range(0.85, 1.2);
  const contractPremium = employment === 'contract' || employment === 'freelance' ? 1.3 : 1;
  const base =
    period === 'yearly' ? yearly
      : period === 'monthly' ? yearly / 12
        : period === 'weekly' ? (yearly / 52) * (family.key === 'healthcare' ? 1.4 : 1)
          : period === 'daily' ? (yearly / 230) * contractPremium
            : period === 'hourly' ? (yearly / 2080) * contractPremium
              : (yearly / 250) * 1.3;
  const low = roundNice(base * rng.range(0.82, 0.95));
  const high = roundNice(base * rng.range(1.05, 1.3));
  const shape = rng.next();
  if (shape < 0.1) return { min: low, max: null, currency, period };
  if (shape < 0.15) return { min: null, max: high, currency, period };
  if (shape < 0.19) {
    const exact = roundNice(base);
    return { min: exact, max: exact, currency, period };
  }
  return { min: low, max: high, currency, period };
}

function cityLocation(rng: Rng, city: City, country: Country, prefix: string): JobLocation {
  const format = rng.int(0, 3);
  let raw: string;
  if (!city.region || city.region === city.name) raw = format < 2 ? `${city.name}, ${country.name}` : city.name;
  else if (format === 0 && city.regionShort) raw = `${city.name}, ${city.regionShort}`;
  else if (format <= 1) raw = `${city.name}, ${country.name}`;
  else if (format === 2) raw = `${city.name}, ${city.region}, ${country.name}`;
  else raw = `${city.name}, ${country.code}`;
  return {
    location: prefix + raw,
    city: city.name,
    region: city.region,
    country: country.name,
    country_code: country.code,
    latitude: Math.round((city.lat + rng.range(-0.02, 0.02)) * 10000) / 10000,
    longitude: Math.round((city.lon + rng.range(-0.02, 0.02)) * 10000) / 10000,
  };
}

function remoteLocation(country: Country | null, style: number): JobLocation {
  if (!country) return { location: 'Remote', city: null, region: null, country: null, country_code: null, latitude: null, longitude: null };
  const raw = style === 0 ? `Remote - ${country.code}` : style === 1 ? `Remote (${country.name})` : `${country.name} (Remote)`;
  return { location: raw, city: null, region: null, country: country.name, country_code: country.code, latitude: null, longitude: null };
}

function locationsFor(rng: Rng, company: CompanyContext, workModel: WorkModel | null): JobLocation[] {
  if (rng.chance(0.035)) return [];
  const home = rng.chance(0.65) ? company.country : COUNTRY_PICK.pick(rng);
  if (workModel === 'remote') {
    const r = rng.next();
    if (r < 0.55) {
      const style = rng.int(0, 2);
      const list = [remoteLocation(home, style)];
      if (rng.chance(0.2)) {
        const other = COUNTRY_PICK.pick(rng);
        if (other !== home) list.push(remoteLocation(other, style));
      }
      return list;
    }
    if (r < 0.8) return [remoteLocation(null, 0)];
  }
  const count = rng.chance(0.8) ? 1 : rng.chance(0.65) ? 2 : 3;
  const prefix = workModel === 'hybrid' && rng.chance(0.25) ? 'Hybrid - ' : '';
  const cities: City[] = [];
  if (home === company.country && company.hqCity && rng.chance(0.45)) cities.push(company.hqCity);
  const pool = rng.sample(home.cities, count);
  for (const city of pool) if (cities.length < count && !cities.includes(city)) cities.push(city);
  const locations = cities.map((city) => cityLocation(rng, city, home, prefix));
  while (locations.length < count) {
    const country = COUNTRY_PICK.pick(rng);
    const city = rng.pick(country.cities);
    if (!locations.some((location) => location.city === city.name)) locations.push(cityLocation(rng, city, country, prefix));
  }
  return locations;
}

function triState(rng: Rng, trueShare: number, falseShare: number): boolean | null {
  const r = rng.next();
  return r < trueShare ? true : r < trueShare + falseShare ? false : null;
}

interface DescriptionContext {
  company: CompanyContext;
  title: string;
  family: Family;
  seniority: Seniority;
  /** A city or country name, for sentences like "growing quickly in Berlin". */
  place: string;
  /** " in Berlin", " (remote, Germany)" or " (fully remote)". */
  at: string;
  responsibilities: string[];
  mustSkills: Skill[];
  niceSkills: Skill[];
  education: string[];
  certifications: string[];
  benefits: string[];
  compensation: Compensation | null;
  applyUrl: string;
  years: number;
  workModel: WorkModel | null;
}

type Sentence = (c: DescriptionContext, rng: Rng) => string;

const TEAM_SENTENCES: Sentence[] = [
  (c) => `You will join a small, senior team that cares deeply about doing things properly and shipping often.`,
  (c) => `Our ${c.family.areas[0].toLowerCase()} group works closely with ${c.family.partners[0]} and ${c.family.partners[1]}.`,
  (c) => `We are growing quickly in ${c.place} and this role is key to that growth.`,
  (c) => `The team is spread across ${c.company.country.name} and a few other countries, so clear written communication matters.`,
  (c, r) => `Last year we grew the team from ${r.int(3, 9)} to ${r.int(10, 30)} people while keeping our culture of trust and candor.`,
  (c) => `You will have real ownership from your first week, with support from an experienced manager.`,
  (c) => `We believe the best work happens when people have focus time, clear goals and the autonomy to reach them.`,
  (c) => `${c.company.name} has been profitable for several years, which lets us invest in the long term.`,
  (c, r) => `We serve ${r.pick(c.company.industry.audiences)} and measure our success by how much we improve their day.`,
  (c) => `Our customers rely on us every day, so quality and reliability are not negotiable.`,
  (c) => `We document decisions, share context openly and keep meetings to a minimum.`,
  (c, r) => `Around ${r.int(20, 70)}% of our leadership team started in individual contributor roles here.`,
  (c) => `You will help shape processes and practices that the rest of the company builds on.`,
  (c) => `We value curiosity, kindness and a bias toward action.`,
  (c, r) => `Most of the team works ${c.workModel === 'remote' ? 'remotely' : 'from our ' + c.place + ' location'} and we meet in person ${r.pick(['every quarter', 'twice a year', 'for an annual offsite'])}.`,
  (c) => `This is a great opportunity for someone who wants to grow with a company that invests in its people.`,
  (c) => `We are proud of our low turnover and the number of people who have been promoted from within.`,
  (c) => `Every new hire gets a structured onboarding plan and a buddy for their first months.`,
  (c, r) => `In the last ${r.int(2, 5)} years we have expanded into ${r.int(3, 12)} new markets.`,
  (c) => `You'll get the chance to learn from colleagues with deep experience in ${c.company.industry.name.toLowerCase()}.`,
  (c) => `We take feedback seriously and run regular surveys to make ${c.company.name} a better place to work.`,
  (c) => `Safety, respect and inclusion are at the heart of how we work together.`,
  (c, r) => `The role reports to our ${r.pick(['Head of', 'Director of', 'VP of'])} ${c.family.areas[0]}.`,
  (c) => `You will be part of a team that celebrates wins, learns from mistakes and supports each other.`,
];

const EEO = [
  (name: string) => `${name} is an equal opportunity employer. We welcome applicants regardless of race, color, religion, sex, sexual orientation, gender identity &amp; expression, national origin, age, disability or veteran status.`,
  (name: string) => `At ${name}, diversity, equity &amp; inclusion are part of how we hire. If you need an accommodation during the application process, please let us know.`,
  (name: string) => `We are committed to building a diverse team. Even if you don&rsquo;t meet every requirement, we encourage you to apply.`,
];

function skillItems(skills: Skill[]): string {
  let out = '';
  for (const skill of skills) out += `<li>${escapeHtml(skill.name)}</li>`;
  return out;
}

function buildDescription(rng: Rng, c: DescriptionContext): string {
  const company = escapeHtml(c.company.name);
  const title = escapeHtml(c.title);
  const email = `careers@${c.company.domain}`;
  const variant = rng.next();

  if (variant < 0.12) {
    // A terse posting, as smaller employers often write them.
    let html = `<p>${company} is hiring ${article(c.title)} <strong>${title}</strong>${escapeHtml(c.at)}. ${escapeHtml(rng.pick(TEAM_SENTENCES)(c, rng))}</p>`;
    const items = c.responsibilities.length ? c.responsibilities.slice(0, 3) : c.family.responsibilities.slice(0, 3);
    html += `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
    html += rng.chance(0.5)
      ? `<p>Apply <a href="${c.applyUrl}">here</a> or email <a href="mailto:${email}">${email}</a>.</p>`
      : `<p>To apply, send your CV to <a href="mailto:${email}">${email}</a>.</p>`;
    return html;
  }

  const target = variant < 0.8 ? rng.int(1500, 4000) : rng.int(4000, 7800);
  const youll = rng.chance(0.2) ? 'you&rsquo;ll' : "you'll";
  const parts: string[] = [];
  parts.push(
    rng.chance(0.5)
      ? `<h2>About ${company}</h2><p>${company} provides ${escapeHtml(rng.pick(c.company.industry.offerings))} for ${escapeHtml(rng.pick(c.company.industry.audiences))}. ${escapeHtml(rng.pick(TEAM_SENTENCES)(c, rng))}</p>`
      : `<p><strong>${company}</strong> provides ${escapeHtml(rng.pick(c.company.industry.offerings))} for ${escapeHtml(rng.pick(c.company.industry.audiences))}. Visit <a href="${c.company.website}">${c.company.domain}</a> to learn more.</p>`,
  );
  parts.push(
    `<h3>About the role</h3><p>As our <strong>${title}</strong>${escapeHtml(c.at)}, ${youll} work with ${escapeHtml(c.family.partners[rng.int(0, c.family.partners.length - 1)])} to ${escapeHtml(
      (c.responsibilities[0] ?? c.family.responsibilities[0]).toLowerCase(),
    )}. ${escapeHtml(rng.pick(TEAM_SENTENCES)(c, rng))}</p>`,
  );
  const duties = c.responsibilities.length ? c.responsibilities : rng.sample(c.family.responsibilities, 4);
  parts.push(`<h3>What ${youll} do</h3><ul>${duties.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`);

  let requirements = `<li><strong>${c.years}+ years</strong> of relevant experience</li>`;
  for (const item of c.education) requirements += `<li>${escapeHtml(item)}</li>`;
  for (const item of c.certifications) requirements += `<li>${escapeHtml(item)} (required)</li>`;
  requirements += skillItems(c.mustSkills);
  parts.push(`<h3>What we're looking for</h3><ul>${requirements}</ul>`);
  if (c.niceSkills.length) parts.push(`<h4>Nice to have</h4><ul>${skillItems(c.niceSkills)}</ul>`);

  let pay = '';
  const comp = c.compensation;
  if (comp && comp.currency && comp.period) {
    const per = PERIOD_TEXT[comp.period];
    if (comp.min !== null && comp.max !== null && comp.min !== comp.max) pay = `<p>The pay range for this role is <strong>${money(comp.min, comp.currency)} &ndash; ${money(comp.max, comp.currency)}</strong> ${per}, depending on experience and location.</p>`;
    else if (comp.min !== null) pay = `<p>Pay starts at <strong>${money(comp.min, comp.currency)}</strong> ${per}.</p>`;
    else if (comp.max !== null) pay = `<p>Pay of up to <strong>${money(comp.max, comp.currency)}</strong> ${per}.</p>`;
  }
  if (pay || c.benefits.length) {
    parts.push(`<h3>Compensation &amp; benefits</h3>${pay}${c.benefits.length ? `<ul>${c.benefits.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : ''}`);
  }

  const closing: string[] = [];
  if (rng.chance(0.25)) {
    closing.push(
      `<h3>How to apply</h3><ol><li>Submit your application <a href="${c.applyUrl}">online</a>.</li><li>A short call with our recruiting team.</li><li>${rng.int(1, 3)} interviews with the team${
        c.family.key === 'engineering' || c.family.key === 'data' ? ', including a practical exercise' : ''
      }.</li><li>An offer &amp; references.</li></ol>`,
    );
  }
  if (rng.chance(0.6)) closing.push(`<p>Questions? Reach us at <a href="mailto:${email}">${email}</a>.</p>`);
  closing.push(`<p><em>${EEO[rng.int(0, EEO.length - 1)](company)}</em></p>`);

  let length = 0;
  for (const part of parts) length += part.length;
  for (const part of closing) length += part.length;
  if (length < target) {
    // Pad toward the target length with a "life at" section of varied paragraphs.
    const pool = rng.sample(TEAM_SENTENCES, TEAM_SENTENCES.length);
    let section = `<h3>Life at ${company}</h3>`;
    let cursor = 0;
    while (length + section.length < target && cursor < pool.length * 3) {
      const sentences = rng.int(2, 4);
      let paragraph = '<p>';
      for (let s = 0; s < sentences; s++, cursor++) paragraph += (s ? ' ' : '') + escapeHtml(pool[cursor % pool.length](c, rng));
      section += paragraph + '</p>';
      if (rng.chance(0.15)) section += `<ul>${rng.sample(SOFT_SKILLS, 3).map((value) => `<li><strong>${value}</strong>: ${escapeHtml(pool[(cursor++) % pool.length](c, rng))}</li>`).join('')}</ul>`;
    }
    parts.splice(2, 0, section);
  }
  return parts.join('') + closing.join('');
}

/** The jobs themselves: one at a time, so any count streams in constant memory. */
export function* generateJobs(options: GenerateJobsOptions): Generator<JobInput> {
  const { companyIds, count, seed, baseDate, sandbox = false, start = 0 } = options;
  checkCount('count', count);
  checkCount('start', start);
  if (start + count > 0x100000000) throw new RangeError('at most 2^32 jobs per seed');
  checkSeed(seed);
  const base = baseDate.getTime();
  if (!Number.isFinite(base)) throw new RangeError('baseDate must be a valid date');
  if (count > 0 && companyIds.length === 0) throw new RangeError('companyIds must not be empty');
  if (options.companies && options.companies.length !== companyIds.length) throw new RangeError('companies must match companyIds');
  const contexts = companyIds.map((_, index) => contextFor(options.companies?.[index], seed, index));
  const picker = companyPicker(contexts, seed);
  const tag = seed * 2 + (sandbox ? 1 : 0);
  const mask = mix32(tag ^ 0x5bd1e995);
  const day = 86_400_000;

  for (let i = start; i < start + count; i++) {
    const rng = new Rng(seed, STREAM_JOB, i);
    const companyIndex = picker.pick(rng);
    const company = contexts[companyIndex];
    const family = rng.chance(0.75) ? INDUSTRY_FAMILIES.get(company.industry)!.pick(rng) : FAMILY_PICK.pick(rng);
    const seniority = SENIORITY_PICK.get(family)!.pick(rng);
    const [role, roleMultiplier] = rng.pick(family.roles);

    let canonical: string;
    let title: string;
    if (seniority.leadership) {
      canonical = `${seniority.leadership} ${rng.pick(family.areas)}`;
      title = canonical;
    } else {
      canonical = seniority.prefix ? `${seniority.prefix} ${role}` : seniority.suffix ? `${role} ${seniority.suffix}` : role;
      title = rng.chance(0.22) ? `${canonical}, ${rng.pick(family.teams)}` : canonical;
    }

    let employment: EmploymentType | null = seniority.key === 'intern' && rng.chance(0.9)
      ? 'internship'
      : (FRONTLINE.has(family.key) ? EMPLOYMENT_FRONTLINE : EMPLOYMENT_OFFICE).pick(rng);
    if (rng.chance(0.06)) employment = null;
    let workModel: WorkModel | null = (FRONTLINE.has(family.key) ? WORK_FRONTLINE : WORK_OFFICE).pick(rng);
    if (rng.chance(0.07)) workModel = null;
    let level: ExperienceLevel | null = seniority.level === 'mid' && rng.chance(0.15) ? 'entry' : seniority.level;
    if (rng.chance(0.08)) level = null;

    const locations = locationsFor(rng, company, workModel);
    const first = locations[0];
    const payCountry = (first?.country_code && COUNTRY_BY_CODE.get(first.country_code)) || company.country;
    if (payCountry.code === 'DE' && rng.chance(0.5)) title += ' (m/w/d)';
    else if (payCountry.code === 'FR' && rng.chance(0.4)) title += ' (H/F)';
    else if (workModel === 'remote' && rng.chance(0.15)) title += ' (Remote)';
    const compensation = rng.chance(0.3) ? null : compensationFor(rng, family, roleMultiplier, seniority, employment, payCountry);

    // Qualifications.
    const years = seniority.level === 'intern' ? 0 : seniority.level === 'entry' ? rng.int(0, 2) : seniority.level === 'mid' ? rng.int(2, 4) : seniority.level === 'senior' ? rng.int(5, 8) : rng.int(7, 12);
    const bare = rng.chance(0.05);
    const hard = rng.sample(family.hardSkills, rng.int(4, 8));
    const soft = rng.sample(SOFT_SKILLS, rng.int(2, 4));
    const mustSkills: Skill[] = bare ? [] : [
      ...hard.slice(0, Math.max(2, hard.length - 2)).map((name) => ({ name, type: 'hard' as const })),
      ...soft.slice(0, soft.length - 1).map((name) => ({ name, type: 'soft' as const })),
    ];
    const niceSkills: Skill[] = bare || rng.chance(0.25) ? [] : [
      ...hard.slice(Math.max(2, hard.length - 2)).map((name) => ({ name, type: 'hard' as const })),
      { name: soft[soft.length - 1], type: 'soft' as const },
    ];
    const education = bare || rng.chance(0.3) ? [] : [rng.pick(family.education)];
    const certifications = bare ? [] : rng.sample(family.certifications, FRONTLINE.has(family.key) ? rng.int(0, 2) : rng.chance(0.25) ? 1 : 0);
    const preferredEducation = !bare && rng.chance(0.2) ? [rng.pick(family.education)].filter((value) => !education.includes(value)) : [];
    const preferredCertifications = !bare && rng.chance(0.2) ? rng.sample(family.certifications, 1).filter((value) => !certifications.includes(value)) : [];
    const responsibilities = rng.chance(0.1) ? [] : rng.sample(family.responsibilities, rng.int(3, 6));
    const benefits = rng.chance(0.15) ? [] : rng.sample(BENEFITS, rng.int(2, 8));

    // Identity: source, external id, URLs.
    const source = rng.chance(0.88) ? company.ats : ATS_PICK.pick(rng);
    const n = permute(i, mask);
    const token = `${n.toString(36).padStart(7, '0')}${tag.toString(36)}`;
    const external = rng.chance(0.1) ? null : externalId(ATS_ID_STYLE.get(source) ?? 'short', n, tag, rng);
    const titleSlug = slugify(title.replace(/\(.*?\)/g, ''));
    let listingUrl: string;
    let applyUrl: string;
    if (source === 'company-website' || rng.chance(0.15)) {
      listingUrl = `${company.website}/careers/${titleSlug}-${token}`;
      applyUrl = rng.chance(0.5) ? `${listingUrl}#apply` : `${company.website}/careers/apply?job=${external ?? token}`;
    } else {
      listingUrl = `https://${source}.example-ats.test/${company.slug}/jobs/${external ?? token}`;
      applyUrl = rng.chance(0.7) ? `${listingUrl}/apply` : listingUrl;
    }

    // Dates.
    const posted = base - Math.floor(rng.next() * 120 * day / 60_000) * 60_000;
    const datePosted = rng.chance(0.03) ? null : new Date(posted).toISOString();
    const v = rng.next();
    let validThrough: string | null = null;
    if (v < 0.02) {
      const earliest = Math.max(posted + day, base - 30 * day);
      validThrough = new Date(Math.min(base - 3_600_000, earliest + rng.next() * (base - earliest))).toISOString();
    } else if (v < 0.3) {
      validThrough = new Date(Math.max(base, posted + 30 * day) + rng.int(1, 90) * day).toISOString();
    }

    const place = first?.city ?? first?.country ?? company.country.name;
    const at = first?.city
      ? ` in ${first.city}`
      : first?.country ? ` (remote, ${first.country})` : workModel === 'remote' || first ? ' (fully remote)' : '';
    const summary = rng.chance(0.2)
      ? null
      : `${company.name} is hiring ${article(title)} ${title}${at}. ${rng.pick(family.responsibilities)}.`;
    const description = buildDescription(rng, {
      company, title, family, seniority, place, at, responsibilities, mustSkills, niceSkills, education, certifications,
      benefits, compensation, applyUrl, years, workModel,
    });

    const inUs = locations.some((location) => location.country_code === 'US');
    const job: JobInput = {
      source,
      external_id: external,
      company_id: companyIds[companyIndex],
      title,
      normalized_title: rng.chance(0.07) ? null : snakeCase(canonical),
      description,
      summary,
      listing_url: listingUrl,
      apply_url: applyUrl,
      employment_type: employment,
      work_model: workModel,
      experience_level: level,
      compensation,
      date_posted: datePosted,
      valid_through: validThrough,
      qualifications: {
        must_have: { education, certifications, skills: mustSkills },
        preferred: { education: preferredEducation, certifications: preferredCertifications, skills: niceSkills },
      },
      responsibilities,
      benefits,
      is_work_auth_required: triState(rng, 0.45, 0.25),
      is_h1b_sponsor: inUs ? triState(rng, 0.2, 0.3) : triState(rng, 0.04, 0.16),
      is_clearance_required: triState(rng, 0.03, 0.5),
      locations,
    };
    if (sandbox) job.sandbox = true;
    yield job;
  }
}

// Re-exported so callers and tests can check coverage against the canonical keys.
export { EMPLOYMENT_TYPES, WORK_MODELS, EXPERIENCE_LEVELS };
