// quality:jobs — accuracy of job understanding on the labelled real postings
// (test/fixtures/jobs-labelled/): per field, with the targets and the postings it got wrong.
// `--set heldout-5` measures the blind held-out set instead (test/fixtures/jobs-heldout-5/:
// labelled blind, never used to tune); `--set heldout` ... `--set heldout-4` the earlier
// held-out sets, whose misses have since steered work (so their figures are no longer blind).
//
//   npm run -s quality:jobs [-- --wrong] [-- --set labelled|heldout|heldout-2|heldout-3|heldout-4|heldout-5]
import { parseArgs } from 'node:util';
import { startBenchService } from '../bench/harness.ts';
import { FLAGS, HELDOUT_2_DIR, HELDOUT_3_DIR, HELDOUT_4_DIR, HELDOUT_5_DIR, HELDOUT_DIR, LABELLED_DIR, measureJobs, ratio, type Score } from './jobs-measure.ts';

const SETS: Record<string, { dir: string; noun: string }> = {
  labelled: { dir: LABELLED_DIR, noun: 'labelled postings' },
  heldout: { dir: HELDOUT_DIR, noun: 'first held-out postings (no longer blind)' },
  'heldout-2': { dir: HELDOUT_2_DIR, noun: 'second held-out postings (no longer blind)' },
  'heldout-3': { dir: HELDOUT_3_DIR, noun: 'third held-out postings (no longer blind)' },
  'heldout-4': { dir: HELDOUT_4_DIR, noun: 'fourth held-out postings (no longer blind)' },
  'heldout-5': { dir: HELDOUT_5_DIR, noun: 'held-out postings' },
};
const { values } = parseArgs({ options: { wrong: { type: 'boolean', default: false }, set: { type: 'string', default: 'labelled' } } });
const set = SETS[values.set];
if (!set) {
  console.error(`quality:jobs: unknown --set ${values.set}; use one of ${Object.keys(SETS).join(', ')}.`);
  process.exit(2);
}
const service = await startBenchService();
try {
  const report = await measureJobs(service.runtime.pool, set.dir);
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  const line = (name: string, s: Score, target: string) => {
    console.log(`${name.padEnd(22)} ${percent(ratio(s)).padStart(6)}  (${s.right}/${s.total})  target ${target}`);
    if (values.wrong) for (const wrong of s.wrong) console.log(`    ${wrong}`);
  };
  console.log(`quality:jobs: ${report.postings} ${set.noun} (${Object.entries(report.byAts).map(([ats, n]) => `${ats} ${n}`).join(', ')})`);
  line('employment_type', report.employment_type, '≥ 95%');
  line('workplace_type', report.work_model, '≥ 95%');
  line('experience_level', report.experience_level, '≥ 95%');
  line('compensation', report.compensation, '≥ 95% of postings stating pay');
  line('no invented pay', report.invented_pay, '100% of postings stating none');
  console.log(`${'skills'.padEnd(22)} precision ${percent(report.skills.precision)} (target ≥ 90%), recall ${percent(report.skills.recall)} (target ≥ 80%); ${report.skills.matched} matched of ${report.skills.predicted} found, ${report.skills.labelled} labelled`);
  line('country', report.country, '≥ 98%');
  line('city', report.city, '≥ 95%');
  for (const flag of FLAGS) {
    const { set, wrong } = report.flags[flag];
    console.log(`${flag.padEnd(22)} set on ${set}, wrong ${wrong.length}  target 0 wrong`);
    if (values.wrong) for (const item of wrong) console.log(`    ${item}`);
  }
} finally {
  await service.stop();
}
