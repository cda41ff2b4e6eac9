// The field-discovery report (scripts/quality/forms.ts) in real Chromium: every replica and
// sandbox form read as the engine reads it, scored against the questions a person listed.
// The figures must not fall below test/fixtures/forms-generic/floors.ts.
import t from 'tap';
import { measureForms, scorePage } from '../scripts/quality/forms.ts';
import { FLOORS } from './fixtures/forms-generic/floors.ts';

t.test('scoring: a flawed reading is missed and spurious, never right', async (t) => {
  const expected = [{ label: 'Gender', type: 'radio', required: false, options: ['Male', 'Female'] }];
  const asFound = (label: string, options: string[]) => [{ field_id: 'g', type: 'radio' as const, label, required: false, options: options.map((text) => ({ value: text, text })), constraints: {} }];
  t.match(scorePage('p', 'x', expected, asFound('gender:', ['female', 'Male']), 0), { right: 1, missed: [], spurious: [] });
  t.match(scorePage('p', 'x', expected, asFound('Male', ['Male', 'Female']), 0), { right: 0, missed: [{ label: 'Gender' }], spurious: [{ label: 'Male' }] });
});

t.test('every provider holds its floor', async (t) => {
  t.setTimeout(300_000);
  const report = await measureForms();
  const scores = Object.fromEntries([...report.providers, report.overall].map((row) => [row.provider, row.score]));
  for (const [provider, floor] of Object.entries(FLOORS)) t.ok((scores[provider] ?? 0) >= floor, `${provider}: ${scores[provider]} >= ${floor}`);
  const slow = report.pages.filter((page) => page.ms > 15_000).map((page) => `${page.provider} ${page.page}`);
  t.strictSame(slow, [], 'no page takes longer than 15 s to read');
});
