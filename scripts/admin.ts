// `npm run -s admin -- <noun> <verb> [options]`: operator commands on the same data the
// service uses (DATABASE_URL, or the embedded cluster, attached to when the service is
// running and started for the command when it is not). Prints JSON; exits 2 on misuse,
// 1 when the command cannot be done.
import { parseArgs } from 'node:util';
import { loadConfig } from '../lib/config.ts';
import { createLogger } from '../lib/logger.ts';
import { clock } from '../lib/clock.ts';
import { KEY_KINDS, type KeyKind } from '../lib/api-keys.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createPool, withTransaction, type Pool } from '../db/pool.ts';
import { AUTO_APPLY_AVAILABILITIES, findAccount, listAccounts, managedCompanies, replaceManagedCompanies, updateAccount, type AccountChanges, type AutoApplyAvailability } from '../db/accounts.ts';
import { createAccountWithKey } from '../db/account-admin.ts';
import { createApiKey, keyIdForPlaintext, listApiKeys, revokeApiKey } from '../db/api-keys.ts';
import { grant } from '../db/credits.ts';
import { describeWebhookSecret, listActiveWebhookSecrets, rotateAccountWebhookSecret } from '../db/webhooks.ts';
import { serializeAccount, serializeApiKey } from '../api/serializers/account.ts';
import { RATE_LIMIT_GROUPS, type Plan } from '../lib/pricing.ts';

const USAGE = `Usage: npm run -s admin -- <command> [options]

  account create --name NAME [--plan free|subscribed] [--credits N] [--included-jobs N]
                 [--feed-subscription] [--auto-apply enabled|invite_only|coming_soon]
                 [--callback-url URL] [--kind customer|master|marketplace|sandbox]
  account show --account ID
  account list
  account set --account ID [--plan free|subscribed] [--feed-subscription true|false]
              [--auto-apply enabled|invite_only|coming_soon] [--callback-url URL|none]
              [--name NAME] [--rate-limits JSON]
  key create --account ID [--kind customer|master|marketplace|sandbox] [--name NAME] [--expires-at ISO]
  key list --account ID
  key revoke (--id KEY_ID | --key API_KEY)
  credits grant --account ID [--credits N] [--included-jobs N] [--reason TEXT]
  managed-companies set --account ID --companies ID,ID,...   (empty string clears)
  managed-companies show --account ID
  webhook-secret rotate --account ID   (prints the new secret, once)
  webhook-secret list --account ID
`;

class UsageError extends Error {}

const parsed = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    plan: { type: 'string' },
    credits: { type: 'string' },
    'included-jobs': { type: 'string' },
    'feed-subscription': { type: 'string' },
    'auto-apply': { type: 'string' },
    'callback-url': { type: 'string' },
    kind: { type: 'string' },
    account: { type: 'string' },
    id: { type: 'string' },
    key: { type: 'string' },
    'expires-at': { type: 'string' },
    reason: { type: 'string' },
    companies: { type: 'string' },
    'rate-limits': { type: 'string' },
    help: { type: 'boolean' },
  },
  strict: true,
});
const values = parsed.values as Record<string, string | boolean | undefined>;
const positionals = parsed.positionals;

function text(name: string, required = false): string | undefined {
  const value = values[name];
  if (value === undefined || value === true) {
    if (required) throw new UsageError(`--${name} is required`);
    return undefined;
  }
  return String(value);
}

function count(name: string): number | undefined {
  const raw = text(name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number`);
  return Number(raw);
}

function oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
  const raw = text(name);
  if (raw === undefined) return undefined;
  if (!allowed.includes(raw as T)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}`);
  return raw as T;
}

function bool(name: string): boolean | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (raw === true || raw === '' || raw === 'true') return true;
  if (raw === 'false') return false;
  throw new UsageError(`--${name} takes true or false`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function uuid(name: string): string {
  const value = text(name, true)!;
  if (!UUID.test(value)) throw new UsageError(`--${name} must be a UUID`);
  return value;
}

function callbackUrl(): string | null | undefined {
  const raw = text('callback-url');
  if (raw === undefined) return undefined;
  if (raw === '' || raw === 'none') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError('--callback-url must be an absolute http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError('--callback-url must be an absolute http(s) URL');
  return raw;
}

async function requireAccount(pool: Pool, id: string) {
  const account = await findAccount(pool, id);
  if (!account) throw new Error(`no account ${id}`);
  return account;
}

function parseRateLimits(raw: string): AccountChanges['rate_limit_overrides'] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new UsageError('--rate-limits must be JSON, e.g. {"JobSearch":{"minute":600}}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError('--rate-limits must be a JSON object');
  for (const [group, windows] of Object.entries(parsed)) {
    if (!RATE_LIMIT_GROUPS.includes(group as never)) throw new UsageError(`unknown rate-limit group ${group}`);
    for (const [window, limit] of Object.entries(windows as object)) {
      if (!['minute', 'hour', 'day'].includes(window) || !Number.isInteger(limit) || (limit as number) < 0) {
        throw new UsageError(`rate limit ${group}.${window} must be minute/hour/day with a whole number`);
      }
    }
  }
  return parsed as AccountChanges['rate_limit_overrides'];
}

async function run(pool: Pool, command: string): Promise<unknown> {
  switch (command) {
    case 'account create': {
      const created = await createAccountWithKey(pool, {
        name: text('name', true)!,
        plan: oneOf<Plan>('plan', ['free', 'subscribed']),
        feed_subscription: bool('feed-subscription'),
        auto_apply_availability: oneOf<AutoApplyAvailability>('auto-apply', AUTO_APPLY_AVAILABILITIES),
        default_callback_url: callbackUrl() ?? null,
        credits: count('credits'),
        included_jobs: count('included-jobs'),
        key_kind: oneOf<KeyKind>('kind', KEY_KINDS),
      });
      return { account_id: created.account.id, api_key: created.apiKey };
    }
    case 'account show': {
      const account = await requireAccount(pool, uuid('account'));
      return {
        ...serializeAccount(account),
        keys: (await listApiKeys(pool, account.id)).map(serializeApiKey),
        managed_company_ids: await managedCompanies(pool, account.id),
      };
    }
    case 'account list':
      return (await listAccounts(pool)).map(serializeAccount);
    case 'account set': {
      const id = uuid('account');
      const limits = text('rate-limits');
      const changes: AccountChanges = {
        name: text('name'),
        plan: oneOf<Plan>('plan', ['free', 'subscribed']),
        feed_subscription: bool('feed-subscription'),
        auto_apply_availability: oneOf<AutoApplyAvailability>('auto-apply', AUTO_APPLY_AVAILABILITIES),
        default_callback_url: callbackUrl(),
        rate_limit_overrides: limits === undefined ? undefined : parseRateLimits(limits),
      };
      if (Object.values(changes).every((value) => value === undefined)) throw new UsageError('account set needs at least one setting');
      const account = await updateAccount(pool, id, changes);
      if (!account) throw new Error(`no account ${id}`);
      return serializeAccount(account);
    }
    case 'key create': {
      const accountId = uuid('account');
      const expires = text('expires-at');
      if (expires !== undefined && Number.isNaN(Date.parse(expires))) throw new UsageError('--expires-at must be an ISO date-time');
      const result = await createApiKey(pool, accountId, oneOf<KeyKind>('kind', KEY_KINDS) ?? 'customer', clock.now(), {
        name: text('name') ?? null,
        expiresAt: expires ? new Date(expires) : null,
      });
      if (!result.ok && result.reason === 'account_not_found') throw new Error(`no account ${accountId}`);
      if (!result.ok && result.reason === 'limit_reached') throw new Error(`account ${accountId} already has ${result.active} active keys (at most ${result.limit}); revoke one first`);
      if (!result.ok) throw new Error('key not created');
      return { api_key: result.apiKey, key: serializeApiKey(result.record) };
    }
    case 'key list':
      return (await listApiKeys(pool, uuid('account'))).map(serializeApiKey);
    case 'key revoke': {
      const plaintext = text('key');
      const id = plaintext ? await keyIdForPlaintext(pool, plaintext) : uuid('id');
      if (!id) throw new Error('no such API key');
      const key = await revokeApiKey(pool, id, clock.now());
      if (!key) throw new Error(`no API key ${id}`);
      return serializeApiKey(key);
    }
    case 'credits grant': {
      const accountId = uuid('account');
      const credits = count('credits') ?? 0;
      const included = count('included-jobs') ?? 0;
      if (credits === 0 && included === 0) throw new UsageError('credits grant needs --credits or --included-jobs');
      const done = await grant(pool, accountId, credits, included, text('reason') ?? 'granted by operator');
      if (!done) throw new Error(`no account ${accountId}`);
      return { account_id: accountId, entry_id: done.entryId, ...done.balances };
    }
    case 'managed-companies set': {
      const accountId = uuid('account');
      await requireAccount(pool, accountId);
      const raw = text('companies');
      if (raw === undefined) throw new UsageError('--companies is required (comma-separated ids; empty to clear)');
      const ids = raw.split(',').map((id) => id.trim()).filter(Boolean);
      const bad = ids.find((id) => !UUID.test(id));
      if (bad) throw new UsageError(`not a company id: ${bad}`);
      await withTransaction(pool, (client) => replaceManagedCompanies(client, accountId, ids));
      return { account_id: accountId, company_ids: await managedCompanies(pool, accountId) };
    }
    case 'managed-companies show': {
      const accountId = uuid('account');
      await requireAccount(pool, accountId);
      return { account_id: accountId, company_ids: await managedCompanies(pool, accountId) };
    }
    case 'webhook-secret rotate': {
      const accountId = uuid('account');
      const created = await rotateAccountWebhookSecret(pool, accountId);
      if (!created) throw new Error(`no account ${accountId}`);
      const active = await listActiveWebhookSecrets(pool, accountId);
      return { account_id: accountId, secret: created.secret, created_at: created.created_at.toISOString(), active_secrets: active.map(describeWebhookSecret) };
    }
    case 'webhook-secret list': {
      const accountId = uuid('account');
      await requireAccount(pool, accountId);
      return { account_id: accountId, active_secrets: (await listActiveWebhookSecrets(pool, accountId)).map(describeWebhookSecret) };
    }
    default:
      throw new UsageError(command.trim() ? `unknown command: ${command}` : 'no command given');
  }
}

const command = positionals.slice(0, 2).join(' ');
if (values.help || positionals.length === 0) {
  process.stdout.write(USAGE);
  process.exit(values.help ? 0 : 2);
}

const config = loadConfig();
const logger = createLogger(process.env.LOG_LEVEL ?? 'warn', 'admin');
const database = await openDatabase(config, logger);
const pool = createPool(database.url, 2, logger, 'admin');
let exitCode = 0;
try {
  await migrate(pool, logger);
  const result = await run(pool, command);
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    exitCode = 2;
  } else {
    process.stderr.write(`error: ${(error as Error).message}\n`);
    exitCode = 1;
  }
} finally {
  await pool.end();
  await database.stop();
}
process.exit(exitCode);
