// The résumé-import report: builds every labelled fixture (test/fixtures/resumes) as a real
// PDF and DOCX with the test builders (test/helpers/resume-documents.ts), imports each with
// apply/resume-import, and compares field by field with what a person reading the document
// entered: contact (first/last name, email, phone), location (city, country), each link,
// each work entry (company, title, start, end, is_current) and education entry (school,
// degree, field, end, grade where stated), the number and order of entries, and facts the
// memories must hold. Comparison is exact after light normalization only: case, spacing,
// and digits alone for phones.
//   npm run -s quality:resumes            per-field accuracy and overall
//   npm run -s quality:resumes -- --wrong also every miss: expected and found
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportedResume } from '../../apply/profiles/profile.ts';
import { importResume } from '../../apply/resume-import/index.ts';
import { buildResumeDocx, buildResumePdf } from '../../test/helpers/resume-documents.ts';
import { RESUME_FIXTURES } from '../../test/fixtures/resumes/index.ts';
import type { ExpectedResume, ResumeFixture } from '../../test/fixtures/resumes/types.ts';

export interface FieldCheck {
  fixture: string;
  format: 'pdf' | 'docx';
  field: string;
  expected: unknown;
  found: unknown;
  right: boolean;
}

export interface FieldScore {
  field: string;
  right: number;
  total: number;
  accuracy: number;
}

export interface ResumesReport {
  checks: FieldCheck[];
  fields: FieldScore[];
  documents: Array<{ fixture: string; format: string; right: number; total: number; failure?: string; ms: number }>;
  overall: FieldScore;
}

/** Case and spacing aside; Unicode composed the same way. */
export const normalizeText = (value: unknown) => (value === null || value === undefined ? '' : String(value).normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase());
export const normalizePhone = (value: unknown) => (value === null || value === undefined ? '' : String(value).replace(/\D/g, ''));

function same(field: string, expected: unknown, found: unknown): boolean {
  if (typeof expected === 'boolean' || typeof found === 'boolean') return Boolean(expected) === Boolean(found);
  if (field.endsWith('phone')) return normalizePhone(expected) === normalizePhone(found);
  return normalizeText(expected) === normalizeText(found);
}

const WORK_FIELDS = ['company', 'title', 'start_date', 'end_date', 'is_current'] as const;
const EDUCATION_FIELDS = ['school', 'degree', 'field_of_study', 'end_date'] as const;

/** Pairs each expected entry with the unused found entry sharing the most fields (the same position on a tie). */
export function alignEntries<E extends object, F extends object>(expected: E[], found: F[], keys: readonly string[]): Array<number | null> {
  const used = new Set<number>();
  return expected.map((want, index) => {
    let best: number | null = null;
    let bestScore = 0;
    found.forEach((candidate, at) => {
      if (used.has(at)) return;
      const score = keys.filter((key) => normalizeText((want as Record<string, unknown>)[key]) !== '' && same(key, (want as Record<string, unknown>)[key], (candidate as Record<string, unknown>)[key])).length;
      if (score > bestScore || (score === bestScore && score > 0 && at === index)) {
        best = at;
        bestScore = score;
      }
    });
    if (best === null && index < found.length && !used.has(index)) best = index;
    if (best !== null) used.add(best);
    return best;
  });
}

/** Every field of one imported document against its label. */
export function scoreDocument(fixture: string, format: 'pdf' | 'docx', expected: ExpectedResume, found: ImportedResume | null): FieldCheck[] {
  const checks: FieldCheck[] = [];
  const check = (field: string, want: unknown, got: unknown) => checks.push({ fixture, format, field, expected: want ?? null, found: got ?? null, right: same(field, want ?? null, got ?? null) });
  for (const key of ['first_name', 'last_name', 'email', 'phone'] as const) check(`contact.${key}`, expected.contact[key], found?.contact[key]);
  check('location.city', expected.location.city, found?.location.city);
  check('location.country', expected.location.country, found?.location.country);
  for (const key of ['linkedin', 'github', 'portfolio', 'website'] as const) {
    if (expected.links[key] || found?.links[key]) check(`links.${key}`, expected.links[key], found?.links[key]);
  }
  const work = found?.work_experience ?? [];
  const workPairs = alignEntries(expected.work_experience, work, WORK_FIELDS);
  expected.work_experience.forEach((want, index) => {
    const got = workPairs[index] === null ? undefined : work[workPairs[index]!];
    for (const key of WORK_FIELDS) check(`work.${key}`, want[key], got?.[key]);
  });
  check('work.entries', expected.work_experience.length, workPairs.every((pair, index) => pair === index) ? work.length : `${work.length} (order ${workPairs.join(',')})`);
  const education = found?.education ?? [];
  const educationPairs = alignEntries(expected.education, education, EDUCATION_FIELDS);
  expected.education.forEach((want, index) => {
    const got = educationPairs[index] === null ? undefined : education[educationPairs[index]!];
    for (const key of EDUCATION_FIELDS) check(`education.${key}`, want[key], got?.[key]);
    if (want.gpa !== undefined) check('education.gpa', want.gpa, got?.gpa);
  });
  check('education.entries', expected.education.length, educationPairs.every((pair, index) => pair === index) ? education.length : `${education.length} (order ${educationPairs.join(',')})`);
  const memories = (found?.memories ?? []).map(normalizeText);
  for (const fact of expected.memories_include) {
    const hit = memories.find((memory) => memory.includes(normalizeText(fact)));
    checks.push({ fixture, format, field: 'memories', expected: fact, found: hit ?? null, right: hit !== undefined });
  }
  return checks;
}

function summarize(field: string, checks: FieldCheck[]): FieldScore {
  const right = checks.filter((check) => check.right).length;
  return { field, right, total: checks.length, accuracy: checks.length === 0 ? 1 : right / checks.length };
}

export async function buildFixture(fixture: ResumeFixture, format: 'pdf' | 'docx'): Promise<Buffer> {
  return format === 'pdf' ? buildResumePdf(fixture.resume, fixture.layout) : buildResumeDocx(fixture.resume, fixture.layout);
}

export async function measureResumes(fixtures: ResumeFixture[] = RESUME_FIXTURES): Promise<ResumesReport> {
  const checks: FieldCheck[] = [];
  const documents: ResumesReport['documents'] = [];
  for (const fixture of fixtures) {
    for (const format of fixture.formats) {
      const bytes = await buildFixture(fixture, format);
      const started = Date.now();
      let found: ImportedResume | null = null;
      let failure: string | undefined;
      try {
        found = await importResume(bytes);
      } catch (error) {
        failure = (error as Error).message;
      }
      const ms = Date.now() - started;
      const own = scoreDocument(fixture.id, format, fixture.expected, found);
      checks.push(...own);
      documents.push({ fixture: fixture.id, format, right: own.filter((check) => check.right).length, total: own.length, ms, ...(failure ? { failure } : {}) });
    }
  }
  const names = [...new Set(checks.map((check) => check.field))];
  return { checks, fields: names.map((name) => summarize(name, checks.filter((check) => check.field === name))), documents, overall: summarize('overall', checks) };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

function print(report: ResumesReport, wrong: boolean): void {
  console.log(`${'field'.padEnd(26)}${'right'.padStart(7)}${'total'.padStart(7)}${'accuracy'.padStart(10)}`);
  for (const row of [...report.fields, report.overall]) console.log(`${row.field.padEnd(26)}${String(row.right).padStart(7)}${String(row.total).padStart(7)}${percent(row.accuracy).padStart(10)}`);
  console.log('');
  console.log(`${'document'.padEnd(34)}${'format'.padStart(7)}${'right'.padStart(7)}${'total'.padStart(7)}${'ms'.padStart(7)}`);
  for (const doc of report.documents) console.log(`${doc.fixture.padEnd(34)}${doc.format.padStart(7)}${String(doc.right).padStart(7)}${String(doc.total).padStart(7)}${String(doc.ms).padStart(7)}${doc.failure ? `  ${doc.failure}` : ''}`);
  if (!wrong) return;
  console.log('\nmisses:');
  for (const check of report.checks.filter((c) => !c.right)) {
    console.log(`  ${check.fixture} ${check.format} ${check.field}: expected ${JSON.stringify(check.expected)}, found ${JSON.stringify(check.found)}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = await measureResumes();
  print(report, process.argv.includes('--wrong'));
}
