// The careers page a site links to: an anchor whose text or path names careers or jobs
// (in the languages company sites commonly use), on the site itself or on an ATS it links
// to. A job-board search or a social network's jobs tab is not the company's careers page.
import type { PageAnchor } from './page-facts.ts';

const CAREERS_TEXT = /^(?:careers?|jobs?|join (?:us|our team|the team)|work (?:with|at|for) us|we(?:'|’)re hiring|open (?:positions|roles)|karriere|jobs (?:&|und) karriere|stellenangebote|offene stellen|carri[eè]res?|emplois?|empleo|trabaja con nosotros|carreiras|vacatures|werken bij|lavora con noi|opportunit[aà] di lavoro|kariera|praca|jobb|lediga jobb)$/i;
const CAREERS_PATH = /(?:^|\/)(?:careers?|jobs|join-us|joinus|work-with-us|karriere|stellenangebote|carrieres?|empleo|vacatures|werken-bij|lavora-con-noi)(?:\/|\.html?$|$)/i;
const NOT_CAREERS_HOST = /(?:^|\.)(?:linkedin\.com|indeed\.[a-z.]+|glassdoor\.[a-z.]+|facebook\.com|twitter\.com|x\.com|xing\.com|kununu\.com|stepstone\.[a-z.]+|monster\.[a-z.]+)$/;

/** The careers URL, or null when the page links to none. */
export function findCareersUrl(anchors: PageAnchor[]): string | null {
  let best: { url: string; score: number } | null = null;
  for (const anchor of anchors) {
    let url: URL;
    try {
      url = new URL(anchor.href);
    } catch {
      continue;
    }
    if (NOT_CAREERS_HOST.test(url.hostname)) continue;
    const byText = CAREERS_TEXT.test(anchor.text.replace(/[!.]+$/, '').trim());
    const byPath = CAREERS_PATH.test(url.pathname) || /^(?:careers|jobs|karriere)\./i.test(url.hostname);
    const score = (byText ? 2 : 0) + (byPath ? 1 : 0);
    if (score > 0 && (!best || score > best.score)) best = { url: url.href.replace(/#.*$/, ''), score };
  }
  return best?.url ?? null;
}
