// A replica of the Ashby Job Postings API's board listing
// (`GET /posting-api/job-board/{name}?includeCompensation=true`), answering with the
// recorded shapes in test/fixtures/ats-api/ashby/ (see SOURCE.md there): the whole board
// in one `{jobs, apiVersion}` document, unlisted postings included (with `isListed:
// false`), `compensation` only when `includeCompensation=true`, board names matched without
// regard to case, and an unknown board answered 404 with the plain-text body `Not Found`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BoardTarget } from '../../../crawlers/connector.ts';
import { startReplica, type ReplicaServer } from './replica.ts';

export type AshbyRawJob = Record<string, any> & { id: string; title: string; jobUrl: string; isListed: boolean };

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/ats-api/ashby/listing.json');
export const ashbyFixture = (): { jobs: AshbyRawJob[]; apiVersion: string } => JSON.parse(readFileSync(FIXTURE, 'utf8'));

export const ASHBY_ORIGIN = 'https://api.ashbyhq.com';

export interface AshbyReplica {
  server: ReplicaServer;
  origins: Record<string, string>;
  boards: Map<string, AshbyRawJob[]>;
  target(token: string): BoardTarget;
}

/** Posting #n, derived from the first recorded job: its own id, title, location, date and pay. */
export function makeAshbyPosting(n: number, board = 'acme'): AshbyRawJob {
  const base = ashbyFixture().jobs[0]!;
  const id = `9a1b2c3d-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
  const cities = ['Copenhagen', 'Berlin', 'London', 'New York City', 'Remote - European Union'];
  const salary = { compensationType: 'Salary', interval: '1 YEAR', currencyCode: 'USD', minValue: 100_000 + n, maxValue: 150_000 + n };
  return {
    ...base,
    id,
    title: `Software Engineer ${n}`,
    location: cities[n % cities.length],
    publishedAt: new Date(Date.UTC(2026, 6, 13) - n * 60_000).toISOString().replace('Z', '+00:00'),
    jobUrl: `https://jobs.ashbyhq.com/${board}/${id}`,
    applyUrl: `https://jobs.ashbyhq.com/${board}/${id}/application`,
    descriptionHtml: `<p>Posting ${n}: build the platform.</p><ul><li><p>TypeScript &amp; PostgreSQL</p></li><li><p>On-call one week in ${(n % 6) + 2}</p></li></ul>`,
    descriptionPlain: `Posting ${n}: build the platform.\n\n - TypeScript & PostgreSQL\n\n - On-call one week in ${(n % 6) + 2}`,
    compensation: {
      ...base.compensation,
      compensationTiers: [{ ...base.compensation.compensationTiers[0], components: [{ id: `${id}-salary`, summary: '', ...salary }] }],
      summaryComponents: [salary],
    },
  };
}

export async function startAshbyReplica(options: { etags?: boolean } = {}): Promise<AshbyReplica> {
  const boards = new Map<string, AshbyRawJob[]>();
  const find = (name: string) => [...boards].find(([token]) => token.toLowerCase() === name.toLowerCase())?.[1];
  const server = await startReplica((_request, url) => {
    const match = /^\/posting-api\/job-board\/([^/]+)\/?$/.exec(url.pathname);
    const jobs = match ? find(decodeURIComponent(match[1]!)) : undefined;
    if (!jobs) return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Not Found' };
    const withCompensation = url.searchParams.get('includeCompensation') === 'true';
    return {
      body: {
        jobs: jobs.map(({ compensation, ...job }) => (withCompensation ? { ...job, compensation } : job)),
        apiVersion: '1',
      },
    };
  }, options);
  return {
    server,
    origins: { [ASHBY_ORIGIN]: server.origin },
    boards,
    target: (token) => ({ ats: 'ashby', token, url: null }),
  };
}
