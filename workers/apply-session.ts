// apply.session: interactive session commands and one-call runs in Chromium
// (apply/sessions/session-engine.ts, apply/runs/run-driver.ts). The worker shares the
// process's Chromium with the other apply.* workers and keeps each session's page open
// between its commands (apply/sessions/live-pages.ts): at most LIVE_PAGES pages, each
// closed once idle for the answer window (AUTO_APPLY_ANSWER_WINDOW_SECONDS, 15 minutes by
// default) or as soon as its session has ended.
import { acquireEngine } from '../apply/engine-host.ts';
import { LivePages } from '../apply/sessions/live-pages.ts';
import { SessionEngine } from '../apply/sessions/session-engine.ts';
import { driveRun } from '../apply/runs/run-driver.ts';
import { ProfileAnswers } from '../apply/runs/profile-answers.ts';
import { liveSessionIds } from '../db/apply-sessions.ts';
import type { Pool } from '../db/pool.ts';
import { applySessionQueue, type SessionJob } from '../lib/queues.ts';
import { defineWorker } from './worker.ts';

/** Live session pages one worker process keeps (about 50 MB of private memory each; docs/benchmarks.md). */
export const LIVE_PAGES = 10;

/** The engine of each runtime started here, by its pool (tests run more than one service in a process). */
const engines = new Map<Pool, SessionEngine>();

/** Session pages the worker of this pool's runtime keeps open now (tests and the benchmark read it). */
export function livePagesOf(pool: Pool): number | null {
  return engines.get(pool)?.context.live.size ?? null;
}

export const applySession = defineWorker<SessionJob>(applySessionQueue, {
  // Each command holds a browser page; three at a time per process. A NOTIFY wakes a
  // worker when a command is sent (the API holds the request on it).
  work: { batchSize: 1, localConcurrency: 3, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 },
  async start(context) {
    const host = acquireEngine(context);
    const idleMs = context.config.autoApply.answerWindowSeconds * 1000;
    const live = new LivePages({ idleMs, max: LIVE_PAGES, logger: context.logger.child({ component: 'session-pages' }) });
    engines.set(context.pool, new SessionEngine({ ...context, browsers: host.browsers, live, profiles: new ProfileAnswers(context.pool, context.config) }, driveRun));
    // Frees the pages of idle and ended sessions; often enough that a short answer window (tests) is honoured.
    const timer = setInterval(() => void live.sweep((ids) => liveSessionIds(context.pool, ids)).catch(() => undefined), Math.max(1000, Math.min(30_000, idleMs / 2)));
    timer.unref();
    return async () => {
      clearInterval(timer);
      engines.delete(context.pool);
      await live.closeAll();
      await host.release();
    };
  },
  async handle(jobs, { pool }) {
    const engine = engines.get(pool);
    if (!engine) throw new Error('apply.session: the worker was not started for this runtime');
    for (const job of jobs) await engine.handle(job.data);
  },
});
