// The gateway in front of every keyed route, in this order: authentication (401, or 429
// for a blocked address) → key-kind rules (403) → plan (402) → rate limit (429, always
// before any debit) → charging (402 for credits) → the route.
import type { Context, Middleware, Next } from 'koa';
import type { Pool } from '../../db/pool.ts';
import { clock } from '../../lib/clock.ts';
import { endpointGroups, rateLimits, type RateLimitGroup, type WindowLimits } from '../../lib/pricing.ts';
import type { Account } from '../../db/accounts.ts';
import { API_VERSION } from '../api-version.ts';
import { GatewayError } from '../errors.ts';
import type { Route } from '../routing/route.ts';
import { Authenticator } from './authenticator.ts';
import { meter } from './metering.ts';
import type { RouteGateway } from './policy.ts';
import type { Principal } from './principal.ts';
import { RateLimiter, type RateDecision } from './rate-limiter.ts';

export interface Gateway {
  authenticator: Authenticator;
  limiter: RateLimiter;
  /** Middleware for one route (empty for public routes). */
  forRoute(route: Route): Middleware[];
}

export function limitsFor(account: Account, group: RateLimitGroup): WindowLimits {
  const override = account.rate_limit_overrides?.[group];
  const plan = rateLimits[group][account.plan];
  return override ? { ...plan, ...override } : plan;
}

function refuseKind(route: Route, gateway: RouteGateway, principal: Principal): void {
  if (gateway.keys.includes(principal.kind)) return;
  if (principal.kind === 'sandbox') {
    throw new GatewayError(403, {
      api_version: API_VERSION,
      error: 'sandbox_token_audience_forbidden',
      detail: `Sandbox keys cannot call ${route.method} ${route.path}. They reach job search and lookup, feeds, expired ids, companies, geocoding and sandbox Auto Apply.`,
    });
  }
  const detail =
    principal.kind === 'master'
      ? 'Master keys can only call the admin API (/api/admin/...).'
      : gateway.keys.length === 1 && gateway.keys[0] === 'master'
        ? 'The admin API needs a master key.'
        : gateway.keys.length === 1 && gateway.keys[0] === 'customer'
          ? `${route.method} ${route.path} needs a customer key.`
          : `${principal.kind[0]!.toUpperCase()}${principal.kind.slice(1)} keys cannot call ${route.method} ${route.path}.`;
  throw new GatewayError(403, { error: 'Forbidden', detail });
}

function refusePlan(gateway: RouteGateway, principal: Principal): void {
  if (!gateway.requiresPlan || principal.account.plan === gateway.requiresPlan) return;
  throw new GatewayError(402, {
    error: 'Subscription required',
    detail: `This endpoint needs the ${gateway.requiresPlan} plan; the account is on ${principal.account.plan}.`,
    required_package: gateway.requiresPlan,
    current_package: principal.account.plan,
  });
}

function setRateHeaders(ctx: Context, decision: RateDecision, group: RateLimitGroup): void {
  // Straight on the Node response: these five run on every keyed request.
  const res = ctx.res;
  res.setHeader('X-RateLimit-Limit', String(decision.limit));
  res.setHeader('X-RateLimit-Used', String(decision.used));
  res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
  res.setHeader('X-RateLimit-Group', group);
  if (decision.resetEpochSeconds !== null) res.setHeader('X-RateLimit-Reset', String(decision.resetEpochSeconds));
}

function rateLimited(decision: RateDecision, group: RateLimitGroup): GatewayError {
  const seconds = decision.retryAfterSeconds;
  return new GatewayError(
    429,
    {
      code: 'rate_limit_exceeded',
      error: 'Rate limit exceeded',
      detail: `The ${group} limit of ${decision.limit} requests per ${decision.window} is used up. Retry in ${seconds} s.`,
      group,
      retry_after_seconds: seconds,
    },
    { 'Retry-After': String(seconds) },
  );
}

export function createGateway(pool: Pool, baseUrl: string): Gateway {
  const now = () => clock.nowMs();
  const authenticator = new Authenticator(pool, now, new URL(baseUrl).host);
  const limiter = new RateLimiter(pool, now);

  return {
    authenticator,
    limiter,
    forRoute(route) {
      if (route.security === 'none') return [];
      const gateway = route.gateway;
      if (!gateway) throw new Error(`${route.method} ${route.path} needs a gateway policy or security: 'none'`);
      const specGroup = endpointGroups[`${route.method} ${route.path}`];
      if (specGroup && specGroup !== gateway.group) {
        throw new Error(`${route.method} ${route.path} is in the ${specGroup} group (spec part 8), not ${gateway.group}`);
      }
      const { group } = gateway;
      const admit = (ctx: Context, principal: Principal, decision: RateDecision, next: Next) => {
        setRateHeaders(ctx, decision, group);
        if (!decision.allowed) throw rateLimited(decision, group);
        if (gateway.price.kind === 'free') return next();
        return meter(ctx, next, pool, gateway.price, principal, group, route.operationId);
      };
      const check = (ctx: Context, principal: Principal) => {
        ctx.state.principal = principal;
        refuseKind(route, gateway, principal);
        refusePlan(gateway, principal);
        return limitsFor(principal.account, group);
      };
      const slowPath = async (ctx: Context, next: Next, cached: Principal | null) => {
        const principal = cached ?? (await authenticator.authenticate(ctx, group));
        const limits = check(ctx, principal);
        const decision = limiter.takeLocal(principal.keyId, group, limits) ?? (await limiter.take(principal.keyId, group, limits));
        return admit(ctx, principal, decision, next);
      };
      return [
        // The common case, a cached key with hits left in its lease, stays synchronous:
        // no promise of its own on every request.
        (ctx, next) => {
          const nowMs = clock.nowMs();
          const principal = authenticator.cached(ctx, nowMs);
          if (!principal) return slowPath(ctx, next, null);
          const limits = check(ctx, principal);
          const decision = limiter.takeLocal(principal.keyId, group, limits, nowMs);
          if (!decision) return slowPath(ctx, next, principal);
          return admit(ctx, principal, decision, next);
        },
      ];
    },
  };
}
