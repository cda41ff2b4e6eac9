// webhook.deliver: one attempt per job run (webhooks/delivery.ts); pg-boss retries
// a failed attempt with backoff until the delivery's absolute deadline ends it.
import { attemptWebhook, type ReplyHandler } from '../webhooks/delivery.ts';
import { webhookDeliverQueue } from '../lib/queues.ts';
import { applyFieldsReply } from '../apply/webhook-replies.ts';
import { defineWorker } from './worker.ts';

export const webhookDeliver = defineWorker(webhookDeliverQueue, {
  work: { batchSize: 1, localConcurrency: 4, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 },
  async handle(jobs, { pool, boss, config, logger }) {
    const onReply: ReplyHandler = async (client, delivery, reply) => {
      const applied = await applyFieldsReply(client, boss, config.autoApply.answerWindowSeconds, delivery, reply);
      logger.info({ delivery: delivery.id, applied }, 'webhook reply');
    };
    for (const job of jobs) {
      const outcome = await attemptWebhook(pool, job.data.delivery_id, { allowPrivate: config.outboundAllowPrivate, onReply });
      logger.debug({ delivery: job.data.delivery_id, outcome: outcome.status }, 'webhook attempt');
    }
  },
});
