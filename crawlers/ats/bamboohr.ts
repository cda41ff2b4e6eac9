// BambooHR careers site JSON (what {company}.bamboohr.com/careers reads): keyless,
// `GET https://{company}.bamboohr.com/careers/list` lists every open posting in one
// answer `{meta:{totalCount}, result:[…]}` without descriptions or dates, and
// `GET …/careers/{id}/detail` gives one posting `{meta, result:{jobOpening, formFields}}`.
// Traps: the text, date and pay come only from the detail, one request per posting
// (fetched a slice at a time, concurrently; the host gate caps how many run at once); a
// posting closed between list and detail answers 404 `{"type":"not_found",…}` and is left
// out, which makes the listing incomplete; `compensation` is free text ("$85,000 - $95,000
// per year", "$300 - $425/Day ($21.43 - $30.35 per hour)"), read only when it is one plain
// range or amount; `locationType` is a code ("0" on-site, "1" remote, "2" hybrid);
// `location` (the office) and `atsLocation` (where the job is) may both be set. An unknown
// company answers 302 to www.bamboohr.com, which the crawl sees as a CrawlHttpError.
import type { BoardTarget, Connector, Posting } from '../connector.ts';
import type { CrawlHttp } from '../http.ts';
import type { Compensation, SalaryPeriod, WorkModel } from '../../db/jobs.ts';
import { amount, compensation, employmentType, isoDate, place, salaryPeriod, strings, workplace } from './map.ts';

/** A row of `/careers/list` (the fields this connector reads; departmentId and the rest are ignored). */
export interface BambooListItem {
  id: string;
  jobOpeningName: string;
  departmentLabel?: string | null;
  employmentStatusLabel?: string | null;
  location?: { city?: string | null; state?: string | null } | null;
  atsLocation?: { country?: string | null; state?: string | null; province?: string | null; city?: string | null } | null;
  isRemote?: boolean | null;
  locationType?: string | null;
}

interface BambooList {
  meta?: { totalCount?: number };
  result: BambooListItem[];
}

/** `result.jobOpening` of `/careers/{id}/detail`. */
export interface BambooJobOpening {
  jobOpeningShareUrl?: string | null;
  jobOpeningName: string;
  jobOpeningStatus?: string | null;
  departmentLabel?: string | null;
  employmentStatusLabel?: string | null;
  location?: { city?: string | null; state?: string | null; postalCode?: string | null; addressCountry?: string | null } | null;
  atsLocation?: { country?: string | null; countryId?: string | null; state?: string | null; province?: string | null; city?: string | null } | null;
  description?: string | null;
  compensation?: string | null;
  datePosted?: string | null;
  minimumExperience?: string | null;
  isRemote?: boolean | null;
  locationType?: string | null;
}

interface BambooDetail {
  result?: { jobOpening?: BambooJobOpening };
}

/** Details fetched at once; the host gate still limits how many are in flight. */
const DETAIL_SLICE = 20;

/** The board's origin: the BambooHR host its URL names, else the company's host. */
export function bamboohrOrigin(board: BoardTarget): string {
  if (board.url) {
    const host = new URL(board.url).hostname.toLowerCase();
    if (/^[a-z0-9-]+\.bamboohr\.com$/.test(host) && host !== 'www.bamboohr.com') return `https://${host}`;
  }
  return `https://${encodeURIComponent(board.token.toLowerCase())}.bamboohr.com`;
}

const LOCATION_TYPES: Record<string, WorkModel> = { '0': 'onsite', '1': 'remote', '2': 'hybrid' };

function workModel(job: { isRemote?: boolean | null; locationType?: string | null }): WorkModel | null {
  const code = job.locationType?.trim();
  if (code && LOCATION_TYPES[code]) return LOCATION_TYPES[code];
  if (job.isRemote === true) return 'remote';
  return workplace(code);
}

// --- compensation text -------------------------------------------------------------

const CURRENCY_SIGNS: Record<string, string> = { '€': 'EUR', '£': 'GBP', 'US$': 'USD', 'C$': 'CAD', 'CA$': 'CAD', 'A$': 'AUD', 'AU$': 'AUD', 'NZ$': 'NZD' };
/** A bare "$" is the dollar of the posting's stated country; with no country it names no currency. */
const DOLLAR_COUNTRIES: Record<string, string> = {
  'united states': 'USD', 'united states of america': 'USD', usa: 'USD', us: 'USD', canada: 'CAD', australia: 'AUD', 'new zealand': 'NZD',
};
const ISO_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const PERIOD_WORDS: Record<string, SalaryPeriod> = { hr: 'hourly', yr: 'yearly', mo: 'monthly', wk: 'weekly', annum: 'yearly' };

const SIGN = String.raw`(US\$|CA?\$|AU?\$|NZ\$|\$|€|£|[A-Z]{3}(?=\s?\d))?`;
const MONEY = String.raw`${SIGN}\s*(\d[\d.,]*\d|\d)\s*([kK])?`;
/** The whole text: one amount or one range, an optional code after it, an optional period. Anything more is not read. */
const PAY = new RegExp(
  String.raw`^${MONEY}(?:\s*(?:-|–|—|to)\s*${MONEY})?(?:\s+([A-Z]{3}))?(?:\s*(?:/|per\s+|an?\s+)\s*([A-Za-z]+)|\s+(hourly|annually|yearly|monthly|weekly|daily))?\.?$`,
  'i',
);

/** "80,000", "80000.50" or "60.000" (dots grouping thousands); null for any other spelling. */
function money(text: string | undefined, thousands: string | undefined): number | null {
  if (text === undefined) return null;
  let plain: string;
  // Three digits after a dot group thousands ("€60.000"): pay is never stated in thousandths.
  if (/^\d{1,3}(\.\d{3})+$/.test(text)) plain = text.replace(/\./g, '');
  else if (/^\d{1,3}(,\d{3})*(\.\d+)?$/.test(text) || /^\d+(\.\d+)?$/.test(text)) plain = text.replace(/,/g, '');
  else return null;
  const number = amount(plain);
  return number === null ? null : thousands ? number * 1000 : number;
}

/** The ISO code a sign or code names; null for a "$" of no stated country; undefined when it is no currency. */
function currencyOf(sign: string, country: string | null): string | null | undefined {
  const trimmed = sign.trim().toUpperCase();
  if (trimmed === '$') return country ? (DOLLAR_COUNTRIES[country.trim().toLowerCase()] ?? null) : null;
  if (CURRENCY_SIGNS[trimmed]) return CURRENCY_SIGNS[trimmed];
  return ISO_CURRENCIES.has(trimmed) ? trimmed : undefined;
}

/**
 * Pay from BambooHR's free-text `compensation`: only an unambiguous amount or range with a
 * currency sign or code ("$80,000 - $100,000", "€45k–55k per year", "$25-$30/hour"), the
 * period only when stated. Two ranges, words around the numbers, or no currency: null.
 */
export function bamboohrPay(text: string | null | undefined, country: string | null): Compensation | null {
  const match = PAY.exec(text?.trim() ?? '');
  if (!match) return null;
  const [, sign1, low, k1, sign2, high, k2, code, periodWord, periodAdverb] = match;
  const stated = [sign1, sign2, code].filter((sign): sign is string => sign !== undefined);
  if (stated.length === 0) return null; // no currency stated: the numbers could be anything
  const currencies = stated.map((sign) => currencyOf(sign, country));
  if (currencies.includes(undefined)) return null; // a word that is not a currency ("DOE")
  const known = [...new Set(currencies.filter((value): value is string => typeof value === 'string'))];
  if (known.length > 1) return null; // two currencies in one range
  const word = (periodWord ?? periodAdverb ?? '').toLowerCase();
  const period = word ? (PERIOD_WORDS[word] ?? salaryPeriod(word)) : null;
  if (word && !period) return null; // "per project", "/shift": no pay period we know
  const min = money(low, k1 ?? k2);
  const max = high === undefined ? min : money(high, k2);
  if (min === null || max === null) return null;
  return compensation(min, max, known[0] ?? null, period);
}

// --- mapping -----------------------------------------------------------------------

export function mapBambooHRJob(id: string, listed: BambooListItem, job: BambooJobOpening, origin: string): Posting {
  const page = `${origin}/careers/${encodeURIComponent(id)}`;
  const office = job.location ?? listed.location;
  const area = job.atsLocation ?? listed.atsLocation;
  const country = (job.location?.addressCountry || area?.country) ?? null;
  const officeRaw = place(office?.city, office?.state, job.location?.addressCountry);
  const areaRaw = place(area?.city, area?.state || area?.province, area?.country);
  return {
    external_id: id,
    title: (job.jobOpeningName ?? listed.jobOpeningName).trim(),
    description: job.description ?? '',
    listing_url: page,
    // The application form is on the posting page.
    apply_url: page,
    locations: strings([officeRaw, areaRaw]),
    places: [
      ...(officeRaw ? [{ raw: officeRaw, city: office?.city ?? null, region: office?.state ?? null, country: job.location?.addressCountry ?? null, country_code: null }] : []),
      ...(areaRaw && areaRaw !== officeRaw ? [{ raw: areaRaw, city: area?.city ?? null, region: (area?.state || area?.province) ?? null, country: area?.country ?? null, country_code: null }] : []),
    ],
    workplace: workModel({ isRemote: job.isRemote ?? listed.isRemote, locationType: job.locationType ?? listed.locationType }),
    employment_type: employmentType(job.employmentStatusLabel ?? listed.employmentStatusLabel),
    department: (job.departmentLabel ?? listed.departmentLabel)?.trim() || null,
    date_posted: isoDate(job.datePosted),
    valid_through: null,
    compensation: bamboohrPay(job.compensation, country),
    company_name: null,
  };
}

/** One posting's detail, or null when it is gone (404, or no longer open). */
async function detail(http: CrawlHttp, origin: string, id: string): Promise<BambooJobOpening | null> {
  const response = await http.request(`${origin}/careers/${encodeURIComponent(id)}/detail`, { accept: [404], headers: { accept: 'application/json' } });
  if (response.status === 404) return null;
  let answer: BambooDetail;
  try {
    answer = JSON.parse(response.body.toString('utf8')) as BambooDetail;
  } catch {
    throw new Error(`BambooHR answered posting ${id} with something other than JSON.`);
  }
  const job = answer.result?.jobOpening;
  if (!job) throw new Error(`BambooHR answered posting ${id} without a jobOpening.`);
  if (job.jobOpeningStatus && job.jobOpeningStatus.toLowerCase() !== 'open') return null;
  return job;
}

export const bamboohrConnector: Connector = {
  ats: 'bamboohr',
  async *list(board, http) {
    const origin = bamboohrOrigin(board);
    const list = await http.getJson<BambooList>(`${origin}/careers/list`);
    if (!Array.isArray(list.result)) throw new Error(`BambooHR answered without a result list for ${board.token}.`);
    let gone = 0;
    for (let start = 0; start < list.result.length; start += DETAIL_SLICE) {
      const slice = list.result.slice(start, start + DETAIL_SLICE);
      const details = await Promise.all(slice.map((listed) => detail(http, origin, String(listed.id))));
      const postings: Posting[] = [];
      slice.forEach((listed, index) => {
        const job = details[index];
        if (job) postings.push(mapBambooHRJob(String(listed.id), listed, job, origin));
        else gone++;
      });
      if (postings.length) yield postings;
    }
    if (gone) return { complete: false, reason: `${gone} listed posting(s) were gone (404 or closed) when their detail was fetched.` };
    const total = list.meta?.totalCount;
    if (typeof total === 'number' && total > list.result.length) {
      return { complete: false, reason: `BambooHR counted ${total} postings but listed ${list.result.length}.` };
    }
    return { complete: true };
  },
};
