// A replica of Personio's career-site XML feed (`GET https://{company}.jobs.personio.de/xml`,
// the same feed on jobs.personio.com), answering with the recorded feeds in
// test/fixtures/ats-api/personio/ (see SOURCE.md there): one document per board, no
// paging, query parameters such as `language` ignored, sections' HTML in CDATA, and a 307
// to https://personio.com for a company that has no career site.
//
// Every company is its own host, and one loopback server stands in for all of them: each
// company origin maps to it, and the crawl client names the host it meant in
// X-Forwarded-Host.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { BoardTarget } from '../../../crawlers/connector.ts';
import { requestedHost, startReplica, type ReplicaAnswer, type ReplicaServer } from './replica.ts';

/** A `<position>` in the feed's own element names, in feed order. */
export interface PersonioRawPosition {
  id: string;
  subcompany?: string;
  office?: string;
  additionalOffices?: string[];
  department?: string;
  recruitingCategory?: string;
  name: string;
  jobDescriptions: Array<{ name: string; value: string }>;
  employmentType?: string;
  seniority?: string;
  schedule?: string;
  yearsOfExperience?: string;
  keywords?: string;
  occupation?: string;
  occupationCategory?: string;
  createdAt?: string;
}

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/ats-api/personio');
/** The recorded feeds, by company: `open`, `personio`, `testco`. */
export const personioFeedXml = (company: string): string => readFileSync(path.join(FIXTURES, `${company}.xml`), 'utf8');

const reader = new XMLParser({
  parseTagValue: false,
  cdataPropName: '#cdata',
  isArray: (_name, jpath) =>
    ['workzag-jobs.position', 'workzag-jobs.position.additionalOffices.office', 'workzag-jobs.position.jobDescriptions.jobDescription'].includes(String(jpath)),
});

/** A recorded feed as raw positions (the replica writes them back as XML). */
export function personioFixture(company: string): PersonioRawPosition[] {
  const root = reader.parse(personioFeedXml(company))['workzag-jobs'];
  return (root?.position ?? []).map((position: Record<string, any>) => {
    const { additionalOffices, jobDescriptions, ...scalars } = position;
    return {
      ...scalars,
      ...(additionalOffices ? { additionalOffices: additionalOffices.office ?? [] } : {}),
      jobDescriptions: (jobDescriptions?.jobDescription ?? []).map((section: Record<string, any>) => ({ name: section.name, value: section.value?.['#cdata'] ?? '' })),
    } as PersonioRawPosition;
  });
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const cdata = (html: string) => `<![CDATA[${html.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const SCALARS_BEFORE = ['id', 'subcompany', 'office'] as const;
const SCALARS_MIDDLE = ['department', 'recruitingCategory', 'name'] as const;
const SCALARS_AFTER = ['employmentType', 'seniority', 'schedule', 'yearsOfExperience', 'keywords', 'occupation', 'occupationCategory', 'createdAt'] as const;

/** The feed document as Personio writes it: four-space indents, CDATA on its own line. */
export function personioFeed(positions: PersonioRawPosition[]): string {
  const scalar = (position: PersonioRawPosition, key: keyof PersonioRawPosition) =>
    position[key] === undefined ? '' : `    <${key}>${escapeXml(String(position[key]))}</${key}>\n`;
  const blocks = positions.map((position) => {
    let xml = '<position>\n';
    for (const key of SCALARS_BEFORE) xml += scalar(position, key);
    if (position.additionalOffices) {
      xml += `    <additionalOffices>\n${position.additionalOffices.map((office) => `        <office>${escapeXml(office)}</office>\n`).join('')}    </additionalOffices>\n`;
    }
    for (const key of SCALARS_MIDDLE) xml += scalar(position, key);
    xml += position.jobDescriptions.length
      ? `    <jobDescriptions>\n${position.jobDescriptions
          .map((section) => `        <jobDescription>\n            <name>${escapeXml(section.name)}</name>\n            <value>\n                ${cdata(section.value)}\n            </value>\n        </jobDescription>\n`)
          .join('')}    </jobDescriptions>\n`
      : '    <jobDescriptions></jobDescriptions>\n';
    for (const key of SCALARS_AFTER) xml += scalar(position, key);
    return `${xml}</position>\n\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n\n<workzag-jobs>\n\n${blocks.join('')}</workzag-jobs>\n`;
}

/** Position #n, derived from the recorded `open` position: its own id, title, offices and text. */
export function makePersonioPosting(n: number, board = 'acme'): PersonioRawPosition {
  const base = personioFixture('open')[0]!;
  const offices = ['Berlin', 'Munich', 'Hamburg', 'Vienna', 'Head Office - Dublin'];
  return {
    ...base,
    id: String(3_000_000 + n),
    subcompany: `${board} GmbH`,
    office: offices[n % offices.length]!,
    additionalOffices: n % 3 === 0 ? [offices[(n + 1) % offices.length]!] : [],
    name: `Software Engineer ${n} (all genders)`,
    jobDescriptions: [
      { name: 'Your mission', value: `<p>Posting ${n}: build the platform.</p><ul><li>TypeScript &amp; PostgreSQL</li></ul>` },
      { name: 'Your profile', value: `<ul><li>${(n % 6) + 2} years of experience</li></ul>` },
    ],
    createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString().replace('.000Z', '+00:00'),
  };
}

export interface PersonioReplica {
  server: ReplicaServer;
  /** Company origins (.de and .com) → the replica; `target()` adds a company's two. */
  origins: Record<string, string>;
  /** Company (subdomain) → its positions. */
  boards: Map<string, PersonioRawPosition[]>;
  /** A board target; `url` set to a company's jobs.personio.com page for a .com account. */
  target(token: string, url?: string | null): BoardTarget;
}

export async function startPersonioReplica(options: { etags?: boolean } = {}): Promise<PersonioReplica> {
  const boards = new Map<string, PersonioRawPosition[]>();
  const server = await startReplica((request, url): ReplicaAnswer => {
    const company = /^([a-z0-9-]+)\.jobs\.personio\.(?:de|com)$/.exec(requestedHost(request))?.[1];
    const positions = company ? boards.get(company) : undefined;
    // No career site under this name: Personio sends the visitor to its own homepage.
    if (!positions) return { status: 307, headers: { location: 'https://personio.com' }, body: '' };
    if (url.pathname !== '/xml') return { status: 404, body: '<!DOCTYPE html><html><body><h1>Page not found</h1></body></html>' };
    return { headers: { 'content-type': 'text/xml; charset=UTF-8' }, body: personioFeed(positions) };
  }, options);
  const origins: Record<string, string> = {};
  return {
    server,
    origins,
    boards,
    target(token, url = null) {
      for (const tld of ['de', 'com']) {
        const host = `${token.toLowerCase()}.jobs.personio.${tld}`;
        origins[`https://${host}`] = server.origin;
      }
      return { ats: 'personio', token, url };
    },
  };
}
