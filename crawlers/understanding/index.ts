// Job understanding: what a posting's text says beyond the ATS's structured fields. Each
// concern is a pure module beside this one; `understandJob` runs them all over a job about
// to be written (its description already converted to Markdown), structured values first.
// It runs on every crawled posting that changed, and again over stored jobs with
// `npm run -s admin -- jobs understand` when the rules improve (from `jobs.stated`).
import type { StatedFields, StoredJobInput } from '../../db/jobs.ts';
import { employmentTypeOf } from './employment.ts';
import { flagsOf } from './flags.ts';
import { payFromText, statedPay } from './pay.ts';
import { qualificationsOf } from './qualifications.ts';
import { sectionsOf } from './sections.ts';
import { experienceLevelOf } from './seniority.ts';
import { summaryOf } from './summary.ts';
import { normalizedTitle } from './title.ts';
import { workplaceOf } from './workplace.ts';

/** The fields the understanding fills. */
export type Understood = Pick<
  StoredJobInput,
  | 'normalized_title' | 'summary' | 'employment_type' | 'work_model' | 'experience_level' | 'compensation'
  | 'qualifications' | 'responsibilities' | 'benefits' | 'is_h1b_sponsor' | 'is_work_auth_required' | 'is_clearance_required'
>;

export interface UnderstandingInput {
  title: string;
  /** The description as converted Markdown (crawlers/description.ts). */
  markdown: string;
  stated: StatedFields;
  /** Raw location strings. */
  locations: string[];
  /** The country of the first resolved location, when known (a bare "$" is then CAD in Canada). */
  countryCode?: string | null;
}

export function understand(input: UnderstandingInput): Understood {
  const { title, markdown, stated } = input;
  const sections = sectionsOf(markdown);
  const employment = employmentTypeOf({ stated: stated.employment_type, title, markdown });
  const bulletsOf = (kind: string) => sections.filter((section) => section.kind === kind).flatMap((section) => section.items);
  return {
    normalized_title: normalizedTitle(title),
    summary: summaryOf(sections, markdown),
    employment_type: employment,
    work_model: workplaceOf({ stated: stated.work_model, title, markdown, locations: input.locations }),
    experience_level: experienceLevelOf({ title, markdown, employmentType: employment }),
    compensation: statedPay(stated.compensation) ?? payFromText(markdown, { countryCode: input.countryCode ?? null }),
    qualifications: qualificationsOf(sections),
    responsibilities: bulletsOf('responsibilities'),
    benefits: bulletsOf('benefits'),
    ...flagsOf(markdown),
  };
}

/** A job about to be written, with what its text says filled in. */
export function understandJob(job: StoredJobInput): StoredJobInput {
  const stated: StatedFields = job.stated ?? { employment_type: job.employment_type ?? null, work_model: job.work_model ?? null, compensation: job.compensation ?? null };
  const countryCode = job.locations?.find((location) => location.country_code)?.country_code ?? null;
  return {
    ...job,
    stated,
    ...understand({ title: job.title, markdown: job.description_markdown, stated, locations: (job.locations ?? []).map((location) => location.location ?? '').filter(Boolean), countryCode }),
  };
}
