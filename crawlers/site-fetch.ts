// Fetching pages of a company's own website (enrichment, career-site discovery), on top of
// the crawl client (crawlers/http.ts: outbound guard, per-host politeness, time limit,
// size cap, CRAWL_ORIGINS, User-Agent). What this adds:
//   - robots.txt is honoured for every URL, redirect hops included (crawlers/robots.ts);
//   - redirects are followed, at most `maxRedirects`, each hop through the guard again;
//   - the answer must be HTML; its charset is decoded (Content-Type, BOM, <meta>);
//   - cookies set on the way are returned (technology detection reads their names);
//   - every outcome is a value: a page, or a typed failure — nothing throws for a site
//     that is down, refuses us or answers nonsense.
//
// Usage:
//   const fetcher = new SiteFetcher(siteHttpSettings(config));
//   try { const page = await fetcher.fetchPage('https://acme.com/'); if (page.ok) ... }
//   finally { fetcher.close(); }
// One fetcher per company (or per batch of lookups on the same sites): it keeps the
// robots.txt of each origin it met and a keep-alive connection pool.
//
// Outside tests the crawl client speaks https only; a plain-http website is therefore
// asked for over https (nearly every site redirects http to https anyway). Under
// CRAWL_ORIGINS or OUTBOUND_ALLOW_PRIVATE http is used as given.
import type { IncomingHttpHeaders } from 'node:http';
import iconv from 'iconv-lite';
import { literalAddressRefusal } from '../lib/outbound-guard.ts';
import type { Config } from '../lib/config.ts';
import { HostGates } from './host-gate.ts';
import { CrawlHttp, CrawlHttpError, type CrawlHttpSettings } from './http.ts';
import { RobotsRules } from './robots.ts';
import { crawlHttpSettings } from './settings.ts';

export interface SiteCookie {
  name: string;
  value: string;
}

/** An HTML page, after redirects. */
export interface SitePage {
  ok: true;
  /** The URL asked for. */
  url: string;
  /** The URL that answered (after redirects); relative links resolve against it (or a <base>). */
  finalUrl: string;
  status: number;
  /** The final answer's headers (lower-case names, as node gives them). */
  headers: IncomingHttpHeaders;
  /** The page, decoded to text. */
  html: string;
  /** Every cookie set along the way (redirect hops included). */
  cookies: SiteCookie[];
  /** The URLs that redirected, in order (empty when the first answer was the page). */
  redirects: string[];
}

/** A resource (an image) that answered 200 with an acceptable content type. */
export interface SiteResource {
  ok: true;
  url: string;
  finalUrl: string;
  contentType: string;
  bytes: number;
}

export type SiteFailureReason =
  /** Not an absolute http(s) URL (or a redirect to one that is not). */
  | 'invalid_url'
  /** robots.txt forbids it for our User-Agent, or robots.txt answered 5xx. */
  | 'robots_disallowed'
  /** Connection refused/reset, DNS failure, time limit, or the guard refused the address. */
  | 'unreachable'
  /** The answer is longer than the size cap. */
  | 'too_large'
  /** The answer is not HTML (a page) or not of the expected type (a resource). */
  | 'not_html'
  | 'wrong_type'
  /** More redirects than allowed, or a redirect without a Location. */
  | 'too_many_redirects'
  /** A final answer that is not 200–299 (404, 410, 500 after retries, ...). */
  | 'http_error';

export interface SiteFailure {
  ok: false;
  reason: SiteFailureReason;
  url: string;
  /** The HTTP status behind the failure, when there was one. */
  status: number | null;
  message: string;
}

export type SitePageResult = SitePage | SiteFailure;
export type SiteResourceResult = SiteResource | SiteFailure;

export interface SiteFetcherOptions {
  /** Redirects followed at most (default 5). */
  maxRedirects?: number;
  /** Shared host gates (politeness across fetchers of a process); a process-wide set by default. */
  gates?: HostGates;
}

/** Company pages are small; a larger answer is not a page we want. */
export const SITE_MAX_PAGE_BYTES = 5 * 1024 * 1024;
/** A site that has not answered in this long is treated as down. */
export const SITE_TIMEOUT_MS = 15_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Read rather than retried: redirects and 4xx other than 429 (5xx and 429 go through the client's retries first). */
const ACCEPTED_STATUSES = [...REDIRECT_STATUSES, ...Array.from({ length: 100 }, (_, i) => 400 + i).filter((status) => status !== 429)];
const HTML_TYPES = /^(?:text\/html|application\/xhtml\+xml)\b/i;
/** The size cap's wording in crawlers/http.ts (its TooLargeError reaches us only as a message). */
const TOO_LARGE = /longer than \d+ bytes/;

/** The crawl settings for company websites: the crawl's politeness, tighter limits, two attempts. */
export function siteHttpSettings(config: Config): CrawlHttpSettings {
  const crawl = crawlHttpSettings(config);
  return {
    ...crawl,
    timeoutMs: Math.min(crawl.timeoutMs, SITE_TIMEOUT_MS),
    maxResponseBytes: Math.min(crawl.maxResponseBytes, SITE_MAX_PAGE_BYTES),
    attempts: 2,
  };
}

let processGates: HostGates | null = null;

export class SiteFetcher {
  private readonly http: CrawlHttp;
  private readonly robots: RobotsRules;
  private readonly settings: CrawlHttpSettings;
  private readonly maxRedirects: number;

  constructor(settings: CrawlHttpSettings, options: SiteFetcherOptions = {}) {
    this.settings = settings;
    this.maxRedirects = options.maxRedirects ?? 5;
    const gates = options.gates ?? (processGates ??= new HostGates((host) => settings.hostLimits?.[host] ?? settings.hostLimit));
    this.http = new CrawlHttp(settings, gates);
    this.robots = new RobotsRules(this.http);
  }

  close(): void {
    this.http.close();
  }

  /** Requests made so far (robots.txt included). */
  get requests(): number {
    return this.http.requests;
  }

  /** An HTML page of a company website, or why not. */
  async fetchPage(url: string): Promise<SitePageResult> {
    const answer = await this.follow(url, 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5');
    if (!answer.ok) return answer;
    const contentType = headerValue(answer.headers['content-type']) ?? '';
    if (contentType ? !HTML_TYPES.test(contentType) : !looksLikeHtml(answer.body)) {
      return failure('not_html', url, answer.status, `${answer.finalUrl} is not an HTML page (${contentType || 'no Content-Type'}).`);
    }
    return {
      ok: true,
      url,
      finalUrl: answer.finalUrl,
      status: answer.status,
      headers: answer.headers,
      html: decodeHtml(answer.body, contentType),
      cookies: answer.cookies,
      redirects: answer.redirects,
    };
  }

  /** Whether `url` loads as a resource whose Content-Type passes `accepts` (e.g. an image). */
  async fetchResource(url: string, accepts: (contentType: string) => boolean, accept = '*/*'): Promise<SiteResourceResult> {
    const answer = await this.follow(url, accept);
    if (!answer.ok) return answer;
    const contentType = (headerValue(answer.headers['content-type']) ?? '').split(';')[0]!.trim().toLowerCase();
    if (answer.status !== 200 || !accepts(contentType)) {
      return failure('wrong_type', url, answer.status, `${answer.finalUrl} answered ${answer.status} ${contentType || 'without a Content-Type'}.`);
    }
    return { ok: true, url, finalUrl: answer.finalUrl, contentType, bytes: answer.body.length };
  }

  /** GETs `url`, following redirects through robots.txt and the guard, to a 2xx answer. */
  private async follow(url: string, accept: string): Promise<FollowedAnswer | SiteFailure> {
    let current: URL;
    try {
      current = this.reachable(new URL(url));
    } catch {
      return failure('invalid_url', url, null, `${JSON.stringify(url)} is not an absolute http(s) URL.`);
    }
    if (current.protocol !== 'http:' && current.protocol !== 'https:') return failure('invalid_url', url, null, `${url} is not an http(s) URL.`);
    const redirects: string[] = [];
    const cookies: SiteCookie[] = [];
    for (;;) {
      const refused = this.literalRefused(current);
      if (refused) return failure('unreachable', url, null, refused);
      const verdict = await this.robots.check(current.href);
      if (!verdict.allowed) return failure(verdict.reason, url, verdict.reason === 'unreachable' ? verdict.status : null, verdict.message);
      let answer;
      try {
        answer = await this.http.request(current.href, { accept: ACCEPTED_STATUSES, headers: { accept, 'accept-language': 'en;q=1, *;q=0.5' } });
      } catch (error) {
        if (!(error instanceof CrawlHttpError)) throw error;
        if (TOO_LARGE.test(error.message)) return failure('too_large', url, null, `${current.href}: ${error.message}`);
        return failure(error.status === null ? 'unreachable' : 'http_error', url, error.status, error.message);
      }
      cookies.push(...parseSetCookies(answer.headers['set-cookie']));
      if (REDIRECT_STATUSES.has(answer.status)) {
        const location = headerValue(answer.headers.location);
        if (!location) return failure('too_many_redirects', url, answer.status, `${current.href} answered ${answer.status} without a Location.`);
        if (redirects.length >= this.maxRedirects) return failure('too_many_redirects', url, answer.status, `More than ${this.maxRedirects} redirects from ${url}.`);
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          return failure('invalid_url', url, answer.status, `${current.href} redirects to an unreadable Location ${JSON.stringify(location)}.`);
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') return failure('invalid_url', url, answer.status, `${current.href} redirects to ${next.protocol} URL.`);
        redirects.push(current.href);
        current = this.reachable(next);
        continue;
      }
      if (answer.status >= 400) return failure('http_error', url, answer.status, `${current.href} answered HTTP ${answer.status}.`);
      return { ok: true, finalUrl: current.href, status: answer.status, headers: answer.headers, body: answer.body, cookies, redirects };
    }
  }

  /** An IP literal outside the public internet, refused before robots.txt is asked for (CrawlHttp refuses it too). */
  private literalRefused(url: URL): string | null {
    return this.http.target(url.href).href !== url.href ? null : literalAddressRefusal(url.hostname, this.settings);
  }

  /** The URL as the crawl client can ask for it: plain http only where it may (see the head comment). */
  private reachable(url: URL): URL {
    if (url.protocol !== 'http:' || this.settings.allowPrivate || this.http.target(url.href).href !== url.href) return url;
    const secure = new URL(url.href);
    secure.protocol = 'https:';
    return secure;
  }
}

interface FollowedAnswer {
  ok: true;
  finalUrl: string;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  cookies: SiteCookie[];
  redirects: string[];
}

function failure(reason: SiteFailureReason, url: string, status: number | null, message: string): SiteFailure {
  return { ok: false, reason, url, status, message };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Name and value of each Set-Cookie header (attributes dropped). */
export function parseSetCookies(headers: string[] | undefined): SiteCookie[] {
  const cookies: SiteCookie[] = [];
  for (const header of headers ?? []) {
    const pair = header.split(';', 1)[0]!;
    const equals = pair.indexOf('=');
    if (equals <= 0) continue;
    cookies.push({ name: pair.slice(0, equals).trim(), value: pair.slice(equals + 1).trim() });
  }
  return cookies;
}

/** An answer without a Content-Type is taken as HTML when it starts like HTML. */
function looksLikeHtml(body: Buffer): boolean {
  return /^\s*(?:<!doctype html|<html|<head|<!--)/i.test(body.subarray(0, 512).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, ''));
}

const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i;

/**
 * The page's text: the charset of the Content-Type, else a byte-order mark, else a <meta>
 * charset within the first 4 KiB (the HTML prescan reads 1 KiB; real pages put it later
 * sometimes), else UTF-8. An unknown charset name falls back to UTF-8.
 */
export function decodeHtml(body: Buffer, contentType: string): string {
  let charset = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  if (!charset) {
    if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) charset = 'utf-8';
    else if (body[0] === 0xff && body[1] === 0xfe) charset = 'utf-16le';
    else if (body[0] === 0xfe && body[1] === 0xff) charset = 'utf-16be';
    else charset = META_CHARSET.exec(body.subarray(0, 4096).toString('latin1'))?.[1];
  }
  // HTML says a page labelled ISO-8859-1 or ASCII is read as windows-1252.
  if (charset && /^(?:iso-8859-1|latin1|us-ascii|ascii)$/i.test(charset)) charset = 'windows-1252';
  const name = charset && iconv.encodingExists(charset) ? charset : 'utf-8';
  return iconv.decode(body, name).replace(/^\uFEFF/, '');
}
