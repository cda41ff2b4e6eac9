// GET /api/account: the calling key's account, balances and effective limits.
import { defineRoute } from '../routing/route.ts';
import { FREE, KEYS } from '../gateway/policy.ts';
import { limitsFor } from '../gateway/index.ts';
import { AccountSchema, serializeAccount } from '../serializers/account.ts';
import { findAccount } from '../../db/accounts.ts';
import { RATE_LIMIT_GROUPS } from '../../lib/pricing.ts';

const windows = {
  type: 'object',
  required: ['minute', 'hour', 'day'],
  properties: { minute: { type: 'integer' }, hour: { type: 'integer' }, day: { type: 'integer' } },
};

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
      schema: {
        type: 'object',
        required: ['account', 'key', 'rate_limits'],
        properties: {
          account: AccountSchema,
          key: {
            type: 'object',
            required: ['id', 'kind'],
            properties: { id: { type: 'string', format: 'uuid' }, kind: { type: 'string' } },
          },
          rate_limits: {
            type: 'object',
            required: RATE_LIMIT_GROUPS,
            properties: Object.fromEntries(RATE_LIMIT_GROUPS.map((group) => [group, windows])),
          },
        },
      },
    },
  },
  handler: async (ctx) => {
    const principal = ctx.state.principal!;
    // Fresh balances: the cached principal may be up to 30 s old.
    const account = (await findAccount(ctx.services.pool, principal.account.id)) ?? principal.account;
    return {
      account: serializeAccount(account),
      key: { id: principal.keyId, kind: principal.kind },
      rate_limits: Object.fromEntries(RATE_LIMIT_GROUPS.map((group) => [group, limitsFor(account, group)])),
    };
  },
});
