// A replica of the Greenhouse Job Board API's board listing
// (`GET /v1/boards/{token}/jobs?content=true&pay_transparency=true`), answering with the
// recorded shapes in test/fixtures/ats-api/greenhouse/ (see SOURCE.md there): `content`
// escaped once more, `pay_input_ranges` only when `pay_transparency=true`, and 404
// `{"status":404,"error":"Not Found"}` for an unknown board.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BoardTarget } from '../../../crawlers/connector.ts';
import { startReplica, type ReplicaServer } from './replica.ts';

export type GreenhouseRawJob = Record<string, any> & { id: number; title: string; content: string };

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/ats-api/greenhouse/listing.json');
export const greenhouseFixture = (): { jobs: GreenhouseRawJob[]; meta: { total: number } } => JSON.parse(readFileSync(FIXTURE, 'utf8'));

export const GREENHOUSE_ORIGIN = 'https://boards-api.greenhouse.io';

export interface GreenhouseReplica {
  server: ReplicaServer;
  origins: Record<string, string>;
  boards: Map<string, GreenhouseRawJob[]>;
  target(token: string): BoardTarget;
}

const escapeHtml = (html: string) => html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Posting #n, derived from the first recorded job: its own id, title, location and text. */
export function makeGreenhousePosting(n: number, board = 'acme'): GreenhouseRawJob {
  const base = greenhouseFixture().jobs[0]!;
  const cities = ['Austin, TX', 'Berlin, Germany', 'London, United Kingdom', 'Remote, United States', 'Toronto, Ontario, Canada'];
  return {
    ...base,
    id: 4_000_000_000 + n,
    internal_job_id: 3_000_000_000 + n,
    absolute_url: `https://job-boards.greenhouse.io/${board}/jobs/${4_000_000_000 + n}`,
    title: `Software Engineer ${n}`,
    company_name: board,
    location: { name: cities[n % cities.length] },
    content: escapeHtml(`<p>Posting ${n}: build the platform.</p><ul><li>TypeScript &amp; PostgreSQL</li><li>On-call one week in ${(n % 6) + 2}</li></ul>`),
    pay_input_ranges: [{ min_cents: 10_000_000 + n * 100, max_cents: 15_000_000 + n * 100, currency_type: 'USD', title: 'US Pay Range', blurb: '' }],
  };
}

export async function startGreenhouseReplica(options: { etags?: boolean } = {}): Promise<GreenhouseReplica> {
  const boards = new Map<string, GreenhouseRawJob[]>();
  const server = await startReplica((_request, url) => {
    const match = /^\/v1\/boards\/([^/]+)\/jobs$/.exec(url.pathname);
    const jobs = match ? boards.get(decodeURIComponent(match[1]!)) : undefined;
    if (!jobs) return { status: 404, body: { status: 404, error: 'Not Found' } };
    const withContent = url.searchParams.get('content') === 'true';
    const withPay = url.searchParams.get('pay_transparency') === 'true';
    return {
      body: {
        jobs: jobs.map(({ content, pay_input_ranges, ...job }) => ({
          ...job,
          ...(withContent ? { content } : {}),
          ...(withPay && pay_input_ranges ? { pay_input_ranges } : {}),
        })),
        meta: { total: jobs.length },
      },
    };
  }, options);
  return {
    server,
    origins: { [GREENHOUSE_ORIGIN]: server.origin },
    boards,
    target: (token) => ({ ats: 'greenhouse', token, url: null }),
  };
}
