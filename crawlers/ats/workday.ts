// Workday career sites through the public CXS API the site's own page calls (keyless,
// undocumented): `POST {origin}/wday/cxs/{tenant}/{site}/jobs` with
// `{"appliedFacets":{},"limit":20,"offset":N,"searchText":""}` lists a page of summaries, and
// `GET {origin}/wday/cxs/{tenant}/{site}{externalPath}` answers one posting's detail
// (`jobPostingInfo`, `hiringOrganization`). A board is its site URL
// (https://acme.wd5.myworkdayjobs.com/en-US/External); tenant and site are read from it.
// Traps: `limit` above 20 answers 400; `total` is real only on the first page (later pages
// say 0); past its end a tenant wraps to page one instead of answering an empty page, so
// paging stops at the first page's total (and at any page of postings already listed); some
// tenants stop at 2,000 results: they report total 2000 exactly (while others report and
// page through 19,000), and offsets from 2000 on repeat earlier postings, come back empty or
// answer 400, so a total of exactly 2000, or any stop short of the total, ends incomplete;
// `postedOn` is relative text ("Posted 30+ Days Ago"), so only the detail's absolute
// `startDate` dates a posting; a detail closed between list and detail answers 404 and is
// left out (the listing is then incomplete). Workplace and employment type come from the
// tenant-labelled `remoteType` / `timeType`; the API states no department and no pay. The
// detail's `country` is the place of the first location (`places`), so a requisition street
// address or an office name ("NC-Virtual Office") still has its country.
import type { BoardTarget, Connector, ListingEnd, Posting, PostingPlace } from '../connector.ts';
import { CrawlHttpError, type CrawlHttp, type CrawlResponse } from '../http.ts';
import { employmentType, isoDate, strings, workplace } from './map.ts';

/** The most `limit` Workday accepts; 21 and above answer 400. */
export const WORKDAY_PAGE_SIZE = 20;
/** Where tenants that cap their results stop paging, and the `total` they then report. */
export const WORKDAY_RESULT_CAP = 2000;
/** A runaway guard: 50,000 postings. */
const MAX_PAGES = 2500;

/** A listed summary (the answer also has tenant-configured `bulletFields`, usually `[jobReqId]`). */
interface WorkdaySummary {
  title?: string;
  externalPath?: string;
  /** "Berlin", or "2 Locations" when there are several. */
  locationsText?: string;
  /** Relative text: "Posted Today", "Posted 30+ Days Ago". */
  postedOn?: string;
  bulletFields?: string[];
  remoteType?: string;
  timeType?: string;
}

interface WorkdayJobsAnswer {
  /** Real on the first page only; later pages say 0. */
  total?: number;
  jobPostings?: WorkdaySummary[];
}

/** A country on a detail: `{descriptor, id}`; the requisition location's also has `alpha2Code`. */
interface WorkdayCountry {
  descriptor?: string | null;
  id?: string | null;
  alpha2Code?: string | null;
}

/** The fields of a posting's detail this connector reads (it also has questionnaireId, canApply, ...). */
interface WorkdayPostingInfo {
  id?: string;
  title?: string;
  jobDescription?: string;
  location?: string;
  additionalLocations?: string[];
  postedOn?: string;
  /** "2024-09-11": the day the posting went up on the site (not an employment start). */
  startDate?: string;
  /** The last day the posting stays up, when the tenant sets one. */
  endDate?: string;
  timeType?: string;
  remoteType?: string;
  jobReqId?: string;
  jobPostingId?: string;
  /** The country of the posting's (first) location. */
  country?: WorkdayCountry | null;
  /** The requisition's location: an office name or a street address ("580 CROSSPOINT PARKWAY  GETZVILLE"). */
  jobRequisitionLocation?: { descriptor?: string; country?: WorkdayCountry | null } | null;
  externalUrl?: string;
}

interface WorkdayDetail {
  jobPostingInfo?: WorkdayPostingInfo;
  hiringOrganization?: { name?: string | null; url?: string | null } | null;
}

/** Where a board's CXS API lives and how its public pages are addressed. */
export interface WorkdaySite {
  origin: string;
  tenant: string;
  site: string;
  /** `{origin}/wday/cxs/{tenant}/{site}`: `/jobs` lists, `+ externalPath` is a detail. */
  api: string;
}

const LOCALE = /^[a-z]{2}(-[A-Za-z]{2})?$/;

/** A path segment decoded, or as it is when its escapes are not UTF-8. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The site of a board URL: `{tenant}.wdN.myworkdayjobs.com/[locale/]{site}` (tenant from the
 * host), or `wdN.myworkdaysite.com/[locale/]recruiting/{tenant}/{site}`.
 */
export function workdaySite(board: BoardTarget): WorkdaySite {
  if (!board.url) throw new Error(`Workday board ${board.token} has no site URL.`);
  const url = new URL(board.url);
  const segments = url.pathname.split('/').filter(Boolean).map(decodeSegment);
  if (segments.length > 1 && LOCALE.test(segments[0]!)) segments.shift();
  let tenant: string | undefined;
  let site: string | undefined;
  if (segments[0] === 'recruiting' && segments.length >= 3) [tenant, site] = [segments[1], segments[2]];
  else [tenant, site] = [url.hostname.split('.')[0], segments[0]];
  if (!tenant || !site) throw new Error(`Workday board URL ${board.url} names no tenant and site.`);
  return { origin: url.origin, tenant, site, api: `${url.origin}/wday/cxs/${encodeURIComponent(tenant)}/${encodeURIComponent(site)}` };
}

/** A `remoteType` such as "Fully Remote", "Hybrid", "On-site" or "Onsite (5 Days per Week)". */
function workplaceOf(value: string | undefined): Posting['workplace'] {
  return workplace(value?.replace(/\(.*\)/, ''));
}

/** The detail's absolute start date; the relative `postedOn` text never becomes a date. */
function postedDate(info: WorkdayPostingInfo): string | null {
  return info.startDate && /^\d{4}-\d{2}-\d{2}/.test(info.startDate) ? isoDate(info.startDate) : null;
}

const sameCountry = (a: WorkdayCountry, b: WorkdayCountry) => (a.id && b.id ? a.id === b.id : a.descriptor === b.descriptor);

/**
 * The detail's country, as the place of the posting's first location: its name from
 * `country`, its ISO code from the requisition location's country when that is the same one.
 */
function countryPlace(info: WorkdayPostingInfo, raw: string | undefined): PostingPlace[] {
  const requisition = info.jobRequisitionLocation?.country ?? null;
  const country = info.country ?? requisition;
  if (!raw || !country) return [];
  const code = country.alpha2Code ?? (requisition && sameCountry(requisition, country) ? requisition.alpha2Code : null);
  const name = country.descriptor?.trim() || null;
  return name || code ? [{ raw, city: null, region: null, country: name, country_code: code?.trim() || null }] : [];
}

export function mapWorkdayJob(summary: WorkdaySummary, detail: WorkdayDetail, site: WorkdaySite): Posting {
  const info = detail.jobPostingInfo ?? {};
  const path = summary.externalPath!;
  const listingUrl = info.externalUrl || `${site.origin}/${site.site}${path}`;
  let locations = strings([info.location, ...(info.additionalLocations ?? [])]);
  if (!locations.length) locations = strings([info.jobRequisitionLocation?.descriptor]);
  // "3 Locations" counts places rather than naming one.
  if (!locations.length && !/^\d+\s+locations?$/i.test(summary.locationsText ?? '')) locations = strings([summary.locationsText]);
  const places = countryPlace(info, locations[0]);
  return {
    external_id: info.id || path,
    title: (info.title || summary.title || '').trim(),
    description: info.jobDescription ?? '',
    listing_url: listingUrl,
    // The site's Apply button opens `{posting}/apply` (manual, resume or last-application choice).
    apply_url: `${listingUrl.replace(/\/+$/, '')}/apply`,
    locations,
    ...(places.length ? { places } : {}),
    workplace: workplaceOf(info.remoteType ?? summary.remoteType),
    employment_type: employmentType(info.timeType ?? summary.timeType),
    department: null,
    date_posted: postedDate(info),
    valid_through: info.endDate && /^\d{4}-\d{2}-\d{2}/.test(info.endDate) ? isoDate(info.endDate) : null,
    compensation: null,
    company_name: detail.hiringOrganization?.name?.trim() || null,
  };
}

function parse<T>(response: CrawlResponse): T {
  try {
    return JSON.parse(response.body.toString('utf8')) as T;
  } catch {
    throw new CrawlHttpError(response.url, response.status, `The answer from ${new URL(response.url).host} is not JSON.`);
  }
}

/** One page of summaries; null when a page past the result cap answers 400 (the tenant pages no further). */
async function listPage(http: CrawlHttp, site: WorkdaySite, offset: number): Promise<WorkdayJobsAnswer | null> {
  const response = await http.request(`${site.api}/jobs`, {
    method: 'POST',
    json: { appliedFacets: {}, limit: WORKDAY_PAGE_SIZE, offset, searchText: '' },
    headers: { accept: 'application/json' },
    accept: offset >= WORKDAY_RESULT_CAP ? [400] : [],
  });
  if (response.status === 400) return null;
  const answer = parse<WorkdayJobsAnswer>(response);
  // A 200 without a list (some tenants' answer to a bad request) is no evidence of an empty board.
  if (!Array.isArray(answer.jobPostings)) throw new CrawlHttpError(response.url, response.status, `Workday answered without a jobPostings list at offset ${offset}.`);
  return answer;
}

/** A posting's detail; null when it closed since it was listed (404). */
async function detailOf(http: CrawlHttp, site: WorkdaySite, path: string): Promise<WorkdayDetail | null> {
  const response = await http.request(`${site.api}${path}`, { headers: { accept: 'application/json' }, accept: [404] });
  if (response.status === 404) return null;
  const detail = parse<WorkdayDetail>(response);
  if (!detail.jobPostingInfo) throw new CrawlHttpError(response.url, response.status, 'Workday answered a detail without jobPostingInfo.');
  return detail;
}

export const workdayConnector: Connector = {
  ats: 'workday',
  async *list(board, http) {
    const site = workdaySite(board);
    const seen = new Set<string>();
    let total: number | null = null;
    let closed = 0;
    let offset = 0;
    // Why paging stopped short of the first page's total (null: it reached it).
    let stop: string | null = null;
    for (let page = 0; ; page++) {
      if (page >= MAX_PAGES) {
        stop = `Stopped after ${MAX_PAGES} pages.`;
        break;
      }
      const answer = await listPage(http, site, offset);
      if (!answer) {
        stop = `Workday answered 400 at offset ${offset}.`;
        break;
      }
      const summaries = answer.jobPostings!;
      // Only the first page's total is real; later pages report 0. One smaller than its own page is no total.
      if (total === null) total = typeof answer.total === 'number' && answer.total >= summaries.length ? answer.total : Number.NaN;
      const fresh = summaries.filter((summary) => {
        const path = summary.externalPath;
        if (!path?.startsWith('/') || seen.has(path)) return false;
        seen.add(path);
        return true;
      });
      offset += summaries.length;
      if (fresh.length) {
        // One page's details at once; the host gate caps how many are in flight.
        const details = await Promise.all(fresh.map((summary) => detailOf(http, site, summary.externalPath!)));
        const postings: Posting[] = [];
        details.forEach((detail, index) => (detail ? postings.push(mapWorkdayJob(fresh[index]!, detail, site)) : closed++));
        if (postings.length) yield postings;
      }
      if (!summaries.length && page === 0 && total === 0) break; // an empty board
      if (!summaries.length || !fresh.length) {
        // Past its end Workday wraps to page one (or clamps to a fixed page): nothing new is more.
        stop = summaries.length ? `Workday repeated postings already listed at offset ${offset - summaries.length}.` : `Workday answered an empty page at offset ${offset}.`;
        break;
      }
      // A capped tenant reports exactly the cap: keep asking while pages bring new postings.
      if (offset >= total && total !== WORKDAY_RESULT_CAP) break;
    }
    return listingEnd(total ?? 0, seen.size, closed, stop);
  },
};

function listingEnd(total: number, listed: number, closed: number, stop: string | null): ListingEnd {
  if (Number.isNaN(total)) return { complete: false, reason: `Workday reported no total; listed ${listed} postings. ${stop ?? ''}`.trim() };
  if (total === WORKDAY_RESULT_CAP) {
    return { complete: false, reason: `Workday reported ${total} postings, the result cap of tenants that page no further (the board may hold more); listed ${listed}. ${stop ?? ''}`.trim() };
  }
  if (stop) return { complete: false, reason: `${stop} Listed ${listed} of the ${total} postings Workday reported.` };
  if (listed < total) return { complete: false, reason: `Listed ${listed} distinct postings of the ${total} Workday reported (the board changed while it was paged).` };
  if (closed) return { complete: false, reason: `${closed} listed posting(s) answered 404 on their detail (closed while the board was listed).` };
  return { complete: true };
}
