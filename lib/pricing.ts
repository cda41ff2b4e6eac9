// The one pricing and limits table (CONTRACT.md "Credits"; spec part 8).

export type RateLimitGroup = 'Default' | 'JobSearch' | 'JobFeed' | 'Geocode' | 'AutoApply' | 'AutoApplyManagement';
export const RATE_LIMIT_GROUPS: RateLimitGroup[] = ['Default', 'JobSearch', 'JobFeed', 'Geocode', 'AutoApply', 'AutoApplyManagement'];

export type Plan = 'free' | 'subscribed';
export interface WindowLimits {
  minute: number;
  hour: number;
  day: number;
}

const limits = (minute: number, hour: number, day: number): WindowLimits => ({ minute, hour, day });

export const rateLimits: Record<RateLimitGroup, Record<Plan, WindowLimits>> = {
  JobSearch: { free: limits(60, 1_000, 10_000), subscribed: limits(360, 10_000, 100_000) },
  JobFeed: { free: limits(30, 1_000, 10_000), subscribed: limits(60, 10_000, 100_000) },
  Geocode: { free: limits(60, 1_000, 10_000), subscribed: limits(360, 10_000, 100_000) },
  AutoApply: { free: limits(5, 100, 1_000), subscribed: limits(30, 600, 5_000) },
  AutoApplyManagement: { free: limits(60, 1_000, 10_000), subscribed: limits(360, 10_000, 100_000) },
  Default: { free: limits(60, 1_000, 10_000), subscribed: limits(360, 10_000, 100_000) },
};

export const pricing = {
  /** What one credit costs, reported as `cost_per_request_usd` on 402. */
  usdPerCredit: 0.001,
  /** Search, company jobs and feeds: per delivered job. */
  perDeliveredJob: 1,
  flat: {
    geocode: 1,
    applicationCreate: 100,
    sessionStart: 200,
    run: 200,
  },
} as const;

export const accountLimits = {
  activeApiKeys: 5,
  mailboxes: 5,
  concurrentApplications: 10,
} as const;

/** How a route is charged. */
export type Price =
  | { kind: 'free' }
  | { kind: 'perJob'; credits: number; waivedByFeedSubscription?: boolean }
  | { kind: 'flat'; credits: number };

/** Spec part 8: the group of each named endpoint. Routes must agree (checked at start). */
export const endpointGroups: Record<string, RateLimitGroup> = {
  'GET /api/jobs': 'JobSearch',
  'POST /api/jobs/search': 'JobSearch',
  'GET /api/jobs/{id}': 'JobSearch',
  'GET /api/companies/{id}/jobs': 'JobSearch',
  'POST /api/jobs/feed': 'JobFeed',
  'POST /api/jobs/feed/managed': 'JobFeed',
  'GET /api/jobs/expired': 'JobFeed',
  'GET /api/locations/geocode': 'Geocode',
  'POST /api/auto-apply/applications': 'AutoApply',
  'GET /api/auto-apply/applications': 'AutoApplyManagement',
  'GET /api/auto-apply/applications/{id}': 'AutoApplyManagement',
  'POST /api/auto-apply/applications/{id}/cancel': 'AutoApplyManagement',
};
