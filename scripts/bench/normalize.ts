// bench:normalize — postings per second per core through the job understanding (the
// description converted to Markdown, then every concern: sections, type, workplace,
// seniority, pay, skills, qualifications, flags, title, summary), over the labelled real
// postings of test/fixtures/jobs-labelled/, repeated for at least the given seconds, on
// one core (this process's one thread): in batches, as a crawl runs it, and one posting at a time.
//
//   npm run -s bench:normalize [-- --seconds 5]
import { parseArgs } from 'node:util';
import { convertDescription } from '../../crawlers/description.ts';
import { understand, understandAll, type UnderstandingInput } from '../../crawlers/understanding/index.ts';
import { labelledPostings } from '../quality/jobs-measure.ts';
import { machine } from './harness.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const postings = labelledPostings().map((item) => item.posting);
const inputOf = (posting: (typeof postings)[number], markdown: string): UnderstandingInput => ({
  title: posting.title,
  markdown,
  stated: { employment_type: posting.employment_type, work_model: posting.workplace, compensation: posting.compensation },
  locations: posting.locations,
});

/** Runs `pass` (which handles every posting once) for at least the given seconds, after one warm-up pass. */
function measure(label: string, pass: () => void) {
  pass();
  const started = performance.now();
  let done = 0;
  while (performance.now() - started < Number(values.seconds) * 1000) {
    pass();
    done += postings.length;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label}: ${done} postings in ${seconds.toFixed(2)} s = ${Math.round(done / seconds)} postings/s on one core`);
}

const markdowns = postings.map((posting) => convertDescription(posting.description).markdown);
const inputs = postings.map((posting, i) => inputOf(posting, markdowns[i]!));
const averageKb = markdowns.reduce((sum, text) => sum + text.length, 0) / markdowns.length / 1024;
console.log(`bench:normalize on ${machine()}: ${postings.length} labelled real postings, Markdown ${averageKb.toFixed(1)} KB on average`);
measure('conversion + understanding, in batches', () => understandAll(postings.map((posting) => inputOf(posting, convertDescription(posting.description).markdown))));
// A crawl understands a page's changed postings together (understandAll); one at a time is the slower case.
measure('understanding alone, in batches (as a crawl runs it)', () => understandAll(inputs));
measure('understanding alone, one posting at a time', () => inputs.forEach((input) => understand(input)));
