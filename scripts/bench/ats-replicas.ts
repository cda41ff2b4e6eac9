// The ATS replicas for bench:ingest, in a process of their own so the crawler's memory is
// measured without theirs: starts one replica per format with a board `bench` of N
// postings derived from the recorded fixtures (and a board `warm` of 200 to warm up on), prints {format: {origins, token}} as one
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

/** Each format: start its replica and fill a board `bench` with `count` postings. */
const FORMATS: Record<string, (count: number) => Promise<BenchReplica>> = {
  async greenhouse(count) {
    const replica = await startGreenhouseReplica();
    replica.boards.set('bench', Array.from({ length: count }, (_, n) => makeGreenhousePosting(n, 'bench')));
    replica.boards.set('warm', Array.from({ length: 200 }, (_, n) => makeGreenhousePosting(n, 'warm')));
    return { origins: replica.origins, close: () => replica.server.close() };
  },
  async lever(count) {
    const replica = await startLeverReplica();
    replica.boards.set('bench', Array.from({ length: count }, (_, n) => makeLeverPosting(n, 'bench')));
    replica.boards.set('warm', Array.from({ length: 200 }, (_, n) => makeLeverPosting(n, 'warm')));
    return replica;
  },
  async ashby(count) {
    const replica = await startAshbyReplica();
    replica.boards.set('bench', Array.from({ length: count }, (_, n) => makeAshbyPosting(n, 'bench')));
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
