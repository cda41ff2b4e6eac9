// The job-understanding quality figures on the labelled real postings
// (test/fixtures/jobs-labelled/, `npm run -s quality:jobs` prints them) must not fall
// below the figures last measured; raise FLOORS when the understanding improves.
import t from 'tap';
import { FLOORS } from './fixtures/jobs-labelled/floors.ts';
import { FLAGS, measureJobs, ratio } from '../scripts/quality/jobs-measure.ts';
import { startTestService } from './helpers/service.ts';

const service = await startTestService(t);
const report = await measureJobs(service.runtime.pool);

t.test('the labelled set: at least 150 real postings from at least 6 ATSs', async (t) => {
  t.ok(report.postings >= 150, `${report.postings} postings`);
  t.ok(Object.keys(report.byAts).length >= 6, Object.keys(report.byAts).join(', '));
});

t.test('no field falls below its floor', async (t) => {
  const figures = {
    employment_type: ratio(report.employment_type),
    work_model: ratio(report.work_model),
    experience_level: ratio(report.experience_level),
    compensation: ratio(report.compensation),
    no_invented_pay: ratio(report.invented_pay),
    skills_precision: report.skills.precision,
    skills_recall: report.skills.recall,
    country: ratio(report.country),
    city: ratio(report.city),
  };
  for (const [field, floor] of Object.entries(FLOORS)) {
    const figure = figures[field as keyof typeof figures];
    t.ok(figure >= floor, `${field}: ${(figure * 100).toFixed(1)}% (floor ${(floor * 100).toFixed(1)}%)`);
  }
});

t.test('the flags are never wrong where they are set', async (t) => {
  for (const flag of FLAGS) t.same(report.flags[flag].wrong, [], flag);
});
