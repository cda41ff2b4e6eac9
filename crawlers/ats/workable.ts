// Workable's public job widget API: one keyless request lists a whole account with every
// description, `GET apply.workable.com/api/v1/widget/accounts/{subdomain}?details=true`
// (the legacy www.workable.com/api/accounts/{subdomain} redirects there). Chosen over the
// careers page's own `POST /api/v3/accounts/{subdomain}/jobs`, which pages ten at a time
// by a `nextPage` token and carries no description, so each posting would cost one more
// `GET /api/v2/accounts/{subdomain}/jobs/{shortcode}`: 1 + pages + N requests against 1,
// on a host that allows two at a time. What v3 has and the widget lacks is a hybrid /
// on-site value; the widget has `telecommuting` only.
// Traps: `description` comes only with `details=true`; apply.workable.com answers 429
// above about two concurrent requests (KNOWN_HOST_LIMITS in crawlers/settings.ts holds the
// crawl under it); `telecommuting: false` is not "on-site" (hybrid and on-site look the
// same), so it maps to null; `locations[]` holds every location with a `hidden` flag, and
// the flat city/state/country is the first one only; dates are plain `YYYY-MM-DD`; an
// unknown account is a 404 with a text/plain `Not Found`.
import type { Connector, Posting } from '../connector.ts';
import { employmentType, isoDate, place, strings } from './map.ts';

interface WorkableLocation {
  country?: string | null;
  countryCode?: string | null;
  city?: string | null;
  region?: string | null;
  hidden?: boolean;
}

/** The fields of a listed job this connector reads (the answer also has code, education, experience, function, industry). */
interface WorkableJob {
  title: string;
  shortcode: string;
  employment_type?: string | null;
  telecommuting?: boolean;
  department?: string | null;
  url: string;
  shortlink?: string | null;
  application_url?: string | null;
  published_on?: string | null;
  created_at?: string | null;
  country?: string | null;
  city?: string | null;
  state?: string | null;
  locations?: WorkableLocation[];
  description?: string | null;
}

interface WorkableAccount {
  name?: string | null;
  description?: string | null;
  jobs: WorkableJob[];
}

export const WORKABLE_ORIGIN = 'https://apply.workable.com';

/** Every location the posting shows: the visible entries of `locations[]`, else the flat primary one. */
function locations(job: WorkableJob): string[] {
  if (Array.isArray(job.locations) && job.locations.length > 0) {
    // A hidden location is one the employer keeps off the public posting.
    return strings(job.locations.filter((entry) => !entry.hidden).map((entry) => place(entry.city, entry.region, entry.country)));
  }
  return strings([place(job.city, job.state, job.country)]);
}

export function mapWorkableJob(job: WorkableJob, accountName: string | null): Posting {
  const listing = job.url || job.shortlink || `${WORKABLE_ORIGIN}/j/${job.shortcode}`;
  return {
    external_id: job.shortcode,
    title: job.title.trim(),
    description: job.description ?? '',
    listing_url: listing,
    apply_url: job.application_url || listing,
    locations: locations(job),
    workplace: job.telecommuting === true ? 'remote' : null,
    employment_type: employmentType(job.employment_type),
    department: job.department?.trim() || null,
    date_posted: isoDate(job.published_on ?? job.created_at),
    valid_through: null,
    compensation: null,
    company_name: accountName,
  };
}

export const workableConnector: Connector = {
  ats: 'workable',
  async *list(board, http) {
    const url = `${WORKABLE_ORIGIN}/api/v1/widget/accounts/${encodeURIComponent(board.token)}?details=true`;
    const answer = await http.getJson<WorkableAccount>(url, { conditional: true });
    if (!Array.isArray(answer.jobs)) throw new Error(`Workable answered without a jobs list for ${board.token}.`);
    const accountName = answer.name?.trim() || null;
    // One document: mapped in slices so the write path still gets pages.
    for (let start = 0; start < answer.jobs.length; start += 500) {
      yield answer.jobs.slice(start, start + 500).map((job) => mapWorkableJob(job, accountName));
    }
    return { complete: true };
  },
};
