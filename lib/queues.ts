// The queue registry: every pg-boss queue the service uses, with its retry, backoff
// and expiry policy. API processes send by these names; workers/ hold the handlers.
import type { Queue } from 'pg-boss';

export interface QueueDefinition extends Omit<Queue, 'name'> {
  name: string;
  description: string;
}

export const queueDefinitions: QueueDefinition[] = [
  {
    name: 'maintenance.prune',
    description: 'Deletes expired rate-limit buckets, failed-authentication windows and idempotency keys.',
    // One run at a time is plenty; a missed run is caught up by the next.
    policy: 'singleton',
    retryLimit: 2,
    retryDelay: 60,
    expireInSeconds: 600,
  },
  {
    name: 'search.index',
    description:
      'Drains search_outbox into OpenSearch (when OPENSEARCH_URL is set): re-indexes changed jobs in batches, and builds the first index when there is none.',
    // At most one drain runs and one waits: any number of wake-ups collapse into one.
    policy: 'stately',
    retryLimit: 100,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    // A first build of a large index runs inside one job.
    expireInSeconds: 3600,
  },
  {
    name: 'geocode.location',
    description: "Resolves the raw location strings of written jobs into city, region, country and coordinates (the geocoder's resolver and cache).",
    policy: 'standard',
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 300,
  },
  {
    name: 'webhook.deliver',
    description: 'Delivers a signed webhook; transport failures and non-2xx answers are retried with backoff, under the same webhook id, until the 120-second deadline.',
    policy: 'standard',
    notify: true,
    retryLimit: 20,
    retryDelay: 1,
    retryBackoff: true,
    retryDelayMax: 30,
    expireInSeconds: 60,
  },
  // Auto Apply. The dead-letter queue comes first: the others name it.
  {
    name: 'apply.dead',
    description:
      'Ends an application whose browser job used up its retries (or whose worker kept dying): failed with worker_failed, or submitted with submission_unconfirmed when a submit may have gone out.',
    policy: 'standard',
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 60,
  },
  ...(['discover', 'fill', 'submit'] as const).map(
    (step): QueueDefinition => ({
      name: `apply.${step}`,
      description: {
        discover: 'Opens an application form in Chromium and reads the first step\'s fields.',
        fill: 'Replays the answered steps in a fresh browser context, fills the current one and reads the next step (or the form\'s corrections).',
        submit: 'Fills the last step and submits the application, then waits for the confirmation. Never clicks submit twice.',
      }[step],
      policy: 'standard',
      retryLimit: 2,
      retryDelay: 5,
      retryBackoff: true,
      // A step's own time limit (AUTO_APPLY_STEP_TIMEOUT_SECONDS) ends it well before this.
      expireInSeconds: 600,
      // A worker process that dies mid-step stops beating: the supervisor retries the job.
      heartbeatSeconds: 10,
      deadLetter: 'apply.dead',
      // The create hold waits on this job: wake a worker at once.
      notify: true,
    }),
  ),
  {
    name: 'apply.expire',
    description: "Ends an application whose step's answer window (answers_expire_at) passed unanswered: failed with answers_timeout.",
    policy: 'standard',
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 60,
  },
];

export function queueDefinition(name: string): QueueDefinition {
  const found = queueDefinitions.find((queue) => queue.name === name);
  if (!found) throw new Error(`unknown queue ${name}`);
  return found;
}
