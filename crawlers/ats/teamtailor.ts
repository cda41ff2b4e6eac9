// Teamtailor career sites (`https://{company}.teamtailor.com`, or the company's own domain
// given as the board URL) publish two keyless feeds of their open jobs, and neither has
// every field, so a board is read from both, joined on the posting's UUID (JSON `id` = RSS
// `guid`). `GET {site}/jobs.json` is a JSON Feed 1.1 that pages at 100 with `next_url`:
// it is the listing, with the description (`content_html`), the dates and, in its
// `_jobposting` (schema.org JobPosting), employmentType, validThrough and baseSalary.
// `GET {site}/jobs.rss` adds what the JSON lacks: remoteStatus, department and the named
// locations. (api.teamtailor.com/v1 is the keyed JSON:API, not used.)
// Traps: the RSS lists only the first 100 postings and ignores `page`, but honours a larger
// `per_page`, so it is asked for RSS_PER_PAGE at once (a posting beyond it keeps its JSON
// fields only); `remoteStatus` `none` is Teamtailor's default, not "on-site" (that is
// `onsite`), so it maps to null; the JSON-LD `jobLocation` address is the office on file
// (a "Canada - REMOTE" posting carries a Calgary street address), so locations come from
// the RSS location names and the address is only the fallback; each location's parts (RSS
// `tt:city`, `tt:country` as an English name; JSON-LD `addressLocality`, `addressCountry` as
// an ISO code) are its `places`, the city only where the location's name shows it (the same
// office address is behind the RSS record), never the `addressRegion` that boards fill with a
// sales region ("EMEA") or the country's own name ("Sverige"); baseSalary amounts come as
// strings, as a range or a single value; `next_url` is followed only within the same feed.
// An unknown site answers 404.
import { XMLParser } from 'fast-xml-parser';
import type { Connector, Posting, PostingPlace } from '../connector.ts';
import type { WorkModel } from '../../db/jobs.ts';
import { compensation, employmentType, isoDate, place, salaryPeriod } from './map.ts';

/** Postings asked of the RSS in one answer (it does not page). */
export const RSS_PER_PAGE = 1000;
/** JSON Feed pages read at most (100 postings each) before the listing is called incomplete. */
const MAX_PAGES = 200;

interface JsonLdAddress {
  streetAddress?: string | null;
  addressLocality?: string | null;
  addressRegion?: string | null;
  postalCode?: string | null;
  addressCountry?: string | null;
}

interface TeamtailorJobPosting {
  title?: string | null;
  description?: string | null;
  datePosted?: string | null;
  validThrough?: string | null;
  employmentType?: string | string[] | null;
  jobLocationType?: string | null;
  hiringOrganization?: { name?: string | null } | null;
  jobLocation?: Array<{ address?: JsonLdAddress | null }> | { address?: JsonLdAddress | null } | null;
  baseSalary?: {
    currency?: string | null;
    value?: { minValue?: string | number | null; maxValue?: string | number | null; value?: string | number | null; unitText?: string | null } | string | number | null;
  } | null;
}

/** One JSON Feed item (the feed also has home_page_url, feed_url). */
interface TeamtailorItem {
  id: string;
  title: string;
  url: string;
  date_published?: string | null;
  content_html?: string | null;
  _jobposting?: TeamtailorJobPosting | null;
}

interface TeamtailorFeed {
  version?: string;
  title?: string | null;
  next_url?: string | null;
  items: TeamtailorItem[];
}

interface RssLocation {
  'tt:name'?: string;
  'tt:city'?: string;
  'tt:country'?: string;
}

interface RssItem {
  guid?: string;
  remoteStatus?: string;
  'tt:department'?: string;
  'tt:locations'?: { 'tt:location'?: RssLocation[] } | string;
}

/** What the RSS adds to a JSON item. */
export interface TeamtailorRssFields {
  remoteStatus: string | null;
  department: string | null;
  /** One per named location, its parts possibly all null. */
  places: PostingPlace[];
}

// Teamtailor's enum: fully, hybrid, onsite, temporary (remote for now), none (not set). The
// last two say nothing lasting about where the job is done.
const REMOTE_STATUS: Record<string, WorkModel> = { fully: 'remote', hybrid: 'hybrid', onsite: 'onsite' };

const rssParser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  htmlEntities: true,
  isArray: (name) => name === 'item' || name === 'tt:location',
  // The descriptions (most of the feed) are not read from the RSS.
  stopNodes: ['rss.channel.item.description'],
});

/** "Dublin office" in Ireland → "Dublin office, Ireland"; a name that already names its country stays as it is. */
function locationName(location: RssLocation): string | null {
  const name = location['tt:name']?.trim();
  const country = location['tt:country']?.trim();
  if (!name) return place(location['tt:city'], country);
  return country && !name.toLowerCase().includes(country.toLowerCase()) ? `${name}, ${country}` : name;
}

/** A named location in parts; its record's city only where the name shows it ("Canada - REMOTE" has Calgary's office). */
function rssPlace(location: RssLocation): PostingPlace | null {
  const raw = locationName(location);
  if (!raw) return null;
  const name = location['tt:name']?.trim().toLowerCase();
  const city = location['tt:city']?.trim() || null;
  const shown = city && (!name || name.includes(city.toLowerCase())) ? city : null;
  return { raw, city: shown, region: null, country: location['tt:country']?.trim() || null, country_code: null };
}

/** Places by their raw string, the first of each. */
function distinct(places: Array<PostingPlace | null>): PostingPlace[] {
  const byRaw = new Map<string, PostingPlace>();
  for (const entry of places) if (entry && !byRaw.has(entry.raw)) byRaw.set(entry.raw, entry);
  return [...byRaw.values()];
}

/** The RSS fields of every posting it lists, by UUID. */
export function parseTeamtailorRss(xml: string): Map<string, TeamtailorRssFields> {
  const parsed = rssParser.parse(xml) as { rss?: { channel?: { item?: RssItem[] } } };
  const channel = parsed.rss?.channel;
  if (!channel) throw new Error('The Teamtailor RSS answer is not an RSS feed.');
  const fields = new Map<string, TeamtailorRssFields>();
  for (const item of channel.item ?? []) {
    const guid = item.guid?.trim();
    if (!guid) continue;
    const locations = typeof item['tt:locations'] === 'object' ? (item['tt:locations']['tt:location'] ?? []) : [];
    fields.set(guid, {
      remoteStatus: item.remoteStatus?.trim().toLowerCase() || null,
      department: item['tt:department']?.trim() || null,
      places: distinct(locations.map(rssPlace)),
    });
  }
  return fields;
}

const COUNTRY_CODE = /^[A-Za-z]{2,3}$/;

/** The JSON-LD addresses as places ("Berlin, DE"); addressRegion is left out (see above). */
function addressPlaces(posting: TeamtailorJobPosting | null | undefined): PostingPlace[] {
  const locations = posting?.jobLocation;
  const list = Array.isArray(locations) ? locations : locations ? [locations] : [];
  return distinct(list.map(({ address }) => {
    const raw = place(address?.addressLocality, address?.addressCountry);
    const country = address?.addressCountry?.trim() || null;
    const code = country && COUNTRY_CODE.test(country);
    return raw ? { raw, city: address?.addressLocality?.trim() || null, region: null, country: code ? null : country, country_code: code ? country : null } : null;
  }));
}

/** A place that carries a part. */
const inParts = (entry: PostingPlace) => !!(entry.city || entry.region || entry.country || entry.country_code);

function pay(posting: TeamtailorJobPosting | null | undefined) {
  const salary = posting?.baseSalary;
  if (!salary) return null;
  const value = salary.value;
  if (value !== null && typeof value === 'object') {
    const single = value.value ?? null;
    return compensation(value.minValue ?? single, value.maxValue ?? single, salary.currency, salaryPeriod(value.unitText));
  }
  return compensation(value, value, salary.currency, null);
}

export function mapTeamtailorJob(item: TeamtailorItem, rss: TeamtailorRssFields | undefined, feedTitle: string | null): Posting {
  const posting = item._jobposting ?? null;
  const type = Array.isArray(posting?.employmentType) ? posting.employmentType[0] : posting?.employmentType;
  const telecommute = posting?.jobLocationType?.toUpperCase() === 'TELECOMMUTE' ? 'remote' : null;
  const places = rss ? rss.places : addressPlaces(posting);
  return {
    external_id: item.id,
    title: (item.title || posting?.title || '').trim(),
    description: item.content_html ?? posting?.description ?? '',
    listing_url: item.url,
    apply_url: item.url,
    locations: places.map((entry) => entry.raw),
    places: places.filter(inParts),
    workplace: (rss?.remoteStatus ? REMOTE_STATUS[rss.remoteStatus] : undefined) ?? telecommute,
    employment_type: employmentType(type),
    department: rss?.department ?? null,
    date_posted: isoDate(item.date_published ?? posting?.datePosted),
    valid_through: isoDate(posting?.validThrough),
    compensation: pay(posting),
    company_name: posting?.hiringOrganization?.name?.trim() || feedTitle,
  };
}

/** The site the feeds hang off: the board URL's origin (and locale, as in /en/jobs), else {token}.teamtailor.com. */
export function teamtailorSite(board: { token: string; url: string | null }): string {
  if (!board.url) return `https://${board.token}.teamtailor.com`;
  const url = new URL(board.url);
  const locale = /^(\/[A-Za-z]{2}(?:-[A-Za-z0-9]{2,4})?)(?:\/jobs)?\/?$/.exec(url.pathname)?.[1] ?? '';
  return `${url.origin}${locale}`;
}

export const teamtailorConnector: Connector = {
  ats: 'teamtailor',
  async *list(board, http) {
    const site = teamtailorSite(board);
    const rss = parseTeamtailorRss(await http.getText(`${site}/jobs.rss?per_page=${RSS_PER_PAGE}`, { headers: { accept: 'application/rss+xml, application/xml' } }));
    let url = `${site}/jobs.json`;
    const feedPath = new URL(url).pathname;
    const seen = new Set<string>();
    for (let page = 1; ; page++) {
      const feed = await http.getJson<TeamtailorFeed>(url);
      if (!Array.isArray(feed.items)) throw new Error(`Teamtailor answered without an items list for ${site}.`);
      // A posting published while paging shifts the rest by one: the repeat is skipped.
      const fresh = feed.items.filter((item) => !seen.has(item.id));
      for (const item of fresh) seen.add(item.id);
      const feedTitle = feed.title?.trim() || null;
      if (fresh.length) yield fresh.map((item) => mapTeamtailorJob(item, rss.get(item.id), feedTitle));
      if (!feed.next_url || feed.items.length === 0) return { complete: true };
      const next = new URL(feed.next_url, url);
      if (next.origin !== new URL(site).origin || next.pathname !== feedPath) {
        return { complete: false, reason: `next_url leaves the feed (${feed.next_url}); not followed.` };
      }
      if (page >= MAX_PAGES) return { complete: false, reason: `Stopped after ${MAX_PAGES} pages of jobs.json; the board lists more.` };
      url = next.href;
    }
  },
};
