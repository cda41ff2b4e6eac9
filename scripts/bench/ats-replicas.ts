// The ATS replicas for bench:ingest, in a process of their own so the crawler's memory is
// measured without theirs: starts one replica per format with a board `bench` of N
// postings derived from the recorded fixtures, each with words of its own (and a board
// `warm` of 200 to warm up on), prints {format: {origins, token}} as one
// JSON line, and runs until its stdin closes.
//
//   node scripts/bench/ats-replicas.ts FORMAT[,FORMAT...] POSTINGS
import { makeAshbyPosting, startAshbyReplica } from '../../test/helpers/ats-api/ashby.ts';
import { makeGreenhousePosting, startGreenhouseReplica } from '../../test/helpers/ats-api/greenhouse.ts';
import { makeLeverPosting, startLeverReplica } from '../../test/helpers/ats-api/lever.ts';

interface BenchReplica {
  origins: Record<string, string>;
  close(): Promise<void>;
}

const VOCABULARY = (
  'payments ledger platform customers merchants billing invoices search ranking recommendations pipelines streaming ' +
  'warehouse analytics dashboards mobile android ios checkout onboarding identity fraud risk compliance reporting ' +
  'infrastructure kubernetes networking storage latency reliability observability tracing alerts migrations schema ' +
  'api partners integrations marketplace logistics routing pricing experiments growth retention support tooling'
).split(' ');

/** About 60 words of its own for posting #n, so postings differ as real ones do (and are not duplicates of each other). */
function ownText(n: number): string {
  let state = (n + 1) * 2654435761;
  const words: string[] = [];
  for (let i = 0; i < 60; i++) {
    state = (Math.imul(state ^ (state >>> 15), 2246822519) + i) >>> 0;
    words.push(VOCABULARY[state % VOCABULARY.length]!);
  }
  return `This team owns ${words.join(' ')}.`;
}

/** Each format: start its replica and fill a board `bench` with `count` postings. */
const FORMATS: Record<string, (count: number) => Promise<BenchReplica>> = {
  async greenhouse(count) {
    const replica = await startGreenhouseReplica();
    replica.boards.set('bench', Array.from({ length: count }, (_, n) => {
      const posting = makeGreenhousePosting(n, 'bench');
      return { ...posting, content: `${posting.content}&lt;p&gt;${ownText(n)}&lt;/p&gt;` };
    }));
    replica.boards.set('warm', Array.from({ length: 200 }, (_, n) => makeGreenhousePosting(n, 'warm')));
    return { origins: replica.origins, close: () => replica.server.close() };
  },
  async lever(count) {
    const replica = await startLeverReplica();
    replica.boards.set('bench', Array.from({ length: count }, (_, n) => {
      const posting = makeLeverPosting(n, 'bench');
      return { ...posting, description: `${posting.description}<div>${ownText(n)}</div>` };
    }));
    replica.boards.set('warm', Array.from({ length: 200 }, (_, n) => makeLeverPosting(n, 'warm')));
    return replica;
  },
  async ashby(count) {
    const replica = await startAshbyReplica();
    replica.boards.set('bench', Array.from({ length: count }, (_, n) => {
      const posting = makeAshbyPosting(n, 'bench');
      return { ...posting, descriptionHtml: `${posting.descriptionHtml}<p>${ownText(n)}</p>` };
    }));
    replica.boards.set('warm', Array.from({ length: 200 }, (_, n) => makeAshbyPosting(n, 'warm')));
    return { origins: replica.origins, close: () => replica.server.close() };
  },
};

{
  const [formats = '', count = '10000'] = process.argv.slice(2);
  const started: Record<string, BenchReplica> = {};
  for (const format of formats.split(',')) {
    const start = FORMATS[format];
    if (!start) throw new Error(`unknown format ${format}; known: ${Object.keys(FORMATS).join(', ')}`);
    started[format] = await start(Number(count));
  }
  console.log(JSON.stringify(Object.fromEntries(Object.entries(started).map(([format, replica]) => [format, replica.origins]))));
  process.stdin.resume();
  process.stdin.on('end', async () => {
    for (const replica of Object.values(started)) await replica.close();
    process.exit(0);
  });
}
