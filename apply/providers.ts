// The provider catalog: which applicant tracking system an apply URL belongs to, by URL
// pattern. The catalog has a revision so an application records what it was matched
// with. Outside production, a setting can map loopback origins to providers, so local
// replicas of real ATS pages go through the whole API path in tests.

import { ATS_PROVIDER_IDS, isLoopback, type ProviderId } from '../lib/provider-ids.ts';

export const CATALOG_REVISION = 1;

export interface Provider {
  provider_id: ProviderId;
  provider_name: string;
  provider_version: string;
}

interface CatalogEntry extends Provider {
  /** Every ATS id has exactly one entry (checked below), so the loopback setting can name any of them. */
  provider_id: (typeof ATS_PROVIDER_IDS)[number];
  /** True when the URL is an application (or job) page of this provider. */
  matches(url: URL): boolean;
}

const path = (url: URL, pattern: RegExp) => pattern.test(url.pathname);

const CATALOG: CatalogEntry[] = [
  {
    provider_id: 'greenhouse',
    provider_name: 'Greenhouse',
    provider_version: '2026.1',
    matches: (url) =>
      (/^(?:job-)?boards(?:\.eu)?\.greenhouse\.io$/.test(url.hostname) && path(url, /^\/[\w-]+\/jobs\/\d+/)) ||
      (url.hostname === 'boards.greenhouse.io' && url.pathname === '/embed/job_app' && url.searchParams.has('token')) ||
      url.searchParams.has('gh_jid'),
  },
  {
    provider_id: 'lever',
    provider_name: 'Lever',
    provider_version: '2026.1',
    matches: (url) => /^jobs(?:\.eu)?\.lever\.co$/.test(url.hostname) && path(url, /^\/[\w.-]+\/[0-9a-f-]{36}(?:\/apply)?\/?$/),
  },
  {
    provider_id: 'ashby',
    provider_name: 'Ashby',
    provider_version: '2026.1',
    matches: (url) => url.hostname === 'jobs.ashbyhq.com' && path(url, /^\/[\w.%-]+\/[0-9a-f-]{36}(?:\/application)?\/?$/),
  },
  {
    provider_id: 'workable',
    provider_name: 'Workable',
    provider_version: '2026.1',
    matches: (url) =>
      (url.hostname === 'apply.workable.com' && path(url, /^\/[\w-]+\/j\/[0-9A-F]{6,12}(?:\/apply)?\/?$/i)) ||
      (/^[\w-]+\.workable\.com$/.test(url.hostname) && path(url, /^\/(?:jobs|j)\/[\w-]+/)),
  },
  {
    // {tenant}.wd{N}.myworkdayjobs.com/[locale/]{site}/job/{location}/{title}_{req}[/apply[/applyManually]],
    // or {host}.myworkdaysite.com/[locale/]recruiting/{tenant}/{site}/job/...
    provider_id: 'workday',
    provider_name: 'Workday',
    provider_version: '2026.1',
    matches: (url) => /^[\w-]+\.wd\d+\.myworkday(?:jobs|site)\.com$/.test(url.hostname) && path(url, /^\/(?:[a-z]{2}-[A-Z]{2}\/)?(?:recruiting\/[\w-]+\/)?[\w-]+\/job\/[^/]+\/[^/]+_[\w-]+(?:\/apply(?:\/[\w-]+)?)?\/?$/),
  },
  {
    // jobs.smartrecruiters.com/{Company}/{postingId}-{slug}, its one-click form
    // jobs.smartrecruiters.com/oneclick-ui/company/{Company}/publication/{uuid}.
    provider_id: 'smartrecruiters',
    provider_name: 'SmartRecruiters',
    provider_version: '2026.1',
    matches: (url) =>
      /^(?:jobs|careers)\.smartrecruiters\.com$/.test(url.hostname) &&
      (path(url, /^\/oneclick-ui\/company\/[\w.-]+\/publication\/[0-9a-f-]{36}\/?$/) || path(url, /^\/[\w.-]+\/\d{6,}(?:-[\w%-]*)?\/?$/)),
  },
  {
    // {company}.breezy.hr/p/{12 hex}-{slug}[/apply]
    provider_id: 'breezy',
    provider_name: 'Breezy HR',
    provider_version: '2026.1',
    matches: (url) => /^[\w-]+\.breezy\.hr$/.test(url.hostname) && !/^(?:app|www)\./.test(url.hostname) && path(url, /^\/p\/[0-9a-f]{12}(?:-[\w%-]*)?(?:\/apply)?\/?$/),
  },
  {
    // {company}[.na|.eu].teamtailor.com/[locale/]jobs/{id}-{slug}[/applications/new]
    provider_id: 'teamtailor',
    provider_name: 'Teamtailor',
    provider_version: '2026.1',
    matches: (url) => /^[\w-]+(?:\.(?:na|eu))?\.teamtailor\.com$/.test(url.hostname) && !/^(?:www|app|api)\./.test(url.hostname) && path(url, /^\/(?:[a-z]{2}(?:-[A-Za-z]{2})?\/)?jobs\/\d+(?:-[\w%-]*)?(?:\/applications\/new)?\/?$/),
  },
  {
    // {company}.recruitee.com/o/{slug}, its application tab /o/{slug}/c/new.
    provider_id: 'recruitee',
    provider_name: 'Recruitee',
    provider_version: '2026.1',
    matches: (url) => /^[\w-]+\.recruitee\.com$/.test(url.hostname) && !/^(?:www|app|api|auth|docs)\./.test(url.hostname) && path(url, /^\/o\/[\w%-]+(?:\/c\/new)?\/?$/),
  },
  {
    // {company}.bamboohr.com/careers/{id} (the form opens on the job page), or the older
    // {company}.bamboohr.com/jobs/view.php?id={id}.
    provider_id: 'bamboohr',
    provider_name: 'BambooHR',
    provider_version: '2026.1',
    matches: (url) =>
      /^[\w-]+\.bamboohr\.com$/.test(url.hostname) &&
      !/^(?:www|api)\./.test(url.hostname) &&
      (path(url, /^\/careers\/\d+(?:\/apply)?\/?$/) || (url.pathname === '/jobs/view.php' && /^\d+$/.test(url.searchParams.get('id') ?? ''))),
  },
  {
    // {company}.jobs.personio.de|com/job/{id}[/apply][?language=..&display=..].
    provider_id: 'personio',
    provider_name: 'Personio',
    provider_version: '2026.1',
    matches: (url) => /^[\w-]+\.jobs\.personio\.(?:de|com)$/.test(url.hostname) && path(url, /^\/job\/\d+(?:\/apply)?\/?$/),
  },
  {
    // jobs.jobvite.com/[careers/]{company}/job/{id}[/apply], or app.jobvite.com/j?aj={id} (apply) / ?cj={id} (job).
    provider_id: 'jobvite',
    provider_name: 'Jobvite',
    provider_version: '2026.1',
    matches: (url) =>
      (url.hostname === 'jobs.jobvite.com' && path(url, /^\/(?:careers\/)?[\w.-]+\/job\/[\w]{6,12}(?:\/apply)?\/?$/)) ||
      (url.hostname === 'app.jobvite.com' && url.pathname === '/j' && /^\w{6,12}$/.test(url.searchParams.get('aj') ?? url.searchParams.get('cj') ?? '')),
  },
  {
    // {portal}-{company}.icims.com/jobs/{id}/{slug}/job, its apply route .../login (the account step).
    provider_id: 'icims',
    provider_name: 'iCIMS',
    provider_version: '2026.1',
    matches: (url) => /^[\w-]+\.icims\.com$/.test(url.hostname) && !/^(?:www|login|api|community|developer)\./.test(url.hostname) && path(url, /^\/jobs\/\d+(?:\/[^/]+)?\/(?:job|login|candidate)\/?$/),
  },
  {
    // {company}.applytojob.com/apply/{jobId}/{slug}: the job page holds the form; /apply and
    // /apply/jobs are the board, /apply/job/{id}/stage-one a form's POST target.
    provider_id: 'jazzhr',
    provider_name: 'JazzHR',
    provider_version: '2026.1',
    matches: (url) => /^[\w-]+\.applytojob\.com$/.test(url.hostname) && !/^(?:www|app|api)\./.test(url.hostname) && path(url, /^\/apply\/(?!jobs?\/)[A-Za-z0-9]{6,}(?:\/[^/]*)?\/?$/),
  },
];

// Compared sorted: entries are grouped by whoever added them, not in the ids' order.
if (CATALOG.map((entry) => entry.provider_id).sort().join() !== [...ATS_PROVIDER_IDS].sort().join()) throw new Error('apply/providers.ts: the catalog and ATS_PROVIDER_IDS list different providers.');

const SANDBOX: Provider = { provider_id: 'sandbox', provider_name: 'Sandbox ATS', provider_version: '1' };

export type ProviderMatch = { ok: true; provider: Provider } | { ok: false; code: 'unsupported_ats' | 'invalid_apply_url'; message: string };

export interface CatalogOptions {
  /** The service's own base URL: its /sandbox/apply/ pages are the sandbox provider. */
  baseUrl: string;
  /** Loopback origins standing in for a provider (tests; refused in production). */
  loopbackProviders?: Record<string, ProviderId>;
}

export function matchProvider(applyUrl: string, options: CatalogOptions): ProviderMatch {
  let url: URL;
  try {
    url = new URL(applyUrl);
  } catch {
    return { ok: false, code: 'invalid_apply_url', message: 'apply_url is not a URL.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, code: 'invalid_apply_url', message: 'apply_url must be an http(s) URL.' };
  const base = new URL(options.baseUrl);
  if (url.origin === base.origin && /^\/sandbox\/apply\/[\w-]+\/?$/.test(url.pathname)) return { ok: true, provider: SANDBOX };
  const standIn = options.loopbackProviders?.[url.origin];
  if (standIn && isLoopback(url.hostname)) {
    const entry = CATALOG.find((candidate) => candidate.provider_id === standIn);
    if (entry) return { ok: true, provider: { provider_id: entry.provider_id, provider_name: entry.provider_name, provider_version: entry.provider_version } };
  }
  if (url.protocol !== 'https:') return { ok: false, code: 'unsupported_ats', message: `No supported applicant tracking system serves ${url.origin}.` };
  const entry = CATALOG.find((candidate) => candidate.matches(url));
  if (!entry) return { ok: false, code: 'unsupported_ats', message: `No supported applicant tracking system serves ${url.hostname}${url.pathname}. Supported: ${CATALOG.map((candidate) => candidate.provider_name).join(', ')}.` };
  return { ok: true, provider: { provider_id: entry.provider_id, provider_name: entry.provider_name, provider_version: entry.provider_version } };
}
