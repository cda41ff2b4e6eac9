// GET /api/account: the calling key's account, balances and effective limits.
import { defineRoute } from '../routing/route.ts';
import { FREE, KEYS } from '../gateway/policy.ts';
import { limitsFor } from '../gateway/index.ts';
import { AccountSchema, KEY_KINDS, serializeAccount } from '../serializers/account.ts';
import { Type, stringEnum } from '../schemas/registry.ts';
import { findAccount } from '../../db/accounts.ts';
import { RATE_LIMIT_GROUPS, type RateLimitGroup, type WindowLimits } from '../../lib/pricing.ts';

const windows = Type.Object({ minute: Type.Integer(), hour: Type.Integer(), day: Type.Integer() }, { additionalProperties: false });

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
          rate_limits: Type.Object(
            {
              Default: windows,
              JobSearch: windows,
              JobFeed: windows,
              Geocode: windows,
              AutoApply: windows,
              AutoApplyManagement: windows,
            } satisfies Record<RateLimitGroup, unknown>,
            { additionalProperties: false },
          ),
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
      rate_limits: Object.fromEntries(RATE_LIMIT_GROUPS.map((group) => [group, limitsFor(account, group)])) as Record<RateLimitGroup, WindowLimits>,
    };
  },
});
