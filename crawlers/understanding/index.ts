// Job understanding: what a posting's text says beyond the ATS's structured fields. Each
// concern is a pure module beside this one; `understandJobs` runs them all over the jobs about
// to be written (their descriptions already converted to Markdown), structured values first.
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
import { keepingConversions } from './text.ts';
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
  return understandAll([input])[0]!;
}

/**
 * The understanding of many postings (a crawl's changed jobs), the same as `understand` on each.
 * Each concern runs over a batch of postings before the next one: a concern's code and patterns
 * stay in the processor's caches across the batch instead of being evicted by the other nine at
 * every posting, which is worth a fifth of the time (bench:normalize).
 */
/** Postings per batch: enough to keep each concern hot, few enough that their texts stay in the young heap. */
const BATCH = 64;

export function understandAll(inputs: readonly UnderstandingInput[]): Understood[] {
  const out: Understood[] = [];
  for (let start = 0; start < inputs.length; start += BATCH) {
    const batch = inputs.slice(start, start + BATCH);
    out.push(...(batch.length === 1 ? understandBatch(batch) : keepingConversions(() => understandBatch(batch))));
  }
  return out;
}

function understandBatch(batch: readonly UnderstandingInput[]): Understood[] {
  const sections = batch.map((input) => sectionsOf(input.markdown));
  const employment = batch.map(({ stated, title, markdown }) => employmentTypeOf({ stated: stated.employment_type, title, markdown }));
  const workModel = batch.map(({ stated, title, markdown, locations }) => workplaceOf({ stated: stated.work_model, title, markdown, locations }));
  const experience = batch.map(({ title, markdown }, i) => experienceLevelOf({ title, markdown, employmentType: employment[i]! }));
  const compensation = batch.map(({ stated, markdown, countryCode }) => statedPay(stated.compensation) ?? payFromText(markdown, { countryCode: countryCode ?? null }));
  const qualifications = sections.map((parts) => qualificationsOf(parts));
  const flags = batch.map(({ markdown }) => flagsOf(markdown));
  const summaries = batch.map(({ markdown }, i) => summaryOf(sections[i]!, markdown));
  return batch.map((input, i) => {
    const bulletsOf = (kind: string) => sections[i]!.filter((section) => section.kind === kind).flatMap((section) => section.items);
    return {
      normalized_title: normalizedTitle(input.title),
      summary: summaries[i]!,
      employment_type: employment[i]!,
      work_model: workModel[i]!,
      experience_level: experience[i]!,
      compensation: compensation[i]!,
      qualifications: qualifications[i]!,
      responsibilities: bulletsOf('responsibilities'),
      benefits: bulletsOf('benefits'),
      ...flags[i]!,
    };
  });
}

/** Jobs about to be written (a crawl's changed postings), each with what its text says filled in. */
export function understandJobs(jobs: readonly StoredJobInput[]): StoredJobInput[] {
  const stated = jobs.map((job): StatedFields => job.stated ?? { employment_type: job.employment_type ?? null, work_model: job.work_model ?? null, compensation: job.compensation ?? null });
  const understood = understandAll(
    jobs.map((job, i) => ({
      title: job.title,
      markdown: job.description_markdown,
      stated: stated[i]!,
      locations: (job.locations ?? []).map((location) => location.location ?? '').filter(Boolean),
      countryCode: job.locations?.find((location) => location.country_code)?.country_code ?? null,
    })),
  );
  return jobs.map((job, i) => ({ ...job, stated: stated[i]!, ...understood[i]! }));
}
