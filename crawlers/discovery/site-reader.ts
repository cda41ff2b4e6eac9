// How discovery reads a company's site: HTML pages through the site fetcher (robots.txt,
// redirects, guard, limits: crawlers/site-fetch.ts), and the plain-text documents a site
// describes itself with (robots.txt's Sitemap lines, sitemaps) through the same client
// rules, robots.txt honoured.
import { CrawlHttp, CrawlHttpError, type CrawlHttpSettings } from '../http.ts';
import type { HostGates } from '../host-gate.ts';
import { RobotsRules } from '../robots.ts';
import { SiteFetcher, type SitePageResult } from '../site-fetch.ts';

export interface SiteReader {
  page(url: string): Promise<SitePageResult>;
  /** A text document that answered 200, or null (missing, forbidden by robots.txt, unreachable). */
  text(url: string): Promise<string | null>;
  close(): void;
}

const READ_NOT_RETRIED = Array.from({ length: 200 }, (_, i) => 300 + i).filter((status) => status !== 429);

export function siteReader(settings: CrawlHttpSettings, gates: HostGates): SiteReader {
  const fetcher = new SiteFetcher(settings, { gates });
  const http = new CrawlHttp(settings, gates);
  const robots = new RobotsRules(http);
  return {
    page: (url) => fetcher.fetchPage(url),
    async text(url) {
      if (!(await robots.check(url)).allowed) return null;
      try {
        const answer = await http.request(url, { accept: READ_NOT_RETRIED, headers: { accept: 'application/xml, text/xml, text/plain;q=0.9, */*;q=0.5' } });
        return answer.status === 200 ? answer.body.toString('utf8') : null;
      } catch (error) {
        if (error instanceof CrawlHttpError) return null;
        throw error;
      }
    },
    close() {
      fetcher.close();
      http.close();
    },
  };
}
