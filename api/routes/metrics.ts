// GET /metrics: the Prometheus exposition of lib/metrics.ts. With METRICS_TOKEN set it
// needs `Authorization: Bearer <token>` (compared in constant time); without it, it
// answers clients connected from this machine's loopback address only, judged by the
// socket (X-Forwarded-For is never read here, TRUST_PROXY or not). The same declaration
// serves the API and the operations server of worker and scheduler processes.
import type { Context } from 'koa';
import { isLoopbackAddress } from '../../lib/net.ts';
import { sameSecret } from '../../lib/same-secret.ts';
import { metricsText } from '../../lib/metrics.ts';
import type { OperationsServices } from '../context.ts';
import { problem } from '../errors.ts';
import { defineRoute, type ResponseSpec, type Route } from '../routing/route.ts';
import { ProblemSchema } from '../schemas/errors.ts';
import { Type } from '../schemas/registry.ts';

/** The token of an `Authorization: Bearer <token>` header, or null. */
function bearerToken(header: string): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match ? match[1]! : null;
}

function authorize(ctx: Context, token: string | null): void {
  if (token !== null) {
    const presented = bearerToken(ctx.get('authorization'));
    if (presented === null || !sameSecret(presented, token)) {
      throw problem('metrics_token_required', 'Send the metrics token as `Authorization: Bearer <METRICS_TOKEN>`.', undefined, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    return;
  }
  if (!isLoopbackAddress(ctx.req.socket.remoteAddress)) {
    throw problem('metrics_loopback_only', 'No METRICS_TOKEN is configured, so /metrics answers connections from this machine only.');
  }
}

const problemResponse = (description: string, headers?: ResponseSpec['headers']): ResponseSpec => ({
  description,
  contentType: 'application/problem+json',
  schema: ProblemSchema,
  ...(headers ? { headers } : {}),
});

export function metricsRoute(services: (ctx: Context) => OperationsServices): Route {
  return defineRoute({
    method: 'GET',
    path: '/metrics',
    operationId: 'getMetrics',
    summary: 'Prometheus metrics of this process',
    description:
      'The Prometheus text exposition (format 0.0.4) of this process: requests by route, queue depth and oldest waiting job per queue (fleet-wide), ' +
      'job durations and failures, crawl results, browser contexts, database pool connections, credits charged, and Node process metrics, all prefixed `jobdata_`. ' +
      'Not an API-key endpoint: with METRICS_TOKEN set it needs `Authorization: Bearer <token>`; without it, it answers connections from the loopback address only.',
    tags: ['Operations'],
    security: 'none',
    responses: {
      200: { description: 'The metrics.', contentType: 'text/plain', schema: Type.String() },
      401: problemResponse('`metrics_token_required`: METRICS_TOKEN is set and the bearer token is missing or wrong.', {
        'WWW-Authenticate': { description: 'Bearer realm="metrics"', schema: { type: 'string' } },
      }),
      403: problemResponse('`metrics_loopback_only`: no METRICS_TOKEN is set and the connection does not come from the loopback address.'),
    },
    handler: async (ctx) => {
      authorize(ctx, services(ctx).config.metricsToken);
      const { contentType, text } = await metricsText();
      ctx.type = contentType;
      return text;
    },
  });
}
