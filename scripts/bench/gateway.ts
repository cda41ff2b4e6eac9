// `npm run bench:gateway`: the same cheap endpoint served twice in one process, once
// public and once behind the full gateway (key authentication, key-kind rules, rate
// limits; free, so no debit), loaded alternately; prints requests/s for both and the
// ratio. Target: the gateway costs at most 20% of throughput.
//
// On a shared 2-core VM raw requests/s swing widely between identical runs, so the
// ratio is also given from the server's CPU time per request (process.cpuUsage over
// the run divided by the requests served): at saturation throughput is its inverse,
// and it does not depend on how fast the load generator happened to be.
import { Type } from '../../api/schemas/registry.ts';
import { parseArgs } from 'node:util';
import { defineRoute } from '../../api/routing/route.ts';
import { FREE, KEYS } from '../../api/gateway/policy.ts';
import { createAccountWithKey } from '../../db/account-admin.ts';
import { updateAccount } from '../../db/accounts.ts';
import { load, machine, median, startBenchService, type LoadResult } from './harness.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '6' }, rounds: { type: 'string', default: '5' }, connections: { type: 'string', default: '32' } },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const connections = Number(values.connections);

const body = { status: 'ok', items: [1, 2, 3] };
const responses = {
  200: { description: 'A small JSON body.', schema: Type.Object({ status: Type.String(), items: Type.Array(Type.Integer()) }, { additionalProperties: false }) },
};
const plain = defineRoute({ method: 'GET', path: '/bench/plain', operationId: 'benchPlain', summary: 'Cheap, public', security: 'none', responses, handler: () => body });
const gated = defineRoute({
  method: 'GET',
  path: '/bench/gated',
  operationId: 'benchGated',
  summary: 'Cheap, behind the gateway',
  gateway: { keys: KEYS.data, group: 'Default', price: FREE },
  responses,
  handler: () => body,
});

const service = await startBenchService([plain, gated]);
const { pool } = service.runtime;
const account = await createAccountWithKey(pool, { name: 'Bench', plan: 'subscribed' });
// Limits far above what the machine can send, so every request does the full work.
await updateAccount(pool, account.account.id, { rate_limit_overrides: { Default: { minute: 1e9, hour: 1e9, day: 1e9 } } });
const headers = { 'x-api-key': account.apiKey };
const base = service.http.localUrl;

const check = await fetch(`${base}/bench/gated`, { headers });
if (check.status !== 200) throw new Error(`gated endpoint answered ${check.status}`);

await load(`${base}/bench/plain`, { connections, seconds: 2 });
await load(`${base}/bench/gated`, { connections, seconds: 2, headers });
const plainRuns: LoadResult[] = [];
const gatedRuns: LoadResult[] = [];
for (let round = 0; round < rounds; round++) {
  // Alternate which goes first, so neither side always follows the other.
  const order = round % 2 === 0 ? ['plain', 'gated'] : ['gated', 'plain'];
  for (const side of order) {
    if (side === 'plain') plainRuns.push(await load(`${base}/bench/plain`, { connections, seconds }));
    else gatedRuns.push(await load(`${base}/bench/gated`, { connections, seconds, headers }));
  }
}
await service.stop();

const summary = (runs: LoadResult[]) => ({
  rps: Math.round(median(runs.map((run) => run.requestsPerSecond))),
  cpu: Math.round(median(runs.map((run) => run.cpuMicrosPerRequest)) * 10) / 10,
  p50: median(runs.map((run) => run.p50)),
  p99: median(runs.map((run) => run.p99)),
  failures: runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0),
});
const without = summary(plainRuns);
const withGateway = summary(gatedRuns);
const ratio = withGateway.rps / without.rps;
const cpuRatio = without.cpu / withGateway.cpu;

console.log(`gateway benchmark: ${rounds} alternating rounds of ${seconds} s, ${connections} connections (${machine()})`);
console.log(`  without gateway: ${without.rps} req/s, ${without.cpu} µs CPU/request (p50 ${without.p50} ms, p99 ${without.p99} ms, failures ${without.failures})`);
console.log(`  with gateway:    ${withGateway.rps} req/s, ${withGateway.cpu} µs CPU/request (p50 ${withGateway.p50} ms, p99 ${withGateway.p99} ms, failures ${withGateway.failures})`);
console.log(`  throughput ratio (req/s):            ${ratio.toFixed(3)} (gateway cost ${((1 - ratio) * 100).toFixed(1)}%)`);
console.log(`  throughput ratio (CPU per request):  ${cpuRatio.toFixed(3)} (gateway cost ${((1 - cpuRatio) * 100).toFixed(1)}%; target at most 20%)`);
process.exit(0);
