// Ashby Job Postings API (developers.ashbyhq.com/docs/public-job-posting-api): one keyless
// request lists a whole board, `GET api.ashbyhq.com/posting-api/job-board/{name}?includeCompensation=true`,
// answering `{jobs: [...], apiVersion: "1"}`. Traps: `isRemote` and `workplaceType`
// disagree on live boards (isRemote true on a "Hybrid" posting), so the stated
// workplaceType wins and isRemote counts only where workplaceType is null; `compensation`
// comes only with includeCompensation=true, and of its components only "Salary" is pay
// ("EquityPercentage", "Bonus", "Commission" are not, and may come first); postings with
// `isListed: false` are on the answer but not on the board; an unknown board answers 404.
import type { Connector, Posting } from '../connector.ts';
import { compensation, employmentType, isoDate, place, salaryPeriod, strings, workplace } from './map.ts';

/** The fields of a listed job this connector reads (the answer also has descriptionPlain, address, tier ids, ...). */
interface AshbyJob {
  id: string;
  title: string;
  department?: string | null;
  team?: string | null;
  /** "FullTime", "PartTime", "Intern", "Contract" or "Temporary". */
  employmentType?: string | null;
  location?: string | null;
  secondaryLocations?: AshbySecondaryLocation[] | null;
  publishedAt?: string | null;
  isListed?: boolean | null;
  isRemote?: boolean | null;
  /** "OnSite", "Remote", "Hybrid", or null (about a fifth of live postings). */
  workplaceType?: string | null;
  address?: { postalAddress?: AshbyPostalAddress | null } | null;
  jobUrl: string;
  applyUrl?: string | null;
  descriptionHtml?: string | null;
  descriptionPlain?: string | null;
  shouldDisplayCompensationOnJobPostings?: boolean | null;
  compensation?: AshbyCompensation | null;
}

interface AshbyPostalAddress {
  addressLocality?: string | null;
  addressRegion?: string | null;
  addressCountry?: string | null;
}

/** Recorded answers nest the address under `postalAddress`; the docs' example does not. */
interface AshbySecondaryLocation {
  location?: string | null;
  address?: (AshbyPostalAddress & { postalAddress?: AshbyPostalAddress | null }) | null;
}

interface AshbyCompensationComponent {
  /** "Salary", "EquityPercentage", "EquityCashValue", "Bonus", "Commission", ... */
  compensationType: string;
  /** "1 YEAR", "1 MONTH", "1 HOUR", ..., or "NONE". */
  interval?: string | null;
  currencyCode?: string | null;
  minValue?: number | null;
  maxValue?: number | null;
}

interface AshbyCompensation {
  compensationTierSummary?: string | null;
  scrapeableCompensationSalarySummary?: string | null;
  compensationTiers?: Array<{ title?: string | null; components?: AshbyCompensationComponent[] | null }> | null;
  summaryComponents?: AshbyCompensationComponent[] | null;
}

/** A location's name, or its address when the name is blank. */
function locationName(name: string | null | undefined, address: AshbyPostalAddress | null | undefined): string | null {
  return name?.trim() || (address ? place(address.addressLocality, address.addressRegion, address.addressCountry) : null);
}

/** The stated workplace model; the isRemote flag only when there is none. */
function ashbyWorkplace(job: AshbyJob) {
  if (job.workplaceType) return workplace(job.workplaceType);
  return job.isRemote === true ? 'remote' : null;
}

/** The salary component: the board-wide summary's, else the only tier's. Never equity or bonus. */
function pay(job: AshbyJob) {
  const comp = job.compensation;
  if (!comp || job.shouldDisplayCompensationOnJobPostings === false) return null;
  const isSalary = (component: AshbyCompensationComponent) => component.compensationType === 'Salary' && (component.minValue != null || component.maxValue != null);
  const tiers = comp.compensationTiers ?? [];
  const salary = comp.summaryComponents?.find(isSalary) ?? (tiers.length === 1 ? tiers[0]!.components?.find(isSalary) : undefined);
  if (!salary) return null;
  return compensation(salary.minValue, salary.maxValue, salary.currencyCode, salaryPeriod(salary.interval));
}

export function mapAshbyJob(job: AshbyJob): Posting {
  return {
    external_id: job.id,
    title: job.title.trim(),
    description: job.descriptionHtml || job.descriptionPlain || '',
    listing_url: job.jobUrl,
    apply_url: job.applyUrl || job.jobUrl,
    locations: strings([
      locationName(job.location, job.address?.postalAddress),
      ...(job.secondaryLocations ?? []).map((entry) => locationName(entry?.location, entry?.address?.postalAddress ?? entry?.address)),
    ]),
    workplace: ashbyWorkplace(job),
    employment_type: employmentType(job.employmentType),
    department: job.department?.trim() || job.team?.trim() || null,
    date_posted: isoDate(job.publishedAt),
    valid_through: null,
    compensation: pay(job),
    company_name: null,
  };
}

export const ashbyConnector: Connector = {
  ats: 'ashby',
  async *list(board, http) {
    const url = `https://api.ashbyhq.com/posting-api/job-board/${encodeURIComponent(board.token)}?includeCompensation=true`;
    // One document per board, streamed 500 jobs at a time; `apiVersion` beside the list marks a real board answer.
    const listing = http.streamJson<AshbyJob>(url, '$.jobs.*', { conditional: true, batch: 500, fields: ['apiVersion'] });
    for (;;) {
      const next = await listing.next();
      if (next.done) {
        if (next.value.apiVersion === undefined) throw new Error(`Ashby answered without a jobs list for ${board.token}.`);
        break;
      }
      // Unlisted postings are reachable by link only: not part of the board.
      const listed = next.value.filter((job) => job.isListed !== false);
      if (listed.length) yield listed.map(mapAshbyJob);
    }
    return { complete: true };
  },
};
