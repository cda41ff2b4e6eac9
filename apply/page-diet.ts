// What an application form does not need is never fetched: images, media and fonts, and
// everything from well-known analytics and advertising hosts. Reading, filling and
// submitting a form needs its document, scripts and stylesheets only; stylesheets stay,
// because what is visible (honeypots moved off screen, steps hidden until reached)
// depends on them. Blocking happens in the browser: one CDP session on the browser
// target intercepts only requests that match these patterns, in every context, page and
// cross-site frame, so every other request goes through untouched, without a round trip
// to Node, and there is no per-page set-up.
import type { Browser, CDPSession } from 'playwright-core';

/** CDP resource types a form never needs: their bytes are decoded and painted, never read. */
export const BLOCKED_RESOURCE_TYPES = ['Image', 'Media', 'Font'] as const;

/**
 * Analytics and advertising hosts (and their subdomains) whose page snippets queue calls
 * until the script arrives (`dataLayer`, `gtag`, `fbq`, `hj`, `analytics`, ...), so pages
 * run without them, as they do for people with a content blocker. Error reporters and
 * consent managers are left alone: pages call those directly.
 */
export const TRACKER_HOSTS = [
  'google-analytics.com',
  'analytics.google.com',
  'googletagmanager.com',
  'doubleclick.net',
  'googleadservices.com',
  'googlesyndication.com',
  'connect.facebook.net',
  'hotjar.com',
  'hotjar.io',
  'segment.com',
  'segment.io',
  'fullstory.com',
  'clarity.ms',
  'snap.licdn.com',
  'px.ads.linkedin.com',
  'bat.bing.com',
  'heapanalytics.com',
  'mxpnl.com',
  'mixpanel.com',
  'amplitude.com',
  'mouseflow.com',
  'quantserve.com',
  'adroll.com',
  'analytics.tiktok.com',
  'static.ads-twitter.com',
] as const;

export function isTrackerHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return TRACKER_HOSTS.some((tracker) => host === tracker || host.endsWith(`.${tracker}`));
}

/**
 * Whether a request is left out. Documents never are: a navigation may pass through a
 * tracking redirect on its way to the form.
 */
export function isBlocked(url: string, resourceType: string): boolean {
  if (resourceType === 'Document') return false;
  if ((BLOCKED_RESOURCE_TYPES as readonly string[]).includes(resourceType)) return true;
  try {
    return isTrackerHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

// Fetch patterns are globs over the whole URL, so a host pattern can also match a URL that
// only mentions the host in its query; isBlocked decides on the parsed host.
const PATTERNS = [
  ...BLOCKED_RESOURCE_TYPES.map((resourceType) => ({ resourceType })),
  ...TRACKER_HOSTS.flatMap((host) => [{ urlPattern: `*://${host}/*` }, { urlPattern: `*://*.${host}/*` }]),
];

/** Counts of what the diet did since the browser started (the benchmark prints them). */
export interface DietCounts {
  blocked: number;
  passed: number;
}

/**
 * Starts blocking in every page the browser opens from now on. The session lives as long
 * as the browser; a request whose page closed meanwhile needs no answer.
 */
export async function applyPageDiet(browser: Browser): Promise<DietCounts> {
  const counts: DietCounts = { blocked: 0, passed: 0 };
  const session: CDPSession = await browser.newBrowserCDPSession();
  session.on('Fetch.requestPaused', (event) => {
    const { requestId } = event;
    if (isBlocked(event.request.url, event.resourceType)) {
      counts.blocked += 1;
      session.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' }).catch(() => {});
    } else {
      counts.passed += 1;
      session.send('Fetch.continueRequest', { requestId }).catch(() => {});
    }
  });
  await session.send('Fetch.enable', { patterns: PATTERNS });
  return counts;
}
