// Which ATS board a URL belongs to: the ATS and its board token (and, where the connector
// needs it, the board's site URL), read from the URL shapes each ATS publishes: hosted
// board pages, job pages, embed scripts and frames, and the public listing APIs. A URL
// that names no board (an ATS's own marketing site, a Workable job link without its
// account) is no board.
import { BOARD_TOKEN_PATTERN, BoardSpecError, workdayToken } from '../boards.ts';
import type { AtsId } from '../connector.ts';

/** A board as a page names it; not yet confirmed (see confirm-board.ts). */
export interface BoardCandidate {
  ats: AtsId;
  token: string;
  /** The site URL where the connector needs one (Workday; Lever EU; Personio .com; Teamtailor on a regional host); null otherwise. */
  url: string | null;
}

const TOKEN = new RegExp(BOARD_TOKEN_PATTERN);

// Path segments and subdomains that are an ATS's own pages, never a customer's board.
const GREENHOUSE_RESERVED = new Set(['embed', 'v1', 'api', 'boards', 'jobs', 'static', 'assets', 'favicon.ico', 'robots.txt']);
const PATH_RESERVED = new Set(['api', 'j', 'embed', 'static', 'assets', 'search', 'login', 'signup', 'robots.txt', 'favicon.ico', 'sitemap.xml', 'oneclick-ui', 'privacy', 'terms']);
const SUBDOMAIN_RESERVED = new Set(['www', 'app', 'api', 'apply', 'jobs', 'careers', 'career', 'blog', 'help', 'support', 'status', 'docs', 'developers', 'marketplace', 'partners', 'cdn', 'assets', 'static', 'login', 'auth', 'na', 'eu']);

const tokenOf = (value: string | undefined | null): string | null => {
  if (!value) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value).trim();
  } catch {
    return null;
  }
  return TOKEN.test(decoded) ? decoded : null;
};

const segmentsOf = (url: URL) => url.pathname.split('/').filter(Boolean);

/** The first path segment as a token, unless it is one of the ATS's own pages. */
const firstSegment = (url: URL, reserved: Set<string>): string | null => {
  const first = segmentsOf(url)[0];
  return first && !reserved.has(first.toLowerCase()) ? tokenOf(first) : null;
};

/** The customer's label of `{label}.{suffix}` (one label only), unless it is the ATS's own. */
const subdomainOf = (host: string, suffix: string): string | null => {
  if (!host.endsWith(`.${suffix}`)) return null;
  const label = host.slice(0, -suffix.length - 1);
  if (label.includes('.') || SUBDOMAIN_RESERVED.has(label)) return null;
  return tokenOf(label);
};

function greenhouse(url: URL, host: string): BoardCandidate | null {
  if (!/^(boards|job-boards)(\.eu)?\.greenhouse\.io$|^(boards-api|api)(\.eu)?\.greenhouse\.io$/.test(host)) return null;
  // The documented embeds: /embed/job_board?for=TOKEN, /embed/job_board/js?for=TOKEN, /embed/job_app?for=TOKEN&token=JOB.
  const named = tokenOf(url.searchParams.get('for'));
  if (named) return { ats: 'greenhouse', token: named, url: null };
  const segments = segmentsOf(url);
  if (segments[0] === 'v1' && segments[1] === 'boards') {
    const token = tokenOf(segments[2]);
    return token ? { ats: 'greenhouse', token, url: null } : null;
  }
  if (host.startsWith('boards-api') || host.startsWith('api')) return null;
  const token = firstSegment(url, GREENHOUSE_RESERVED);
  return token ? { ats: 'greenhouse', token, url: null } : null;
}

function lever(url: URL, host: string): BoardCandidate | null {
  const eu = /(^|\.)eu\.lever\.co$/.test(host);
  if (host === 'jobs.lever.co' || host === 'jobs.eu.lever.co') {
    const token = firstSegment(url, PATH_RESERVED);
    return token ? { ats: 'lever', token, url: eu ? `https://jobs.eu.lever.co/${encodeURIComponent(token)}` : null } : null;
  }
  if (host === 'api.lever.co' || host === 'api.eu.lever.co') {
    const segments = segmentsOf(url);
    const token = segments[0] === 'v0' && segments[1] === 'postings' ? tokenOf(segments[2]) : null;
    return token ? { ats: 'lever', token, url: eu ? `https://jobs.eu.lever.co/${encodeURIComponent(token)}` : null } : null;
  }
  return null;
}

function ashby(url: URL, host: string): BoardCandidate | null {
  if (host === 'jobs.ashbyhq.com') {
    const token = firstSegment(url, PATH_RESERVED);
    return token ? { ats: 'ashby', token, url: null } : null;
  }
  if (host === 'api.ashbyhq.com') {
    const segments = segmentsOf(url);
    const token = segments[0] === 'posting-api' && segments[1] === 'job-board' ? tokenOf(segments[2]) : null;
    return token ? { ats: 'ashby', token, url: null } : null;
  }
  return null;
}

/** Workday: the site URL (`https://{tenant}.wdN.myworkdayjobs.com/[locale/]{site}`) of any page or API URL of the site. */
function workday(url: URL, host: string): BoardCandidate | null {
  if (!/\.(myworkdayjobs|myworkdaysite)\.com$/.test(host)) return null;
  const segments = segmentsOf(url);
  let path: string[];
  if (segments[0] === 'wday' && segments[1] === 'cxs' && segments.length >= 4) {
    // The CXS API: /wday/cxs/{tenant}/{site}/...
    path = host.endsWith('myworkdaysite.com') ? ['recruiting', segments[2]!, segments[3]!] : [segments[3]!];
  } else {
    const locale = segments[0] && /^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(segments[0]) && segments.length > 1 ? [segments.shift()!] : [];
    if (segments[0] === 'recruiting') path = [...locale, ...segments.slice(0, 3)];
    else path = [...locale, ...segments.slice(0, 1)];
  }
  if (path.length === 0 || path.some((segment) => !segment || segment === 'job' || segment === 'wday')) return null;
  const site = `https://${host}/${path.join('/')}`;
  try {
    return { ats: 'workday', token: workdayToken(site), url: site };
  } catch (error) {
    if (error instanceof BoardSpecError) return null;
    throw error;
  }
}

function smartrecruiters(url: URL, host: string): BoardCandidate | null {
  if (host === 'careers.smartrecruiters.com' || host === 'jobs.smartrecruiters.com') {
    const token = firstSegment(url, PATH_RESERVED);
    return token ? { ats: 'smartrecruiters', token, url: null } : null;
  }
  if (host === 'api.smartrecruiters.com') {
    const segments = segmentsOf(url);
    const token = segments[0] === 'v1' && segments[1] === 'companies' ? tokenOf(segments[2]) : null;
    return token ? { ats: 'smartrecruiters', token, url: null } : null;
  }
  return null;
}

function workable(url: URL, host: string): BoardCandidate | null {
  if (host !== 'apply.workable.com') return null;
  const segments = segmentsOf(url);
  // The widget API: /api/v1/widget/accounts/{token} and /api/v3/accounts/{token}/jobs.
  if (segments[0] === 'api') {
    const at = segments.indexOf('accounts');
    const token = at > 0 ? tokenOf(segments[at + 1]) : null;
    return token ? { ats: 'workable', token, url: null } : null;
  }
  const token = firstSegment(url, PATH_RESERVED);
  return token ? { ats: 'workable', token, url: null } : null;
}

function subdomainBoard(url: URL, host: string): BoardCandidate | null {
  const recruitee = subdomainOf(host, 'recruitee.com');
  if (recruitee) return { ats: 'recruitee', token: recruitee.toLowerCase(), url: null };
  for (const suffix of ['jobs.personio.de', 'jobs.personio.com']) {
    const personio = subdomainOf(host, suffix);
    if (personio) return { ats: 'personio', token: personio.toLowerCase(), url: suffix.endsWith('.com') ? `https://${host}/` : null };
  }
  const bamboo = subdomainOf(host, 'bamboohr.com');
  // A BambooHR account's careers site (or its embed script); its other pages are the HR product.
  if (bamboo && /^\/(careers|jobs|js\/embed\.js)(\/|$)/.test(url.pathname)) return { ats: 'bamboohr', token: bamboo.toLowerCase(), url: null };
  const teamtailor = subdomainOf(host, 'teamtailor.com');
  if (teamtailor) return { ats: 'teamtailor', token: teamtailor.toLowerCase(), url: null };
  // Teamtailor's regional hosts ({token}.na.teamtailor.com): the connector reads the site from the URL.
  const regional = /^([a-z0-9-]+)\.(na|eu)\.teamtailor\.com$/.exec(host);
  if (regional && !SUBDOMAIN_RESERVED.has(regional[1]!)) return { ats: 'teamtailor', token: regional[1]!, url: `https://${host}` };
  return null;
}

const RECOGNIZERS = [greenhouse, lever, ashby, workday, smartrecruiters, workable, subdomainBoard];

/** The board `raw` belongs to, or null when it names none. */
export function boardFromUrl(raw: string): BoardCandidate | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  for (const recognize of RECOGNIZERS) {
    const board = recognize(url, host);
    if (board) return board;
  }
  return null;
}

export const boardKey = (board: Pick<BoardCandidate, 'ats' | 'token'>) => `${board.ats}:${board.token.toLowerCase()}`;

/** The distinct boards a list of URLs names, in first-seen order. */
export function boardsFromUrls(urls: Iterable<string>): BoardCandidate[] {
  const boards = new Map<string, BoardCandidate>();
  for (const url of urls) {
    const board = boardFromUrl(url);
    if (board && !boards.has(boardKey(board))) boards.set(boardKey(board), board);
  }
  return [...boards.values()];
}
