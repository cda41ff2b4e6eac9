// The applicant's profile links: LinkedIn, GitHub, a portfolio and a personal website, from
// the text of the header and contact lines ("linkedin.com/in/zoe-mueller", "github.com/jn",
// "Portfolio: zoe.design") and from the document's hyperlinks. Each comes out as an absolute
// https URL: scheme added or made https, host in lower case, no trailing slash or
// punctuation. Pure.
import type { ProfileLinks } from '../profiles/profile.ts';

const LINKEDIN = /(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/(?:in|pub)\/[^\s,;|()<>"]+/i;
const GITHUB = /(?:https?:\/\/)?(?:www\.)?github\.com\/[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\/[^\s,;|()<>"]*)?/i;
const TLDS = 'com|net|org|io|dev|me|app|co|ai|design|art|studio|page|site|xyz|info|tech|blog|online|portfolio|website|eu|de|at|ch|fr|es|it|nl|be|uk|pl|pt|se|no|dk|fi|ie|cz|us|ca|mx|ar|br|cl|in|au|nz|jp|sg';
const URL = new RegExp(`(?<![@\\w.-])(?:https?:\\/\\/)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+(?:${TLDS})(?::\\d+)?(?:\\/[^\\s,;|()<>"]*)?(?![\\w@-])`, 'gi');
const PORTFOLIO_HOSTS = /(?:^|\.)(?:behance\.net|dribbble\.com|artstation\.com|carbonmade\.com|cargo\.site|adobe\.com|myportfolio\.com)$/i;
const PORTFOLIO_LABEL = /(?:portfolio|portafolio|portfólio|book|arbeitsproben|réalisations)\s*:?\s*$/i;

/** An absolute https URL, or null when the text is not one. */
export function normalizeUrl(raw: string): string | null {
  const trimmed = raw.trim().replace(/[.,;:!?)\]]+$/, '');
  if (!trimmed || /\s/.test(trimmed) || trimmed.includes('@')) return null;
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed.replace(/^http:\/\//i, 'https://') : `https://${trimmed}`;
  try {
    const url = new globalThis.URL(withScheme);
    if (!url.hostname.includes('.')) return null;
    url.protocol = 'https:';
    url.hash = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return null;
  }
}

function isLinkedin(url: string): boolean {
  return /^https:\/\/(?:[a-z]{2,3}\.)?linkedin\.com\/(?:in|pub)\//i.test(url);
}

function isGithub(url: string): boolean {
  return /^https:\/\/(?:www\.)?github\.com\/[^/]+/i.test(url);
}

/**
 * Reads links from `texts` (the lines where a person puts them) and `hyperlinks` (the
 * document's link targets; only LinkedIn and GitHub are taken from those alone, since any
 * employer's or school's site may be linked in the body).
 */
export function findLinks(texts: string[], hyperlinks: string[] = []): ProfileLinks {
  const links: ProfileLinks = {};
  const others: Array<{ url: string; portfolio: boolean }> = [];
  for (const text of texts) {
    const linkedin = LINKEDIN.exec(text);
    if (linkedin && !links.linkedin) links.linkedin = normalizeUrl(linkedin[0]);
    const github = GITHUB.exec(text);
    if (github && !links.github) links.github = normalizeUrl(github[0]);
    for (const match of text.matchAll(URL)) {
      const url = normalizeUrl(match[0]);
      if (!url || isLinkedin(url) || isGithub(url) || /linkedin\.com|github\.com/i.test(url)) continue;
      // A bare word with a dot that is a file or a technology, not a site ("Node.js" has no such TLD; "ASP.NET" is capitalised).
      if (!/^https?:|^www\./i.test(match[0]) && match[0] !== match[0].toLowerCase()) continue;
      const host = new globalThis.URL(url).hostname;
      const portfolio = PORTFOLIO_LABEL.test(text.slice(0, match.index)) || PORTFOLIO_HOSTS.test(host);
      if (!others.some((other) => other.url === url)) others.push({ url, portfolio });
    }
  }
  for (const raw of hyperlinks) {
    const url = normalizeUrl(raw);
    if (!url) continue;
    if (!links.linkedin && isLinkedin(url)) links.linkedin = url;
    if (!links.github && isGithub(url)) links.github = url;
  }
  const portfolio = others.find((other) => other.portfolio);
  if (portfolio) links.portfolio = portfolio.url;
  const website = others.find((other) => other !== portfolio);
  if (website) links.website = website.url;
  for (const key of Object.keys(links) as Array<keyof ProfileLinks>) if (!links[key]) delete links[key];
  return links;
}
