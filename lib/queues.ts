// The queue registry: every pg-boss queue the service uses, with its retry, backoff
// and expiry policy. API processes send by these names; workers/ hold the handlers.
import type { Queue } from 'pg-boss';

export interface QueueDefinition extends Omit<Queue, 'name'> {
  name: string;
  description: string;
}

export const queueDefinitions: QueueDefinition[] = [];

export function queueDefinition(name: string): QueueDefinition {
  const found = queueDefinitions.find((queue) => queue.name === name);
  if (!found) throw new Error(`unknown queue ${name}`);
  return found;
}
