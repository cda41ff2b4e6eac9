// The résumé-import report (scripts/quality/resumes.ts): every labelled fixture built as a
// real PDF and DOCX, imported, and compared field by field with what a person entered. The
// figures must not fall below test/fixtures/resumes/floors.ts. The scorer itself is checked
// first: a wrong reading must count as wrong.
import t from 'tap';
import { alignEntries, measureResumes, scoreDocument } from '../scripts/quality/resumes.ts';
import { RESUME_FIXTURES } from './fixtures/resumes/index.ts';
import { FLOORS } from './fixtures/resumes/floors.ts';
import type { ImportedResume } from '../apply/profiles/profile.ts';

const expected = RESUME_FIXTURES[0]!.expected;
const perfect: ImportedResume = {
  contact: { ...expected.contact, phone: expected.contact.phone },
  location: { ...expected.location },
  links: { ...expected.links },
  work_experience: expected.work_experience.map((work) => ({ ...work })),
  education: expected.education.map((entry) => ({ ...entry, start_date: null, gpa: entry.gpa ?? null })),
  memories: [expected.memories_include.join('. ')],
};

t.test('scoring: exact after case, spacing and phone digits; wrong answers count as wrong', async (t) => {
  const right = scoreDocument('x', 'pdf', expected, perfect);
  t.ok(right.every((check) => check.right), 'the label itself scores every field right');
  const relaxed = scoreDocument('x', 'pdf', expected, {
    ...perfect,
    contact: { ...perfect.contact, first_name: perfect.contact.first_name!.toUpperCase(), phone: perfect.contact.phone!.replace(/\D/g, '') },
  });
  t.ok(relaxed.every((check) => check.right), 'case and phone punctuation aside');
  const wrong = scoreDocument('x', 'pdf', expected, {
    ...perfect,
    contact: { ...perfect.contact, last_name: 'Ramanathan' },
    links: { ...perfect.links, website: 'https://example.com' },
    work_experience: [{ ...perfect.work_experience[0]!, title: 'Backend Engineer' }, ...perfect.work_experience.slice(1)],
    memories: [],
  });
  const misses = wrong.filter((check) => !check.right).map((check) => check.field);
  t.same(misses, ['contact.last_name', 'links.website', 'work.title', ...expected.memories_include.map(() => 'memories')], 'a near miss is a miss; an extra link is a miss');
  const missing = scoreDocument('x', 'pdf', expected, null);
  t.same(missing.filter((check) => check.right && check.expected !== null && check.expected !== false), [], 'nothing read scores nothing (fields labelled empty or false aside)');
  t.ok(missing.filter((check) => !check.right).length > 30, 'and misses the rest');
  const swapped = scoreDocument('x', 'docx', expected, { ...perfect, work_experience: [...perfect.work_experience].reverse() });
  t.same(swapped.filter((check) => !check.right).map((check) => check.field), ['work.entries'], 'entries out of order fail the order check only');
});

t.test('alignment pairs entries by their fields, not their position', async (t) => {
  t.same(alignEntries([{ company: 'A' }, { company: 'B' }], [{ company: 'B' }, { company: 'A' }], ['company']), [1, 0]);
  t.same(alignEntries([{ company: 'A' }, { company: 'B' }], [{ company: 'A' }], ['company']), [0, null]);
});

t.test('every field holds its floor', async (t) => {
  t.setTimeout(300_000);
  const report = await measureResumes();
  t.equal(report.documents.length, RESUME_FIXTURES.reduce((sum, fixture) => sum + fixture.formats.length, 0), 'every fixture in every format');
  t.ok(RESUME_FIXTURES.length >= 12, 'at least twelve labelled résumés');
  const failures = report.documents.filter((doc) => doc.failure).map((doc) => `${doc.fixture} ${doc.format}: ${doc.failure}`);
  t.same(failures, [], 'every document imports');
  const scores = Object.fromEntries([...report.fields, report.overall].map((row) => [row.field, row.accuracy]));
  for (const [field, floor] of Object.entries(FLOORS)) t.ok((scores[field] ?? 0) >= floor, `${field}: ${scores[field]} >= ${floor}`);
  t.ok(report.overall.accuracy >= 0.9, 'the target: at least 90% of fields right overall');
  const slow = report.documents.filter((doc) => doc.ms > 5_000).map((doc) => `${doc.fixture} ${doc.format}`);
  t.same(slow, [], 'no document takes longer than 5 s to import');
});
