import { ensureQueue, type PgBoss } from '../db/boss.ts';
import { jobDuration, jobFailures } from '../lib/metrics.ts';
import type { WorkerContext, WorkerModule } from './worker.ts';

/**
 * Subscribes each module's handler to its queue on this process's pg-boss, after its
 * start hook. Returns what stops the hooks (the runtime's shutdown stops pg-boss). Each
 * batch's handling time and each failed job are recorded per queue (lib/metrics.ts).
 */
export async function startWorkers(boss: PgBoss, modules: WorkerModule<any>[], context: WorkerContext): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  for (const module of modules) {
    await ensureQueue(boss, module.queue);
    if (module.start) stops.push(await module.start(context));
    const log = context.logger.child({ queue: module.queue.name });
    const work = typeof module.work === 'function' ? module.work(context.config) : module.work;
    const queue = { queue: module.queue.name };
    await boss.work(module.queue.name, { batchSize: 1, ...work }, async (jobs) => {
      const timer = jobDuration.startTimer(queue);
      try {
        await module.handle(jobs, { ...context, logger: log });
      } catch (error) {
        jobFailures.inc(queue, jobs.length);
        log.warn({ err: error, jobs: jobs.map((job) => job.id) }, 'job failed; pg-boss retries per queue policy');
        throw error;
      } finally {
        timer();
      }
    });
  }
  return async () => {
    for (const stop of stops) await stop();
  };
}
