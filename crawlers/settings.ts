// The crawl settings of a process, from its configuration: the HTTP client's politeness
// rules and the host gates every crawl of the process shares.
import type { Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import type { PgBoss } from '../db/boss.ts';
import type { Pool } from '../db/pool.ts';
import type { CrawlDeps } from './crawl.ts';
import { HostGates, type HostLimit } from './host-gate.ts';
import type { CrawlHttpSettings } from './http.ts';

/** Hosts known to refuse more than the default: Workable answers 429 above about two concurrent requests. */
export const KNOWN_HOST_LIMITS: Record<string, HostLimit> = {
  'apply.workable.com': { concurrency: 2, ratePerSecond: 2 },
};

export const SERVICE_AGENT = 'jobdata-service-crawler/0.1';

export function crawlHttpSettings(config: Config): CrawlHttpSettings {
  const crawl = config.crawl;
  return {
    userAgent: `${SERVICE_AGENT} (+${crawl.contactUrl})`,
    timeoutMs: crawl.timeoutSeconds * 1000,
    maxResponseBytes: crawl.maxResponseBytes,
    hostLimit: { concurrency: crawl.hostConcurrency, ratePerSecond: crawl.hostRatePerSecond },
    hostLimits: KNOWN_HOST_LIMITS,
    maxRetryAfterSeconds: crawl.maxRetryAfterSeconds,
    attempts: 3,
    origins: crawl.origins,
    allowPrivate: config.outboundAllowPrivate,
  };
}

// One set of gates per process (keyed by pool, as a process has one).
const gatesByPool = new WeakMap<Pool, HostGates>();

export function crawlDeps(config: Config, pool: Pool, boss: PgBoss, logger: Logger): CrawlDeps {
  const http = crawlHttpSettings(config);
  let gates = gatesByPool.get(pool);
  if (!gates) gatesByPool.set(pool, (gates = new HostGates((host) => http.hostLimits?.[host] ?? http.hostLimit)));
  return { pool, boss, logger, http, gates, goneDays: config.crawl.goneDays };
}
