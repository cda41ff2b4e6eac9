// A replica of the Recruitee Careers Site API's offer list (`GET https://{company}.recruitee.com/api/offers/`),
// answering with the recorded shapes in test/fixtures/ats-api/recruitee/ (see SOURCE.md there):
// one document with every offer (no paging), salary bounds as strings, times as
// "YYYY-MM-DD HH:MM:SS UTC", and 404 `{"error":"Not Found"}` for an unknown company.
// Recruitee tells companies apart by host name, so the replica does too: each company's
// origin is sent (through `origins`) to its own loopback forwarder, which passes the request
// on to the one replica server with the Host header the real request would carry.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BoardTarget } from '../../../crawlers/connector.ts';
import { startReplica, type ReplicaServer } from './replica.ts';

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

interface Forwarder {
  origin: string;
  host: string | null;
  server: http.Server;
}

/** A loopback server that passes every request on to `upstream` with the Host header it is given. */
async function startForwarder(upstream: URL): Promise<Forwarder> {
  const forwarder: Forwarder = { origin: '', host: null, server: http.createServer() };
  forwarder.server.on('request', (req, res) => {
    const headers = { ...req.headers, host: forwarder.host ?? req.headers.host };
    const onward = http.request({ hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      // An answer cut off upstream is cut off here too.
      answer.on('close', () => {
        if (!answer.complete) res.destroy();
      });
    });
    onward.on('error', () => res.destroy());
    req.pipe(onward);
  });
  forwarder.server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => forwarder.server.listen(0, '127.0.0.1', resolve));
  forwarder.origin = `http://127.0.0.1:${(forwarder.server.address() as AddressInfo).port}`;
  return forwarder;
}

/**
 * `hosts`: how many companies this replica can serve at once (each needs its own forwarder,
 * started up front so `boards.set` and `target` stay synchronous).
 */
export async function startRecruiteeReplica(options: { etags?: boolean; hosts?: number } = {}): Promise<RecruiteeReplica> {
  const origins: Record<string, string> = {};
  // Only the Host header names the company; the path is the same for all.
  const route = (request: { headers: http.IncomingHttpHeaders }, url: URL) => {
    const token = HOST.exec(String(request.headers.host ?? '').replace(/:\d+$/, ''))?.[1]?.toLowerCase();
    const offers = token ? boards.get(token) : undefined;
    if (!offers || !/^\/api\/offers\/?$/.test(url.pathname)) return { status: 404, body: { error: 'Not Found' } };
    return { body: { offers } };
  };
  const server = await startReplica(route, { etags: options.etags });
  const upstream = new URL(server.origin);
  const forwarders = await Promise.all(Array.from({ length: options.hosts ?? 8 }, () => startForwarder(upstream)));

  /** Gives a company's origin a forwarder that names its host. */
  const claim = (token: string) => {
    const origin = recruiteeOrigin(token);
    if (origins[origin]) return;
    const free = forwarders.find((forwarder) => forwarder.host === null);
    if (!free) throw new Error(`The Recruitee replica serves ${forwarders.length} companies; start it with a larger { hosts }.`);
    free.host = new URL(origin).host;
    origins[origin] = free.origin;
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

  const closeReplica = server.close;
  server.close = async () => {
    for (const forwarder of forwarders) forwarder.server.closeAllConnections();
    await Promise.all(forwarders.map((forwarder) => new Promise<void>((resolve) => forwarder.server.close(() => resolve()))));
    await closeReplica();
  };
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
