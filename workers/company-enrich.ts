// company.enrich: one enrichment of one company from its website (companies/enrich/), then
// its career-site discovery queued when it has no confirmed careers site yet.
// A site that is down or refuses us is a recorded outcome (enrich_status), not a failed
// job; only an error outside the site (the database) fails it, for pg-boss to retry.
// company.enrich-plan (hourly, crawlers/schedule.ts): queues the companies that are due.
// Claiming them (moving next_enrich_at on) and queueing their runs commit together.
import { claimCompaniesDueForEnrichment } from '../db/companies.ts';
import { withTransaction } from '../db/pool.ts';
import { CompanyNotFoundError, enrichCompany } from '../companies/enrich/enrich.ts';
import { siteHttpSettings } from '../crawlers/site-fetch.ts';
import { queueCompanyDiscovery } from '../crawlers/discovery/seeds.ts';
import { companyEnrichPlanQueue, companyEnrichQueue } from '../lib/queues.ts';
import { defineWorker } from './worker.ts';

/** Companies queued per round at most; more wait for the next round. */
const PER_ROUND = 500;
/** How long a claimed company waits before it may be planned again, should its run be lost. */
const LEASE_MINUTES = 6 * 60;

export const companyEnrich = defineWorker(companyEnrichQueue, {
  work: { localConcurrency: 4 },
  async handle(jobs, { config, pool, boss, logger }) {
    const http = siteHttpSettings(config);
    for (const job of jobs) {
      try {
        const report = await enrichCompany({ pool, http }, job.data.company_id);
        logger.info({ company_id: report.company_id, status: report.status, changed: report.changed }, 'company enriched');
        // A site that answered is worth walking for its careers site, if none is confirmed yet
        // (imports and ingestion add companies by website; every one is enriched, then this).
        if (report.status === 'ok') await queueCompanyDiscovery(pool, boss, report.company_id);
      } catch (error) {
        // A company deleted (or never there) is nothing to retry.
        if (error instanceof CompanyNotFoundError) logger.warn({ company_id: job.data.company_id, err: error.message }, 'company enrichment skipped');
        else throw error;
      }
    }
  },
});

export const companyEnrichPlan = defineWorker(companyEnrichPlanQueue, {
  async handle(_jobs, { pool, boss, logger }) {
    const queued = await withTransaction(pool, async (client) => {
      const ids = await claimCompaniesDueForEnrichment(client, PER_ROUND, LEASE_MINUTES);
      for (const id of ids) await companyEnrichQueue.sendInTransaction(client, boss, { company_id: id }, { singletonKey: id });
      return ids.length;
    });
    if (queued > 0) logger.info({ queued }, 'company enrichments queued');
  },
});
