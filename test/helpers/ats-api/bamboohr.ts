// A replica of BambooHR's careers-site JSON: `GET https://{company}.bamboohr.com/careers/list`
// (every open posting in one answer, no paging, no descriptions) and
// `GET …/careers/{id}/detail`, answering with the recorded answers in
// test/fixtures/ats-api/bamboohr/answers.json (see SOURCE.md there): an unknown posting
// is 404 `{"type":"not_found",…}`, an unknown company a 302 to https://www.bamboohr.com.
// `closed` holds postings that still list but whose detail is gone, as when a posting
// closes between the list and the detail request.
//
// Every company is its own host, and one loopback server stands in for all of them: each
// company origin maps to it, and the crawl client names the host it meant in X-Forwarded-Host.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BoardTarget } from '../../../crawlers/connector.ts';
import { requestedHost, startReplica, type ReplicaServer } from './replica.ts';

/** One posting in BambooHR's own shapes: its row of `/careers/list` and its detail's `jobOpening`. */
export interface BambooHRRawJob {
  list: Record<string, any> & { id: string; jobOpeningName: string };
  detail: Record<string, any> & { jobOpeningName: string };
}

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/ats-api/bamboohr/answers.json');
/** The recorded answers, by request ("GET https://…"). */
export const bamboohrAnswers = (): Record<string, any> => JSON.parse(readFileSync(FIXTURE, 'utf8'));

/** A recorded company's postings: `curtinmaritime`, `giatecscientific` or `ashteadtechnology`. */
export function bamboohrFixture(company: string): BambooHRRawJob[] {
  const answers = bamboohrAnswers();
  const list = answers[`GET https://${company}.bamboohr.com/careers/list`];
  return list.result.map((row: BambooHRRawJob['list']) => ({
    list: row,
    detail: answers[`GET https://${company}.bamboohr.com/careers/${row.id}/detail`].result.jobOpening,
  }));
}

/** The recorded 404 for a posting id the company does not have. */
const NOT_FOUND = { type: 'not_found', title: 'Resource not found.', details: "Looks like the id you provided doesn't exist.", meta: [] };
/** The application form fields every detail carries (trimmed to the first four). */
const FORM_FIELDS = bamboohrAnswers()['GET https://curtinmaritime.bamboohr.com/careers/201/detail'].result.formFields;

/** Posting #n, derived from the recorded Curtin Maritime posting: its own id, title, place and text. */
export function makeBambooHRPosting(n: number, board = 'acme'): BambooHRRawJob {
  const base = bamboohrFixture('curtinmaritime')[0]!;
  const id = String(1000 + n);
  const places = [
    ['Long Beach', 'California'],
    ['Houston', 'Texas'],
    ['Jacksonville', 'Florida'],
    ['Ottawa', 'Ontario'],
  ] as const;
  const [city, state] = places[n % places.length]!;
  const country = state === 'Ontario' ? 'Canada' : 'United States';
  const locationType = String(n % 3);
  return {
    list: { ...base.list, id, jobOpeningName: `Software Engineer ${n}`, location: { city, state }, locationType },
    detail: {
      ...base.detail,
      jobOpeningShareUrl: `https://${board}.bamboohr.com/careers/${id}`,
      jobOpeningName: `Software Engineer ${n}`,
      location: { city, state, postalCode: null, addressCountry: country },
      description: `<p>Posting ${n}: build the platform.</p>\n<ul>\n<li>TypeScript &amp; PostgreSQL</li>\n</ul>`,
      compensation: `$${100 + (n % 50)},000 - $${150 + (n % 50)},000`,
      datePosted: new Date(Date.UTC(2026, 0, 1) + (n % 365) * 86_400_000).toISOString().slice(0, 10),
      locationType,
    },
  };
}

export interface BambooHRReplica {
  server: ReplicaServer;
  /** Company origins → the replica; `target()` adds a company's. */
  origins: Record<string, string>;
  /** Company (subdomain) → its postings. */
  boards: Map<string, BambooHRRawJob[]>;
  /** `company/id` of postings that still list but whose detail answers 404. */
  closed: Set<string>;
  /** Milliseconds every answer takes (0 by default), to tell concurrent requests from serial ones. */
  latencyMs: number;
  target(token: string): BoardTarget;
}

export async function startBambooHRReplica(options: { etags?: boolean } = {}): Promise<BambooHRReplica> {
  const boards = new Map<string, BambooHRRawJob[]>();
  const closed = new Set<string>();
  const state = { latencyMs: 0 };
  const server = await startReplica(async (request, url) => {
    if (state.latencyMs > 0) await sleep(state.latencyMs);
    const company = /^([a-z0-9-]+)\.bamboohr\.com$/.exec(requestedHost(request))?.[1];
    const jobs = company ? boards.get(company) : undefined;
    // No such company: BambooHR redirects to its marketing site, whatever the path.
    if (!jobs) return { status: 302, headers: { location: 'https://www.bamboohr.com' }, body: '' };
    if (url.pathname === '/careers/list') {
      return { body: { meta: { totalCount: jobs.length }, result: jobs.map((job) => job.list) } };
    }
    const detail = /^\/careers\/([^/]+)\/detail$/.exec(url.pathname);
    if (detail) {
      const id = decodeURIComponent(detail[1]!);
      const job = jobs.find((candidate) => candidate.list.id === id);
      if (!job || closed.has(`${company}/${id}`)) return { status: 404, body: NOT_FOUND };
      return { body: { meta: {}, result: { jobOpening: job.detail, formFields: FORM_FIELDS } } };
    }
    return { status: 404, body: NOT_FOUND };
  }, options);
  const origins: Record<string, string> = {};
  return {
    server,
    origins,
    boards,
    closed,
    get latencyMs() {
      return state.latencyMs;
    },
    set latencyMs(value: number) {
      state.latencyMs = value;
    },
    target(token) {
      const host = `${token.toLowerCase()}.bamboohr.com`;
      origins[`https://${host}`] = server.origin;
      return { ats: 'bamboohr', token, url: null };
    },
  };
}
