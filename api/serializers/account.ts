import type { Account } from '../../db/accounts.ts';
import type { ApiKeyRecord } from '../../db/api-keys.ts';
import type { LedgerEntry } from '../../db/credits.ts';
import { Type, defineComponent, nullable, stringEnum, type Static } from '../schemas/registry.ts';
import type { RateLimitGroup } from '../../lib/pricing.ts';
import { iso } from './time.ts';

const exact = { additionalProperties: false } as const;
const count = Type.Integer({ minimum: 0, maximum: 1_000_000_000 });
const windowOverride = Type.Object({ minute: Type.Optional(count), hour: Type.Optional(count), day: Type.Optional(count) }, exact);

export const RateLimitOverridesSchema = defineComponent(
  'RateLimitOverrides',
  Type.Object(
    {
      Default: Type.Optional(windowOverride),
      JobSearch: Type.Optional(windowOverride),
      JobFeed: Type.Optional(windowOverride),
      Geocode: Type.Optional(windowOverride),
      AutoApply: Type.Optional(windowOverride),
      AutoApplyManagement: Type.Optional(windowOverride),
    } satisfies Record<RateLimitGroup, unknown>,
    { description: 'Contracted limits per group that replace the plan limits, window by window.', ...exact },
  ),
);

export const PLANS = ['free', 'subscribed'] as const;
export const AUTO_APPLY_AVAILABILITIES = ['enabled', 'invite_only', 'coming_soon'] as const;
export const KEY_KINDS = ['customer', 'master', 'marketplace', 'sandbox'] as const;
const dateTime = Type.String({ format: 'date-time' });

export const AccountSchema = defineComponent(
  'Account',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      name: Type.String(),
      plan: stringEnum(PLANS),
      feed_subscription: Type.Boolean(),
      auto_apply_availability: stringEnum(AUTO_APPLY_AVAILABILITIES),
      default_callback_url: nullable(Type.String()),
      rate_limit_overrides: RateLimitOverridesSchema,
      credits_balance: Type.Integer({ minimum: 0 }),
      included_jobs_remaining: Type.Integer({ minimum: 0 }),
      created_at: dateTime,
      updated_at: dateTime,
    },
    exact,
  ),
);

export const ApiKeySchema = defineComponent(
  'ApiKey',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      account_id: Type.String({ format: 'uuid' }),
      kind: stringEnum(KEY_KINDS),
      prefix: Type.String(),
      last4: Type.String(),
      name: nullable(Type.String()),
      expires_at: nullable(dateTime),
      revoked_at: nullable(dateTime),
      created_at: dateTime,
    },
    { description: 'An API key as stored: never the key itself, only its prefix and last 4 characters.', ...exact },
  ),
);

export const LedgerEntrySchema = defineComponent(
  'LedgerEntry',
  Type.Object(
    {
      id: Type.Integer(),
      entry_type: stringEnum(['grant', 'debit', 'refund']),
      credits: Type.Integer({ description: 'Signed change to the wallet.' }),
      included_jobs: Type.Integer({ description: 'Signed change to the included-jobs allowance.' }),
      credits_balance: Type.Integer({ description: 'Wallet after this entry.' }),
      included_jobs_remaining: Type.Integer({ description: 'Allowance after this entry.' }),
      reason: Type.String(),
      refund_of: nullable(Type.Integer()),
      correlation_id: nullable(Type.String()),
      created_at: dateTime,
    },
    exact,
  ),
);

export function serializeAccount(account: Account): Static<typeof AccountSchema> {
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

export function serializeApiKey(key: ApiKeyRecord): Static<typeof ApiKeySchema> {
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

export function serializeLedgerEntry(entry: LedgerEntry): Static<typeof LedgerEntrySchema> {
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
