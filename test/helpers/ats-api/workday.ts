// A replica of Workday's public CXS API, answering with the recorded shapes in
// test/fixtures/ats-api/workday/ (see SOURCE.md there):
// - `POST /wday/cxs/{tenant}/{site}/jobs` with `{appliedFacets, limit, offset, searchText}`:
//   a page of summaries; `limit` above 20 answers 400 `{"errorCode":"HTTP_400",...}`; a body
//   without limit/offset answers 422; any other method 400. `total` is the board's size on
//   the first page and 0 on every later one. Past the end the page wraps to the first one
//   (offset ≥ total answers page one again, total included), as live tenants do.
// - `GET /wday/cxs/{tenant}/{site}{externalPath}`: the posting's detail, or 404
//   `{"errorCode":"HTTP_404",...}` for a posting not (or no longer) on the board.
// - an unknown tenant/site answers 422 `{"errorCode":"HTTP_422",...}`.
// Per-board result caps (`caps`) model tenants that page no further than 2,000: `total` is
// clamped to the cap and offsets at or past it repeat the first page (as recorded), or
// answer an empty page or a 400 when asked to.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BoardTarget } from '../../../crawlers/connector.ts';
import { startReplica, type ReplicaAnswer, type ReplicaServer } from './replica.ts';

/** A listed summary, as `jobPostings[]` gives it. */
export type WorkdayRawSummary = Record<string, any> & { title: string; externalPath: string };
/** A detail answer: `{jobPostingInfo, hiringOrganization, similarJobs, userAuthenticated}`. */
export type WorkdayRawDetail = Record<string, any> & { jobPostingInfo: Record<string, any> };
/** One posting in Workday's two shapes: its summary on the list and its detail. */
export interface WorkdayRawPosting {
  summary: WorkdayRawSummary;
  detail: WorkdayRawDetail;
}

/** A tenant that stops at `at` results. */
export interface WorkdayCap {
  at: number;
  /** Offsets at or past the cap: the first page again (recorded; default), an empty page, or a 400. */
  beyond?: 'repeat' | 'empty' | 'error';
  /** `total` on the first page: clamped to the cap (recorded; default) or the board's real size. */
  total?: 'capped' | 'real';
}

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/ats-api/workday');
const read = (name: string) => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8'));

/** The recorded boards, by token (`tenant/site`), with the host each one lives on. */
export const WORKDAY_FIXTURE_BOARDS = {
  'pru/Careers': { origin: 'https://pru.wd5.myworkdayjobs.com', file: 'pru-careers' },
  'nvidia/NVIDIAExternalCareerSite': { origin: 'https://nvidia.wd5.myworkdayjobs.com', file: 'nvidia-external' },
} as const;

/** The recorded postings of a fixture board (fresh copies). */
export function workdayFixture(token: keyof typeof WORKDAY_FIXTURE_BOARDS): WorkdayRawPosting[] {
  const { file } = WORKDAY_FIXTURE_BOARDS[token];
  const list = read(`${file}.jobs.json`);
  return [{ summary: list.jobPostings[0], detail: read(`${file}.detail.json`) }];
}

let base: WorkdayRawPosting | undefined;

/** A board token is `tenant/site`; a bare name (the benchmarks' `bench`) is that tenant's `External` site. */
export const workdayToken = (token: string) => (token.includes('/') ? token : `${token}/External`);

/** Countries as recorded details give them (SOURCE.md): `{descriptor, id}`, and `alpha2Code` on the requisition location's. */
const COUNTRIES = {
  US: { descriptor: 'United States of America', id: 'bc33aa3152ec42d4995f4791a106ed09', alpha2Code: 'US' },
  IL: { descriptor: 'Israel', id: '084562884af243748dad7c84c304d89a', alpha2Code: 'IL' },
  GB: { descriptor: 'United Kingdom', id: '29247e57dbaf46fb855b224e03170bc7', alpha2Code: 'GB' },
  IN: { descriptor: 'India', id: 'c4f78be1a8f14da0ab49ce1162348a5e', alpha2Code: 'IN' },
};

/** Locations as recorded tenants write them, with their countries. */
const PLACES: Array<{ location: string; country: keyof typeof COUNTRIES }> = [
  { location: 'Austin, TX', country: 'US' },
  { location: 'Israel, Tel Aviv', country: 'IL' },
  { location: 'London', country: 'GB' },
  { location: 'NC-Virtual Office', country: 'US' },
  { location: 'Bengaluru', country: 'IN' },
];

/** Posting #n on `tenant/site`, derived from the recorded PGIM posting: its own id, title, path, location (and its country) and text. */
export function makeWorkdayPosting(n: number, board = 'acme/External'): WorkdayRawPosting {
  base ??= workdayFixture('pru/Careers')[0]!;
  const [tenant, site] = workdayToken(board).split('/') as [string, string];
  const where = PLACES[n % PLACES.length]!;
  const city = where.location;
  const { descriptor, id } = COUNTRIES[where.country];
  const req = `R-${String(100000 + n)}`;
  const slug = `Software-Engineer-${n}_${req}`;
  const externalPath = `/job/${city.replace(/[^A-Za-z0-9]+/g, '-')}/${slug}`;
  const title = `Software Engineer ${n}`;
  const day = new Date(Date.UTC(2026, 0, 1) + (n % 300) * 86_400_000).toISOString().slice(0, 10);
  return {
    summary: { ...base.summary, title, externalPath, locationsText: city, postedOn: 'Posted 30+ Days Ago', bulletFields: [req] },
    detail: {
      ...base.detail,
      jobPostingInfo: {
        ...base.detail.jobPostingInfo,
        id: (0x79d7e6973b75n * 0x100000000n + BigInt(n)).toString(16).padStart(32, '0'),
        title,
        jobDescription: `<p>Posting ${n}: build the platform.</p><ul><li>TypeScript &amp; PostgreSQL</li><li>On-call one week in ${(n % 6) + 2}</li></ul>`,
        location: city,
        postedOn: 'Posted 30+ Days Ago',
        startDate: day,
        jobReqId: req,
        jobPostingId: slug,
        jobPostingSiteId: site,
        country: { descriptor, id },
        jobRequisitionLocation: { descriptor: city, country: COUNTRIES[where.country] },
        externalUrl: `https://${tenant}.wd5.myworkdayjobs.com/${site}${externalPath}`,
      },
      hiringOrganization: { name: `${tenant} Inc.`, url: '' },
    },
  };
}

export interface WorkdayReplica {
  server: ReplicaServer;
  /** Each board's real origin → this replica (filled in as boards are set). */
  origins: Record<string, string>;
  /** The board's postings by token (`tenant/site`, or a bare tenant for its `External` site); setting one also serves its host. */
  boards: Map<string, WorkdayRawPosting[]>;
  /** Tenants that stop paging at a result cap, by token. */
  caps: Map<string, WorkdayCap>;
  /** External paths still listed whose detail already answers 404 (closed between list and detail). */
  closed: Set<string>;
  /** The site URL of a board (`https://{tenant}.wd5.myworkdayjobs.com/en-US/{site}` unless its host is known). */
  target(token: string): BoardTarget;
}

/** Workday's error envelope (recorded for 400 and 422; the same shape is used for 404). */
let caseNumber = 0;
function workdayError(status: number): ReplicaAnswer {
  caseNumber++;
  return {
    status,
    headers: { 'content-type': 'application/json;charset=ISO-8859-1' },
    body: { errorCode: `HTTP_${status}`, errorCaseId: `C${String(caseNumber).padStart(13, '0')}`, httpStatus: status, message: '', messageParams: {} },
  };
}

function originOf(token: string): string {
  return (WORKDAY_FIXTURE_BOARDS as Record<string, { origin: string }>)[token]?.origin ?? `https://${token.split('/')[0]}.wd5.myworkdayjobs.com`;
}

/** One page of the list, as the tenant pages it. */
function listAnswer(postings: WorkdayRawPosting[], cap: WorkdayCap | undefined, limit: number, offset: number, searchText: string): ReplicaAnswer {
  const needle = searchText.trim().toLowerCase();
  const matching = needle ? postings.filter((posting) => posting.summary.title.toLowerCase().includes(needle)) : postings;
  const end = cap ? Math.min(matching.length, cap.at) : matching.length;
  if (offset >= end && offset > 0) {
    if (cap && matching.length > cap.at && cap.beyond === 'error') return workdayError(400);
    if (cap && matching.length > cap.at && cap.beyond === 'empty') return { body: { total: 0, jobPostings: [], facets: [], userAuthenticated: false } };
    offset = 0; // wraps to the first page
  }
  const total = offset === 0 ? (cap && cap.total !== 'real' ? end : matching.length) : 0;
  const page = matching.slice(offset, Math.min(offset + limit, end)).map((posting) => posting.summary);
  return { body: { total, jobPostings: page, facets: [], userAuthenticated: false } };
}

/** A board's posting by external path, indexed per board array (rebuilt when its length changes; a stale hit falls back to a scan). */
const indexes = new WeakMap<WorkdayRawPosting[], Map<string, WorkdayRawPosting>>();
function byPath(postings: WorkdayRawPosting[], externalPath: string): WorkdayRawPosting | undefined {
  let index = indexes.get(postings);
  if (!index || index.size !== postings.length) {
    index = new Map(postings.map((posting) => [posting.summary.externalPath, posting]));
    indexes.set(postings, index);
  }
  const hit = index.get(externalPath);
  return hit?.summary.externalPath === externalPath ? hit : postings.find((posting) => posting.summary.externalPath === externalPath);
}

/** A map keyed by board token, a bare tenant standing for `tenant/External`; `onSet` sees each token set. */
class BoardMap<V> extends Map<string, V> {
  private readonly onSet?: (token: string) => void;
  constructor(onSet?: (token: string) => void) {
    super();
    this.onSet = onSet;
  }
  override set(token: string, value: V) {
    this.onSet?.(workdayToken(token));
    return super.set(workdayToken(token), value);
  }
  override get(token: string) {
    return super.get(workdayToken(token));
  }
  override has(token: string) {
    return super.has(workdayToken(token));
  }
  override delete(token: string) {
    return super.delete(workdayToken(token));
  }
}

export async function startWorkdayReplica(options: { etags?: boolean; caps?: Record<string, WorkdayCap> } = {}): Promise<WorkdayReplica> {
  const origins: Record<string, string> = {};
  const caps = new BoardMap<WorkdayCap>();
  for (const [token, cap] of Object.entries(options.caps ?? {})) caps.set(token, cap);
  const closed = new Set<string>();
  let server: ReplicaServer | undefined;
  const boards = new BoardMap<WorkdayRawPosting[]>((token) => {
    if (server) origins[originOf(token)] = server.origin;
  });
  server = await startReplica((request, url) => {
    const match = /^\/wday\/cxs\/([^/]+)\/([^/]+)(\/.*)$/.exec(url.pathname);
    const token = match ? `${decodeURIComponent(match[1]!)}/${decodeURIComponent(match[2]!)}` : '';
    const postings = match ? boards.get(token) : undefined;
    if (!match || !postings) return workdayError(422);
    const rest = match[3]!;
    if (rest === '/jobs') {
      if (request.method !== 'POST') return workdayError(400);
      let body: { limit?: unknown; offset?: unknown; searchText?: unknown };
      try {
        body = JSON.parse(request.body);
      } catch {
        return workdayError(400);
      }
      if (typeof body !== 'object' || body === null || typeof body.limit !== 'number' || typeof body.offset !== 'number') return workdayError(422);
      if (body.limit > 20 || body.limit < 1 || body.offset < 0) return workdayError(400);
      return listAnswer(postings, caps.get(token), body.limit, body.offset, typeof body.searchText === 'string' ? body.searchText : '');
    }
    if (request.method !== 'GET') return workdayError(400);
    const posting = closed.has(rest) ? undefined : byPath(postings, rest);
    return posting ? { body: posting.detail } : workdayError(404);
  }, options);
  return {
    server,
    origins,
    boards,
    caps,
    closed,
    target: (name) => {
      const token = workdayToken(name);
      const site = token.split('/')[1];
      origins[originOf(token)] = server.origin; // an unknown board's host is served too (it answers 422)
      return { ats: 'workday', token, url: `${originOf(token)}/en-US/${site}` };
    },
  };
}
