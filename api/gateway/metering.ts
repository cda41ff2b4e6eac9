// Charging. Flat-rate endpoints debit before the handler and refund on any 4xx/5xx;
// per-delivered-job endpoints debit after the response is built, for the jobs it holds
// (the handler sets ctx.state.billableJobs). Sandbox keys cost nothing; marketplace keys
// are billed by their marketplace.
import type { Context, Next } from 'koa';
import { debit, refund, type Balances } from '../../db/credits.ts';
import type { Pool } from '../../db/pool.ts';
import { pricing, type Price, type RateLimitGroup } from '../../lib/pricing.ts';
import { creditsCharged } from '../../lib/metrics.ts';
import { GatewayError } from '../errors.ts';
import type { Principal } from './principal.ts';

declare module 'koa' {
  interface DefaultState {
    /** Jobs in the response body, for per-delivered-job charging. */
    billableJobs?: number;
    /** The ledger entry of this request's flat debit (a resource can refund it later). */
    creditEntryId?: number;
    /** Set by a handler whose flat charge bought nothing new (an idempotent replay): refunded. */
    refundCharge?: string;
  }
}

function insufficient(required: number, balances: Balances, group: RateLimitGroup): GatewayError {
  const available = balances.credits_balance + balances.included_jobs_remaining;
  return new GatewayError(
    402,
    {
      error: 'Insufficient credits',
      detail: `This request needs ${required} credit${required === 1 ? '' : 's'}; the account has ${available} (wallet and included jobs). Add credits and retry.`,
      group,
      credits_required: required,
      credits_balance: balances.credits_balance,
      quota_remaining: balances.included_jobs_remaining,
      cost_per_request_usd: Math.round(required * pricing.usdPerCredit * 1e6) / 1e6,
    },
    { 'X-Credits-Required': String(required), 'X-Credits-Balance': String(balances.credits_balance) },
  );
}

/** What a debit took, for /metrics: wallet credits and included jobs, by rate-limit group. */
function recordCharge(group: RateLimitGroup, credits: number, includedJobs: number): void {
  if (credits > 0) creditsCharged.inc({ group, unit: 'credits' }, credits);
  if (includedJobs > 0) creditsCharged.inc({ group, unit: 'included_jobs' }, includedJobs);
}

function setCreditHeaders(ctx: Context, deducted: number, balances: Balances): void {
  ctx.set('X-Credits-Deducted', String(deducted));
  ctx.set('X-Credits-Balance', String(balances.credits_balance));
}

function isUnmetered(price: Price, principal: Principal): boolean {
  if (price.kind === 'free') return true;
  if (principal.kind === 'sandbox' || principal.kind === 'marketplace') return true;
  return price.kind === 'perJob' && price.waivedByFeedSubscription === true && principal.account.feed_subscription;
}

export async function meter(
  ctx: Context,
  next: Next,
  pool: Pool,
  price: Price,
  principal: Principal,
  group: RateLimitGroup,
  reason: string,
): Promise<void> {
  if (isUnmetered(price, principal)) return next();
  const accountId = principal.account.id;
  const correlationId = ctx.state.correlationId as string | undefined;

  if (price.kind === 'flat') {
    const charged = await debit(pool, { accountId, amount: price.credits, useIncludedJobs: false, reason, correlationId });
    if (!charged.ok) throw insufficient(price.credits, charged.balances, group);
    recordCharge(group, charged.creditsCharged, charged.includedJobsUsed);
    setCreditHeaders(ctx, charged.creditsCharged, charged.balances);
    ctx.state.creditEntryId = charged.entryId;
    let succeeded = false;
    try {
      await next();
      succeeded = ctx.status < 400 && ctx.state.refundCharge === undefined;
    } finally {
      if (!succeeded) {
        const why = ctx.state.refundCharge ?? 'answered with an error';
        const restored = await refund(pool, charged.entryId, `refund: ${reason} ${why}`);
        if (restored) setCreditHeaders(ctx, 0, restored);
      }
    }
    return;
  }

  if (price.kind !== 'perJob') return next();
  await next();
  const jobs = ctx.state.billableJobs ?? 0;
  if (ctx.status >= 300 || jobs <= 0) return;
  const amount = jobs * price.credits;
  const charged = await debit(pool, { accountId, amount, useIncludedJobs: true, reason, correlationId });
  if (!charged.ok) throw insufficient(amount, charged.balances, group);
  recordCharge(group, charged.creditsCharged, charged.includedJobsUsed);
  setCreditHeaders(ctx, charged.creditsCharged, charged.balances);
  ctx.set('X-Included-Jobs-Used', String(charged.includedJobsUsed));
  ctx.set('X-Included-Jobs-Remaining', String(charged.balances.included_jobs_remaining));
}
