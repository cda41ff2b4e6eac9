// `npm run bench:geocode [-- --passes 3 --seconds 10]`: the geocoder over the posting
// location strings of its test table (test/fixtures/geocode-cases.ts). In-process, one
// at a time: uncached resolutions (cache emptied before each pass) and cached ones
// (the same inputs again), with p50, p95 and resolutions per second. Then p50/p95
// through HTTP, with the cache warm. Targets: uncached p50 at most 5 ms in-process,
// cached at most 1 ms.
import { parseArgs } from 'node:util';
import { createAccountWithKey } from '../../db/account-admin.ts';
import { updateAccount } from '../../db/accounts.ts';
import { Geocoder } from '../../geo/geocoder.ts';
import { GEOCODE_CASES } from '../../test/fixtures/geocode-cases.ts';
import { machine, runMix, startBenchService, writeMix } from './harness.ts';

const { values } = parseArgs({ options: { passes: { type: 'string', default: '3' }, seconds: { type: 'string', default: '10' } } });
const service = await startBenchService();
const { pool } = service.runtime;
const geocoder = await Geocoder.create(pool);
const inputs = GEOCODE_CASES.map((item) => item.input);

const at = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const total = times.reduce((sum, time) => sum + time, 0);
  return `p50 ${at(sorted, 0.5).toFixed(2)} ms, p95 ${at(sorted, 0.95).toFixed(2)} ms, ${Math.round((times.length / total) * 1000)} per second (${times.length} resolutions)`;
};

const uncached: number[] = [];
const cached: number[] = [];
for (let pass = 0; pass <= Number(values.passes); pass++) {
  await pool.query('TRUNCATE geocode_cache');
  for (const input of inputs) {
    const started = performance.now();
    const result = await geocoder.geocode(input);
    // Pass 0 warms the process; only fresh resolutions count as uncached.
    if (pass > 0 && result.method === 'llm') uncached.push(performance.now() - started);
  }
  for (const input of inputs) {
    const started = performance.now();
    const result = await geocoder.geocode(input);
    if (pass > 0 && result.method === 'cache') cached.push(performance.now() - started);
  }
}

const account = await createAccountWithKey(pool, { name: 'Geocode bench', plan: 'subscribed', credits: 1e12 });
await updateAccount(pool, account.account.id, { rate_limit_overrides: { Geocode: { minute: 1e9, hour: 1e9, day: 1e9 } } });
const mix = await writeMix(inputs.map((input) => ({ method: 'GET', path: `/api/locations/geocode?location=${encodeURIComponent(input)}` })));
await runMix(service.http.localUrl, account.apiKey, mix.file, 1, 2);
const http = await runMix(service.http.localUrl, account.apiKey, mix.file, 1, Number(values.seconds));
await mix.remove();
await service.stop();

console.log(`geocode benchmark: ${inputs.length} posting location strings, ${values.passes} passes (${machine()})`);
console.log(`  uncached, in-process: ${summary(uncached)}`);
console.log(`  cached, in-process:   ${summary(cached)}`);
console.log(`  HTTP, 1 connection, cache warm: p50 ${http.p50.toFixed(2)} ms, p95 ${http.p95.toFixed(2)} ms, ${http.rps.toFixed(0)} req/s, errors ${http.errors}`);
console.log('  targets: uncached p50 at most 5 ms, cached p50 at most 1 ms (in-process)');
process.exit(0);
