// Recruitee Careers Site API (docs.recruitee.com, "Careers Site API": keyless, served under
// the careers site): one request lists every published offer with its text,
// `GET https://{company}.recruitee.com/api/offers/` → {offers: [...]}. The token is the
// recruitee.com subdomain, also for boards shown on a custom domain (their careers_url points
// there). An unknown company answers 404 `{"error":"Not Found"}`, which the crawl sees.
// Traps: salary bounds are STRINGS ("18.50") and become numbers; dates are not ISO
// ("2026-10-05 16:05:18 UTC") and are read field by field (Date's lenient parsing turns
// "2026-02-30" into March 2); `close_at` is the posting's end (valid_through); the workplace
// is three booleans (remote, hybrid, on_site); the text is `description` + `requirements`.
import type { Connector, Posting } from '../connector.ts';
import { compensation, employmentType, salaryPeriod, strings } from './map.ts';
import type { EmploymentType, WorkModel } from '../../db/jobs.ts';

interface RecruiteeLocation {
  city?: string | null;
  state?: string | null;
  country?: string | null;
}

/** The fields of an offer this connector reads (the answer also has guid, slug, translations, tags, min_hours, ...). */
interface RecruiteeOffer {
  id: number;
  title: string;
  description?: string | null;
  requirements?: string | null;
  location?: string | null;
  locations?: RecruiteeLocation[] | null;
  remote?: boolean | null;
  hybrid?: boolean | null;
  on_site?: boolean | null;
  employment_type_code?: string | null;
  department?: string | null;
  careers_url: string;
  careers_apply_url?: string | null;
  created_at?: string | null;
  published_at?: string | null;
  close_at?: string | null;
  salary?: { min?: string | number | null; max?: string | number | null; currency?: string | null; period?: string | null } | null;
  company_name?: string | null;
}

interface RecruiteeOffers {
  offers: RecruiteeOffer[];
}

const RECRUITEE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(?: ?UTC|Z)$/;

/** "2026-10-05 16:05:18 UTC" (Recruitee's form) → ISO; an impossible date is null, not rolled over. */
export function recruiteeTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = RECRUITEE_TIME.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const millis = Math.floor(Number(`0.${match[7] ?? '0'}`) * 1000);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis));
  const exact = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
  return exact ? date.toISOString() : null;
}

/** Recruitee's codes ("fulltime_permanent", "parttime_fixed_term", "traineeship", ...); fixed-term is a contract, as map.ts reads it. */
function employment(code: string | null | undefined): EmploymentType | null {
  if (!code) return null;
  if (/fixed_?term/.test(code)) return 'contract';
  if (code === 'traineeship') return 'internship';
  return employmentType(code) ?? employmentType(code.replace(/_permanent$/, ''));
}

function workplaceOf(offer: RecruiteeOffer): WorkModel | null {
  if (offer.hybrid) return 'hybrid';
  if (offer.remote) return 'remote';
  if (offer.on_site) return 'onsite';
  return null;
}

/** The offer's own location line, then every location it lists, in the same "city, state, country" form. */
function locations(offer: RecruiteeOffer): string[] {
  const listed = (offer.locations ?? []).map((entry) => [entry.city, entry.state, entry.country].filter((part) => part?.trim()).join(', '));
  return strings([offer.location, ...listed]);
}

export function mapRecruiteeOffer(offer: RecruiteeOffer): Posting {
  const salary = offer.salary;
  return {
    external_id: String(offer.id),
    title: offer.title.trim(),
    description: [offer.description, offer.requirements].filter((part): part is string => !!part?.trim()).join('\n'),
    listing_url: offer.careers_url,
    apply_url: offer.careers_apply_url || offer.careers_url,
    locations: locations(offer),
    workplace: workplaceOf(offer),
    employment_type: employment(offer.employment_type_code),
    department: offer.department?.trim() || null,
    date_posted: recruiteeTime(offer.published_at) ?? recruiteeTime(offer.created_at),
    valid_through: recruiteeTime(offer.close_at),
    compensation: salary ? compensation(salary.min, salary.max, salary.currency, salaryPeriod(salary.period)) : null,
    company_name: offer.company_name ?? null,
  };
}

export const recruiteeConnector: Connector = {
  ats: 'recruitee',
  async *list(board, http) {
    // The token becomes a host name: only a DNS label is one.
    if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i.test(board.token)) throw new Error(`"${board.token}" is not a Recruitee subdomain.`);
    const answer = await http.getJson<RecruiteeOffers>(`https://${board.token.toLowerCase()}.recruitee.com/api/offers/`, { conditional: true });
    if (!Array.isArray(answer.offers)) throw new Error(`Recruitee answered without an offers list for ${board.token}.`);
    // One document: mapped in slices so the write path still gets pages.
    for (let start = 0; start < answer.offers.length; start += 500) yield answer.offers.slice(start, start + 500).map(mapRecruiteeOffer);
    return { complete: true };
  },
};
