// Greenhouse Job Board API (developers.greenhouse.io/job-board.html): one keyless request
// lists a whole board, `GET boards-api.greenhouse.io/v1/boards/{token}/jobs?content=true`.
// Traps: `content` is HTML escaped once more (`&lt;p&gt;`), so it is decoded once before it
// is HTML; pay comes only with `pay_transparency=true`, as `pay_input_ranges` in cents;
// `first_published` is the posting date (`updated_at` changes on any edit, so it is not);
// employment type and workplace exist only as board-defined `metadata` fields.
import type { Connector, Posting } from '../connector.ts';
import { compensation, decodeEntities, employmentType, isoDate, salaryPeriod, strings, workplace } from './map.ts';

/** The fields of a listed job this connector reads (the answer also has internal_job_id, requisition_id, data_compliance, ...). */
interface GreenhouseJob {
  id: number;
  title: string;
  absolute_url: string;
  location?: { name?: string | null } | null;
  content?: string | null;
  first_published?: string | null;
  updated_at?: string | null;
  company_name?: string | null;
  departments?: Array<{ id: number; name: string }>;
  offices?: Array<{ id: number; name: string; location?: string | null }>;
  metadata?: Array<{ id: number; name: string; value: unknown; value_type: string }> | null;
  pay_input_ranges?: Array<{ min_cents: number | null; max_cents: number | null; currency_type: string | null; title?: string | null; blurb?: string | null }>;
}

/** The value of the first metadata field whose name matches, as text. */
function metadataValue(job: GreenhouseJob, name: RegExp): string | null {
  const field = job.metadata?.find((entry) => name.test(entry.name));
  if (!field || field.value === null || field.value === undefined) return null;
  const value = Array.isArray(field.value) ? field.value[0] : field.value;
  return typeof value === 'string' ? value : null;
}

/** The first pay range, cents to currency units; the period from its title ("Annual Salary", "Hourly Pay"). */
function pay(job: GreenhouseJob) {
  const range = job.pay_input_ranges?.find((entry) => entry.min_cents !== null || entry.max_cents !== null);
  if (!range) return null;
  const title = (range.title ?? '').toLowerCase();
  const period = /hour/.test(title) ? 'hourly' : /month/.test(title) ? 'monthly' : /annual|year|salary|base/.test(title) ? 'yearly' : salaryPeriod(range.title);
  const cents = (value: number | null) => (value === null ? null : value / 100);
  return compensation(cents(range.min_cents), cents(range.max_cents), range.currency_type, period);
}

export function mapGreenhouseJob(job: GreenhouseJob): Posting {
  const department = job.departments?.map((entry) => entry.name).find((name) => name && name !== 'No Department') ?? null;
  return {
    external_id: String(job.id),
    title: job.title.trim(),
    description: decodeEntities(job.content ?? ''),
    listing_url: job.absolute_url,
    apply_url: job.absolute_url,
    locations: strings([job.location?.name]),
    workplace: workplace(metadataValue(job, /workplace|location type|remote/i)),
    employment_type: employmentType(metadataValue(job, /employment type|job type|commitment|time type/i)),
    department,
    date_posted: isoDate(job.first_published),
    valid_through: null,
    compensation: pay(job),
    company_name: job.company_name ?? null,
  };
}

export const greenhouseConnector: Connector = {
  ats: 'greenhouse',
  async *list(board, http) {
    const url = `https://boards-api.greenhouse.io/v1/boards/${encodeURIComponent(board.token)}/jobs?content=true&pay_transparency=true`;
    // One document per board, streamed: a board of any size is mapped 500 jobs at a time.
    const listing = http.streamJson<GreenhouseJob>(url, '$.jobs.*', { conditional: true, batch: 500, fields: ['meta'] });
    let listed = 0;
    for (;;) {
      const next = await listing.next();
      if (next.done) {
        // `meta.total` follows the list: an answer without it is not a board listing, one that disagrees is short.
        const total = (next.value.meta as { total?: unknown } | undefined)?.total;
        if (typeof total !== 'number') throw new Error(`Greenhouse answered without a jobs list for ${board.token}.`);
        if (total !== listed) return { complete: false, reason: `Greenhouse listed ${listed} of the ${total} jobs it counts.` };
        break;
      }
      listed += next.value.length;
      yield next.value.map(mapGreenhouseJob);
    }
    return { complete: true };
  },
};
