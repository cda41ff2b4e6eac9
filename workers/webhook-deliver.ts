// webhook.deliver: one attempt per job run (apply/webhook-delivery.ts); pg-boss retries
// a failed attempt with backoff until the delivery's absolute deadline ends it.
import { attemptWebhook, WEBHOOK_QUEUE, type WebhookJobData } from '../apply/webhook-delivery.ts';
import { queueDefinition } from '../lib/queues.ts';
import type { WorkerModule } from './worker.ts';

export const webhookDeliver: WorkerModule<WebhookJobData> = {
  queue: queueDefinition(WEBHOOK_QUEUE),
  work: { batchSize: 1, localConcurrency: 4, pollingIntervalSeconds: 0.5 },
  async handle(jobs, { pool, logger }) {
    for (const job of jobs) {
      const outcome = await attemptWebhook(pool, job.data.delivery_id);
      logger.debug({ delivery: job.data.delivery_id, outcome: outcome.status }, 'webhook attempt');
    }
  },
};
