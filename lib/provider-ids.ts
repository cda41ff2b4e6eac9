// The Auto Apply provider ids, and the test-only setting that maps loopback origins to
// providers (AUTO_APPLY_PROVIDER_ORIGINS). They sit in lib/ because config reads the
// setting at start and lib/ imports nothing of ours; apply/providers.ts holds the
// catalog (URL patterns) keyed by these ids.

/** The ATS providers a loopback origin may stand in for (the sandbox has its own pages). */
export const ATS_PROVIDER_IDS = ['greenhouse', 'lever', 'ashby', 'workable', 'workday', 'smartrecruiters', 'breezy', 'teamtailor', 'recruitee', 'bamboohr', 'personio', 'jobvite', 'icims', 'jazzhr'] as const;

export type ProviderId = (typeof ATS_PROVIDER_IDS)[number] | 'sandbox';

export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Parses AUTO_APPLY_PROVIDER_ORIGINS ("http://127.0.0.1:4100=greenhouse,..."); refused in production. */
export function parseLoopbackProviders(raw: string | undefined, production: boolean): Record<string, ProviderId> {
  if (!raw?.trim()) return {};
  if (production) throw new Error('AUTO_APPLY_PROVIDER_ORIGINS maps loopback origins to providers for tests; it is refused in production.');
  const mapping: Record<string, ProviderId> = {};
  for (const pair of raw.split(',')) {
    const [origin, provider] = pair.split('=').map((part) => part.trim());
    if (!origin || !provider || !(ATS_PROVIDER_IDS as readonly string[]).includes(provider)) throw new Error(`AUTO_APPLY_PROVIDER_ORIGINS: cannot read "${pair}" (origin=provider, provider one of ${ATS_PROVIDER_IDS.join(', ')}).`);
    const url = new URL(origin);
    if (!isLoopback(url.hostname)) throw new Error(`AUTO_APPLY_PROVIDER_ORIGINS: ${origin} is not a loopback origin.`);
    mapping[url.origin] = provider as ProviderId;
  }
  return mapping;
}
