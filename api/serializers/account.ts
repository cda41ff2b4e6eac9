import type { Account } from '../../db/accounts.ts';
import type { ApiKeyRecord } from '../../db/api-keys.ts';
import type { LedgerEntry } from '../../db/credits.ts';
import { defineComponent, nullable } from '../schemas/registry.ts';
import { RATE_LIMIT_GROUPS } from '../../lib/pricing.ts';
import { iso } from './time.ts';

const windowLimits = {
  type: 'object',
  additionalProperties: false,
  properties: {
    minute: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
    hour: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
    day: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
  },
};

export const RateLimitOverridesSchema = defineComponent('RateLimitOverrides', {
  type: 'object',
  description: 'Contracted limits per group that replace the plan limits, window by window.',
  additionalProperties: false,
  properties: Object.fromEntries(RATE_LIMIT_GROUPS.map((group) => [group, windowLimits])),
});

export const AccountSchema = defineComponent('Account', {
  type: 'object',
  required: [
    'id', 'name', 'plan', 'feed_subscription', 'auto_apply_availability', 'default_callback_url',
    'rate_limit_overrides', 'credits_balance', 'included_jobs_remaining', 'created_at', 'updated_at',
  ],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    plan: { type: 'string', enum: ['free', 'subscribed'] },
    feed_subscription: { type: 'boolean' },
    auto_apply_availability: { type: 'string', enum: ['enabled', 'invite_only', 'coming_soon'] },
    default_callback_url: nullable({ type: 'string' }),
    rate_limit_overrides: RateLimitOverridesSchema,
    credits_balance: { type: 'integer', minimum: 0 },
    included_jobs_remaining: { type: 'integer', minimum: 0 },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
});

export const ApiKeySchema = defineComponent('ApiKey', {
  type: 'object',
  description: 'An API key as stored: never the key itself, only its prefix and last 4 characters.',
  required: ['id', 'account_id', 'kind', 'prefix', 'last4', 'name', 'expires_at', 'revoked_at', 'created_at'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    account_id: { type: 'string', format: 'uuid' },
    kind: { type: 'string', enum: ['customer', 'master', 'marketplace', 'sandbox'] },
    prefix: { type: 'string' },
    last4: { type: 'string' },
    name: nullable({ type: 'string' }),
    expires_at: nullable({ type: 'string', format: 'date-time' }),
    revoked_at: nullable({ type: 'string', format: 'date-time' }),
    created_at: { type: 'string', format: 'date-time' },
  },
});

export const LedgerEntrySchema = defineComponent('LedgerEntry', {
  type: 'object',
  required: ['id', 'entry_type', 'credits', 'included_jobs', 'credits_balance', 'included_jobs_remaining', 'reason', 'refund_of', 'created_at'],
  properties: {
    id: { type: 'integer' },
    entry_type: { type: 'string', enum: ['grant', 'debit', 'refund'] },
    credits: { type: 'integer', description: 'Signed change to the wallet.' },
    included_jobs: { type: 'integer', description: 'Signed change to the included-jobs allowance.' },
    credits_balance: { type: 'integer', description: 'Wallet after this entry.' },
    included_jobs_remaining: { type: 'integer', description: 'Allowance after this entry.' },
    reason: { type: 'string' },
    refund_of: nullable({ type: 'integer' }),
    correlation_id: nullable({ type: 'string' }),
    created_at: { type: 'string', format: 'date-time' },
  },
});


export function serializeAccount(account: Account) {
  return {
    id: account.id,
    name: account.name,
    plan: account.plan,
    feed_subscription: account.feed_subscription,
    auto_apply_availability: account.auto_apply_availability,
    default_callback_url: account.default_callback_url,
    rate_limit_overrides: account.rate_limit_overrides ?? {},
    credits_balance: Number(account.credits_balance),
    included_jobs_remaining: Number(account.included_jobs_remaining),
    created_at: iso(account.created_at),
    updated_at: iso(account.updated_at),
  };
}

export function serializeApiKey(key: ApiKeyRecord) {
  return {
    id: key.id,
    account_id: key.account_id,
    kind: key.kind,
    prefix: key.prefix,
    last4: key.last4,
    name: key.name,
    expires_at: iso(key.expires_at),
    revoked_at: iso(key.revoked_at),
    created_at: iso(key.created_at),
  };
}

export function serializeLedgerEntry(entry: LedgerEntry) {
  return {
    id: entry.id,
    entry_type: entry.entry_type,
    credits: entry.credits,
    included_jobs: entry.included_jobs,
    credits_balance: entry.credits_balance,
    included_jobs_remaining: entry.included_jobs_remaining,
    reason: entry.reason,
    refund_of: entry.refund_of,
    correlation_id: entry.correlation_id,
    created_at: iso(entry.created_at),
  };
}
