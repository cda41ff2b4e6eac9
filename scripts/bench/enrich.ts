// `npm run bench:enrich [-- --companies 300 --concurrency 4 --h1b-rows 700000]`: company enrichment against
// the loopback company websites of the tests (test/fixtures/company-sites/), through the
// real path — robots.txt, redirects, page parse, logo checks, geocoder, technology
// fingerprints, the profile write — on a throwaway database. Companies cycle over the
// readable sites (a full WordPress site behind a redirect, a Shopify store, a bare site).
// Two passes: the first writes the profiles, the second finds the same and writes
// nothing. Prints sites enriched per second and per-site p50/p95. Then the H-1B import's
// figures (scripts/bench/h1b.ts, in a process of its own so its memory is its own; also
// `npm run bench:h1b`); `--h1b-rows 0` skips it.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { upsertCompanies } from '../../db/companies.ts';
import { HostGates } from '../../crawlers/host-gate.ts';
import { siteHttpSettings } from '../../crawlers/site-fetch.ts';
import { enrichCompany } from '../../companies/enrich/enrich.ts';
import { geocoderFor } from '../../geo/structured-place.ts';
import { startCompanySites } from '../../test/helpers/company-sites.ts';
import { startBenchService } from './harness.ts';

const { values } = parseArgs({ options: { companies: { type: 'string', default: '300' }, concurrency: { type: 'string', default: '4' }, 'h1b-rows': { type: 'string', default: '700000' } } });
const count = Number(values.companies);
const concurrency = Number(values.concurrency);
const h1bRows = Number(values['h1b-rows']);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(concurrency) || concurrency < 1 || !Number.isInteger(h1bRows) || h1bRows < 0) {
  console.error('--companies and --concurrency must be positive integers, --h1b-rows a whole number');
  process.exit(2);
}

const sites = await startCompanySites({ sites: ['acme-robotics', 'northwind-goods', 'quiet-studio'] });
// CRAWL_ORIGINS is a test setting, refused in production: this process runs as development.
const service = await startBenchService([], undefined, { NODE_ENV: 'development', CRAWL_ORIGINS: sites.crawlOriginsEnv, CRAWL_HOST_RATE: '0', CRAWL_HOST_CONCURRENCY: '16' });
const { pool, config } = service.runtime;
const websites = ['http://acme-robotics.example', 'https://northwind-goods.example', 'https://quiet-studio.example'];
const ids = [...(await upsertCompanies(pool, Array.from({ length: count }, (_, i) => ({ source_key: `bench:${i}`, name: `Bench company ${i}`, website: websites[i % websites.length]! })))).values()];
const http = siteHttpSettings(config);
const gates = new HostGates(() => http.hostLimit);
const geocoder = await geocoderFor(pool);

async function pass(): Promise<{ seconds: number; times: number[]; changed: number; failed: number }> {
  const times: number[] = [];
  let changed = 0;
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const begun = performance.now();
        const report = await enrichCompany({ pool, http, gates, geocoder }, id);
        times.push(performance.now() - begun);
        if (report.changed) changed++;
        if (report.status !== 'ok') failed++;
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, times, changed, failed };
}

const at = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
const report = (label: string, result: Awaited<ReturnType<typeof pass>>) => {
  const sorted = [...result.times].sort((a, b) => a - b);
  console.log(
    `${label}: ${result.times.length} sites in ${result.seconds.toFixed(2)} s = ${(result.times.length / result.seconds).toFixed(1)} sites/s ` +
      `(concurrency ${concurrency}); per site p50 ${at(sorted, 0.5).toFixed(1)} ms, p95 ${at(sorted, 0.95).toFixed(1)} ms; ` +
      `${result.changed} profiles changed, ${result.failed} not read`,
  );
};

try {
  report('first enrichment', await pass());
  report('unchanged sites ', await pass());
  console.log(`${sites.requests.length} requests served by the loopback sites`);
} finally {
  await service.stop();
  await sites.close();
}
if (h1bRows > 0) {
  const h1b = spawnSync(process.execPath, [new URL('./h1b.ts', import.meta.url).pathname, '--rows', String(h1bRows)], { stdio: 'inherit' });
  if (h1b.status !== 0) process.exit(h1b.status ?? 1);
}
