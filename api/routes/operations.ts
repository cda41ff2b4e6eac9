// The operations endpoints: liveness, readiness and metrics. The API lists them with its
// own routes; the operations server of worker and scheduler processes
// (api/operations-app.ts) serves only these, from the same declarations.
import type { Context } from 'koa';
import type { OperationsServices } from '../context.ts';
import type { Route } from '../routing/route.ts';
import { healthz, readyzRoute } from './health.ts';
import { metricsRoute } from './metrics.ts';

export function operationsRoutes(services: (ctx: Context) => OperationsServices): Route[] {
  return [healthz, readyzRoute(services), metricsRoute(services)];
}
