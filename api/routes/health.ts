import { defineRoute } from '../routing/route.ts';
import type { ApiServices } from '../context.ts';
import { withTimeout } from '../../lib/timeout.ts';

const CHECK_TIMEOUT_MS = 2000;

const checkStatus = { type: 'string', enum: ['ok', 'failing'] };

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'failing'> {
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
      schema: { type: 'object', required: ['status'], properties: { status: { const: 'ok' } } },
    },
  },
  handler: () => ({ status: 'ok' }),
});

export async function readiness(services: ApiServices) {
  const [database, queue] = await Promise.all([
    check(() => services.pool.query('SELECT 1')),
    check(() => services.boss.getDb().executeSql('SELECT 1')),
  ]);
  const ready = database === 'ok' && queue === 'ok' && !services.lifecycle.shuttingDown;
  return { ready, body: { status: ready ? 'ready' : 'unavailable', checks: { database, queue } } };
}

const readinessBody = {
  type: 'object',
  required: ['status', 'checks'],
  properties: {
    status: { type: 'string', enum: ['ready', 'unavailable'] },
    checks: {
      type: 'object',
      required: ['database', 'queue'],
      properties: { database: checkStatus, queue: checkStatus },
    },
  },
};

export const readyz = defineRoute({
  method: 'GET',
  path: '/readyz',
  operationId: 'getReadiness',
  summary: 'Readiness: database and queue reachable, not shutting down',
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
