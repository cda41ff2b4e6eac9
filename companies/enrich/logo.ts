// The company's logo: the first candidate that loads as an image (a GET answering 200 with
// an image/* Content-Type, through robots.txt and the guard). Candidates, most deliberate
// first: the JSON-LD Organization logo, og:image, the Apple touch icon, the largest
// declared icon, and /favicon.ico when the page declares no icon at all (browsers ask
// for it by convention).
import type { SiteFetcher } from '../../crawlers/site-fetch.ts';
import { absoluteUrl, metaValue, type PageFacts } from './page-facts.ts';

/** Candidates tried at most: each costs a request. */
const MAX_CANDIDATES = 5;

export function logoCandidates(facts: PageFacts, jsonLdLogos: string[]): string[] {
  const resolve = (href: string | null | undefined) => (href ? absoluteUrl(href, facts.url) : null);
  const touch = facts.links.filter((link) => link.rel.includes('apple-touch-icon') || link.rel.includes('apple-touch-icon-precomposed'));
  const icons = facts.links
    .filter((link) => link.rel.includes('icon'))
    .sort((a, b) => iconSize(b.sizes) - iconSize(a.sizes));
  const candidates = [
    ...jsonLdLogos.map(resolve),
    resolve(metaValue(facts, 'og:image:secure_url') ?? metaValue(facts, 'og:image')),
    ...touch.map((link) => link.href),
    ...icons.map((link) => link.href),
    icons.length === 0 ? resolve('/favicon.ico') : null,
  ];
  return [...new Set(candidates.filter((url): url is string => url !== null))].slice(0, MAX_CANDIDATES);
}

function iconSize(sizes: string | null): number {
  const match = /(\d+)x(\d+)/i.exec(sizes ?? '');
  return match ? Number(match[1]) * Number(match[2]) : 0;
}

const isImage = (contentType: string) => contentType.startsWith('image/');

/** The first candidate that loads as an image, or null. */
export async function checkedLogo(fetcher: SiteFetcher, candidates: string[]): Promise<string | null> {
  for (const url of candidates) {
    const result = await fetcher.fetchResource(url, isImage, 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8');
    if (result.ok) return url;
  }
  return null;
}
