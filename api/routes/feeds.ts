// The feeds: jobs (general and managed), expired job ids, and career sites.
import { defineRoute, type Route } from '../routing/route.ts';
import { FREE, KEYS, type RouteGateway } from '../gateway/policy.ts';
import {
  CareerSitesResponseSchema,
  ExpiredJobsResponseSchema,
  JobFeedResponseSchema,
  bodyDefaults,
  careerSitesBodySchema,
  expiredQuerySchema,
  jobFeedBodySchema,
  managedFeedBodySchema,
} from '../schemas/feeds.ts';
import { pricing } from '../../lib/pricing.ts';
import { jobFeed } from '../feeds/job-feed.ts';
import { expiredJobs } from '../feeds/expired-jobs.ts';
import { careerSitesFeed } from '../feeds/career-sites.ts';

const PER_DELIVERED = { kind: 'perJob', credits: pricing.perDeliveredJob, waivedByFeedSubscription: true } as const;
const FEED: RouteGateway = { keys: KEYS.data, group: 'JobFeed', price: PER_DELIVERED };
const TAGS = ['Feeds'];

const jobFeedRoute = (path: string, managed: boolean) => {
  const bodySchema = managed ? managedFeedBodySchema : jobFeedBodySchema;
  return defineRoute({
    method: 'POST',
    path,
    operationId: managed ? 'managedJobFeed' : 'jobFeed',
    summary: managed ? "Managed feed: the jobs of the account's configured companies" : 'Bulk job feed, by cursor',
    description:
      (managed ? 'Customer keys only. Limited to the companies configured for the account (portal, admin API or CLI); none configured gives an empty page. ' : '') +
      'Live jobs in ingestion order (created_at, then id). Charged 1 credit per delivered job (waived with a feed subscription); a page of 0 jobs is free.',
    tags: TAGS,
    // Reads through the feed load gate: 503 feed_backend_busy.
    loadShedding: true,
    gateway: managed ? { ...FEED, keys: KEYS.customerOnly } : FEED,
    request: { body: bodySchema, bodyRequired: false },
    responses: { 200: { description: 'A batch of jobs.', schema: JobFeedResponseSchema } },
    handler: (ctx, { body }) => jobFeed(ctx, body ?? bodyDefaults(bodySchema), managed ? 'managed' : 'jobs'),
  });
};

export const feedRoutes: Route[] = [
  jobFeedRoute('/api/jobs/feed', false),
  jobFeedRoute('/api/jobs/feed/managed', true),
  defineRoute({
    method: 'GET',
    path: '/api/jobs/expired',
    operationId: 'expiredJobs',
    summary: 'Expired job ids: which of given ids, or all since a time',
    description:
      'Either `ids` (up to 1000, comma-separated): which of them are expired, plus `unknown_ids`. Or `expired_after`: ids of jobs that expired since then, oldest expiry first, paged by cursor. A job is expired when it left its source or its valid_through passed. Free; counted in the JobFeed rate limit.',
    tags: TAGS,
    // Reads through the feed load gate: 503 feed_backend_busy.
    loadShedding: true,
    gateway: { keys: KEYS.data, group: 'JobFeed', price: FREE },
    request: { query: expiredQuerySchema },
    responses: { 200: { description: 'Expired ids.', schema: ExpiredJobsResponseSchema } },
    handler: (ctx, { query }) => expiredJobs(ctx, query),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/career-sites/feed',
    operationId: 'careerSitesFeed',
    summary: 'Newly discovered career sites, by cursor',
    description:
      'Companies with a discovered careers page, in discovery order. industries match any; updated_after and discovered_before are strict, discovered_after is inclusive. Charged 1 credit per delivered site (waived with a feed subscription).',
    tags: TAGS,
    // Reads through the feed load gate: 503 feed_backend_busy.
    loadShedding: true,
    gateway: { keys: KEYS.data, group: 'Default', price: PER_DELIVERED },
    request: { body: careerSitesBodySchema, bodyRequired: false },
    responses: { 200: { description: 'A batch of career sites.', schema: CareerSitesResponseSchema } },
    handler: (ctx, { body }) => careerSitesFeed(ctx, body ?? bodyDefaults(careerSitesBodySchema)),
  }),
];
