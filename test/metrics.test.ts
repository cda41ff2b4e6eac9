// Metrics and readiness over real HTTP, the exposition text read with a Prometheus text
// parser (prom2javascript): requests counted by route template, credits by group, the
// loopback rule judged by the socket, and a second "process" (a worker runtime on the
// same database) with its operations server: queue depth and oldest age read fleet-wide
// by the API while the worker's process works the queue, job durations and failures,
// METRICS_TOKEN, and a /readyz that reports and requires what the worker uses.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { getMetricsFromIterator, type PromData, type PromHistogramData, type PromMetrics } from 'prom2javascript';
import { bootRuntime } from '../boot/runtime.ts';
import { serveOperations } from '../boot/operations-server.ts';
import { ensureQueue } from '../db/boss.ts';
import { loadConfig } from '../lib/config.ts';
import { createLogger } from '../lib/logger.ts';
import { freePort } from '../lib/net.ts';
import { declareQueue } from '../lib/queues.ts';
import { startWorkers } from '../workers/runner.ts';
import { searchIndex } from '../workers/search-index.ts';
import type { WorkerModule } from '../workers/worker.ts';
import { createAccount } from './helpers/accounts.ts';
import { ApiClient } from './helpers/client.ts';
import { startTestService } from './helpers/service.ts';
import { waitFor } from './helpers/wait.ts';

// TRUST_PROXY on: X-Forwarded-For is trusted for the client address elsewhere, and still never decides /metrics.
const service = await startTestService(t, { env: { TRUST_PROXY: '1' } });
const { runtime } = service;

async function parse(text: string): Promise<PromMetrics> {
  return getMetricsFromIterator(text.split('\n')[Symbol.iterator]());
}

async function scrape(client: ApiClient = service.client, headers: Record<string, string> = {}): Promise<PromMetrics> {
  const response = await client.get('/metrics', { headers });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}: ${response.text}`);
  return parse(response.text);
}

const matches = (labels: Record<string, string>, wanted: Record<string, string>) => Object.entries(wanted).every(([name, value]) => labels[name] === value);

/** The value of a counter or gauge series (0 when absent). */
function value(metrics: PromMetrics, name: string, labels: Record<string, string> = {}): number {
  const series = (metrics[name]?.data ?? []) as PromData[];
  return series.find((item) => matches(item.labels, labels))?.value ?? 0;
}

/** The count of a histogram series (0 when absent). */
function histogramCount(metrics: PromMetrics, name: string, labels: Record<string, string>): number {
  const series = (metrics[name]?.data ?? []) as PromHistogramData[];
  return series.find((item) => matches(item.labels, labels))?.count ?? 0;
}

t.test('settings: METRICS_TOKEN and OPS_PORT are checked', async (t) => {
  t.equal(loadConfig({}).metricsToken, null);
  t.equal(loadConfig({}).opsPort, null);
  t.equal(loadConfig({ METRICS_TOKEN: 'a'.repeat(32), OPS_PORT: '9464' }).opsPort, 9464);
  t.throws(() => loadConfig({ METRICS_TOKEN: 'short' }), /METRICS_TOKEN must be at least 16/);
  t.throws(() => loadConfig({ METRICS_TOKEN: 'has a space in it, long enough' }), /METRICS_TOKEN/);
  t.throws(() => loadConfig({ OPS_PORT: '70000' }), /OPS_PORT must be a TCP port/);
});

t.test('every metric carries the prefix, and the default process metrics are there', async (t) => {
  const held = await runtime.pool.connect();
  const metrics = await scrape().finally(() => held.release());
  const names = Object.keys(metrics);
  t.same(names.filter((name) => !name.startsWith('jobdata_')), [], 'one common prefix');
  for (const name of ['jobdata_process_cpu_seconds_total', 'jobdata_process_resident_memory_bytes', 'jobdata_nodejs_eventloop_lag_seconds', 'jobdata_http_requests_total', 'jobdata_queue_waiting_jobs', 'jobdata_db_pool_connections']) {
    t.ok(metrics[name], name);
  }
  t.equal(metrics.jobdata_http_request_duration_seconds?.type, 'histogram');
  t.ok(value(metrics, 'jobdata_db_pool_connections', { pool: 'app', state: 'in_use' }) >= 1, "the app pool's connection held during the scrape is in use");
  t.ok(metrics.jobdata_db_pool_connections!.data.some((item) => (item as PromData).labels.pool === 'queue'), "pg-boss's pool is reported too");
});

t.test('the Grafana dashboard queries metrics that exist, through its Prometheus input', async (t) => {
  const dashboard = JSON.parse(await fs.readFile(new URL('../docs/grafana-dashboard.json', import.meta.url), 'utf8'));
  t.match(dashboard.__inputs, [{ name: 'DS_PROMETHEUS', type: 'datasource', pluginId: 'prometheus' }]);
  const families = new Set(Object.keys(await scrape()));
  const targets = dashboard.panels.flatMap((panel: { targets?: Array<{ expr: string; datasource: { uid: string } }> }) => panel.targets ?? []);
  t.ok(targets.length >= 12);
  for (const target of targets) {
    t.equal(target.datasource.uid, '${DS_PROMETHEUS}');
    // Series names in PromQL (not the exposition): a histogram is queried by its _bucket series.
    for (const name of target.expr.match(/\bjobdata_\w+/g) ?? []) t.ok(families.has(name.replace(/_bucket$/, '')), `${name} is served`);
  }
});

t.test('requests are counted by their route template, never the raw path; credits by group', async (t) => {
  const account = await createAccount(runtime.pool, { name: 'Metrics', credits: 100 });
  const api = service.client.with({ 'X-Api-Key': account.key });
  const route = { route: '/api/jobs/{id}', method: 'GET', status: '404' };
  const before = await scrape();
  const ids = [crypto.randomUUID(), crypto.randomUUID()];
  for (const id of ids) t.equal((await api.get(`/api/jobs/${id}`)).status, 404);
  t.equal((await service.client.get('/no/such/path')).status, 404);
  t.equal((await api.get('/api/locations/geocode?location=Berlin%2C%20Germany')).status, 200);

  // Recorded when each response is handed to the socket: poll until the four are in.
  const after = await waitFor('the requests to be counted', async () => {
    const metrics = await scrape();
    return value(metrics, 'jobdata_credits_charged_total', { group: 'Geocode', unit: 'credits' }) > value(before, 'jobdata_credits_charged_total', { group: 'Geocode', unit: 'credits' }) &&
      value(metrics, 'jobdata_http_requests_total', route) - value(before, 'jobdata_http_requests_total', route) >= 2 &&
      metrics;
  });
  t.equal(value(after, 'jobdata_http_requests_total', route) - value(before, 'jobdata_http_requests_total', route), 2, 'both lookups under /api/jobs/{id}');
  const latency = { route: '/api/jobs/{id}', method: 'GET' };
  t.equal(histogramCount(after, 'jobdata_http_request_duration_seconds', latency) - histogramCount(before, 'jobdata_http_request_duration_seconds', latency), 2, 'and timed');
  const unmatched = { route: 'unmatched', method: 'GET', status: '404' };
  t.equal(value(after, 'jobdata_http_requests_total', unmatched) - value(before, 'jobdata_http_requests_total', unmatched), 1, 'an unknown path is one label value');
  const routes = new Set((after.jobdata_http_requests_total!.data as PromData[]).map((item) => item.labels.route));
  t.notOk([...routes].some((label) => ids.some((id) => label!.includes(id)) || label!.includes('/no/such')), 'no raw path becomes a label');
  t.ok(routes.has('/metrics'), 'scrapes are requests too');
  t.equal(value(after, 'jobdata_credits_charged_total', { group: 'Geocode', unit: 'credits' }) - value(before, 'jobdata_credits_charged_total', { group: 'Geocode', unit: 'credits' }), 1, 'the geocode credit, under its rate-limit group');
});

t.test('without METRICS_TOKEN, /metrics answers loopback connections only, judged by the socket', async (t) => {
  const forged = await service.client.get('/metrics', { headers: { 'X-Forwarded-For': '203.0.113.7' } });
  t.equal(forged.status, 200, 'a loopback connection claiming to forward a remote client is still loopback');

  // The same app over a Unix socket: a connection with no loopback address at all.
  const listener = service.http.server.listeners('request')[0] as http.RequestListener;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'metrics-test-'));
  const socketPath = path.join(dir, 'api.sock');
  const local = http.createServer(listener);
  await new Promise<void>((resolve) => local.listen(socketPath, resolve));
  t.teardown(async () => {
    await new Promise((resolve) => local.close(resolve));
    await fs.rm(dir, { recursive: true, force: true });
  });
  const refused = await new Promise<{ status: number; type: string; body: Record<string, unknown> }>((resolve, reject) => {
    const request = http.get({ socketPath, path: '/metrics', headers: { 'X-Forwarded-For': '127.0.0.1', 'X-Real-IP': '127.0.0.1' } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, type: response.headers['content-type'] ?? '', body: JSON.parse(text) }));
    });
    request.on('error', reject);
  });
  t.equal(refused.status, 403, 'X-Forwarded-For: 127.0.0.1 does not make a connection loopback');
  t.equal(refused.type, 'application/problem+json');
  t.match(refused.body, { status: 403, code: 'metrics_loopback_only', title: 'Metrics for this machine only', docs_url: /\/docs\/errors#metrics_loopback_only$/ });
  t.same(service.client.validator!.check('GET', '/metrics', 403, refused.type, refused.body, true), [], 'as the document says');
});

t.test('a worker process with its operations server', async (t) => {
  const token = crypto.randomBytes(24).toString('hex');
  const opsPort = await freePort();
  // OpenSearch configured but down: the search.index worker's dependency, so this process is not ready.
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATABASE_URL: service.databaseUrl,
    DB_POOL_MAX: '3',
    SHUTDOWN_TIMEOUT_MS: '5000',
    OPS_PORT: String(opsPort),
    METRICS_TOKEN: token,
    OPENSEARCH_URL: `http://127.0.0.1:${await freePort()}`,
  });
  const worker = await bootRuntime({ name: 'worker', config, logger: createLogger('silent') });
  t.teardown(() => worker.shutdown());

  const queue = declareQueue<{ fail?: boolean }>({ name: 'test.metrics-depth', description: 'test only', handler: 'test/metrics.test.ts', retryLimit: 0 });
  const depthWorker: WorkerModule<{ fail?: boolean }> = {
    queue,
    work: { pollingIntervalSeconds: 0.5 },
    async handle(jobs) {
      if (jobs.some((job) => job.data.fail)) throw new Error('this job fails on purpose');
    },
  };
  const modules = [depthWorker, searchIndex];
  const ops = await serveOperations(worker, modules);
  t.ok(ops, 'OPS_PORT set: the operations server runs');
  const opsClient = new ApiClient(`http://127.0.0.1:${opsPort}`, service.client.validator);
  const authorized = { Authorization: `Bearer ${token}` };

  t.test('METRICS_TOKEN: 401 without it or with a wrong one, 200 with it', async (t) => {
    for (const headers of [{}, { Authorization: `Bearer ${token}x` }, { Authorization: token }, { Authorization: `Basic ${token}` }] as Record<string, string>[]) {
      const refused = await opsClient.get('/metrics', { headers });
      t.equal(refused.status, 401, JSON.stringify(Object.keys(headers)));
      t.equal(refused.headers.get('content-type'), 'application/problem+json');
      t.equal(refused.headers.get('www-authenticate'), 'Bearer realm="metrics"');
      t.match(refused.body, { code: 'metrics_token_required', status: 401 });
    }
    const scraped = await opsClient.get('/metrics', { headers: authorized });
    t.equal(scraped.status, 200);
    t.match(scraped.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
    t.equal((await opsClient.get('/metrics', { headers: { Authorization: `bearer ${token}` } })).status, 200, 'the scheme is case-insensitive');
  });

  t.test('/healthz and /readyz of the worker: what it uses, timed; OpenSearch down makes it not ready', async (t) => {
    t.same((await opsClient.get('/healthz')).body, { status: 'ok' });
    const ready = await opsClient.get('/readyz');
    t.equal(ready.status, 503);
    t.same(Object.keys(ready.body.checks).sort(), ['database', 'opensearch', 'queue'], 'no browser: this process runs no apply worker');
    t.match(ready.body, {
      status: 'unavailable',
      checks: { database: { status: 'ok', required: true }, queue: { status: 'ok', required: true }, opensearch: { status: 'failing', required: true } },
    });
    for (const [name, check] of Object.entries<{ duration_ms: number }>(ready.body.checks)) t.ok(check.duration_ms >= 0 && check.duration_ms <= 2500, `${name} is timed (${check.duration_ms} ms)`);
    t.notOk(ready.body.checks.opensearch === undefined, 'OpenSearch is checked because this process runs search.index');
    const apiReady = await service.client.get('/readyz');
    t.equal(apiReady.status, 200, 'the API process, configured without OpenSearch, does not depend on it');
  });

  t.test('queue depth rises as jobs are sent, read fleet-wide by the API, and falls as the worker works them', async (t) => {
    await ensureQueue(runtime.boss, queue);
    const waiting = (metrics: PromMetrics) => value(metrics, 'jobdata_queue_waiting_jobs', { queue: queue.name });
    t.equal(waiting(await scrape()), 0, 'an empty queue reads 0');
    // Sent from the API's process; no process works the queue yet.
    await queue.send(runtime.boss, {});
    t.equal(waiting(await scrape()), 1);
    await queue.send(runtime.boss, { fail: true });
    await queue.send(runtime.boss, {}, { startAfter: new Date(Date.now() - 120_000) });
    const sent = await scrape();
    t.equal(waiting(sent), 3, 'three waiting');
    const oldest = value(sent, 'jobdata_queue_oldest_waiting_seconds', { queue: queue.name });
    t.ok(oldest >= 119 && oldest < 600, `the oldest has been due for about two minutes (${oldest} s)`);
    t.equal(waiting(await scrape(opsClient, authorized)), 3, "the worker's process reads the same figure");

    const before = await scrape(opsClient, authorized);
    worker.onShutdown(await startWorkers(worker.boss, modules, worker));
    const drained = await waitFor('the queue to be worked', async () => {
      const metrics = await scrape();
      return waiting(metrics) === 0 && metrics;
    });
    t.equal(value(drained, 'jobdata_queue_oldest_waiting_seconds', { queue: queue.name }), 0, 'nothing waits');
    const worked = await waitFor('the job metrics', async () => {
      const metrics = await scrape(opsClient, authorized);
      return histogramCount(metrics, 'jobdata_job_duration_seconds', { queue: queue.name }) - histogramCount(before, 'jobdata_job_duration_seconds', { queue: queue.name }) >= 3 && metrics;
    });
    t.equal(histogramCount(worked, 'jobdata_job_duration_seconds', { queue: queue.name }) - histogramCount(before, 'jobdata_job_duration_seconds', { queue: queue.name }), 3, 'each job timed');
    t.equal(value(worked, 'jobdata_job_failures_total', { queue: queue.name }) - value(before, 'jobdata_job_failures_total', { queue: queue.name }), 1, 'the failing one counted');
  });
});
