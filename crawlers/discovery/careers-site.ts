// The walk from a company's home page to the ATS boards its careers site names: the home
// page's own ATS links and embeds first; then the careers pages its links lead to (and
// one level of careers links below them); then the common careers paths; then the careers
// pages its sitemap lists. Boards are yielded as they are found, so the caller confirms
// each one and stops the walk at the first that is real. A fixed page budget bounds it.
import { boardFromUrl, boardKey, type BoardCandidate } from './ats-links.ts';
import { COMMON_CAREERS_PATHS, careersLinks, careersPagesInSitemap, onSite, parseSitemap, robotsSitemaps, siteHost } from './careers-links.ts';
import { pageRefs, type PageRefs } from './page-refs.ts';
import type { SiteReader } from './site-reader.ts';

export interface FoundBoard {
  board: BoardCandidate;
  /** The careers page that leads to the board (on the company's site, or the ATS page it links to). */
  careers_url: string;
  /** The page the board was named on. */
  found_on: string;
}

export interface WalkReport {
  /** The home page's failure, when it did not load. */
  home_failure: { reason: string; status: number | null; message: string } | null;
  /** Every page asked for, with what came of it. */
  pages: Array<{ url: string; result: string }>;
  /** Pages that loaded and look like careers pages (by link text or path), in the order read. */
  careers_pages: string[];
}

export interface WalkLimits {
  /** HTML pages read at most, the home page included. */
  maxPages: number;
  /** Sitemap documents read at most. */
  maxSitemaps: number;
}

export const DEFAULT_WALK_LIMITS: WalkLimits = { maxPages: 10, maxSitemaps: 4 };

const pageKey = (url: string) => {
  const parsed = new URL(url);
  return `${siteHost(parsed.hostname)}${parsed.pathname.replace(/\/+$/, '')}${parsed.search}`;
};

export async function* careersBoards(reader: SiteReader, website: string, report: WalkReport, limits: WalkLimits = DEFAULT_WALK_LIMITS): AsyncGenerator<FoundBoard, void, void> {
  const visited = new Set<string>();
  const yielded = new Set<string>();
  let pagesRead = 0;

  const read = async (url: string) => {
    visited.add(pageKey(url));
    pagesRead++;
    const page = await reader.page(url);
    report.pages.push({ url, result: page.ok ? (page.redirects.length ? `read (from ${page.finalUrl})` : 'read') : `${page.reason}${page.status ? ` ${page.status}` : ''}` });
    if (page.ok) visited.add(pageKey(page.finalUrl));
    return page;
  };

  /** The boards a page names, each once over the walk. */
  function* boardsOn(refs: PageRefs, pageUrl: string, careersUrl: (named: string, isLink: boolean) => string): Generator<FoundBoard> {
    const named = [...refs.links.map((link) => ({ url: link.url, isLink: true })), ...refs.resources.map((url) => ({ url, isLink: false }))];
    for (const { url, isLink } of named) {
      const board = boardFromUrl(url);
      if (!board || yielded.has(boardKey(board))) continue;
      yielded.add(boardKey(board));
      yield { board, careers_url: careersUrl(url, isLink), found_on: pageUrl };
    }
  }

  const home = await read(website);
  if (!home.ok) {
    report.home_failure = { reason: home.reason, status: home.status, message: home.message };
    return;
  }
  const site = siteHost(new URL(home.finalUrl).hostname);
  const origin = new URL(home.finalUrl).origin;
  const homeRefs = pageRefs(home.html, home.finalUrl);
  // A link straight to the ATS is the careers page; a board embedded in the home page makes it one.
  yield* boardsOn(homeRefs, home.finalUrl, (url, isLink) => (isLink ? url : home.finalUrl));

  async function* visit(url: string, depth: number): AsyncGenerator<FoundBoard, void, void> {
    if (visited.has(pageKey(url)) || pagesRead >= limits.maxPages) return;
    const page = await read(url);
    if (!page.ok) return;
    // Redirected to the ATS (a /careers that forwards to jobs.lever.co/acme): that is the board.
    const redirectedTo = boardFromUrl(page.finalUrl);
    if (redirectedTo && !yielded.has(boardKey(redirectedTo))) {
      yielded.add(boardKey(redirectedTo));
      yield { board: redirectedTo, careers_url: url, found_on: url };
    }
    report.careers_pages.push(page.finalUrl);
    const refs = pageRefs(page.html, page.finalUrl);
    yield* boardsOn(refs, page.finalUrl, () => page.finalUrl);
    if (depth < 2) for (const next of careersLinks(refs.links, site)) yield* visit(next, depth + 1);
  }

  for (const url of careersLinks(homeRefs.links, site)) yield* visit(url, 1);
  for (const path of COMMON_CAREERS_PATHS) yield* visit(new URL(path, origin).href, 1);
  if (pagesRead >= limits.maxPages) return;
  for (const url of await sitemapCareersPages(reader, origin, site, limits.maxSitemaps, report)) yield* visit(url, 1);
}

/** The careers pages a site's sitemaps list (robots.txt's Sitemap lines, else /sitemap.xml; one level of sitemap index). */
async function sitemapCareersPages(reader: SiteReader, origin: string, site: string, maxSitemaps: number, report: WalkReport): Promise<string[]> {
  const robots = await reader.text(new URL('/robots.txt', origin).href);
  const declared = robots ? robotsSitemaps(robots).filter((url) => onSite(url, site)) : [];
  const queue = declared.length ? declared : [new URL('/sitemap.xml', origin).href];
  const pages: string[] = [];
  for (let read = 0; queue.length > 0 && read < maxSitemaps; read++) {
    const url = queue.shift()!;
    const text = await reader.text(url);
    report.pages.push({ url, result: text === null ? 'not read' : 'sitemap' });
    if (text === null) continue;
    const sitemap = parseSitemap(text);
    pages.push(...sitemap.pages);
    // Child sitemaps whose name says careers or jobs first.
    const children = sitemap.sitemaps.filter((child) => onSite(child, site));
    queue.push(...children.filter((child) => /career|job|karriere|emploi|empleo/i.test(child)), ...children.filter((child) => !/career|job|karriere|emploi|empleo/i.test(child)));
  }
  return careersPagesInSitemap(pages, site).slice(0, 3);
}
