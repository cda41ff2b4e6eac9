// GET /api/account: the calling key's account, balances and effective limits.
import { defineRoute } from '../routing/route.ts';
import { FREE, KEYS } from '../gateway/policy.ts';
import { limitsFor } from '../gateway/index.ts';
import { AccountSchema, KEY_KINDS, serializeAccount } from '../serializers/account.ts';
import { Type, stringEnum, type Static } from '../schemas/registry.ts';
import { findAccount, type Account } from '../../db/accounts.ts';
import type { RateLimitGroup } from '../../lib/pricing.ts';

const windows = Type.Object({ minute: Type.Integer(), hour: Type.Integer(), day: Type.Integer() }, { additionalProperties: false });

const RateLimitsSchema = Type.Object(
  {
    Default: windows,
    JobSearch: windows,
    JobFeed: windows,
    Geocode: windows,
    AutoApply: windows,
    AutoApplyManagement: windows,
  } satisfies Record<RateLimitGroup, unknown>,
  { additionalProperties: false },
);

/** The limits that apply to the account now, group by group (plan limits, overrides applied). */
function effectiveLimits(account: Account): Static<typeof RateLimitsSchema> {
  return {
    Default: limitsFor(account, 'Default'),
    JobSearch: limitsFor(account, 'JobSearch'),
    JobFeed: limitsFor(account, 'JobFeed'),
    Geocode: limitsFor(account, 'Geocode'),
    AutoApply: limitsFor(account, 'AutoApply'),
    AutoApplyManagement: limitsFor(account, 'AutoApplyManagement'),
  };
}

export const getAccount = defineRoute({
  method: 'GET',
  path: '/api/account',
  operationId: 'getAccount',
  summary: 'The calling key, its account, balances and rate limits',
  tags: ['Account'],
  gateway: { keys: KEYS.account, group: 'Default', price: FREE },
  responses: {
    200: {
      description: 'The account.',
      schema: Type.Object(
        {
          account: AccountSchema,
          key: Type.Object({ id: Type.String({ format: 'uuid' }), kind: stringEnum(KEY_KINDS) }, { additionalProperties: false }),
          rate_limits: RateLimitsSchema,
        },
        { additionalProperties: false },
      ),
    },
  },
  handler: async (ctx) => {
    const principal = ctx.state.principal!;
    // Fresh balances: the cached principal may be up to 30 s old.
    const account = (await findAccount(ctx.services.pool, principal.account.id)) ?? principal.account;
    return {
      account: serializeAccount(account),
      key: { id: principal.keyId, kind: principal.kind },
      rate_limits: effectiveLimits(account),
    };
  },
});
