// company.discover: career-site discovery of one company (crawlers/discovery/discover.ts),
// or the confirmation of a board seen in a posting. A run that found nothing is recorded
// and ends; one the site or an ATS could not answer fails, so pg-boss asks again later.
import { confirmLinkedBoard, discoverCareerSite, discoveryDeps, DiscoveryRefused } from '../crawlers/discovery/discover.ts';
import { isAtsId } from '../crawlers/connector.ts';
import { companyDiscoverQueue } from '../lib/queues.ts';
import { defineWorker } from './worker.ts';

export const companyDiscover = defineWorker(companyDiscoverQueue, {
  work: { localConcurrency: 2 },
  async handle(jobs, { config, pool, boss, logger }) {
    const deps = discoveryDeps(config, pool, boss, logger);
    for (const job of jobs) {
      const data = job.data;
      if ('company_id' in data) {
        try {
          const result = await discoverCareerSite(deps, data.company_id);
          if (result.retryable) throw new Error(`Discovery of company ${data.company_id} ended ${result.outcome}; the site or an ATS did not answer, so it is tried again.`);
        } catch (error) {
          // A company that is gone, sandbox or disabled: nothing to retry.
          if (!(error instanceof DiscoveryRefused)) throw error;
          logger.info({ company_id: data.company_id, reason: error.message }, 'career-site discovery skipped');
        }
      } else {
        const { ats, token, url } = data.board;
        if (!isAtsId(ats)) {
          logger.warn({ ats, token }, 'board confirmation for an unknown ATS dropped');
          continue;
        }
        const result = await confirmLinkedBoard(deps, { ats, token, url });
        if (result.status === 'unavailable') throw new Error(`The ${ats} API did not answer for board ${token}: ${result.message}`);
      }
    }
  },
});
