// A company's own profiles on other platforms, from JSON-LD sameAs first and the site's
// links (header, footer) after: one URL per platform of spec 2.6, only when the URL is a
// profile (a share button, a post, a video or a person is not the company's profile).
// URLs are kept as the site gives them, made https, without query, fragment or trailing
// slash (Facebook's profile.php?id= keeps its id).
//
// "the service" (a platform spec 2.6 lists by the service's own name) has no host to
// recognise, so it is never filled from a website. Crunchbase is no social_links
// platform; its URL goes to crunchbase_url.
import { SOCIAL_PLATFORMS, type SocialPlatform } from '../../lib/social-platforms.ts';

export interface ProfileLinks {
  social: Partial<Record<SocialPlatform, string>>;
  crunchbase: string | null;
  /** LinkedIn's numeric company id, when the LinkedIn URL uses it. */
  linkedinCompanyId: string | null;
}

type Platform = SocialPlatform | 'crunchbase';

interface Rule {
  platform: Platform;
  host: RegExp;
  /** The path (and for some, the query) of a profile. */
  profile: (segments: string[], url: URL) => boolean;
}

const HANDLE = /^@?[\w.-]{1,100}$/;
const one = (test: (first: string) => boolean) => (segments: string[]) => segments.length === 1 && test(segments[0]!);
const TWITTER_RESERVED = new Set(['share', 'intent', 'home', 'search', 'hashtag', 'i', 'login', 'signup', 'tos', 'privacy', 'explore', 'settings', 'messages', 'notifications']);
const FACEBOOK_RESERVED = new Set(['sharer', 'sharer.php', 'share.php', 'dialog', 'plugins', 'tr', 'login', 'watch', 'events', 'groups', 'photo.php', 'story.php', 'hashtag']);
const INSTAGRAM_RESERVED = new Set(['p', 'reel', 'reels', 'explore', 'stories', 'accounts', 'tv']);
const GITHUB_RESERVED = new Set(['sponsors', 'features', 'login', 'join', 'about', 'pricing', 'marketplace', 'topics', 'search', 'orgs', 'apps', 'settings', 'enterprise']);
const PINTEREST_RESERVED = new Set(['pin', 'search', 'ideas', 'today', 'business']);

const RULES: Rule[] = [
  { platform: 'linkedin', host: /(?:^|\.)linkedin\.com$/, profile: (s) => s.length >= 2 && ['company', 'school', 'showcase'].includes(s[0]!) && s[1] !== '' },
  { platform: 'twitter', host: /^(?:(?:www|mobile)\.)?(?:twitter|x)\.com$/, profile: one((first) => /^\w{1,15}$/.test(first) && !TWITTER_RESERVED.has(first.toLowerCase())) },
  {
    platform: 'facebook',
    host: /^(?:(?:www|m|web|business)\.)?(?:facebook\.com|fb\.com|fb\.me)$/,
    profile: (s, url) =>
      (s.length === 1 && !FACEBOOK_RESERVED.has(s[0]!.toLowerCase()) && (s[0] !== 'profile.php' || /^\d+$/.test(url.searchParams.get('id') ?? ''))) || (s[0] === 'pages' && s.length >= 2),
  },
  { platform: 'instagram', host: /^(?:www\.)?instagram\.com$/, profile: one((first) => HANDLE.test(first) && !INSTAGRAM_RESERVED.has(first.toLowerCase())) },
  { platform: 'youtube', host: /^(?:(?:www|m)\.)?youtube\.com$/, profile: (s) => (s.length === 1 && /^@[\w.-]+$/.test(s[0]!)) || (s.length === 2 && ['channel', 'c', 'user'].includes(s[0]!)) },
  { platform: 'github', host: /^(?:www\.)?github\.com$/, profile: one((first) => /^[\w-]+$/.test(first) && !GITHUB_RESERVED.has(first.toLowerCase())) },
  { platform: 'g2', host: /^(?:www\.)?g2\.com$/, profile: (s) => s[0] === 'products' && s.length >= 2 },
  { platform: 'angellist', host: /^(?:www\.)?(?:angel\.co|wellfound\.com)$/, profile: (s) => s[0] === 'company' && s.length >= 2 },
  { platform: 'tiktok', host: /^(?:www\.)?tiktok\.com$/, profile: one((first) => /^@[\w.-]+$/.test(first)) },
  { platform: 'glassdoor', host: /(?:^|\.)glassdoor\.[a-z.]+$/, profile: (s) => ['Overview', 'Reviews', 'Jobs', 'Salaries'].includes(s[0]!) && s.length >= 2 },
  { platform: 'xing', host: /^(?:www\.)?xing\.com$/, profile: (s) => ['pages', 'companies', 'company'].includes(s[0]!) && s.length >= 2 },
  { platform: 'threads', host: /^(?:www\.)?threads\.(?:net|com)$/, profile: one((first) => /^@[\w.-]+$/.test(first)) },
  { platform: 'bluesky', host: /^bsky\.app$/, profile: (s) => s[0] === 'profile' && s.length === 2 },
  { platform: 'pinterest', host: /(?:^|\.)pinterest\.[a-z.]+$/, profile: one((first) => HANDLE.test(first) && !PINTEREST_RESERVED.has(first.toLowerCase())) },
  { platform: 'vimeo', host: /^(?:www\.)?vimeo\.com$/, profile: one((first) => /^[a-z][\w-]*$/i.test(first)) },
  { platform: 'medium', host: /(?:^|\.)medium\.com$/, profile: (s, url) => (url.hostname.endsWith('.medium.com') && url.hostname !== 'www.medium.com' ? s.length === 0 : s.length === 1 && HANDLE.test(s[0]!)) },
  { platform: 'kununu', host: /^(?:www\.)?kununu\.com$/, profile: (s) => s.length === 2 && /^[a-z]{2}$/.test(s[0]!) },
  { platform: 'trustpilot', host: /(?:^|\.)trustpilot\.com$/, profile: (s) => s[0] === 'review' && s.length === 2 },
  { platform: 'indeed', host: /(?:^|\.)indeed\.[a-z.]+$/, profile: (s) => s[0] === 'cmp' && s.length >= 2 },
  { platform: 'crunchbase', host: /^(?:www\.)?crunchbase\.com$/, profile: (s) => s[0] === 'organization' && s.length >= 2 },
];

/** A Mastodon account: any instance, so only when the site says it is its own (rel="me") or the host says mastodon. */
function isMastodon(url: URL, relMe: boolean): boolean {
  const segments = url.pathname.split('/').filter(Boolean);
  return segments.length === 1 && /^@\w+$/.test(segments[0]!) && (relMe || /(?:^|\.)mastodon\.|^mstdn\./.test(url.hostname));
}

/** The platform and canonical URL of a profile link, or null. */
export function classifyProfileUrl(href: string, relMe = false): { platform: Platform; url: string } | null {
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.hostname = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean).map((segment) => decodeURIComponentSafe(segment));
  const rule = RULES.find((candidate) => candidate.host.test(url.hostname));
  if (rule) {
    if (!rule.profile(segments, url)) return null;
    const keepQuery = rule.platform === 'facebook' && segments[0] === 'profile.php' ? `?id=${url.searchParams.get('id')}` : '';
    return { platform: rule.platform, url: `https://${url.hostname}${url.pathname.replace(/\/+$/, '')}${keepQuery}` };
  }
  if (isMastodon(url, relMe)) return { platform: 'mastodon', url: `https://${url.hostname}${url.pathname.replace(/\/+$/, '')}` };
  return null;
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The profiles of JSON-LD sameAs, then of the page's links; the first URL of a platform wins. */
export function collectProfileLinks(sameAs: string[], anchors: Array<{ href: string; rel: string[] }>): ProfileLinks {
  const found = new Map<Platform, string>();
  const add = (href: string, relMe: boolean) => {
    const profile = classifyProfileUrl(href, relMe);
    if (profile && !found.has(profile.platform)) found.set(profile.platform, profile.url);
  };
  for (const href of sameAs) add(href, true);
  for (const anchor of anchors) add(anchor.href, anchor.rel.includes('me'));
  const social: ProfileLinks['social'] = {};
  for (const platform of SOCIAL_PLATFORMS) {
    const url = found.get(platform);
    if (url) social[platform] = url;
  }
  const linkedin = found.get('linkedin');
  const linkedinId = linkedin ? /\/company\/(\d+)$/.exec(new URL(linkedin).pathname)?.[1] ?? null : null;
  return { social, crunchbase: found.get('crunchbase') ?? null, linkedinCompanyId: linkedinId };
}
