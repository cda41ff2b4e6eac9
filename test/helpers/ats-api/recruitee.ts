// A replica of the Recruitee Careers Site API's offer list (`GET https://{company}.recruitee.com/api/offers/`),
// answering with the recorded shapes in test/fixtures/ats-api/recruitee/ (see SOURCE.md there):
// one document with every offer (no paging), salary bounds as strings, times as
// "YYYY-MM-DD HH:MM:SS UTC", and 404 `{"error":"Not Found"}` for an unknown company.
// Recruitee tells companies apart by host name, so the replica does too: every company's
// origin maps to the one replica, and the crawl client names the host it meant in
// X-Forwarded-Host.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BoardTarget } from '../../../crawlers/connector.ts';
import { requestedHost, startReplica, type ReplicaRequest, type ReplicaServer } from './replica.ts';

export type RecruiteeRawOffer = Record<string, any> & { id: number; title: string; careers_url: string };

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/ats-api/recruitee/offers.json');
export const recruiteeFixture = (): { offers: RecruiteeRawOffer[] } => JSON.parse(readFileSync(FIXTURE, 'utf8'));

const HOST = /^([a-z0-9-]+)\.recruitee\.com$/i;
export const recruiteeOrigin = (token: string) => `https://${token.toLowerCase()}.recruitee.com`;

export interface RecruiteeReplica {
  server: ReplicaServer;
  origins: Record<string, string>;
  boards: Map<string, RecruiteeRawOffer[]>;
  target(token: string): BoardTarget;
}

/** "2026-10-05 16:05:18 UTC", the form Recruitee writes times in. */
export const recruiteeTimeText = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

let base: RecruiteeRawOffer | undefined;
/** Offer #n, derived from the first recorded offer: its own id, title, location, text and pay. */
export function makeRecruiteePosting(n: number, board = 'acme'): RecruiteeRawOffer {
  base ??= recruiteeFixture().offers[0]!;
  const places = [
    { city: 'Amsterdam', state: 'North Holland', country: 'Netherlands', country_code: 'NL' },
    { city: 'Berlin', state: 'Berlin', country: 'Germany', country_code: 'DE' },
    { city: 'Brussels', state: 'Brussels', country: 'Belgium', country_code: 'BE' },
    { city: 'Lisbon', state: 'Lisbon', country: 'Portugal', country_code: 'PT' },
  ];
  const where = places[n % places.length]!;
  const slug = `software-engineer-${n}`;
  const published = new Date(Date.UTC(2026, 0, 1) + n * 60_000);
  const description = `<p>Offer ${n}: build the platform.</p>`;
  const requirements = `<ul><li>TypeScript &amp; PostgreSQL</li><li>${(n % 6) + 2} years</li></ul>`;
  return {
    ...base,
    id: 5_000_000 + n,
    guid: n.toString(36),
    slug,
    title: `Software Engineer ${n}`,
    company_name: board,
    department: 'Engineering',
    city: where.city,
    state_name: where.state,
    country: where.country,
    country_code: where.country_code,
    location: `${where.city}, ${where.state}, ${where.country}`,
    locations: [{ id: 90_000 + n, ...where }],
    remote: n % 3 === 0,
    hybrid: n % 3 === 1,
    on_site: n % 3 === 2,
    salary: { min: `${4000 + n}.00`, max: `${5000 + n}.00`, period: 'month', currency: 'EUR' },
    created_at: recruiteeTimeText(published),
    published_at: recruiteeTimeText(published),
    close_at: null,
    careers_url: `https://${board}.recruitee.com/o/${slug}`,
    careers_apply_url: `https://${board}.recruitee.com/o/${slug}/c/new`,
    description,
    requirements,
    translations: { en: { title: `Software Engineer ${n}`, description, requirements } },
  };
}

export async function startRecruiteeReplica(options: { etags?: boolean } = {}): Promise<RecruiteeReplica> {
  const origins: Record<string, string> = {};
  // Only the host names the company; the path is the same for all.
  const route = (request: ReplicaRequest, url: URL) => {
    const token = HOST.exec(requestedHost(request).replace(/:\d+$/, ''))?.[1]?.toLowerCase();
    const offers = token ? boards.get(token) : undefined;
    if (!offers || !/^\/api\/offers\/?$/.test(url.pathname)) return { status: 404, body: { error: 'Not Found' } };
    return { body: { offers } };
  };
  const server = await startReplica(route, { etags: options.etags });
  const claim = (token: string) => {
    origins[recruiteeOrigin(token)] = server.origin;
  };

  // Boards are kept by lower-case subdomain, as host names compare.
  class Boards extends Map<string, RecruiteeRawOffer[]> {
    override set(token: string, offers: RecruiteeRawOffer[]): this {
      claim(token);
      return super.set(token.toLowerCase(), offers);
    }
    override get(token: string) {
      return super.get(token.toLowerCase());
    }
  }
  const boards = new Boards();

  return {
    server,
    origins,
    boards,
    target: (token) => {
      claim(token);
      return { ats: 'recruitee', token, url: null };
    },
  };
}
