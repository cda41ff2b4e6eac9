// Boots the real service in-process for one test file: a fresh database cloned from the
// template, the real runtime (pool, pg-boss, migrations), the API on a free loopback
// port, and a client that checks responses against the OpenAPI document.
import { loadConfig, type Config } from '../../lib/config.ts';
import { createLogger, type Logger } from '../../lib/logger.ts';
import { bootRuntime, type Runtime } from '../../boot/runtime.ts';
import { freePort } from '../../lib/net.ts';
import { serveApi } from '../../boot/serve-api.ts';
import type { Route } from '../../api/routing/route.ts';
import type { HttpServer } from '../../api/server.ts';
import { createDatabase } from './database.ts';
import { ApiClient } from './client.ts';
import { OpenApiResponseValidator } from './openapi.ts';

export interface TestService {
  runtime: Runtime;
  config: Config;
  http: HttpServer;
  url: string;
  client: ApiClient;
  databaseUrl: string;
}

interface TapLike {
  teardown(fn: () => unknown): void;
}

export interface TestServiceOptions {
  env?: Record<string, string>;
  extraRoutes?: Route[];
  /** Join an existing test database (a second "process" of the same service). */
  databaseUrl?: string;
  /** The service's logger (tests that read the log lines); default silent, or TEST_LOG_LEVEL. */
  logger?: Logger;
}

export async function startTestService(t: TapLike, options: TestServiceOptions = {}): Promise<TestService> {
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await createDatabase();
  const databaseUrl = database.url;
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    DB_POOL_MAX: '5',
    SHUTDOWN_TIMEOUT_MS: '5000',
    ...options.env,
  });
  const logger = options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent', 'test');
  const runtime = await bootRuntime({ name: 'test', config, logger });
  t.teardown(async () => {
    await runtime.shutdown();
    await database.drop();
  });
  const http = await serveApi(runtime, { extraRoutes: options.extraRoutes });

  const url = http.localUrl;
  const document = (await (await fetch(`${url}/openapi.json`)).json()) as Record<string, any>;
  const client = new ApiClient(url, new OpenApiResponseValidator(document));
  return { runtime, config, http, url, client, databaseUrl };
}
