// crawl.plan (every minute): queues a crawl of every active board that is due. Claiming
// the boards (moving their next crawl on) and queueing their crawls commit together, so
// a crash between the two loses no crawl.
import { claimDueBoards } from '../db/boards.ts';
import { withTransaction } from '../db/pool.ts';
import { crawlBoardQueue, crawlPlanQueue } from '../lib/queues.ts';
import { defineWorker } from './worker.ts';

/** Boards queued per round at most; more wait for the next minute. */
const PER_ROUND = 1000;

export const crawlPlan = defineWorker(crawlPlanQueue, {
  async handle(_jobs, { pool, boss, logger }) {
    const queued = await withTransaction(pool, async (client) => {
      const ids = await claimDueBoards(client, PER_ROUND);
      for (const id of ids) await crawlBoardQueue.sendInTransaction(client, boss, { board_id: id }, { singletonKey: id });
      return ids.length;
    });
    if (queued > 0) logger.info({ queued }, 'crawls queued');
  },
});
