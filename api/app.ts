// The Koa application: cross-cutting middleware, then the declared routes.
import Koa from 'koa';
import { correlationId } from './middleware/correlation-id.ts';
import { errorEnvelopes } from './middleware/errors.ts';
import { httpsRedirect } from './middleware/https-redirect.ts';
import { requestLog } from './middleware/request-log.ts';
import { httpMetrics } from './middleware/http-metrics.ts';
import { discardUnreadBody } from './middleware/unread-body.ts';
import { buildRouter } from './routing/router.ts';
import type { Route } from './routing/route.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { apiRoutes } from './routes/index.ts';
import { docsRoutes } from './routes/docs.ts';
import type { ApiServices } from './context.ts';
import { createGateway } from './gateway/index.ts';

export interface AppOptions {
  /** Routes beyond the service's own (tests add failing or slow routes here). */
  extraRoutes?: Route[];
}

export function createApp(services: ApiServices, options: AppOptions = {}): Koa {
  const { config, logger } = services;
  const app = new Koa({ proxy: config.trustProxy });
  app.context.services = services;
  const gateway = createGateway(services.pool, config.baseUrl);
  app.context.gateway = gateway;
  // Errors are logged by the envelope middleware; Koa's own printer stays quiet.
  app.silent = true;

  const routes = [...apiRoutes(), ...(options.extraRoutes ?? [])];
  let document: Record<string, unknown> | null = null;
  const allRoutes: Route[] = [...routes, ...docsRoutes(() => (document ??= buildOpenApiDocument(allRoutes, config.baseUrl)))];

  app.use(correlationId());
  app.use(requestLog(logger));
  app.use(httpMetrics());
  app.use(httpsRedirect(config.trustProxy, config.baseUrl));
  app.use(discardUnreadBody());
  app.use(errorEnvelopes({ baseUrl: config.baseUrl, isProduction: config.isProduction, logger }));
  app.use(buildRouter({ routes: allRoutes, maxJsonBodyBytes: config.maxJsonBodyBytes, gateway: (route) => gateway.forRoute(route) }));
  return app;
}
