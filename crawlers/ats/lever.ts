// Lever Postings API (github.com/lever/postings-api): keyless, a bare JSON array per page,
// `GET api.lever.co/v0/postings/{site}?mode=json&skip={n}&limit=100`, paged until a page
// comes back shorter than the limit. Traps: Lever runs separate global and EU instances and
// a site exists on only one of them, so an EU board (its URL on jobs.eu.lever.co) is listed
// from api.eu.lever.co; `createdAt` is epoch MILLISECONDS and the only date there is (no
// update time, no closing date); the description is split over `description` (opening and
// body), `lists` (bare `<li>` runs under a plain-text heading) and `additional`; pay is an
// optional `salaryRange` whose interval reads "per-year-salary"; an unknown site answers
// 404 `{"ok":false,"error":"Document not found"}`.
import type { BoardTarget, Connector, Posting } from '../connector.ts';
import type { SalaryPeriod } from '../../db/jobs.ts';
import { compensation, employmentType, isoDate, salaryPeriod, strings, workplace } from './map.ts';

const GLOBAL_ORIGIN = 'https://api.lever.co';
const EU_ORIGIN = 'https://api.eu.lever.co';
const PAGE_SIZE = 100;
/** 20,000 postings: far beyond any real board; a listing cut here is reported incomplete. */
const MAX_PAGES = 200;

/** A posting as the list answers it (fields this connector does not read: descriptionPlain, openingPlain, additionalPlain, salaryDescriptionPlain, country, ...). */
interface LeverPosting {
  id: string;
  text: string;
  hostedUrl: string;
  applyUrl?: string | null;
  createdAt?: number | null;
  categories?: LeverCategories | null;
  workplaceType?: string | null;
  /** Opening and body together, styled HTML. */
  description?: string | null;
  opening?: string | null;
  descriptionBody?: string | null;
  lists?: LeverList[] | null;
  additional?: string | null;
  salaryRange?: LeverSalaryRange | null;
  salaryDescription?: string | null;
}

interface LeverCategories {
  commitment?: string | null;
  department?: string | null;
  team?: string | null;
  location?: string | null;
  level?: string | null;
  /** Every location, the primary one included. */
  allLocations?: string[] | null;
}

/** `content` is unstyled `<li>` elements without their `<ul>`; `text` is the plain heading. */
interface LeverList {
  text?: string | null;
  content?: string | null;
}

interface LeverSalaryRange {
  min?: number | null;
  max?: number | null;
  currency?: string | null;
  /** "per-year-salary", "per-month-salary", "per-hour-wage", "one-time", ... */
  interval?: string | null;
}

/** The API origin that holds the board: the EU instance when its URL is on an eu.lever.co host. */
export function leverApiOrigin(board: Pick<BoardTarget, 'url'>): string {
  if (!board.url) return GLOBAL_ORIGIN;
  try {
    return /(^|\.)eu\.lever\.co$/i.test(new URL(board.url).hostname) ? EU_ORIGIN : GLOBAL_ORIGIN;
  } catch {
    return GLOBAL_ORIGIN;
  }
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The whole advert as the hosted page shows it: description, each list under its heading, the closing. */
function leverDescription(posting: LeverPosting): string {
  const parts: string[] = [];
  const main = posting.description?.trim() ? posting.description : `${posting.opening ?? ''}${posting.descriptionBody ?? ''}`;
  if (main.trim()) parts.push(main);
  for (const list of posting.lists ?? []) {
    if (!list?.content?.trim()) continue;
    const heading = list.text?.trim();
    parts.push(`${heading ? `<h3>${escapeText(heading)}</h3>` : ''}<ul>${list.content}</ul>`);
  }
  if (posting.additional?.trim()) parts.push(posting.additional);
  return parts.join('');
}

/** "per-year-salary" → yearly, "per-hour-wage" → hourly; "one-time", "bi-week-salary" and the like are not a period we keep. */
function leverPeriod(interval: string | null | undefined): SalaryPeriod | null {
  const unit = /^per-([a-z]+)-/i.exec(interval ?? '')?.[1];
  return unit ? salaryPeriod(unit) : null;
}

export function mapLeverJob(posting: LeverPosting): Posting {
  const categories = posting.categories ?? {};
  const range = posting.salaryRange;
  return {
    external_id: posting.id,
    title: posting.text.trim(),
    description: leverDescription(posting),
    listing_url: posting.hostedUrl,
    apply_url: posting.applyUrl || posting.hostedUrl,
    locations: strings([categories.location, ...(categories.allLocations ?? [])]),
    // "unspecified" is Lever's own "not stated": it maps to null.
    workplace: workplace(posting.workplaceType),
    // A board-defined category ("Full-time", "Intern", "Full-time, Limited term"): only known spellings map.
    employment_type: employmentType(categories.commitment),
    // Team is the unit under a department; boards without departments file postings by team.
    department: categories.department?.trim() || categories.team?.trim() || null,
    // Epoch milliseconds (a number), not seconds.
    date_posted: typeof posting.createdAt === 'number' ? isoDate(posting.createdAt) : null,
    valid_through: null,
    compensation: range ? compensation(range.min, range.max, range.currency, leverPeriod(range.interval)) : null,
    company_name: null,
  };
}

export const leverConnector: Connector = {
  ats: 'lever',
  async *list(board, http) {
    const base = `${leverApiOrigin(board)}/v0/postings/${encodeURIComponent(board.token)}`;
    const seen = new Set<string>();
    for (let page = 0; page < MAX_PAGES; page++) {
      const skip = page * PAGE_SIZE;
      const answer = await http.getJson<unknown>(`${base}?mode=json&skip=${skip}&limit=${PAGE_SIZE}`);
      if (!Array.isArray(answer)) {
        const error = (answer as { error?: unknown } | null)?.error;
        throw new Error(`Lever answered without a postings list for ${board.token}${typeof error === 'string' ? `: ${error}` : ''}.`);
      }
      const postings = answer as LeverPosting[];
      // A posting published mid-listing shifts the pages by one: the repeat is dropped.
      const fresh = postings.filter((posting) => !seen.has(posting.id));
      if (postings.length > 0 && fresh.length === 0) return { complete: false, reason: `Lever answered skip=${skip} with postings already listed.` };
      for (const posting of fresh) seen.add(posting.id);
      if (fresh.length) yield fresh.map(mapLeverJob);
      if (postings.length < PAGE_SIZE) return { complete: true };
    }
    return { complete: false, reason: `Stopped after ${MAX_PAGES} pages of ${PAGE_SIZE} postings.` };
  },
};
