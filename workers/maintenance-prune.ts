// maintenance.prune: deletes what has outlived its purpose: rate-limit buckets older
// than the day window (their day counts kept in usage_daily for the portal's chart),
// portal sessions that expired or whose key did, expired failed-authentication windows, idempotency keys past
// their 24 hours, and H-1B sponsorship whose certified cases are no longer recent. Runs
// on the cron schedule; safe to run any number of times.
import { FAILURE_POLICY, pruneAuthFailures } from '../db/auth-failures.ts';
import { expireFilingsSponsorship } from '../db/h1b-filings.ts';
import { pruneIdempotencyKeys } from '../db/idempotency.ts';
import { prunePortalSessions } from '../db/portal-sessions.ts';
import { pruneRateLimitCounters } from '../db/rate-limits.ts';
import { clock } from '../lib/clock.ts';
import { maintenancePruneQueue } from '../lib/queues.ts';
import { defineWorker } from './worker.ts';

export const maintenancePrune = defineWorker(maintenancePruneQueue, {
  async handle(_jobs, { pool, logger }) {
    const now = clock.now();
    const deleted = {
      rate_limit_counters: await pruneRateLimitCounters(pool, now),
      auth_failures: await pruneAuthFailures(pool, now, FAILURE_POLICY.windowMs),
      idempotency_keys: await pruneIdempotencyKeys(pool, now),
      portal_sessions: await prunePortalSessions(pool, now),
      h1b_sponsorship: await expireFilingsSponsorship(pool),
    };
    logger.info({ deleted }, 'pruned expired rows');
  },
});
