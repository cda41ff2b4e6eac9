// `npm run bench:search [-- --jobs 200000 --seconds 20 --connections 4 --backend postgres]`:
// seeds the jobs, then drives a fixed mix of keyword, filtered and faceted searches
// through HTTP and prints p50, p95 and requests/s; beside them the same searches run
// in-process straight against the SearchIndex and the hydration query (the floor, no
// HTTP, no gateway). Targets on the 2-core machine: p50 at most 30 ms and p95 at most
// 120 ms through HTTP. `--backend opensearch` searches OpenSearch instead (OPENSEARCH_URL,
// else a local node) after building its index from the same jobs, and also prints the
// bulk indexing throughput.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createAccountWithKey } from '../../db/account-admin.ts';
import { updateAccount } from '../../db/accounts.ts';
import { loadJobs } from '../../db/jobs.ts';
import { serializeJob } from '../../api/serializers/job.ts';
import { paramsFromQuery } from '../../api/routes/jobs.ts';
import type { SearchQuery } from '../../api/schemas/job-search.ts';
import { FACET_NAMES, type FacetName } from '../../search/search-index.ts';
import { createSearchIndex } from '../../search/index.ts';
import { createOpenSearchClient } from '../../search/opensearch/client.ts';
import { reindex, type ReindexResult } from '../../search/opensearch/reindex.ts';
import { startLocalOpenSearch, type LocalOpenSearch } from '../opensearch/local-node.ts';
import { machine, runMix, seedBenchJobs, startBenchService, writeMix } from './harness.ts';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '200000' },
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '4' },
    'data-dir': { type: 'string' },
    // Only the in-process floor, every query listed: for working on the queries themselves.
    'floor-only': { type: 'boolean', default: false },
    // Measured passes over the mix for the floor (after one warm-up pass).
    passes: { type: 'string', default: '2' },
    backend: { type: 'string', default: 'postgres' },
  },
});
if (values.backend !== 'postgres' && values.backend !== 'opensearch') {
  console.error('--backend is postgres or opensearch');
  process.exit(2);
}
const jobCount = Number(values.jobs);

/** The fixed mix: a third keyword, a third filtered, a third faceted (some combined). */
function mix(companyIds: string[]): Array<{ method: 'GET' | 'POST'; path: string; body?: unknown; query: Partial<SearchQuery> }> {
  const keyword = ['engineer', 'data analyst', 'sales manager', 'nurse', 'product designer', '"software engineer"', 'python', 'marketing', 'accountant', 'warehouse'];
  const filtered: Partial<SearchQuery>[] = [
    { employment_type: ['full_time'], work_model: ['remote'] },
    { country: ['DE'] },
    { country: ['US'], experience_level: ['senior'] },
    { work_model: ['hybrid'], employment_type: ['contract', 'part_time'] },
    { source: ['lever', 'ashby'] },
    { company_id: [companyIds[3]!] },
    { location: 'London' },
    { salary_min: 120000 },
    { posted_after: '2026-10-15T00:00:00Z', experience_level: ['entry'] },
    { q: 'engineer', country: ['IN'], employment_type: ['full_time'] },
  ];
  const faceted: Partial<SearchQuery>[] = [
    { include_facets: [...FACET_NAMES] },
    { q: 'engineer', include_facets: ['employment_type', 'work_model', 'country'] },
    { work_model: ['remote'], include_facets: ['country', 'experience_level'] },
    { country: ['GB'], include_facets: ['employment_type', 'source', 'company'] },
    { q: 'manager', include_facets: [...FACET_NAMES] },
    { employment_type: ['full_time'], include_facets: ['experience_level'] },
    { q: 'designer', work_model: ['hybrid'], include_facets: ['country'] },
    { experience_level: ['senior', 'lead'], include_facets: ['work_model', 'source'] },
    { location: 'Berlin', include_facets: ['employment_type'] },
    { q: 'data', include_facets: ['company'] },
  ];
  const toPath = (query: Partial<SearchQuery>) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) search.set(name, Array.isArray(value) ? value.join(',') : String(value));
    return `/api/jobs?${search}`;
  };
  return [
    ...keyword.map((q) => ({ q })),
    ...filtered,
    ...faceted,
  ].map((query) => ({ method: 'GET' as const, path: toPath(query), query }));
}

// OpenSearch: the configured cluster, else a local node (kept beside a kept database).
let node: LocalOpenSearch | null = null;
let opensearchUrl = process.env.OPENSEARCH_URL ?? null;
if (values.backend === 'opensearch' && opensearchUrl === null) {
  const nodeDir = values['data-dir'] ? path.resolve(values['data-dir'], 'opensearch') : await fs.mkdtemp(path.join(os.tmpdir(), 'bench-opensearch-'));
  node = await startLocalOpenSearch({ dataDir: nodeDir });
  opensearchUrl = node.url;
}
const service = await startBenchService([], values['data-dir'], opensearchUrl ? { OPENSEARCH_URL: opensearchUrl, OPENSEARCH_INDEX: 'bench-jobs' } : {});
const { pool, config } = service.runtime;
const search = createSearchIndex(pool, config);
const searchIndex = search.index;
const stopAll = async () => {
  await search.close();
  await service.stop();
  await node?.stop();
};

const { seeded, seedSeconds } = await seedBenchJobs(pool, jobCount);

let built: ReindexResult | null = null;
if (config.opensearch) {
  const client = createOpenSearchClient(config.opensearch);
  built = await reindex(pool, client, config.opensearch.alias);
  // The build has just read every job; nothing runs the drain here.
  await pool.query('DELETE FROM search_outbox');
  await client.close();
}

const { rows } = await pool.query<{ id: string }>('SELECT id FROM companies ORDER BY source_key LIMIT 10');
const requests = mix(rows.map((row) => row.id));
const account = await createAccountWithKey(pool, { name: 'Bench', plan: 'subscribed', credits: 1e12 });
await updateAccount(pool, account.account.id, { rate_limit_overrides: { JobSearch: { minute: 1e9, hour: 1e9, day: 1e9 } } });

// The floor: the same searches without HTTP or the gateway, one at a time.
const floor: number[] = [];
const perQuery = new Map<string, number[]>();
for (let pass = 0; pass <= Number(values.passes); pass++) {
  for (const item of requests) {
    const params = paramsFromQuery({ page: 1, page_size: 20, description_format: 'markdown', ...item.query } as SearchQuery);
    const started = performance.now();
    const facets = (params.includeFacets ?? []).filter((name): name is FacetName => (FACET_NAMES as readonly string[]).includes(name));
    const result = await searchIndex.search({
      filters: { ...params.filters, sandbox: false, now: new Date() },
      sort: params.filters.q ? 'relevance' : 'date_posted',
      offset: 0,
      limit: 20,
      facets,
    });
    const records = await loadJobs(pool, result.ids);
    records.map((record) => serializeJob(record, { baseUrl: config.baseUrl, descriptionFormat: 'markdown', includeFields: null }));
    if (pass > 0) {
      const elapsed = performance.now() - started;
      floor.push(elapsed);
      perQuery.set(item.path, [...(perQuery.get(item.path) ?? []), elapsed]);
    }
  }
}
floor.sort((a, b) => a - b);
const floorAt = (fraction: number) => floor[Math.floor(floor.length * fraction)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;
/** Queries by their median floor time, slowest first, with their slowest pass. */
function listQueries(limit: number) {
  const rows = [...perQuery.entries()].map(([requestPath, times]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return { requestPath, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! };
  });
  console.log('    median (max)  query');
  for (const { requestPath, median, max } of rows.sort((a, b) => b.median - a.median).slice(0, limit)) {
    console.log(`    ${ms(median).padStart(9)} (${ms(max)})  ${decodeURIComponent(requestPath)}`);
  }
}
const heading = `search benchmark (${values.backend}): ${seeded.jobs} jobs, ${seeded.companies} companies (seeded in ${seedSeconds.toFixed(0)} s), ${requests.length}-query mix (${machine()})`;
if (values['floor-only']) {
  console.log(heading);
  console.log(`Floor (in-process, sequential): p50 ${ms(floorAt(0.5))}, p95 ${ms(floorAt(0.95))}`);
  listQueries(perQuery.size);
  await stopAll();
  process.exit(0);
}

const mixFile = await writeMix(requests);
const runLoad = (connections: number, seconds: number) => runMix(service.http.localUrl, account.apiKey, mixFile.file, connections, seconds);

await runLoad(2, 3); // warm-up
const sequential = await runLoad(1, Math.max(5, Number(values.seconds) / 2));
const concurrent = await runLoad(Number(values.connections), Number(values.seconds));
await mixFile.remove();
await stopAll();

console.log(heading);
if (built) {
  console.log(
    `  bulk indexing: ${built.documents} jobs in ${built.bulkSeconds.toFixed(1)} s, ${Math.round(built.documents / built.bulkSeconds)} jobs/s ` +
      `(whole build with refresh and merge: ${built.seconds.toFixed(1)} s)`,
  );
}
console.log(`  floor (SearchIndex + hydration, in-process, sequential): p50 ${ms(floorAt(0.5))}, p95 ${ms(floorAt(0.95))}`);
console.log(`  HTTP, 1 connection:  p50 ${ms(sequential.p50)}, p95 ${ms(sequential.p95)}, ${sequential.rps.toFixed(0)} req/s, errors ${sequential.errors}`);
console.log(`  HTTP, ${values.connections} connections: p50 ${ms(concurrent.p50)}, p95 ${ms(concurrent.p95)}, ${concurrent.rps.toFixed(0)} req/s, errors ${concurrent.errors}`);
console.log('  targets: p50 at most 30 ms, p95 at most 120 ms through HTTP');
console.log('  slowest queries of the floor:');
listQueries(6);
process.exit(0);
