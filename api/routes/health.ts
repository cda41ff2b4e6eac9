import { defineRoute } from '../routing/route.ts';
import type { ApiServices } from '../context.ts';
import { withTimeout } from '../../lib/timeout.ts';
import { Type, stringEnum, type Static } from '../schemas/registry.ts';

const CHECK_TIMEOUT_MS = 2000;

const checkStatus = stringEnum(['ok', 'failing']);

async function check(probe: () => Promise<unknown>): Promise<Static<typeof checkStatus>> {
  try {
    await withTimeout(probe(), CHECK_TIMEOUT_MS);
    return 'ok';
  } catch {
    return 'failing';
  }
}

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

export async function readiness(services: ApiServices): Promise<{ ready: boolean; body: Static<typeof readinessBody> }> {
  const [database, queue] = await Promise.all([
    check(() => services.pool.query('SELECT 1')),
    check(() => services.boss.getDb().executeSql('SELECT 1')),
  ]);
  // Reported, not required: without a browser only Auto Apply fails (browser_unavailable),
  // and a load balancer should not drain the search and feed traffic for that.
  const browser = services.browser.report().status;
  const ready = database === 'ok' && queue === 'ok' && !services.lifecycle.shuttingDown;
  return { ready, body: { status: ready ? 'ready' : 'unavailable', checks: { database, queue, browser } } };
}

const readinessBody = Type.Object(
  {
    status: stringEnum(['ready', 'unavailable']),
    checks: Type.Object(
      {
        database: checkStatus,
        queue: checkStatus,
        browser: stringEnum(['ok', 'failing', 'checking'], {
          description:
            "Whether this process can start Chromium (Auto Apply's browser): `checking` until the first launch of the process ends. It does not affect `status`; the reason for `failing` is in the process's log.",
        }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const readyz = defineRoute({
  method: 'GET',
  path: '/readyz',
  operationId: 'getReadiness',
  summary: 'Readiness: database and queue reachable, not shutting down; the browser check beside them',
  tags: ['Operations'],
  security: 'none',
  responses: {
    200: { description: 'Ready to serve.', schema: readinessBody },
    503: { description: 'A dependency is unreachable or the process is draining.', schema: readinessBody },
  },
  handler: async (ctx) => {
    const { ready, body } = await readiness(ctx.services);
    ctx.status = ready ? 200 : 503;
    return body;
  },
});
