// Where a company's careers page is: links on its site whose text or path says "careers"
// in one of the languages employers write it in, the common paths to try when no link
// says so, and the pages a sitemap lists under such a path.
import { XMLParser } from 'fast-xml-parser';
import type { PageLink } from './page-refs.ts';

// Link texts that lead to a careers page (lowercase; matched as whole words or phrases).
const CAREERS_WORDS = [
  'careers', 'career', 'jobs', 'job openings', 'open positions', 'open roles', 'openings', 'join us', 'join our team', 'join the team',
  'work with us', 'work for us', "we're hiring", 'we are hiring', 'vacancies', 'hiring',
  'karriere', 'stellenangebote', 'stellen', 'offene stellen', 'jobs & karriere',
  'emplois', 'emploi', 'carrières', 'carrieres', 'carrière', 'recrutement', 'nous rejoindre', 'rejoignez-nous', 'offres d’emploi', "offres d'emploi",
  'empleo', 'empleos', 'trabaja con nosotros', 'únete', 'carreras', 'vacantes',
  'carreiras', 'trabalhe conosco', 'vagas',
  'lavora con noi', 'carriere', 'posizioni aperte',
  'werken bij', 'vacatures',
  'praca', 'kariera', 'oferty pracy',
  'jobb', 'karriär', 'lediga jobb', 'työpaikat', 'állások', 'kariyer', 'kariéra', 'volná místa',
  '採用', '採用情報', '求人', '채용', '招聘', '加入我们',
];

// Path segments of careers pages (lowercase, without slashes).
const CAREERS_SEGMENTS = new Set([
  'careers', 'career', 'jobs', 'job', 'join-us', 'joinus', 'join', 'work-with-us', 'hiring', 'open-positions', 'openings', 'vacancies',
  'karriere', 'stellenangebote', 'stellen', 'emplois', 'emploi', 'carrieres', 'carriere', 'recrutement', 'empleo', 'empleos', 'carreras',
  'trabaja-con-nosotros', 'carreiras', 'vagas', 'lavora-con-noi', 'werken-bij', 'vacatures', 'praca', 'kariera', 'jobb', 'karriar', 'kariyer',
]);

/** Paths tried on the site when no link says "careers", in this order. */
export const COMMON_CAREERS_PATHS = ['/careers', '/jobs'];

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const WORDS = new RegExp(`(^|[^\\p{L}])(${CAREERS_WORDS.map(escape).join('|')})($|[^\\p{L}])`, 'iu');
// Scripts without spaces between words (Japanese, Chinese, Korean) match anywhere.
const CJK = CAREERS_WORDS.filter((word) => /[\u3040-\u9fff\uac00-\ud7af]/.test(word));

export function saysCareers(text: string): boolean {
  const lowered = text.toLowerCase();
  return WORDS.test(lowered) || CJK.some((word) => lowered.includes(word));
}

export function careersPath(url: string): boolean {
  const { pathname, hostname } = new URL(url);
  const segments = pathname.toLowerCase().split('/').filter(Boolean).map((segment) => segment.replace(/\.(html?|php|aspx?)$/, ''));
  // careers.acme.com and jobs.acme.com are careers sites whatever their path.
  return segments.some((segment) => CAREERS_SEGMENTS.has(segment)) || /^(careers|jobs|karriere|join)\./.test(hostname);
}

/** The site a host belongs to, `www.` dropped (acme.com for www.acme.com, careers.acme.com too when the site is acme.com). */
export const siteHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** Whether `url` is on the company's own site (its host, or a subdomain of it). */
export function onSite(url: string, site: string): boolean {
  const host = siteHost(new URL(url).hostname);
  return host === site || host.endsWith(`.${site}`);
}

/**
 * The links of a page that lead to a careers page on the company's own site, best first:
 * a careers text and a careers path, then text alone, then path alone.
 */
export function careersLinks(links: PageLink[], site: string): string[] {
  const scored = new Map<string, number>();
  for (const link of links) {
    if (!onSite(link.url, site)) continue;
    const score = (saysCareers(link.text) ? 2 : 0) + (careersPath(link.url) ? 1 : 0);
    if (score > 0) scored.set(link.url, Math.max(score, scored.get(link.url) ?? 0));
  }
  return [...scored.entries()].sort((a, b) => b[1] - a[1]).map(([url]) => url);
}

export interface Sitemap {
  /** Page URLs (urlset). */
  pages: string[];
  /** Child sitemaps (sitemapindex). */
  sitemaps: string[];
}

const xml = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, isArray: (name) => name === 'url' || name === 'sitemap' });

/** The page and child-sitemap URLs of a sitemap document (sitemaps.org); empty for anything else. */
export function parseSitemap(text: string): Sitemap {
  let document: { urlset?: { url?: Array<{ loc?: unknown }> }; sitemapindex?: { sitemap?: Array<{ loc?: unknown }> } };
  try {
    document = xml.parse(text);
  } catch {
    return { pages: [], sitemaps: [] };
  }
  const locs = (entries: Array<{ loc?: unknown }> | undefined) =>
    (entries ?? []).map((entry) => (typeof entry.loc === 'string' ? entry.loc.trim() : '')).filter((loc) => /^https?:\/\//i.test(loc));
  return { pages: locs(document?.urlset?.url), sitemaps: locs(document?.sitemapindex?.sitemap) };
}

/** The `Sitemap:` lines of a robots.txt. */
export function robotsSitemaps(robots: string): string[] {
  return [...robots.matchAll(/^\s*sitemap\s*:\s*(\S+)/gim)].map((match) => match[1]!).filter((url) => /^https?:\/\//i.test(url));
}

/** The careers pages among a sitemap's pages on the company's site, shortest path first (the careers index before each job). */
export function careersPagesInSitemap(pages: string[], site: string): string[] {
  return pages
    .filter((page) => {
      try {
        return onSite(page, site) && careersPath(page);
      } catch {
        return false;
      }
    })
    .sort((a, b) => new URL(a).pathname.length - new URL(b).pathname.length);
}
