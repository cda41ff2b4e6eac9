// Personio career-site XML feed (developer.personio.de, "Retrieving open positions"): one
// keyless request lists a whole board, `GET https://{company}.jobs.personio.de/xml` (some
// accounts live on jobs.personio.com; the board URL says which, and both hosts serve the
// same feed). No paging. Traps: the feed has no apply URL, so the posting page
// `/job/{id}` is both listing and apply URL; `<name>` is the title of the position AND of
// each description section; a single `<position>` or `<office>` is still a list; each
// section's `<value>` is HTML in CDATA (kept as it is) behind whitespace; the employment
// type is `employmentType` (permanent|intern|trainee|freelance) read together with
// `schedule` (full-time|part-time|...); `office` plus `additionalOffices` are the places.
// An unknown company answers 307 to personio.com, which the crawl sees as a CrawlHttpError.
import { XMLParser } from 'fast-xml-parser';
import type { BoardTarget, Connector, Posting } from '../connector.ts';
import type { EmploymentType } from '../../db/jobs.ts';
import { employmentType, isoDate, strings } from './map.ts';

/** A section's `<value>`: HTML in CDATA (parsed apart), or plain escaped text on some boards. */
type PersonioValue = string | { '#cdata'?: string | string[]; '#text'?: string };

/** One `<position>` as parsed (every scalar a string; the feed documents no other fields). */
export interface PersonioPosition {
  id: string;
  subcompany?: string;
  office?: string;
  /** `<additionalOffices><office>…</office></additionalOffices>`; bare text on a few boards. */
  additionalOffices?: { office?: string[] } | string;
  department?: string;
  recruitingCategory?: string;
  name: string;
  jobDescriptions?: { jobDescription?: Array<{ name?: string; value?: PersonioValue }> } | string;
  employmentType?: string;
  seniority?: string;
  schedule?: string;
  yearsOfExperience?: string;
  keywords?: string;
  occupation?: string;
  occupationCategory?: string;
  createdAt?: string;
}

interface PersonioFeed {
  'workzag-jobs'?: { position?: PersonioPosition[] } | string;
}

/** Paths that are lists even when the feed holds one of them. */
const LISTS = new Set([
  'workzag-jobs.position',
  'workzag-jobs.position.additionalOffices.office',
  'workzag-jobs.position.jobDescriptions.jobDescription',
]);

// Every value stays a string (ids such as "0123" keep their form); CDATA stays apart so the
// HTML in it is never entity-decoded; numeric character references in text are decoded.
const parser = new XMLParser({
  parseTagValue: false,
  htmlEntities: true,
  cdataPropName: '#cdata',
  isArray: (_name, jpath) => LISTS.has(String(jpath)),
});

/** The positions of a feed document; throws when it is not a Personio feed. */
export function parsePersonioFeed(xml: string): PersonioPosition[] {
  const feed = parser.parse(xml) as PersonioFeed;
  const root = feed['workzag-jobs'];
  if (root === undefined) throw new Error('The Personio feed has no <workzag-jobs> root.');
  // An empty board is `<workzag-jobs></workzag-jobs>`, parsed as ''.
  return typeof root === 'object' ? (root.position ?? []) : [];
}

/** The board's origin: the Personio host its URL names, else the company's .de host. */
export function personioOrigin(board: BoardTarget): string {
  if (board.url) {
    const host = new URL(board.url).hostname.toLowerCase();
    if (/^[a-z0-9-]+\.jobs\.personio\.(de|com)$/.test(host)) return `https://${host}`;
  }
  return `https://${encodeURIComponent(board.token.toLowerCase())}.jobs.personio.de`;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function sectionHtml(value: PersonioValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  const cdata = value['#cdata'];
  if (cdata !== undefined) return (Array.isArray(cdata) ? cdata.join('') : cdata).trim();
  return (value['#text'] ?? '').trim();
}

/** Each section as `<h3>name</h3>` and its HTML, in feed order; '' when the board publishes none. */
function description(position: PersonioPosition): string {
  const sections = typeof position.jobDescriptions === 'object' ? (position.jobDescriptions.jobDescription ?? []) : [];
  return sections
    .map((section) => {
      const name = section.name?.trim();
      return `${name ? `<h3>${escapeText(name)}</h3>` : ''}${sectionHtml(section.value)}`;
    })
    .filter(Boolean)
    .join('\n');
}

/** `permanent` says nothing of hours: the schedule decides; the other types say it themselves. */
function employment(position: PersonioPosition): EmploymentType | null {
  const type = position.employmentType?.trim().toLowerCase();
  const schedule = position.schedule?.trim().toLowerCase();
  if (!type) return employmentType(schedule);
  if (type === 'permanent') return schedule === 'full-time' ? 'full_time' : schedule === 'part-time' ? 'part_time' : null;
  return employmentType(type);
}

function additionalOffices(position: PersonioPosition): string[] {
  const offices = position.additionalOffices;
  if (typeof offices === 'string') return [offices];
  return offices?.office ?? [];
}

export function mapPersonioPosition(position: PersonioPosition, origin: string): Posting {
  const page = `${origin}/job/${encodeURIComponent(position.id)}`;
  return {
    external_id: String(position.id).trim(),
    title: String(position.name ?? '').trim(),
    description: description(position),
    listing_url: page,
    // No apply URL in the feed: the application form is on the posting page.
    apply_url: page,
    locations: strings([position.office, ...additionalOffices(position)]),
    // The feed has no remote or hybrid field.
    workplace: null,
    employment_type: employment(position),
    department: position.department?.trim() || null,
    date_posted: isoDate(position.createdAt),
    valid_through: null,
    compensation: null,
    company_name: position.subcompany?.trim() || null,
  };
}

export const personioConnector: Connector = {
  ats: 'personio',
  async *list(board, http) {
    const origin = personioOrigin(board);
    const xml = await http.getText(`${origin}/xml`, { conditional: true, headers: { accept: 'application/xml, text/xml' } });
    const positions = parsePersonioFeed(xml);
    // One document: mapped in slices so the write path still gets pages.
    for (let start = 0; start < positions.length; start += 500) {
      yield positions.slice(start, start + 500).map((position) => mapPersonioPosition(position, origin));
    }
    return { complete: true };
  },
};
