// Readiness: every dependency this process uses, each with its status, whether it gates
// readiness, and how long its check took. Required: the database and the queue (pg-boss
// on the same database) always, and OpenSearch where the process uses it (searches and
// feeds read it, so with it down they fail with 500, as they would without a database).
// Reported, not required: the browser, in a process that runs the apply workers (without
// it only Auto Apply fails, with browser_unavailable, refunded; a load balancer should not
// drain search and feed traffic for that). docs/operations.md, "Readiness".
import { withTimeout } from '../lib/timeout.ts';
import type { OperationsServices } from './context.ts';
import { Type, nullable, stringEnum, type Static } from './schemas/registry.ts';

export const CHECK_TIMEOUT_MS = 2000;

const checkStatus = stringEnum(['ok', 'failing'], { description: '`failing`: an error or no answer within 2 s; the reason is in the log of the process.' });
const durationMs = Type.Number({ minimum: 0, description: 'How long the check took, in milliseconds (at most about 2000: the time limit).' });

const dependencyCheck = (description: string) =>
  Type.Object(
    {
      status: checkStatus,
      required: Type.Boolean({ description: 'Whether a failing status makes the process not ready (503).' }),
      duration_ms: durationMs,
    },
    { additionalProperties: false, description },
  );

const browserCheck = Type.Object(
  {
    status: stringEnum(['ok', 'failing', 'checking'], {
      description: '`checking` until the first browser launch of the process ends; the reason for `failing` is in the log of the process.',
    }),
    required: Type.Literal(false, { description: 'The browser never makes the process not ready.' }),
    duration_ms: nullable(Type.Number({ minimum: 0, description: 'How long the launch behind this finding took, in milliseconds; null while checking.' })),
    checked_at: nullable(Type.String({ format: 'date-time', description: 'When that launch ended; null while checking.' })),
  },
  {
    additionalProperties: false,
    description:
      "Whether this process can start Chromium (Auto Apply's browser), reported only by a process that runs the apply workers. The finding of the last launch: the workers' own, or a probe (every 10 minutes while it works, every 30 s while it fails).",
  },
);

export const readinessBody = Type.Object(
  {
    status: stringEnum(['ready', 'unavailable']),
    checks: Type.Object(
      {
        database: dependencyCheck('PostgreSQL (`SELECT 1` on the pool). Required.'),
        queue: dependencyCheck("pg-boss (`SELECT 1` on its own connections). Required."),
        opensearch: Type.Optional(dependencyCheck('OpenSearch, when OPENSEARCH_URL is set and this process uses it (the API; a worker running search.index): its cluster health answers and is not red. Required.')),
        browser: Type.Optional(browserCheck),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export type ReadinessBody = Static<typeof readinessBody>;
type CheckName = 'database' | 'queue' | 'opensearch';

const round = (ms: number) => Math.round(ms * 10) / 10;

// The last status of each check, per process's services: failures are logged when they start and end, not at every poll.
const lastStatus = new WeakMap<OperationsServices, Map<CheckName, string>>();

async function check(services: OperationsServices, name: CheckName, probe: () => Promise<unknown>) {
  const started = performance.now();
  let status: 'ok' | 'failing' = 'ok';
  let error: unknown = null;
  try {
    await withTimeout(probe(), CHECK_TIMEOUT_MS);
  } catch (caught) {
    status = 'failing';
    error = caught;
  }
  const duration_ms = round(performance.now() - started);
  let seen = lastStatus.get(services);
  if (!seen) lastStatus.set(services, (seen = new Map()));
  const before = seen.get(name);
  seen.set(name, status);
  if (status === 'failing' && before !== 'failing') services.logger.warn({ check: name, err: error, ms: duration_ms }, `readiness: the ${name} check fails`);
  else if (status === 'ok' && before === 'failing') services.logger.info({ check: name, ms: duration_ms }, `readiness: the ${name} check passes again`);
  return { status, required: true, duration_ms };
}

/** Runs the checks of this process's dependencies at once; ready when every required one is ok and the process is not draining. */
export async function readiness(services: OperationsServices): Promise<{ ready: boolean; body: ReadinessBody }> {
  const opensearch = services.opensearch;
  const [database, queue, search] = await Promise.all([
    check(services, 'database', () => services.pool.query('SELECT 1')),
    check(services, 'queue', () => services.boss.getDb().executeSql('SELECT 1')),
    opensearch ? check(services, 'opensearch', () => opensearch(CHECK_TIMEOUT_MS)) : null,
  ]);
  const checks: ReadinessBody['checks'] = { database, queue };
  if (search) checks.opensearch = search;
  if (services.browser.inUse) {
    const report = services.browser.report();
    checks.browser = {
      status: report.status,
      required: false,
      duration_ms: report.durationMs === null ? null : round(report.durationMs),
      checked_at: report.checkedAt?.toISOString() ?? null,
    };
  }
  const ready = !services.lifecycle.shuttingDown && [database, queue, search].every((result) => result === null || result.status === 'ok');
  return { ready, body: { status: ready ? 'ready' : 'unavailable', checks } };
}
