// What every ATS connector is: it lists one board through the crawl HTTP client and maps
// each posting onto the service's fields, as the ATS states them (job understanding reads
// the text later). One module per ATS under crawlers/ats/, registered in crawlers/ats/index.ts.
import type { Compensation, EmploymentType, WorkModel } from '../db/jobs.ts';
import type { CrawlHttp } from './http.ts';

/** The ATS ids boards are kept under; a crawled job's `source` is its board's ATS id. */
export const ATS_IDS = [
  'greenhouse', 'lever', 'ashby', 'workable', 'smartrecruiters', 'recruitee', 'personio', 'workday', 'bamboohr', 'teamtailor',
] as const;
export type AtsId = (typeof ATS_IDS)[number];

export function isAtsId(value: string): value is AtsId {
  return (ATS_IDS as readonly string[]).includes(value);
}

/** The board as a connector sees it. */
export interface BoardTarget {
  ats: AtsId;
  /** The ATS's name for the board: Greenhouse board token, Lever site, Workday `tenant/site`, ... */
  token: string;
  /** The full site URL where the ATS needs one (Workday, the Lever EU host, custom domains); null otherwise. */
  url: string | null;
}

/** One posting as the ATS states it, mapped onto our canonical keys. */
export interface Posting {
  /** The ATS's own posting id, as a string. */
  external_id: string;
  title: string;
  /** HTML (or plain text) exactly as the ATS gives it, entities decoded once if the ATS escapes its HTML. */
  description: string;
  /** The public posting page. */
  listing_url: string;
  /** The application form; the listing URL when the ATS has no separate one. */
  apply_url: string;
  /** Raw location strings as the ATS writes them ("Berlin, Germany"); empty when none. */
  locations: string[];
  workplace: WorkModel | null;
  employment_type: EmploymentType | null;
  department: string | null;
  /** ISO date-times; null when the ATS gives none (or only relative text, such as "Posted 30+ Days Ago"). */
  date_posted: string | null;
  valid_through: string | null;
  compensation: Compensation | null;
  /** The employer's name when the listing states it. */
  company_name?: string | null;
  /** Places the ATS states in parts (city, region, country), each for the entry of `locations` it describes. */
  places?: PostingPlace[];
}

/** A place an ATS gives in fields rather than as one string; read through the gazetteer, never worse than `raw`. */
export interface PostingPlace {
  /** The entry of `locations` this place is. */
  raw: string;
  city: string | null;
  region: string | null;
  country: string | null;
  /** ISO 3166-1 alpha-2 (or alpha-3) when the ATS gives a code. */
  country_code: string | null;
}

/** Where a listing stopped; anything but `complete` expires nothing. */
export type ListingEnd = { complete: true } | { complete: false; reason: string };

/**
 * Lists a whole board: yields postings a page at a time (so a large board is never held
 * whole) and returns whether the listing was complete. Throws on a failed request
 * (crawlers/http.ts errors), which fails the crawl and expires nothing.
 */
export interface Connector {
  ats: AtsId;
  list(board: BoardTarget, http: CrawlHttp): AsyncGenerator<Posting[], ListingEnd, void>;
}
