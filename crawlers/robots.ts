// robots.txt for company websites (RFC 9309), read with robots-parser and judged for our
// User-Agent's product token (crawlers/settings.ts SERVICE_AGENT), else the `*` group.
// What an answer means: 2xx is parsed; any other 4xx (none there) allows everything; 5xx
// and 429 disallow everything for now (the site cannot tell us, so we stay away until a
// later run); a transport failure means the site cannot be reached at all. Redirects are
// followed (up to five, as the RFC asks), each through the crawl client and its guard.
import robotsParserModule from 'robots-parser';
import { CrawlHttpError, type CrawlHttp } from './http.ts';
import { SERVICE_AGENT } from './settings.ts';

/** What robots-parser returns (its typings describe an ES default export; the package is CommonJS). */
interface ParsedRobots {
  isAllowed(url: string, userAgent?: string): boolean | undefined;
  getMatchingLineNumber(url: string, userAgent?: string): number;
}
const robotsParser = robotsParserModule as unknown as (url: string, contents: string) => ParsedRobots;

/** The RFC lets a crawler stop reading a robots.txt after 500 KiB. */
const MAX_ROBOTS_BYTES = 500 * 1024;
const MAX_ROBOTS_REDIRECTS = 5;
const REDIRECTS = [301, 302, 303, 307, 308];
/** Answers read rather than retried: redirects and the 4xx statuses (429 is left to the client's retries). */
const ACCEPTED = [...REDIRECTS, ...Array.from({ length: 100 }, (_, i) => 400 + i).filter((status) => status !== 429)];

export type RobotsVerdict =
  | { allowed: true }
  | { allowed: false; reason: 'robots_disallowed'; message: string }
  | { allowed: false; reason: 'unreachable'; message: string; status: number | null };

interface OriginRules {
  /** null: everything allowed (no robots.txt); else the parsed file. */
  robots: ParsedRobots | null;
  /** Set when the whole origin is off limits for now (5xx), with why. */
  blocked: string | null;
  /** Set when robots.txt could not be fetched at all (the origin is down). */
  unreachable: { message: string; status: number | null } | null;
}

/** The robots.txt rules of each origin a fetch touches, read once per instance. */
export class RobotsRules {
  private readonly http: CrawlHttp;
  private readonly productToken: string;
  private readonly origins = new Map<string, Promise<OriginRules>>();

  constructor(http: CrawlHttp, productToken = SERVICE_AGENT) {
    this.http = http;
    this.productToken = productToken;
  }

  /** Whether our crawler may fetch `url` (an absolute http(s) URL). */
  async check(url: string): Promise<RobotsVerdict> {
    const target = new URL(url);
    let rules = this.origins.get(target.origin);
    if (!rules) {
      rules = this.load(target.origin);
      this.origins.set(target.origin, rules);
    }
    const { robots, blocked, unreachable } = await rules;
    if (unreachable) return { allowed: false, reason: 'unreachable', ...unreachable };
    if (blocked) return { allowed: false, reason: 'robots_disallowed', message: blocked };
    if (!robots || robots.isAllowed(target.href, this.productToken) !== false) return { allowed: true };
    const line = robots.getMatchingLineNumber(target.href, this.productToken);
    return { allowed: false, reason: 'robots_disallowed', message: `${target.origin}/robots.txt disallows ${target.pathname} for ${this.productToken} (line ${line}).` };
  }

  private async load(origin: string): Promise<OriginRules> {
    let url = `${origin}/robots.txt`;
    for (let hop = 0; ; hop++) {
      let answer;
      try {
        answer = await this.http.request(url, { accept: ACCEPTED, headers: { accept: 'text/plain, */*;q=0.5' } });
      } catch (error) {
        if (!(error instanceof CrawlHttpError)) throw error;
        if (error.status !== null && (error.status >= 500 || error.status === 429)) {
          return { robots: null, unreachable: null, blocked: `${origin}/robots.txt answered HTTP ${error.status}; the site is treated as disallowing everything until it answers.` };
        }
        return { robots: null, blocked: null, unreachable: { message: `${origin}/robots.txt: ${error.message}`, status: error.status } };
      }
      if (REDIRECTS.includes(answer.status)) {
        const location = headerValue(answer.headers.location);
        if (!location || hop >= MAX_ROBOTS_REDIRECTS) return { robots: null, blocked: null, unreachable: null };
        url = new URL(location, url).href;
        continue;
      }
      // Any 4xx: "unavailable", and a crawler may then crawl without restriction.
      if (answer.status >= 400) return { robots: null, blocked: null, unreachable: null };
      const text = answer.body.subarray(0, MAX_ROBOTS_BYTES).toString('utf8');
      // The rules of the file apply to the origin asked about, wherever it was redirected.
      return { robots: robotsParser(`${origin}/robots.txt`, text), blocked: null, unreachable: null };
    }
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
