// Liveness and readiness. The same declarations serve the API and the operations server
// of worker and scheduler processes (api/operations-app.ts): each app says where its
// services come from.
import type { Context } from 'koa';
import { defineRoute } from '../routing/route.ts';
import type { Route } from '../routing/route.ts';
import type { OperationsServices } from '../context.ts';
import { readiness, readinessBody } from '../readiness.ts';
import { Type } from '../schemas/registry.ts';

export const healthz = defineRoute({
  method: 'GET',
  path: '/healthz',
  operationId: 'getHealth',
  summary: 'Liveness: the process is up',
  tags: ['Operations'],
  security: 'none',
  responses: {
    200: {
      description: 'The process answers.',
      schema: Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false }),
    },
  },
  handler: () => ({ status: 'ok' as const }),
});

export function readyzRoute(services: (ctx: Context) => OperationsServices): Route {
  return defineRoute({
    method: 'GET',
    path: '/readyz',
    operationId: 'getReadiness',
    summary: 'Readiness: each dependency of this process, with its status and timing',
    description:
      'Ready (200) when every required check is `ok` and the process is not draining for shutdown; else 503 with the same shape. ' +
      'Required: `database` and `queue`, and `opensearch` where OPENSEARCH_URL is set and the process uses it. ' +
      'Reported, never required: `browser`, in a process that runs the Auto Apply workers. Checks run at once, 2 s each at most.',
    tags: ['Operations'],
    security: 'none',
    responses: {
      200: { description: 'Ready to serve.', schema: readinessBody },
      503: { description: 'A required dependency is failing, or the process is draining.', schema: readinessBody },
    },
    handler: async (ctx) => {
      const { ready, body } = await readiness(services(ctx));
      ctx.status = ready ? 200 : 503;
      return body;
    },
  });
}
