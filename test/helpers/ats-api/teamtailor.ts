// A replica of a Teamtailor career site's two public feeds, answering with the recorded
// shapes in test/fixtures/ats-api/teamtailor/ (see SOURCE.md there):
// - `GET /jobs.json`: a JSON Feed 1.1 of 100 postings a page (`per_page` is capped at 100),
//   `page` from 1, and `next_url` (on the site's real origin) while more remain;
// - `GET /jobs.rss`: the first 100 postings, or the first `per_page` when asked for more;
//   `page` is ignored.
// Both also under a locale prefix (`/en/jobs.json`). An unknown site, or any other path,
// answers 404. Board filters (query, department, ...) are not replicated.
// Each career site is its own host ({token}.teamtailor.com, or a custom domain when the
// board key has a dot): setting a board maps its origin to this replica, and the route
// tells the sites apart by the host the crawl client names (requestedHost).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { BoardTarget } from '../../../crawlers/connector.ts';
import { requestedHost, startReplica, type ReplicaAnswer, type ReplicaServer } from './replica.ts';

/** A location as the RSS writes it (tt:name, tt:address, tt:zip, tt:city, tt:country). */
export interface TeamtailorRssLocation {
  name?: string;
  address?: string;
  zip?: string;
  city?: string;
  country?: string;
}

/** The fields only the RSS has, kept beside the JSON item they belong to (RSS guid = JSON id). */
export interface TeamtailorRssSide {
  remoteStatus: string;
  department?: string;
  role?: string;
  locations: TeamtailorRssLocation[];
}

/** A JSON Feed item as jobs.json serves it, plus `rss`, which only jobs.rss serves. */
export type TeamtailorRawJob = Record<string, any> & {
  id: string;
  title: string;
  url: string;
  date_published: string;
  content_html: string;
  _jobposting: Record<string, any>;
  rss: TeamtailorRssSide;
};

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/ats-api/teamtailor');

const rssReader = new XMLParser({ ignoreAttributes: true, parseTagValue: false, isArray: (name) => name === 'item' || name === 'tt:location' });

/** The recorded feed page and RSS, joined into raw jobs. */
export function teamtailorFixture(): { title: string; jobs: TeamtailorRawJob[] } {
  const feed = JSON.parse(readFileSync(path.join(FIXTURES, 'listing.json'), 'utf8'));
  const rss = rssReader.parse(readFileSync(path.join(FIXTURES, 'listing.rss'), 'utf8'));
  const sides = new Map<string, TeamtailorRssSide>();
  for (const item of rss.rss.channel.item as Array<Record<string, any>>) {
    const locations = (item['tt:locations']?.['tt:location'] ?? []) as Array<Record<string, string>>;
    sides.set(item.guid, {
      remoteStatus: item.remoteStatus,
      department: item['tt:department'],
      role: item['tt:role'],
      locations: locations.map((entry) => ({
        name: entry['tt:name'], address: entry['tt:address'], zip: entry['tt:zip'], city: entry['tt:city'], country: entry['tt:country'],
      })),
    });
  }
  return { title: feed.title, jobs: feed.items.map((item: TeamtailorRawJob) => ({ ...item, rss: sides.get(item.id)! })) };
}

const CITIES = [
  { locality: 'Stockholm', code: 'SE', country: 'Sweden' },
  { locality: 'Berlin', code: 'DE', country: 'Germany' },
  { locality: 'London', code: 'GB', country: 'United Kingdom' },
  { locality: 'Cluj-Napoca', code: 'RO', country: 'Romania' },
  { locality: 'Amadora', code: 'PT', country: 'Portugal' },
];

let recorded: TeamtailorRawJob | undefined;

/** Posting #n, derived from the first recorded job: its own UUID, job id, title, location and text. */
export function makeTeamtailorPosting(n: number, board = 'acme'): TeamtailorRawJob {
  // Read once: benchmarks make 10,000 of these.
  const base = structuredClone((recorded ??= teamtailorFixture().jobs[0]!));
  const jobId = 9_000_000 + n;
  const where = CITIES[n % CITIES.length]!;
  const html = `<p>Posting ${n}: build the platform.</p><ul><li>TypeScript &amp; PostgreSQL</li><li>On-call one week in ${(n % 6) + 2}</li></ul>`;
  const host = board.includes('.') ? board : `${board}.teamtailor.com`;
  return {
    ...base,
    id: `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
    title: `Software Engineer ${n}`,
    url: `https://${host}/jobs/${jobId}-software-engineer-${n}`,
    content_html: html,
    _jobposting: {
      ...base._jobposting,
      title: `Software Engineer ${n}`,
      description: html,
      identifier: { '@type': 'PropertyValue', name: board, value: jobId },
      hiringOrganization: { '@type': 'Organization', name: board },
      jobLocation: [{ '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: where.locality, addressCountry: where.code } }],
    },
    rss: {
      remoteStatus: ['none', 'hybrid', 'fully', 'onsite'][n % 4]!,
      department: `Department ${n % 7}`,
      role: 'Engineering',
      locations: [{ name: where.locality, city: where.locality, country: where.country }],
    },
  };
}

export interface TeamtailorReplica {
  server: ReplicaServer;
  /** Every board's real site origin → this replica; filled in as boards are set. */
  origins: Record<string, string>;
  /** Board key ({token}, or a custom domain such as careers.example.com) → its postings. */
  boards: Map<string, TeamtailorRawJob[]>;
  /** The feed's title per board key (the company name); the first posting's hiringOrganization otherwise. */
  names: Map<string, string>;
  target(token: string): BoardTarget;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-09-17T13:42:05+03:00" → "Thu, 17 Sep 2026 13:42:05 +0300", in the date's own offset. */
function rfc822(iso: string): string {
  const offset = /([+-])(\d\d):?(\d\d)$/.exec(iso);
  const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  const local = new Date(new Date(iso).getTime() + minutes * 60_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  const zone = offset ? `${offset[1]}${offset[2]}${offset[3]}` : '+0000';
  return `${DAYS[local.getUTCDay()]}, ${pad(local.getUTCDate())} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())} ${zone}`;
}

function rssItem(job: TeamtailorRawJob): string {
  const element = (name: string, value: string | undefined) => (value === undefined ? '' : `<${name}>${escapeXml(value)}</${name}>`);
  const locations = job.rss.locations
    .map((entry) => `<tt:location>${element('tt:name', entry.name)}${element('tt:address', entry.address)}${element('tt:zip', entry.zip)}${element('tt:city', entry.city)}${element('tt:country', entry.country)}</tt:location>`)
    .join('');
  return [
    '<item>',
    element('title', job.title),
    element('description', job.content_html),
    element('pubDate', rfc822(job.date_published)),
    element('link', job.url),
    element('remoteStatus', job.rss.remoteStatus),
    element('guid', job.id),
    `<tt:locations>${locations}</tt:locations>`,
    element('tt:department', job.rss.department),
    element('tt:role', job.rss.role),
    '</item>',
  ].join('');
}

const NOT_FOUND: ReplicaAnswer = {
  status: 404,
  body: '<!DOCTYPE html><html><head><title>Page not found</title></head><body><h1>The page you were looking for doesn\'t exist.</h1></body></html>',
};

const integer = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : null);

export async function startTeamtailorReplica(options: { etags?: boolean } = {}): Promise<TeamtailorReplica> {
  const origins: Record<string, string> = {};
  const names = new Map<string, string>();
  const keyByHost = new Map<string, string>();
  const hostOf = (key: string) => (key.includes('.') ? key : `${key}.teamtailor.com`).toLowerCase();
  let replicaOrigin = '';

  class Boards extends Map<string, TeamtailorRawJob[]> {
    override set(key: string, jobs: TeamtailorRawJob[]): this {
      const host = hostOf(key);
      keyByHost.set(host, key);
      origins[`https://${host}`] = replicaOrigin;
      return super.set(key, jobs);
    }
  }
  const boards = new Boards();

  const server = await startReplica((request, url) => {
    const host = requestedHost(request);
    const key = keyByHost.get(host);
    const jobs = key === undefined ? undefined : boards.get(key);
    const feed = /^(\/[A-Za-z]{2}(?:-[A-Za-z0-9]{2,4})?)?\/jobs\.(json|rss)$/.exec(url.pathname);
    if (!jobs || !feed) return NOT_FOUND;
    const prefix = feed[1] ?? '';
    const title = names.get(key!) ?? jobs[0]?._jobposting?.hiringOrganization?.name ?? host;
    if (feed[2] === 'rss') {
      const count = Math.max(1, integer(url.searchParams.get('per_page')) ?? 100);
      return {
        headers: { 'content-type': 'application/rss+xml; charset=utf-8' },
        body:
          '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:tt="https://teamtailor.com/locations"><channel>' +
          `<title>${escapeXml(title)}</title><description>Current Job Openings</description><link>https://${host}${prefix}/jobs</link>` +
          jobs.slice(0, count).map(rssItem).join('') +
          '</channel></rss>',
      };
    }
    const perPage = Math.min(100, Math.max(1, integer(url.searchParams.get('per_page')) ?? 100));
    const page = Math.max(1, integer(url.searchParams.get('page')) ?? 1);
    const start = (page - 1) * perPage;
    const more = start + perPage < jobs.length;
    return {
      body: {
        version: 'https://jsonfeed.org/version/1.1',
        title,
        home_page_url: `https://${host}${prefix}/jobs`,
        feed_url: `https://${host}${prefix}/jobs.json`,
        ...(more ? { next_url: `https://${host}${prefix}/jobs.json?page=${page + 1}&per_page=${perPage}` } : {}),
        items: jobs.slice(start, start + perPage).map(({ rss: _rss, ...item }) => item),
      },
    };
  }, options);
  replicaOrigin = server.origin;
  return {
    server,
    origins,
    boards,
    names,
    target: (token) => ({ ats: 'teamtailor', token, url: null }),
  };
}
