// Every Prometheus metric of the service, defined once, here: a leaf module, so each layer
// records into it (the API's request middleware, the worker runner, the crawl, the browser
// pool, the metering). Names share the `jobdata_` prefix and every label takes a bounded
// set of values (route templates, queue names, ATS ids, rate-limit groups; never ids,
// raw paths or user input). `/metrics` (api/routes/metrics.ts) serves this registry.
//
// Two figures are read when Prometheus scrapes rather than recorded as they happen: the
// waiting jobs per queue (one bounded SQL statement over pg-boss's tables, so every process
// reports the fleet-wide figure: aggregate them with max(), not sum()) and the
// connections of the database pools. The process that boots registers where to read them
// (observeQueues, observePool; boot/runtime.ts).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const METRIC_PREFIX = 'jobdata_';

/** The registry /metrics serves (not prom-client's global one, so nothing else lands in it unseen). */
export const metricsRegistry = new Registry();

collectDefaultMetrics({ register: metricsRegistry, prefix: METRIC_PREFIX });
// The event-loop delay's mean and standard deviation are NaN whenever no sample (one per
// 10 ms) fell between two scrapes, which many readers of the text format refuse; its
// p50, p90, p99, min and max (and nodejs_eventloop_lag_seconds) stay.
for (const name of ['nodejs_eventloop_lag_mean_seconds', 'nodejs_eventloop_lag_stddev_seconds']) metricsRegistry.removeSingleMetric(`${METRIC_PREFIX}${name}`);

/** Label value of a request no declared route matched (unknown paths, 414s, redirects). */
export const UNMATCHED_ROUTE = 'unmatched';

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A request method as a label: the methods the API can serve, else `other`. */
export function methodLabel(method: string): string {
  return HTTP_METHODS.has(method) ? method : 'other';
}

export const httpRequests = new Counter({
  name: `${METRIC_PREFIX}http_requests_total`,
  help: 'HTTP requests answered, by declared route template (`unmatched` when no route matched), method and status (499: the client left first).',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: `${METRIC_PREFIX}http_request_duration_seconds`,
  help: 'Time from a request arriving to its response being handed to the socket, by route template and method. Application create holds up to 90 s.',
  labelNames: ['route', 'method'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 90, 120],
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: `${METRIC_PREFIX}job_duration_seconds`,
  help: "Time a worker's handler took per batch of jobs (one job, except the apply.*-expire and *-dead queues, which take up to 5), by queue, failed ones included.",
  labelNames: ['queue'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900],
  registers: [metricsRegistry],
});

export const jobFailures = new Counter({
  name: `${METRIC_PREFIX}job_failures_total`,
  help: "Jobs whose handler threw, by queue (pg-boss retries them per the queue's policy; a crawl or an enrichment that failed as an outcome is not one).",
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

export const crawlResults = new Counter({
  name: `${METRIC_PREFIX}crawl_results_total`,
  help: 'Finished board crawls, by ATS (source) and outcome: succeeded, partial, not_modified, gone, failed.',
  labelNames: ['source', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const browserContextsOpen = new Gauge({
  name: `${METRIC_PREFIX}browser_contexts_open`,
  help: "Browser contexts open in this process's Chromium (Auto Apply steps in progress and interactive sessions' live pages).",
  registers: [metricsRegistry],
});

export const creditsCharged = new Counter({
  name: `${METRIC_PREFIX}credits_charged_total`,
  help: 'Charged at the gateway, by rate-limit group and unit: `credits` (the wallet) or `included_jobs` (the allowance). Refunds are not subtracted; the credit ledger is the account of record.',
  labelNames: ['group', 'unit'] as const,
  registers: [metricsRegistry],
});

// ---- read at scrape time ----

/** Waiting jobs of one queue, as db/queue-stats.ts reads them. */
export interface QueueWaiting {
  queue: string;
  /** Jobs created or waiting for a retry (not active, not finished), deferred ones included. */
  waiting: number;
  /** Seconds since the longest-waiting job that is due (its start time passed) became due; 0 when none is due. */
  oldestSeconds: number;
}

type QueueSource = () => Promise<QueueWaiting[]>;

/** What pg's Pool tells about its connections. */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const queueSources: QueueSource[] = [];
const pools = new Map<string, Set<PoolCounts>>();
// One statement serves both queue gauges of a scrape: prom-client starts every metric's
// collect in the same tick, so the second finds the first's read still in flight.
let queueRead: Promise<QueueWaiting[]> | null = null;

export const metricsCollectionErrors = new Counter({
  name: `${METRIC_PREFIX}metrics_collection_errors_total`,
  help: 'Scrapes whose figures read at scrape time could not be read (the collector named; its series are then absent from that scrape).',
  labelNames: ['collector'] as const,
  registers: [metricsRegistry],
});

function readQueues(): Promise<QueueWaiting[]> {
  const source = queueSources.at(-1);
  if (!source) return Promise.resolve([]);
  if (!queueRead) {
    const read = source();
    queueRead = read;
    const settled = () => {
      if (queueRead === read) queueRead = null;
    };
    read.then(settled, settled);
  }
  return queueRead;
}

async function collectQueues(gauge: Gauge<'queue'>, pick: (row: QueueWaiting) => number, counted: boolean): Promise<void> {
  gauge.reset();
  let rows: QueueWaiting[];
  try {
    rows = await readQueues();
  } catch {
    // Counted once per scrape, by the first of the two gauges.
    if (counted) metricsCollectionErrors.inc({ collector: 'queues' });
    return;
  }
  for (const row of rows) gauge.set({ queue: row.queue }, pick(row));
}

export const queueWaitingJobs: Gauge<'queue'> = new Gauge({
  name: `${METRIC_PREFIX}queue_waiting_jobs`,
  help: 'Jobs waiting per queue (created or retry; deferred ones included), fleet-wide: read from the database at scrape time, so every process reports the same figure (aggregate with max()). At most 100000 are counted per queue.',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    await collectQueues(queueWaitingJobs, (row) => row.waiting, true);
  },
});

export const queueOldestWaitingSeconds: Gauge<'queue'> = new Gauge({
  name: `${METRIC_PREFIX}queue_oldest_waiting_seconds`,
  help: 'Per queue, seconds the longest-waiting due job has waited since it became due (its start time: creation, or the end of its retry delay); 0 when none waits. Fleet-wide like queue_waiting_jobs (aggregate with max()).',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    await collectQueues(queueOldestWaitingSeconds, (row) => row.oldestSeconds, false);
  },
});

export const dbPoolConnections: Gauge<'pool' | 'state'> = new Gauge({
  name: `${METRIC_PREFIX}db_pool_connections`,
  help: "This process's PostgreSQL pool connections by state: `in_use`, `idle`, and `waiting` (requests waiting for a connection). Pool `app` is the service's (DB_POOL_MAX), `queue` pg-boss's own (4).",
  labelNames: ['pool', 'state'] as const,
  registers: [metricsRegistry],
  collect() {
    dbPoolConnections.reset();
    for (const [name, members] of pools) {
      let inUse = 0;
      let idle = 0;
      let waiting = 0;
      for (const pool of members) {
        inUse += pool.totalCount - pool.idleCount;
        idle += pool.idleCount;
        waiting += pool.waitingCount;
      }
      dbPoolConnections.set({ pool: name, state: 'in_use' }, inUse);
      dbPoolConnections.set({ pool: name, state: 'idle' }, idle);
      dbPoolConnections.set({ pool: name, state: 'waiting' }, waiting);
    }
  },
});

/**
 * Where the queue gauges read from while this process runs (its database). The latest
 * registration wins; the returned function removes it.
 */
export function observeQueues(source: QueueSource): () => void {
  queueSources.push(source);
  return () => {
    const at = queueSources.lastIndexOf(source);
    if (at >= 0) queueSources.splice(at, 1);
  };
}

/** Reports a pool's connections under `name` (several pools of one name add up); the returned function stops it. */
export function observePool(name: 'app' | 'queue', pool: PoolCounts): () => void {
  let members = pools.get(name);
  if (!members) pools.set(name, (members = new Set()));
  members.add(pool);
  return () => {
    members.delete(pool);
    if (members.size === 0 && pools.get(name) === members) pools.delete(name);
  };
}

/** The exposition text of every metric, and its content type. */
export async function metricsText(): Promise<{ contentType: string; text: string }> {
  // prom-client 15 writes a NaN sample as `Nan` (lib/util.js); the text format spells it
  // `NaN`. A sample's value is the line's last token, never quoted, so this touches nothing else.
  const text = (await metricsRegistry.metrics()).replace(/ Nan$/gm, ' NaN');
  return { contentType: metricsRegistry.contentType, text };
}
