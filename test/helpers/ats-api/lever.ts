// A replica of the Lever Postings API (github.com/lever/postings-api), answering with the
// recorded shapes in test/fixtures/ats-api/lever/ (see SOURCE.md there). Two servers, as
// Lever runs two instances and a site lives on only one: api.lever.co (`boards`) and
// api.eu.lever.co (`euBoards`). `GET /v0/postings/{site}` lists a site: the category
// filters (location, commitment, team, department, level; repeated values OR'ed) apply,
// then `skip`/`limit` (no limit: the whole list); `mode=json` (or, without `mode`, an
// Accept of application/json) answers a bare JSON array, any other mode HTML.
// `GET /v0/postings/{site}/{id}` answers one posting. An unknown site or posting is 404
// `{"ok":false,"error":"Document not found"}`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BoardTarget } from '../../../crawlers/connector.ts';
import { startReplica, type ReplicaAnswer, type ReplicaRequest, type ReplicaServer } from './replica.ts';

export type LeverRawPosting = Record<string, any> & { id: string; text: string; hostedUrl: string; createdAt: number; categories: Record<string, any> };

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/ats-api/lever');
/** Two postings recorded from global sites (alimentiv-2, lsa-hr). */
export const leverFixture = (): LeverRawPosting[] => JSON.parse(readFileSync(path.join(FIXTURES, 'listing.json'), 'utf8'));
/** One posting of an EU-instance site (csmcy). */
export const leverEuFixture = (): LeverRawPosting[] => JSON.parse(readFileSync(path.join(FIXTURES, 'eu-listing.json'), 'utf8'));

export const LEVER_ORIGIN = 'https://api.lever.co';
export const LEVER_EU_ORIGIN = 'https://api.eu.lever.co';

export interface LeverReplica {
  /** api.lever.co */
  server: ReplicaServer;
  /** api.eu.lever.co */
  euServer: ReplicaServer;
  origins: Record<string, string>;
  /** Sites on the global instance. */
  boards: Map<string, LeverRawPosting[]>;
  /** Sites on the EU instance. */
  euBoards: Map<string, LeverRawPosting[]>;
  /** A global board (no URL needed). */
  target(token: string): BoardTarget;
  /** An EU board: its URL on jobs.eu.lever.co says which instance holds it. */
  euTarget(token: string): BoardTarget;
  close(): Promise<void>;
}

const NOT_FOUND: ReplicaAnswer = { status: 404, body: { ok: false, error: 'Document not found' } };
const FILTERS = ['location', 'commitment', 'team', 'department', 'level'] as const;

/** Posting #n, derived from the first recorded posting: its own id, title, location, date and pay. */
export function makeLeverPosting(n: number, board = 'acme'): LeverRawPosting {
  const base = leverFixture()[0]!;
  const id = `5e1f0a00-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
  const cities = ['Toronto, Ontario', 'Berlin, Germany', 'London, United Kingdom', 'Austin, TX', 'Remote - Canada'];
  const city = cities[n % cities.length]!;
  return {
    ...base,
    id,
    text: `Software Engineer ${n}`,
    categories: { ...base.categories, location: city, allLocations: [city] },
    createdAt: 1_788_290_362_946 - n * 60_000,
    description: `<div>Posting ${n}: build the platform.</div>`,
    descriptionPlain: `Posting ${n}: build the platform.\n`,
    descriptionBody: `<div>Posting ${n}: build the platform.</div>`,
    descriptionBodyPlain: `Posting ${n}: build the platform.\n`,
    lists: [{ text: 'What you will do', content: `\n<li>TypeScript &amp; PostgreSQL</li>\n<li>On-call one week in ${(n % 6) + 2}</li>\n` }],
    salaryRange: { min: 90_000 + n, max: 140_000 + n, currency: 'CAD', interval: 'per-year-salary' },
    hostedUrl: `https://jobs.lever.co/${board}/${id}`,
    applyUrl: `https://jobs.lever.co/${board}/${id}/apply`,
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** HTML mode: the postings as a `ul` inside `<div class='lever'>`, as the docs describe. */
function htmlList(postings: LeverRawPosting[]): string {
  const items = postings.map((posting) => `<li class="lever-job"><a class="lever-job-title" href="${escapeHtml(posting.hostedUrl)}">${escapeHtml(posting.text)}</a></li>`);
  return `<div class='lever'><ul class="lever-jobs">${items.join('')}</ul></div>`;
}

function wantsJson(request: ReplicaRequest, url: URL): boolean {
  const mode = url.searchParams.get('mode');
  if (mode !== null) return mode.toLowerCase() === 'json';
  return String(request.headers.accept ?? '').includes('application/json');
}

/** A non-negative whole number from a query value; `fallback` when absent or unreadable. */
function count(value: string | null, fallback: number): number {
  const parsed = value === null ? NaN : Number.parseInt(value, 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

function route(boards: Map<string, LeverRawPosting[]>) {
  return (request: ReplicaRequest, url: URL): ReplicaAnswer => {
    const match = /^\/v0\/postings\/([^/]+)(?:\/([^/]+))?\/?$/.exec(url.pathname);
    const postings = match ? boards.get(decodeURIComponent(match[1]!)) : undefined;
    if (!postings) return NOT_FOUND;
    if (match![2]) {
      // One posting: JSON whatever the mode.
      const posting = postings.find((entry) => entry.id === decodeURIComponent(match![2]!));
      return posting ? { body: posting } : NOT_FOUND;
    }
    let selected = postings;
    for (const name of FILTERS) {
      const wanted = url.searchParams.getAll(name);
      if (wanted.length) selected = selected.filter((posting) => wanted.includes(posting.categories?.[name]));
    }
    const skip = count(url.searchParams.get('skip'), 0);
    const limit = count(url.searchParams.get('limit'), Number.POSITIVE_INFINITY);
    const page = selected.slice(skip, skip + limit);
    return wantsJson(request, url) ? { body: page } : { body: htmlList(page) };
  };
}

export async function startLeverReplica(options: { etags?: boolean } = {}): Promise<LeverReplica> {
  const boards = new Map<string, LeverRawPosting[]>();
  const euBoards = new Map<string, LeverRawPosting[]>();
  const server = await startReplica(route(boards), options);
  const euServer = await startReplica(route(euBoards), options);
  return {
    server,
    euServer,
    origins: { [LEVER_ORIGIN]: server.origin, [LEVER_EU_ORIGIN]: euServer.origin },
    boards,
    euBoards,
    target: (token) => ({ ats: 'lever', token, url: null }),
    euTarget: (token) => ({ ats: 'lever', token, url: `https://jobs.eu.lever.co/${token}` }),
    close: async () => {
      await Promise.all([server.close(), euServer.close()]);
    },
  };
}
