// A crawl HTTP client for connector tests: real requests, with the real ATS origins sent
// to loopback replicas (as CRAWL_ORIGINS does in the service), fast retries.
import { CrawlHttp, type CrawlHttpSettings, type Validators } from '../../../crawlers/http.ts';
import { HostGates } from '../../../crawlers/host-gate.ts';

export function replicaHttp(origins: Record<string, string>, overrides: Partial<CrawlHttpSettings> = {}, validators: Record<string, Validators> = {}): CrawlHttp {
  const settings: CrawlHttpSettings = {
    userAgent: 'jobdata-service-test (+http://127.0.0.1/contact)',
    timeoutMs: 5000,
    maxResponseBytes: 5 * 1024 * 1024,
    hostLimit: { concurrency: 4, ratePerSecond: 0 },
    maxRetryAfterSeconds: 5,
    attempts: 3,
    origins,
    allowPrivate: false,
    ...overrides,
  };
  return new CrawlHttp(settings, new HostGates((host) => settings.hostLimits?.[host] ?? settings.hostLimit), validators);
}

/** Every posting a connector lists, and how the listing ended. */
export async function listAll<T, E>(generator: AsyncGenerator<T[], E, void>): Promise<{ postings: T[]; end: E; pages: number }> {
  const postings: T[] = [];
  let pages = 0;
  for (;;) {
    const next = await generator.next();
    if (next.done) return { postings, end: next.value, pages };
    pages++;
    postings.push(...next.value);
  }
}
