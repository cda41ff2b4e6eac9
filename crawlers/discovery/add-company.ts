// A company added by its website (`company add`): found by the website's host when we
// know it already, else created (keyed `website:<host>`); its enrichment and its
// career-site discovery are queued in the same transaction.
import type { PgBoss } from '../../db/boss.ts';
import { findCompanyByWebsiteHost, upsertCompanies } from '../../db/companies.ts';
import { withTransaction, type Pool } from '../../db/pool.ts';
import { companyEnrichQueue } from '../../lib/queues.ts';
import { siteHost } from './careers-links.ts';
import { queueCompanyDiscovery } from './seeds.ts';

/** A website that cannot be a company's; the message says why. */
export class WebsiteError extends Error {
  override name = 'WebsiteError';
}

/** The site's home page URL (`https://acme.com/`) of what an operator typed. */
export function companyWebsite(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new WebsiteError(`The website must be an absolute http(s) URL such as https://acme.com, got ${JSON.stringify(raw)}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new WebsiteError('The website must be an http(s) URL.');
  if (url.username || url.password) throw new WebsiteError('The website must not carry a user name or password.');
  if (!url.hostname.includes('.')) throw new WebsiteError(`The website's host must be a domain name, got ${JSON.stringify(url.hostname)}.`);
  return new URL(url.origin + '/');
}

export interface AddedCompany {
  company_id: string;
  created: boolean;
  /** The queued enrichment job; null when one is queued or running already. */
  enrichment_job_id: string | null;
  /** The queued discovery job; null when the company needs none (a careers site is known) or one is queued already. */
  discovery_job_id: string | null;
}

export async function addCompanyByWebsite(pool: Pool, boss: PgBoss, input: { website: string; name?: string | null }): Promise<AddedCompany> {
  const website = companyWebsite(input.website);
  const host = siteHost(website.hostname);
  return withTransaction(pool, async (client) => {
    // One company per site: adding the same site twice finds the first.
    const known = await findCompanyByWebsiteHost(client, host);
    const sourceKey = `website:${host}`;
    const id = known ?? (await upsertCompanies(client, [{ source_key: sourceKey, name: input.name?.trim() || host, website: website.href }])).get(sourceKey)!;
    const enrichment = await companyEnrichQueue.sendInTransaction(client, boss, { company_id: id }, { singletonKey: id });
    const discovery = await queueCompanyDiscovery(client, boss, id, { inTransaction: true });
    return { company_id: id, created: !known, enrichment_job_id: enrichment, discovery_job_id: discovery };
  });
}
