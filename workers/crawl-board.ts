// crawl.board: one crawl of one board (crawlers/crawl.ts). A crawl that failed is recorded
// and the job ends; the planner's next round tries again, so a board that is down does not
// hold a worker in retries. Only an error outside the crawl (the database) fails the job.
import { crawlBoard } from '../crawlers/crawl.ts';
import { crawlDeps } from '../crawlers/settings.ts';
import { crawlBoardQueue } from '../lib/queues.ts';
import { defineWorker } from './worker.ts';

export const crawlBoardWorker = defineWorker(crawlBoardQueue, {
  work: (config) => ({ localConcurrency: config.crawl.concurrency }),
  async handle(jobs, { config, pool, boss, logger }) {
    const deps = crawlDeps(config, pool, boss, logger);
    for (const job of jobs) await crawlBoard(deps, job.data.board_id);
  },
});
