// The service with its ingestion workers (crawl.board, geocode.location, and search.index
// when OpenSearch is on) running in-process, CRAWL_ORIGINS pointing at ATS replicas, and
// helpers to add a board and crawl it through the admin API.
import { startTestService, type TestService, type TestServiceOptions } from './service.ts';
import { createAccount } from './accounts.ts';
import { startWorkers } from '../../workers/runner.ts';
import { workerModules } from '../../workers/registry.ts';
import { crawlBoardQueue, geocodeLocationQueue, searchIndexQueue } from '../../lib/queues.ts';
import type { ApiClient } from './client.ts';
import { waitFor } from './wait.ts';

interface TapLike {
  teardown(fn: () => unknown): void;
}

export interface IngestionService {
  service: TestService;
  /** A master key's client (the admin API). */
  admin: ApiClient;
  /** A subscribed customer's client with credits (search, feeds). */
  customer: ApiClient;
  customerAccountId: string;
  /** Queues a crawl through the admin API and waits for its record; returns the finished board view. */
  crawl(boardId: string): Promise<any>;
}

export async function startIngestionService(t: TapLike, origins: Record<string, string>, options: TestServiceOptions = {}): Promise<IngestionService> {
  const service = await startTestService(t, {
    ...options,
    env: {
      CRAWL_ORIGINS: Object.entries(origins).map(([real, replica]) => `${real}=${replica}`).join(','),
      CRAWL_MAX_RETRY_AFTER_SECONDS: '5',
      CRAWL_HOST_RATE: '0',
      ...options.env,
    },
  });
  const queues = [crawlBoardQueue.name, geocodeLocationQueue.name, ...(service.config.opensearch ? [searchIndexQueue.name] : [])];
  const modules = workerModules.filter((module) => queues.includes(module.queue.name));
  service.runtime.onShutdown(await startWorkers(service.runtime.boss, modules, service.runtime));
  const operator = await createAccount(service.runtime.pool, { name: 'Operators', kind: 'master', rate_limit_overrides: { Default: { minute: 100_000, hour: 1_000_000, day: 10_000_000 } } });
  const buyer = await createAccount(service.runtime.pool, { name: 'Buyer', plan: 'subscribed', credits: 100_000, feed_subscription: true });
  const admin = service.client.with({ 'x-api-key': operator.key });
  const customer = service.client.with({ 'x-api-key': buyer.key });
  const crawl = async (boardId: string) => {
    const current = await admin.get(`/api/admin/boards/${boardId}?crawls=100`);
    if (current.status !== 200) throw new Error(`board not readable: ${current.status} ${JSON.stringify(current.body)}`);
    const before = current.body.crawls.length as number;
    const queued = await admin.post(`/api/admin/boards/${boardId}/crawl`, {});
    if (queued.status !== 202) throw new Error(`crawl not queued: ${queued.status} ${JSON.stringify(queued.body)}`);
    return waitFor(`a finished crawl of ${boardId}`, async () => {
      const view = (await admin.get(`/api/admin/boards/${boardId}?crawls=100`)).body;
      return view.crawls.length > before && view.crawls[0].status !== 'running' && view;
    });
  };
  return { service, admin, customer, customerAccountId: buyer.id, crawl };
}
