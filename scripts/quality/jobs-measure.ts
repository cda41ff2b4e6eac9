// The job-understanding quality figures over the labelled real postings in
// test/fixtures/jobs-labelled/ (each judged by reading it; see the README there), or over
// the held-out set in test/fixtures/jobs-heldout/ (labelled blind, never used to tune): every
// posting goes through the same steps as a crawl (description to Markdown, places read from
// the ATS's parts or geocoded, the understanding), and each field is compared with its
// label. Shared by `npm run -s quality:jobs` (prints) and test/quality-jobs.test.ts (keeps
// the figures).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Posting } from '../../crawlers/connector.ts';
import { convertDescription } from '../../crawlers/description.ts';
import { understand, type Understood } from '../../crawlers/understanding/index.ts';
import { canonicalSkill } from '../../crawlers/understanding/skills.ts';
import type { Compensation, EmploymentType, ExperienceLevel, Skill, WorkModel } from '../../db/jobs.ts';
import type { Pool } from '../../db/pool.ts';
import { Geocoder } from '../../geo/geocoder.ts';
import { placeFromParts } from '../../geo/structured-place.ts';

export const LABELLED_DIR = path.resolve(import.meta.dirname, '../../test/fixtures/jobs-labelled');
/** Postings labelled blind after the dictionary was grown on LABELLED_DIR; their misses then steered a second round of work (see its README). */
export const HELDOUT_DIR = path.resolve(import.meta.dirname, '../../test/fixtures/jobs-heldout');
/** Postings labelled blind after that second round, measured once, then used to tune too (see its README). */
export const HELDOUT_2_DIR = path.resolve(import.meta.dirname, '../../test/fixtures/jobs-heldout-2');
/** The third set labelled blind: the held-out check, never used to tune. */
export const HELDOUT_3_DIR = path.resolve(import.meta.dirname, '../../test/fixtures/jobs-heldout-3');
/** The fourth set labelled blind: measured once, then its misses steered work (see its README). */
export const HELDOUT_4_DIR = path.resolve(import.meta.dirname, '../../test/fixtures/jobs-heldout-4');
/** The fifth set labelled blind: the held-out check, never used to tune. */
export const HELDOUT_5_DIR = path.resolve(import.meta.dirname, '../../test/fixtures/jobs-heldout-5');

type Flag = 'is_h1b_sponsor' | 'is_work_auth_required' | 'is_clearance_required';
export const FLAGS: Flag[] = ['is_h1b_sponsor', 'is_work_auth_required', 'is_clearance_required'];

export interface LabelledPosting {
  id: string;
  from: string;
  posting: Posting;
  labels: {
    employment_type: EmploymentType | null;
    work_model: WorkModel | null;
    experience_level: ExperienceLevel | null;
    compensation: Compensation | null;
    skills: Skill[];
    locations: Array<{ raw: string; country_code: string | null; city: string | null }>;
  } & Record<Flag, boolean | null>;
}

/** The labelled postings of a directory (LABELLED_DIR unless told), each with its ATS (the file name). */
export function labelledPostings(dir: string = LABELLED_DIR): Array<LabelledPosting & { ats: string }> {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as LabelledPosting[]).map((item) => ({ ...item, ats: file.replace(/\.json$/, '') })));
}

/** Right / total of one field, with the ids it got wrong. */
export interface Score {
  right: number;
  total: number;
  wrong: string[];
}

export interface JobsQuality {
  postings: number;
  byAts: Record<string, number>;
  employment_type: Score;
  work_model: Score;
  experience_level: Score;
  /** Postings that state pay: min, max, currency and period all right. */
  compensation: Score;
  /** Postings that state no pay but got some. */
  invented_pay: Score;
  skills: { precision: number; recall: number; predicted: number; labelled: number; matched: number };
  country: Score;
  city: Score;
  /** Per flag: set (non-null) predictions, and those that disagree with the label. */
  flags: Record<Flag, { set: number; wrong: string[] }>;
}

const score = (): Score => ({ right: 0, total: 0, wrong: [] });
const tally = (target: Score, ok: boolean, id: string) => {
  target.total++;
  if (ok) target.right++;
  else target.wrong.push(id);
};
const fold = (text: string | null | undefined) => (text ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
const skillKey = (name: string) => fold(canonicalSkill(name) ?? name);
const sameAmount = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.abs(a - b) < 0.5);
const samePay = (a: Compensation | null, b: Compensation) =>
  !!a && sameAmount(a.min, b.min) && sameAmount(a.max, b.max) && a.currency === b.currency && a.period === b.period;

/**
 * The place a raw location string is served as: a place the ATS gave in parts, read as the
 * crawl reads it (crawlers/crawl.ts, geo/structured-place.ts); otherwise, or when that finds
 * no country, the geocoder's first place with a country, as the geocode.location worker
 * stores it (geo/job-locations.ts).
 */
async function servedPlace(geocoder: Geocoder, posting: Posting, raw: string): Promise<{ city: string | null; country_code: string | null } | null> {
  const parts = posting.places?.find((place) => place.raw === raw);
  if (parts) {
    const structured = await placeFromParts({ city: parts.city, region: parts.region, country: parts.country, countryCode: parts.country_code }, raw, geocoder);
    if (structured.country_code) return structured;
  }
  return (await geocoder.geocode(raw)).locations.find((location) => location.country_code) ?? null;
}

export async function measureJobs(pool: Pool, dir: string = LABELLED_DIR): Promise<JobsQuality & { results: Map<string, Understood> }> {
  const geocoder = await Geocoder.create(pool);
  const items = labelledPostings(dir);
  const report: JobsQuality = {
    postings: items.length,
    byAts: {},
    employment_type: score(),
    work_model: score(),
    experience_level: score(),
    compensation: score(),
    invented_pay: score(),
    skills: { precision: 0, recall: 0, predicted: 0, labelled: 0, matched: 0 },
    country: score(),
    city: score(),
    flags: { is_h1b_sponsor: { set: 0, wrong: [] }, is_work_auth_required: { set: 0, wrong: [] }, is_clearance_required: { set: 0, wrong: [] } },
  };
  const results = new Map<string, Understood>();
  for (const item of items) {
    report.byAts[item.ats] = (report.byAts[item.ats] ?? 0) + 1;
    const { posting, labels } = item;
    let countryCode: string | null = null;
    for (const label of labels.locations) {
      const place = await servedPlace(geocoder, posting, label.raw);
      countryCode ??= place?.country_code ?? null;
      tally(report.country, (place?.country_code ?? null) === label.country_code, `${item.id} "${label.raw}"`);
      // A city is right under any of its names (the label's "Bangalore" is the gazetteer's "Bengaluru").
      const cityRight = label.city === null ? !place?.city : !!place && (await geocoder.isNameOf(label.city, place));
      tally(report.city, cityRight, `${item.id} "${label.raw}" → ${place?.city ?? 'no city'}`);
    }
    const understood = understand({
      title: posting.title,
      markdown: convertDescription(posting.description).markdown,
      stated: { employment_type: posting.employment_type, work_model: posting.workplace, compensation: posting.compensation },
      locations: posting.locations,
      countryCode,
    });
    results.set(item.id, understood);
    tally(report.employment_type, understood.employment_type === labels.employment_type, `${item.id}: ${understood.employment_type} ≠ ${labels.employment_type}`);
    tally(report.work_model, understood.work_model === labels.work_model, `${item.id}: ${understood.work_model} ≠ ${labels.work_model}`);
    tally(report.experience_level, understood.experience_level === labels.experience_level, `${item.id}: ${understood.experience_level} ≠ ${labels.experience_level}`);
    const pay = understood.compensation ?? null;
    if (labels.compensation) tally(report.compensation, samePay(pay, labels.compensation), `${item.id}: ${JSON.stringify(pay)} ≠ ${JSON.stringify(labels.compensation)}`);
    else tally(report.invented_pay, pay === null, `${item.id}: ${JSON.stringify(pay)}`);
    const predicted = new Set([...(understood.qualifications?.must_have?.skills ?? []), ...(understood.qualifications?.preferred?.skills ?? [])].map((skill) => skillKey(skill.name)));
    const labelled = new Set(labels.skills.map((skill) => skillKey(skill.name)));
    report.skills.predicted += predicted.size;
    report.skills.labelled += labelled.size;
    report.skills.matched += [...predicted].filter((name) => labelled.has(name)).length;
    for (const flag of FLAGS) {
      const value = understood[flag] ?? null;
      if (value === null) continue;
      report.flags[flag].set++;
      if (value !== labels[flag]) report.flags[flag].wrong.push(`${item.id}: ${value} ≠ ${labels[flag]}`);
    }
  }
  report.skills.precision = report.skills.predicted ? report.skills.matched / report.skills.predicted : 1;
  report.skills.recall = report.skills.labelled ? report.skills.matched / report.skills.labelled : 1;
  return { ...report, results };
}

export const ratio = (s: Score) => (s.total ? s.right / s.total : 1);
