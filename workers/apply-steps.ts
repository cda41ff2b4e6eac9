// apply.discover, apply.fill, apply.submit: the browser steps of an application
// (apply/engine.ts). One engine, so one Chromium, per worker process, whichever of the
// three queues it runs.
import { acquireEngine } from '../apply/engine-host.ts';
import type { ApplyEngine } from '../apply/engine.ts';
import { applyStepQueues, type BrowserStep, type StepJob } from '../lib/queues.ts';
import { defineWorker, type WorkerModule } from './worker.ts';

function browserStep(step: BrowserStep): WorkerModule<StepJob> {
  let engine: ApplyEngine | null = null;
  return defineWorker(applyStepQueues[step], {
    // Each job holds a browser context; three at a time per queue and process. A NOTIFY
    // wakes a worker when a job is sent; a slot that frees up polls at once for the rest.
    work: { batchSize: 1, localConcurrency: 3, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 },
    async start(context) {
      const host = acquireEngine(context);
      engine = host.engine;
      return host.release;
    },
    async handle(jobs) {
      for (const job of jobs) await engine![step](job.data);
    },
  });
}

export const applyDiscover = browserStep('discover');
export const applyFill = browserStep('fill');
export const applySubmit = browserStep('submit');
