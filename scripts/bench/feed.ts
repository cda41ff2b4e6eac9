// `npm run bench:feed [-- --jobs 200000 --data-dir .data/bench-fresh]`: a full scan of
// the job feed over HTTP at batch_size 1000 (a client in a child process, pinned to the
// other core), beside the floor: the same rows read straight from SQL by keyset and
// serialized to JSON in-process, with no HTTP, gateway or SearchIndex. Prints delivered
// jobs/s for both and their ratio. Target: the feed delivers at least half the floor's rate.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createAccountWithKey } from '../../db/account-admin.ts';
import { updateAccount } from '../../db/accounts.ts';
import { liveJobsInIngestionOrder } from '../../db/jobs.ts';
import { serializeJob } from '../../api/serializers/job.ts';
import { machine, seedBenchJobs, startBenchService } from './harness.ts';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '200000' },
    'data-dir': { type: 'string' },
    'batch-size': { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '2' },
  },
});
const batchSize = Number(values['batch-size']);
const service = await startBenchService([], values['data-dir']);
const { pool, config } = service.runtime;
const { seeded, seedSeconds } = await seedBenchJobs(pool, Number(values.jobs));
const account = await createAccountWithKey(pool, { name: 'Feed bench', plan: 'subscribed', feed_subscription: true });
await updateAccount(pool, account.account.id, { rate_limit_overrides: { JobFeed: { minute: 1e9, hour: 1e9, day: 1e9 } } });

/** The floor: keyset pages of whole rows, serialized as the feed would send them. */
async function floorScan() {
  const started = performance.now();
  let jobs = 0;
  let bytes = 0;
  let after: string | null = null;
  for (;;) {
    const records = await liveJobsInIngestionOrder(pool, after, batchSize);
    if (records.length === 0) break;
    const text = JSON.stringify({
      jobs: records.map((record) => serializeJob(record, { baseUrl: config.baseUrl, descriptionFormat: 'markdown', includeFields: null })),
      next_cursor: null,
      has_more: true,
    });
    jobs += records.length;
    bytes += text.length;
    after = records.at(-1)!.id;
  }
  return { jobs, bytes, seconds: (performance.now() - started) / 1000 };
}

function httpScan(stable: boolean) {
  return new Promise<{ jobs: number; pages: number; bytes: number; seconds: number }>((resolve, reject) => {
    const args = ['scripts/bench/feed-scan.ts', '--base', service.http.localUrl, '--key', account.apiKey, '--batch-size', String(batchSize), ...(stable ? ['--stable'] : [])];
    const child = spawn('taskset', ['-c', '1', process.execPath, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`feed client exited ${code}`))));
  });
}

// Alternating rounds after a warm-up of each; the best round of each stands.
await floorScan();
await httpScan(true);
const floors = [];
const feeds = [];
for (let round = 0; round < Number(values.rounds); round++) {
  floors.push(await floorScan());
  feeds.push(await httpScan(true));
}
await service.stop();

const rate = (run: { jobs: number; seconds: number }) => run.jobs / run.seconds;
const floor = floors.sort((a, b) => rate(b) - rate(a))[0]!;
const feed = feeds.sort((a, b) => rate(b) - rate(a))[0]!;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
console.log(`feed benchmark: ${seeded.jobs} jobs (seeded in ${seedSeconds.toFixed(0)} s), batch_size ${batchSize}, best of ${values.rounds} rounds (${machine()})`);
console.log(`  floor (SQL keyset + serialize, in-process): ${floor.jobs} jobs in ${floor.seconds.toFixed(1)} s, ${rate(floor).toFixed(0)} jobs/s, ${mb(floor.bytes)}`);
console.log(`  feed over HTTP (stable_scan, ${feed.pages} pages): ${feed.jobs} jobs in ${feed.seconds.toFixed(1)} s, ${rate(feed).toFixed(0)} jobs/s, ${mb(feed.bytes)}`);
console.log(`  ratio: ${((rate(feed) / rate(floor)) * 100).toFixed(0)}% of the floor (target: at least 50%)`);
process.exit(0);
