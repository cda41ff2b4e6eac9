// SmartRecruiters Posting API (developers.smartrecruiters.com/docs/posting-api), keyless:
// `GET api.smartrecruiters.com/v1/companies/{companyIdentifier}/postings?limit=100&offset=N`
// pages the board ({offset, limit, totalFound, content}) without descriptions, and
// `GET .../postings/{postingId}` gives each posting's jobAd sections, postingUrl and applyUrl.
// A page's details are fetched together (the HTTP client's host gate caps concurrency) and
// the page is yielded once they are in.
// Traps: `limit` above 100 is silently capped to 100, so the next offset is the count the
// page really held, not the limit asked for; an UNKNOWN company identifier answers 200 with
// `{totalFound: 0, content: []}`, exactly like a real board with no postings, so an empty
// first page is reported incomplete and expires nothing (a board that really went to zero
// expires through the board-gone path, not here); a posting listed but closed before its
// detail is fetched answers 404: it is left out and the listing is incomplete; the text is
// four HTML sections (company, job, qualifications, additional information), joined here
// with their titles as headings.
import type { Connector, Posting } from '../connector.ts';
import { CrawlHttpError, type CrawlHttp } from '../http.ts';
import { employmentType, isoDate, place, strings } from './map.ts';
import type { WorkModel } from '../../db/jobs.ts';

const API = 'https://api.smartrecruiters.com/v1/companies';
/** The most the API returns per page (a larger `limit` is capped to this). */
const PAGE_SIZE = 100;
/** The jobAd sections in the order a posting page shows them. */
const SECTIONS = ['companyDescription', 'jobDescription', 'qualifications', 'additionalInformation'] as const;

interface SmartRecruitersLabel {
  id?: string;
  label?: string;
}

interface SmartRecruitersLocation {
  city?: string;
  region?: string;
  country?: string;
  remote?: boolean;
  hybrid?: boolean;
  fullLocation?: string;
}

interface SmartRecruitersSection {
  title?: string;
  text?: string;
}

/** A listed posting (the detail adds jobAd, postingUrl, applyUrl; the list also has uuid, refNumber, industry, function, experienceLevel, customField, ...). */
interface SmartRecruitersPosting {
  id: string;
  name: string;
  company?: { identifier?: string; name?: string };
  releasedDate?: string;
  location?: SmartRecruitersLocation;
  department?: SmartRecruitersLabel;
  typeOfEmployment?: SmartRecruitersLabel;
  jobAd?: { sections?: Partial<Record<(typeof SECTIONS)[number], SmartRecruitersSection>> };
  postingUrl?: string;
  applyUrl?: string;
}

interface SmartRecruitersPage {
  offset: number;
  limit: number;
  totalFound: number;
  content: SmartRecruitersPosting[];
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The sections' HTML, each under its title as a heading. */
function description(posting: SmartRecruitersPosting): string {
  const sections = posting.jobAd?.sections ?? {};
  return SECTIONS.map((key) => sections[key])
    .filter((section): section is SmartRecruitersSection => !!section?.text?.trim())
    .map((section) => (section.title?.trim() ? `<h2>${escapeText(section.title.trim())}</h2>\n${section.text}` : section.text!))
    .join('\n');
}

/** `remote`/`hybrid` as stated; both stated false is on-site; anything else is unknown. */
function workplaceOf(location: SmartRecruitersLocation | undefined): WorkModel | null {
  if (location?.remote === true) return 'remote';
  if (location?.hybrid === true) return 'hybrid';
  if (location?.remote === false && location.hybrid === false) return 'onsite';
  return null;
}

export function mapSmartRecruitersPosting(posting: SmartRecruitersPosting): Posting {
  const location = posting.location;
  const raw = (location?.fullLocation ?? place(location?.city, location?.region, location?.country))?.trim() || null;
  const listingUrl = posting.postingUrl ?? `https://jobs.smartrecruiters.com/${encodeURIComponent(posting.company?.identifier ?? '')}/${posting.id}`;
  const type = posting.typeOfEmployment;
  return {
    external_id: String(posting.id),
    title: posting.name.trim(),
    description: description(posting),
    listing_url: listingUrl,
    apply_url: posting.applyUrl ?? listingUrl,
    locations: strings([raw]),
    ...(raw && location && (location.city || location.country) ? { places: [{ raw, city: location.city ?? null, region: location.region ?? null, country: null, country_code: location.country?.toUpperCase() ?? null }] } : {}),
    workplace: workplaceOf(location),
    // The label is the board's wording ("Full-time", "Vollzeit"); the id a fixed code ("permanent").
    employment_type: employmentType(type?.label) ?? employmentType(type?.id),
    department: posting.department?.label?.trim() || null,
    date_posted: isoDate(posting.releasedDate),
    valid_through: null,
    compensation: null,
    company_name: posting.company?.name ?? null,
  };
}

/** One posting's detail, or null when it closed after it was listed (404). */
async function detail(http: CrawlHttp, url: string): Promise<SmartRecruitersPosting | null> {
  const response = await http.request(url, { accept: [404], headers: { accept: 'application/json' } });
  if (response.status === 404) return null;
  try {
    return JSON.parse(response.body.toString('utf8')) as SmartRecruitersPosting;
  } catch {
    throw new CrawlHttpError(url, response.status, `The answer from ${new URL(url).host} is not JSON.`);
  }
}

export const smartrecruitersConnector: Connector = {
  ats: 'smartrecruiters',
  async *list(board, http) {
    const company = `${API}/${encodeURIComponent(board.token)}/postings`;
    let offset = 0;
    let closed = 0;
    for (;;) {
      const page = await http.getJson<SmartRecruitersPage>(`${company}?limit=${PAGE_SIZE}&offset=${offset}`);
      if (!Array.isArray(page.content)) throw new Error(`SmartRecruiters answered without a content list for ${board.token}.`);
      if (page.content.length === 0) {
        if (offset === 0) {
          return { complete: false, reason: `SmartRecruiters listed no postings for "${board.token}"; it answers the same for an unknown company, so this is not taken as an empty board.` };
        }
        if (offset < page.totalFound) return { complete: false, reason: `The page at offset ${offset} was empty before the ${page.totalFound} postings SmartRecruiters counted.` };
        break;
      }
      const details = await Promise.all(page.content.map((listed) => detail(http, `${company}/${encodeURIComponent(listed.id)}`)));
      const postings: Posting[] = [];
      page.content.forEach((listed, index) => {
        const found = details[index];
        if (found) postings.push(mapSmartRecruitersPosting({ ...listed, ...found }));
        else closed++;
      });
      yield postings;
      // The page may hold fewer than asked for (the API caps `limit`): advance by what came.
      offset += page.content.length;
      if (offset >= page.totalFound) break;
    }
    if (closed > 0) return { complete: false, reason: `${closed} listed posting(s) answered 404 on detail (closed while listing).` };
    return { complete: true };
  },
};
