import { ensureQueue, type PgBoss } from '../db/boss.ts';
import type { WorkerContext, WorkerModule } from './worker.ts';

/**
 * Subscribes each module's handler to its queue on this process's pg-boss, after its
 * start hook. Returns what stops the hooks (the runtime's shutdown stops pg-boss).
 */
export async function startWorkers(boss: PgBoss, modules: WorkerModule<any>[], context: WorkerContext): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  for (const module of modules) {
    await ensureQueue(boss, module.queue);
    if (module.start) stops.push(await module.start(context));
    const log = context.logger.child({ queue: module.queue.name });
    const work = typeof module.work === 'function' ? module.work(context.config) : module.work;
    await boss.work(module.queue.name, { batchSize: 1, ...work }, async (jobs) => {
      try {
        await module.handle(jobs, { ...context, logger: log });
      } catch (error) {
        log.warn({ err: error, jobs: jobs.map((job) => job.id) }, 'job failed; pg-boss retries per queue policy');
        throw error;
      }
    });
  }
  return async () => {
    for (const stop of stops) await stop();
  };
}
