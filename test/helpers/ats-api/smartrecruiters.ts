// A replica of the SmartRecruiters Posting API (`GET /v1/companies/{companyIdentifier}/postings`
// paged by `limit`/`offset`, and `GET /v1/companies/{id}/postings/{postingId}`), answering with
// the recorded shapes in test/fixtures/ats-api/smartrecruiters/ (see SOURCE.md there): a page
// holds at most 100 postings whatever `limit` asks (the real API caps it silently), a listed
// posting carries no jobAd/postingUrl/applyUrl (only its detail does), an UNKNOWN company
// answers 200 `{offset, limit, totalFound: 0, content: []}` like an empty board, and an unknown
// posting answers 404 `{id, httpCode: 404, code: "RESOURCE_NOT_FOUND", message}`.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BoardTarget } from '../../../crawlers/connector.ts';
import { startReplica, type ReplicaServer } from './replica.ts';

/** A posting as its detail answer states it, plus the list-only fields (`ref`, `uuid`, ...). */
export type SmartRecruitersRawPosting = Record<string, any> & { id: string; name: string };

const FIXTURE_DIR = path.resolve(import.meta.dirname, '../../fixtures/ats-api/smartrecruiters');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(FIXTURE_DIR, file), 'utf8'));

/** The recorded list page and detail answers. */
export const smartRecruitersFixture = (): { listing: { offset: number; limit: number; totalFound: number; content: SmartRecruitersRawPosting[] }; details: SmartRecruitersRawPosting[] } => ({
  listing: readJson('listing.json'),
  details: readJson('details.json'),
});

/** The recorded postings whole: each listed posting with its detail's fields. */
export function smartRecruitersPostings(): SmartRecruitersRawPosting[] {
  const { listing, details } = smartRecruitersFixture();
  return listing.content.map((listed) => ({ ...listed, ...details.find((detail) => detail.id === listed.id) }));
}

export const SMARTRECRUITERS_ORIGIN = 'https://api.smartrecruiters.com';
/** The most one page holds; `limit` above it is capped, not refused. */
export const SMARTRECRUITERS_MAX_LIMIT = 100;
/** Fields only the detail answer has. */
const DETAIL_ONLY = ['jobAd', 'postingUrl', 'applyUrl', 'active', 'visibility'];

export interface SmartRecruitersReplica {
  server: ReplicaServer;
  origins: Record<string, string>;
  boards: Map<string, SmartRecruitersRawPosting[]>;
  target(token: string): BoardTarget;
}

/** Posting #n, derived from the first recorded posting: its own id, title, location and text. */
let base: SmartRecruitersRawPosting | undefined;
export function makeSmartRecruitersPosting(n: number, board = 'acme'): SmartRecruitersRawPosting {
  base ??= smartRecruitersPostings()[0]!;
  const id = String(744_000_000_000_000 + n);
  const slug = `${id}-software-engineer-${n}`;
  const places = [
    { city: 'Austin', region: 'TX', country: 'us', fullLocation: 'Austin, TX, United States' },
    { city: 'Berlin', region: 'BE', country: 'de', fullLocation: 'Berlin, Germany' },
    { city: 'London', region: 'England', country: 'gb', fullLocation: 'London, England, United Kingdom' },
    { city: 'Toronto', region: 'ON', country: 'ca', fullLocation: 'Toronto, ON, Canada' },
  ];
  return {
    ...base,
    id,
    name: `Software Engineer ${n}`,
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    refNumber: `REF${n}`,
    company: { identifier: board, name: board },
    location: { ...places[n % places.length]!, remote: n % 5 === 0, hybrid: n % 5 === 1 },
    ref: `${SMARTRECRUITERS_ORIGIN}/v1/companies/${board}/postings/${id}`,
    postingUrl: `https://jobs.smartrecruiters.com/${board}/${slug}`,
    applyUrl: `https://jobs.smartrecruiters.com/${board}/${slug}?oga=true`,
    jobAd: {
      sections: {
        companyDescription: { title: 'Company Description', text: `<p>${board} builds things.</p>` },
        jobDescription: { title: 'Job Description', text: `<p>Posting ${n}: build the platform.</p><ul><li>TypeScript &amp; PostgreSQL</li></ul>` },
        qualifications: { title: 'Qualifications', text: `<p>${(n % 6) + 2} years of experience.</p>` },
      },
    },
  };
}

/** A query number as the API reads it: absent or not a number is the default. */
const number = (value: string | null, fallback: number) => (value !== null && /^\d+$/.test(value) ? Number(value) : fallback);

export async function startSmartRecruitersReplica(options: { etags?: boolean } = {}): Promise<SmartRecruitersReplica> {
  const boards = new Map<string, SmartRecruitersRawPosting[]>();
  const server = await startReplica((_request, url) => {
    const listMatch = /^\/v1\/companies\/([^/]+)\/postings\/?$/.exec(url.pathname);
    if (listMatch) {
      const postings = boards.get(decodeURIComponent(listMatch[1]!)) ?? [];
      const limit = Math.min(number(url.searchParams.get('limit'), SMARTRECRUITERS_MAX_LIMIT), SMARTRECRUITERS_MAX_LIMIT);
      const offset = number(url.searchParams.get('offset'), 0);
      const content = postings.slice(offset, offset + limit).map((posting) => {
        const listed: Record<string, unknown> = { ...posting };
        for (const key of DETAIL_ONLY) delete listed[key];
        return listed;
      });
      return { body: { offset, limit, totalFound: postings.length, content } };
    }
    const detailMatch = /^\/v1\/companies\/([^/]+)\/postings\/([^/]+)$/.exec(url.pathname);
    const postingId = detailMatch ? decodeURIComponent(detailMatch[2]!) : '';
    const posting = detailMatch ? boards.get(decodeURIComponent(detailMatch[1]!))?.find((entry) => entry.id === postingId) : undefined;
    if (!posting) {
      return { status: 404, body: { id: randomUUID(), httpCode: 404, code: 'RESOURCE_NOT_FOUND', message: 'Resource not found' } };
    }
    const { ref: _ref, ...detail } = posting;
    return { body: detail };
  }, options);
  return {
    server,
    origins: { [SMARTRECRUITERS_ORIGIN]: server.origin },
    boards,
    target: (token) => ({ ats: 'smartrecruiters', token, url: null }),
  };
}
