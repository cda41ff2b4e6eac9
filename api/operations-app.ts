// The operations server of processes that serve no API (worker, scheduler; started by
// boot/operations-server.ts when OPS_PORT is set): /healthz, /readyz and /metrics, the same
// route declarations and the same middleware as the API's, and nothing else.
import Koa from 'koa';
import type { OperationsServices } from './context.ts';
import { correlationId } from './middleware/correlation-id.ts';
import { errorEnvelopes } from './middleware/errors.ts';
import { httpMetrics } from './middleware/http-metrics.ts';
import { requestLog } from './middleware/request-log.ts';
import { operationsRoutes } from './routes/operations.ts';
import { buildRouter } from './routing/router.ts';

export function createOperationsApp(services: OperationsServices): Koa {
  const { config, logger } = services;
  const app = new Koa({ proxy: config.trustProxy });
  app.silent = true;
  app.use(correlationId());
  app.use(requestLog(logger));
  app.use(httpMetrics());
  app.use(errorEnvelopes({ baseUrl: config.baseUrl, isProduction: config.isProduction, logger }));
  // No gateway: every operations route is public (metrics guards itself).
  app.use(buildRouter({ routes: operationsRoutes(() => services), maxJsonBodyBytes: config.maxJsonBodyBytes }));
  return app;
}
