// A replica of Workable's public job widget API
// (`GET /api/v1/widget/accounts/{subdomain}?details=true` on apply.workable.com), answering
// with the recorded shapes in test/fixtures/ats-api/workable/ (see SOURCE.md there):
// `description` only with `details=true` (any other query is ignored), the whole account in
// one answer, 404 text/plain `Not Found` for an unknown account, and the host's concurrency
// limit: every answer takes `delayMs`, and a request arriving while `concurrency` others are
// in flight is refused with 429 and Retry-After.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BoardTarget } from '../../../crawlers/connector.ts';
import { startReplica, type ReplicaAnswer, type ReplicaServer } from './replica.ts';

export type WorkableRawJob = Record<string, any> & { title: string; shortcode: string; url: string; description: string };

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/ats-api/workable/listing.json');
export const workableFixture = (): { name: string; description: string | null; jobs: WorkableRawJob[] } => JSON.parse(readFileSync(FIXTURE, 'utf8'));

export const WORKABLE_ORIGIN = 'https://apply.workable.com';

export interface WorkableReplicaOptions {
  etags?: boolean;
  /** How long each answer takes, so that concurrent requests really overlap (ms). */
  delayMs?: number;
  /** Requests served at once; one more is refused with 429 (Workable: about two). */
  concurrency?: number;
  /** Retry-After sent with a 429 (seconds). */
  retryAfter?: string;
}

export interface WorkableReplica {
  server: ReplicaServer;
  origins: Record<string, string>;
  /** Account subdomain → its jobs, each with its description. */
  boards: Map<string, WorkableRawJob[]>;
  /** Account subdomain → the account's display name (the answer's `name`); the subdomain when unset. */
  names: Map<string, string>;
  /** Requests in flight now, the most there ever were, and how many were refused with 429. */
  load: { inFlight: number; maxInFlight: number; refused: number };
  target(token: string): BoardTarget;
}

const CITIES = [
  { city: 'Athens', region: 'Attica', country: 'Greece', countryCode: 'GR' },
  { city: 'London', region: 'England', country: 'United Kingdom', countryCode: 'GB' },
  { city: 'Paris', region: 'Île-de-France', country: 'France', countryCode: 'FR' },
  { city: 'New York', region: 'New York', country: 'United States', countryCode: 'US' },
  { city: 'Berlin', region: 'Berlin', country: 'Germany', countryCode: 'DE' },
];

/** Posting #n, derived from the first recorded job: its own shortcode, title, location and text. */
export function makeWorkablePosting(n: number, _board = 'acme'): WorkableRawJob {
  const base = workableFixture().jobs[0]!;
  const shortcode = (0xa000000000 + n).toString(16).toUpperCase();
  const where = CITIES[n % CITIES.length]!;
  return {
    ...base,
    title: `Software Engineer ${n}`,
    shortcode,
    telecommuting: n % 3 === 0,
    url: `${WORKABLE_ORIGIN}/j/${shortcode}`,
    shortlink: `${WORKABLE_ORIGIN}/j/${shortcode}`,
    application_url: `${WORKABLE_ORIGIN}/j/${shortcode}/apply`,
    country: where.country,
    city: where.city,
    state: where.region,
    locations: [{ ...where, hidden: false }],
    description: `<p>Posting ${n}: build the platform.</p><ul><li>TypeScript &amp; PostgreSQL</li><li>On-call one week in ${(n % 6) + 2}</li></ul>`,
  };
}

export async function startWorkableReplica(options: WorkableReplicaOptions = {}): Promise<WorkableReplica> {
  const { delayMs = 20, concurrency = 2, retryAfter = '1' } = options;
  const boards = new Map<string, WorkableRawJob[]>();
  const names = new Map<string, string>();
  const load = { inFlight: 0, maxInFlight: 0, refused: 0 };
  const server = await startReplica(async (_request, url): Promise<ReplicaAnswer> => {
    if (load.inFlight >= concurrency) {
      load.refused++;
      return { status: 429, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': retryAfter }, body: 'Too Many Requests' };
    }
    load.inFlight++;
    load.maxInFlight = Math.max(load.maxInFlight, load.inFlight);
    try {
      await sleep(delayMs);
      const match = /^\/api\/v1\/widget\/accounts\/([^/]+)\/?$/.exec(url.pathname);
      const token = match ? decodeURIComponent(match[1]!) : undefined;
      const jobs = token === undefined ? undefined : boards.get(token);
      if (!jobs) return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Not Found' };
      const details = url.searchParams.get('details') === 'true';
      return {
        body: {
          name: names.get(token!) ?? token,
          description: null,
          jobs: jobs.map(({ description, ...job }) => (details ? { ...job, description } : job)),
        },
      };
    } finally {
      load.inFlight--;
    }
  }, options);
  return {
    server,
    origins: { [WORKABLE_ORIGIN]: server.origin },
    boards,
    names,
    load,
    target: (token) => ({ ats: 'workable', token, url: null }),
  };
}
