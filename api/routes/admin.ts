// The admin API, for master keys: accounts, keys, credits, managed-feed companies and
// webhook signing secrets.
// The admin CLI (scripts/admin.ts) performs the same operations directly.
import { defineRoute, type Route } from '../routing/route.ts';
import { FREE, KEYS, type RouteGateway } from '../gateway/policy.ts';
import { problem, notFound } from '../errors.ts';
import { runIdempotent, idempotencyKey } from '../idempotency.ts';
import { Type, defineComponent, nullable, stringEnum, withDefault } from '../schemas/registry.ts';
import { ProblemSchema } from '../schemas/errors.ts';
import {
  AUTO_APPLY_AVAILABILITIES,
  AccountSchema,
  ApiKeySchema,
  KEY_KINDS,
  PLANS,
  LedgerEntrySchema,
  RateLimitOverridesSchema,
  serializeAccount,
  serializeApiKey,
  serializeLedgerEntry,
} from '../serializers/account.ts';
import { findAccount, listAccounts, managedCompanies, replaceManagedCompanies, updateAccount } from '../../db/accounts.ts';
import { createAccountWithKey } from '../../db/account-admin.ts';
import { createApiKey, findApiKey, listApiKeys, revokeApiKey } from '../../db/api-keys.ts';
import { grant, ledger, ledgerEntry, balances } from '../../db/credits.ts';
import { withTransaction } from '../../db/pool.ts';
import { describeWebhookSecret, listActiveWebhookSecrets } from '../../db/webhooks.ts';
import { rotateAccountWebhookSecret } from '../../webhooks/secrets.ts';
import { clock } from '../../lib/clock.ts';
import type { Context } from 'koa';

const ADMIN: RouteGateway = { keys: KEYS.admin, group: 'Default', price: FREE };
const TAGS = ['Admin'];
const exact = { additionalProperties: false } as const;
const idParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const dateTime = Type.String({ format: 'date-time' });
const amount = Type.Integer({ minimum: 0, maximum: 1_000_000_000_000 });
const keyKind = withDefault(stringEnum(KEY_KINDS), 'customer');

const accountName = Type.String({ minLength: 1, maxLength: 200 });
const accountSettings = {
  name: Type.Optional(accountName),
  plan: Type.Optional(stringEnum(PLANS)),
  feed_subscription: Type.Optional(Type.Boolean()),
  auto_apply_availability: Type.Optional(stringEnum(AUTO_APPLY_AVAILABILITIES)),
  default_callback_url: Type.Optional(nullable(Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2000 }))),
};

const keyCreatedProperties = {
  api_key: Type.String({ description: 'The full key. Shown once: only its hash is stored.' }),
  key: ApiKeySchema,
};

const WebhookSecretSchema = defineComponent(
  'WebhookSecret',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      created_at: dateTime,
      expires_at: nullable(Type.String({ format: 'date-time', description: 'Set once a newer secret replaced this one: it signs until then.' })),
      secret_hint: Type.String({ description: 'The last 4 characters of the secret.' }),
    },
    { description: 'A webhook signing secret as stored: never the secret itself, only its last 4 characters.', ...exact },
  ),
);
const activeSecrets = Type.Array(WebhookSecretSchema, { description: 'The secrets that sign now, newest first.' });

async function accountOr404(ctx: Context, id: string) {
  const account = await findAccount(ctx.services.pool, id);
  if (!account) throw notFound(`No account ${id}.`);
  return account;
}

export const adminRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/api/admin/accounts',
    operationId: 'adminCreateAccount',
    summary: 'Create an account and its first API key',
    tags: TAGS,
    gateway: ADMIN,
    request: {
      body: Type.Object(
        {
          ...accountSettings,
          name: accountName,
          credits: Type.Optional(amount),
          included_jobs: Type.Optional(amount),
          key_kind: keyKind,
        },
        exact,
      ),
    },
    responses: {
      201: {
        description: 'Created. `api_key` is shown only here.',
        schema: Type.Object({ account: AccountSchema, ...keyCreatedProperties }, exact),
      },
    },
    handler: async (ctx, { body }) => {
      const created = await createAccountWithKey(ctx.services.pool, { ...body, default_callback_url: body.default_callback_url ?? null });
      ctx.set('Location', `/api/admin/accounts/${created.account.id}`);
      return { account: serializeAccount(created.account), api_key: created.apiKey, key: serializeApiKey(created.key) };
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/admin/accounts',
    operationId: 'adminListAccounts',
    summary: 'List accounts',
    tags: TAGS,
    gateway: ADMIN,
    responses: {
      200: { description: 'Every account.', schema: Type.Object({ accounts: Type.Array(AccountSchema) }, exact) },
    },
    handler: async (ctx) => ({ accounts: (await listAccounts(ctx.services.pool)).map(serializeAccount) }),
  }),

  defineRoute({
    method: 'GET',
    path: '/api/admin/accounts/{id}',
    operationId: 'adminGetAccount',
    summary: 'An account with its keys and managed-feed companies',
    tags: TAGS,
    gateway: ADMIN,
    request: { params: idParams },
    responses: {
      200: {
        description: 'The account.',
        schema: Type.Object(
          { account: AccountSchema, keys: Type.Array(ApiKeySchema), managed_company_ids: Type.Array(Type.String({ format: 'uuid' })) },
          exact,
        ),
      },
    },
    handler: async (ctx, { params }) => {
      const account = await accountOr404(ctx, params.id);
      const { pool } = ctx.services;
      return {
        account: serializeAccount(account),
        keys: (await listApiKeys(pool, account.id)).map(serializeApiKey),
        managed_company_ids: await managedCompanies(pool, account.id),
      };
    },
  }),

  defineRoute({
    method: 'PATCH',
    path: '/api/admin/accounts/{id}',
    operationId: 'adminUpdateAccount',
    summary: 'Change plan, feed subscription, Auto Apply availability, callback URL or limits',
    tags: TAGS,
    gateway: ADMIN,
    request: {
      params: idParams,
      body: Type.Object({ ...accountSettings, rate_limit_overrides: Type.Optional(RateLimitOverridesSchema) }, { ...exact, minProperties: 1 }),
    },
    responses: { 200: { description: 'The updated account.', schema: AccountSchema } },
    handler: async (ctx, { params, body }) => {
      const account = await updateAccount(ctx.services.pool, params.id, body);
      if (!account) throw notFound(`No account ${params.id}.`);
      ctx.gateway.authenticator.forgetAccount(account.id);
      return serializeAccount(account);
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/api/admin/accounts/{id}/keys',
    operationId: 'adminCreateKey',
    summary: 'Create an API key (at most 5 active per account)',
    tags: TAGS,
    gateway: ADMIN,
    request: {
      params: idParams,
      body: Type.Object({ kind: keyKind, name: Type.Optional(Type.String({ maxLength: 100 })), expires_at: Type.Optional(dateTime) }, exact),
      bodyRequired: false,
    },
    responses: {
      201: { description: 'Created. `api_key` is shown only here.', schema: Type.Object(keyCreatedProperties, exact) },
      409: { description: 'The account already has 5 active keys.', contentType: 'application/problem+json', schema: ProblemSchema },
    },
    handler: async (ctx, { params, body }) => {
      const input = body ?? { kind: 'customer' as const };
      const result = await createApiKey(ctx.services.pool, params.id, input.kind, clock.now(), {
        name: input.name ?? null,
        expiresAt: input.expires_at ? new Date(input.expires_at) : null,
      });
      if (!result.ok && result.reason === 'account_not_found') throw notFound(`No account ${params.id}.`);
      if (!result.ok && result.reason === 'limit_reached') {
        throw problem('request_conflict', `The account already has ${result.active} active API keys, the most allowed. Revoke one first.`, {
          limit: result.limit,
          active: result.active,
        });
      }
      if (!result.ok) throw new Error('unreachable');
      ctx.set('Location', `/api/admin/keys/${result.record.id}`);
      return { api_key: result.apiKey, key: serializeApiKey(result.record) };
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/api/admin/keys/{id}/revoke',
    operationId: 'adminRevokeKey',
    summary: 'Revoke an API key (effective on every process within 30 s)',
    tags: TAGS,
    gateway: ADMIN,
    request: { params: idParams },
    responses: { 200: { description: 'The revoked key.', schema: ApiKeySchema } },
    handler: async (ctx, { params }) => {
      const key = await revokeApiKey(ctx.services.pool, params.id, clock.now());
      if (!key) throw notFound(`No API key ${params.id}.`);
      ctx.gateway.authenticator.forgetAccount(key.account_id);
      return serializeApiKey(key);
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/admin/keys/{id}',
    operationId: 'adminGetKey',
    summary: 'An API key (never the key itself)',
    tags: TAGS,
    gateway: ADMIN,
    request: { params: idParams },
    responses: { 200: { description: 'The key.', schema: ApiKeySchema } },
    handler: async (ctx, { params }) => {
      const key = await findApiKey(ctx.services.pool, params.id);
      if (!key) throw notFound(`No API key ${params.id}.`);
      return serializeApiKey(key);
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/api/admin/accounts/{id}/credits',
    operationId: 'adminGrantCredits',
    summary: 'Grant wallet credits and/or included jobs (Idempotency-Key supported)',
    tags: TAGS,
    gateway: ADMIN,
    request: {
      params: idParams,
      body: Type.Object(
        {
          credits: withDefault(amount, 0),
          included_jobs: withDefault(amount, 0),
          reason: Type.String({ minLength: 1, maxLength: 200 }),
        },
        { ...exact, anyOf: [{ required: ['credits'] }, { required: ['included_jobs'] }] },
      ),
      idempotencyKey: 'optional',
    },
    responses: {
      200: {
        description: 'The grant (the original one when an Idempotency-Key is replayed) and the balances now.',
        schema: Type.Object(
          { grant: LedgerEntrySchema, credits_balance: Type.Integer(), included_jobs_remaining: Type.Integer(), replayed: Type.Boolean() },
          exact,
        ),
      },
      409: { description: 'Idempotency-Key reused with another body.', contentType: 'application/problem+json', schema: ProblemSchema },
    },
    handler: async (ctx, { params, body }) => {
      const { pool } = ctx.services;
      await accountOr404(ctx, params.id);
      const grantOnce = async (db: Parameters<typeof grant>[0]) => {
        const done = await grant(db, params.id, body.credits, body.included_jobs, body.reason);
        return String(done!.entryId);
      };
      const key = idempotencyKey(ctx, false);
      const principal = ctx.state.principal!;
      const result = key
        ? await runIdempotent(pool, { accountId: principal.account.id, key, operation: `adminGrantCredits ${params.id}`, body }, grantOnce)
        : { resourceId: await grantOnce(pool), replayed: false };
      const entry = await ledgerEntry(pool, Number(result.resourceId));
      const now = await balances(pool, params.id);
      ctx.gateway.authenticator.forgetAccount(params.id);
      return { grant: serializeLedgerEntry(entry!), ...now, replayed: result.replayed };
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/admin/accounts/{id}/ledger',
    operationId: 'adminListLedger',
    summary: 'Credit ledger of an account, newest first',
    tags: TAGS,
    gateway: ADMIN,
    request: { params: idParams, query: Type.Object({ limit: withDefault(Type.Integer({ minimum: 1, maximum: 1000 }), 100) }) },
    responses: {
      200: { description: 'Ledger entries.', schema: Type.Object({ entries: Type.Array(LedgerEntrySchema) }, exact) },
    },
    handler: async (ctx, { params, query }) => {
      await accountOr404(ctx, params.id);
      return { entries: (await ledger(ctx.services.pool, params.id, query.limit)).map(serializeLedgerEntry) };
    },
  }),

  defineRoute({
    method: 'PUT',
    path: '/api/admin/accounts/{id}/managed-companies',
    operationId: 'adminSetManagedCompanies',
    summary: "Replace the account's managed-feed companies",
    tags: TAGS,
    gateway: ADMIN,
    request: {
      params: idParams,
      body: Type.Object({ company_ids: Type.Array(Type.String({ format: 'uuid' }), { maxItems: 10000, uniqueItems: true }) }, exact),
    },
    responses: {
      200: { description: 'The list now.', schema: Type.Object({ company_ids: Type.Array(Type.String({ format: 'uuid' })) }, exact) },
    },
    handler: async (ctx, { params, body }) => {
      const { pool } = ctx.services;
      await accountOr404(ctx, params.id);
      await withTransaction(pool, (client) => replaceManagedCompanies(client, params.id, body.company_ids));
      return { company_ids: await managedCompanies(pool, params.id) };
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/api/admin/accounts/{id}/webhook-secrets',
    operationId: 'adminRotateWebhookSecret',
    summary: 'Issue a new webhook signing secret; the ones it replaces keep signing for 24 hours',
    tags: TAGS,
    gateway: ADMIN,
    request: { params: idParams },
    responses: {
      201: {
        description: 'Created. `secret` is shown only here.',
        schema: Type.Object(
          { secret: Type.String({ description: 'The new secret (`whsec_` + base64). Shown once.' }), created_at: dateTime, active_secrets: activeSecrets },
          exact,
        ),
      },
    },
    handler: async (ctx, { params }) => {
      const { pool } = ctx.services;
      const created = await rotateAccountWebhookSecret(pool, params.id);
      if (!created) throw notFound(`No account ${params.id}.`);
      const active = await listActiveWebhookSecrets(pool, params.id);
      return { secret: created.secret, created_at: created.created_at.toISOString(), active_secrets: active.map(describeWebhookSecret) };
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/admin/accounts/{id}/webhook-secrets',
    operationId: 'adminListWebhookSecrets',
    summary: "The account's active webhook signing secrets (hints only)",
    tags: TAGS,
    gateway: ADMIN,
    request: { params: idParams },
    responses: {
      200: { description: 'The active secrets.', schema: Type.Object({ active_secrets: activeSecrets }, exact) },
    },
    handler: async (ctx, { params }) => {
      await accountOr404(ctx, params.id);
      return { active_secrets: (await listActiveWebhookSecrets(ctx.services.pool, params.id)).map(describeWebhookSecret) };
    },
  }),
];
