// bench:normalize — postings per second per core through the job understanding (the
// description converted to Markdown, then every concern: sections, type, workplace,
// seniority, pay, skills, qualifications, flags, title, summary), over the labelled real
// postings of test/fixtures/jobs-labelled/, repeated for at least the given seconds, on
// one core (this process's one thread).
//
//   npm run -s bench:normalize [-- --seconds 5]
import { parseArgs } from 'node:util';
import { convertDescription } from '../../crawlers/description.ts';
import { understand } from '../../crawlers/understanding/index.ts';
import { labelledPostings } from '../quality/jobs-measure.ts';
import { machine } from './harness.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const postings = labelledPostings().map((item) => item.posting);
const run = (posting: (typeof postings)[number], markdown: string) =>
  understand({
    title: posting.title,
    markdown,
    stated: { employment_type: posting.employment_type, work_model: posting.workplace, compensation: posting.compensation },
    locations: posting.locations,
  });

function measure(label: string, step: (index: number) => void) {
  for (let i = 0; i < postings.length; i++) step(i); // warm-up
  const started = performance.now();
  let done = 0;
  while (performance.now() - started < Number(values.seconds) * 1000) {
    for (let i = 0; i < postings.length; i++) step(i);
    done += postings.length;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label}: ${done} postings in ${seconds.toFixed(2)} s = ${Math.round(done / seconds)} postings/s on one core`);
}

const markdowns = postings.map((posting) => convertDescription(posting.description).markdown);
const averageKb = markdowns.reduce((sum, text) => sum + text.length, 0) / markdowns.length / 1024;
console.log(`bench:normalize on ${machine()}: ${postings.length} labelled real postings, Markdown ${averageKb.toFixed(1)} KB on average`);
measure('conversion + understanding', (i) => run(postings[i]!, convertDescription(postings[i]!.description).markdown));
measure('understanding alone', (i) => run(postings[i]!, markdowns[i]!));
