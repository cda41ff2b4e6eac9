import type { Middleware } from 'koa';
import { UNMATCHED_ROUTE, httpRequestDuration, httpRequests, methodLabel } from '../../lib/metrics.ts';

declare module 'koa' {
  interface DefaultState {
    /** The declared route template the router matched (`/api/jobs/{id}`), for metrics. */
    route?: string;
  }
}

/**
 * Counts every request by the route template the router matched (ctx.state.route; never
 * the raw path, so the label stays bounded: `unmatched` for anything no route matched),
 * method and status, and observes its latency. Recorded when the response is handed to
 * the socket, with the status the client got, or 499 when the connection closed first,
 * as the request log does (api/middleware/request-log.ts says why not earlier).
 */
export function httpMetrics(): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const res = ctx.res;
    let recorded = false;
    const record = (status: number) => {
      if (recorded) return;
      recorded = true;
      const route = ctx.state.route ?? UNMATCHED_ROUTE;
      const method = methodLabel(ctx.method);
      httpRequests.inc({ route, method, status: String(status) });
      httpRequestDuration.observe({ route, method }, (performance.now() - started) / 1000);
    };
    res.once('finish', () => record(res.statusCode));
    res.once('close', () => record(res.writableFinished ? res.statusCode : 499));
    await next();
  };
}
