// `npm run -s admin -- <noun> <verb> [options]`: operator commands on the same data the
// service uses (DATABASE_URL, or the embedded cluster, attached to when the service is
// running and started for the command when it is not). Prints JSON.
// Exit codes: 0 done (and `--help`); 2 misuse (a one-line reason and the usage text on
// stderr), found before any database is opened; 1 when the command cannot be done
// (unknown account, key limit) or fails unexpectedly (one line on stderr, plus how to fix
// it when the embedded database cannot start; the stack too with LOG_LEVEL=debug or trace).
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import { queueDefinitions } from '../lib/queues.ts';
import { startBoss, type PgBoss } from '../db/boss.ts';
import { findBoard, lastCrawls, listBoards, recentCrawls } from '../db/boards.ts';
import { addBoard, boardIdentity, BoardSpecError, importBoards, removeBoard, type BoardSpec } from '../crawlers/boards.ts';
import { ATS_IDS } from '../crawlers/connector.ts';
import { crawlBoard } from '../crawlers/crawl.ts';
import { crawlDeps } from '../crawlers/settings.ts';
import { reunderstandJobs } from '../crawlers/reunderstand.ts';
import { addCompanyByWebsite, companyWebsite, WebsiteError } from '../crawlers/discovery/add-company.ts';
import { discoverCareerSite, discoveryDeps, DiscoveryRefused } from '../crawlers/discovery/discover.ts';
import { CompanyNotFoundError, enrichCompanyNow } from '../companies/enrich/enrich.ts';
import { serializeBoard, serializeCrawl } from '../api/serializers/board.ts';
import { preparedAction, runCli, UsageError } from './cli.ts';
import { createLogger } from '../lib/logger.ts';
import { clock } from '../lib/clock.ts';
import { KEY_KINDS, KEY_PATTERN, type KeyKind } from '../lib/api-keys.ts';
import { openDatabase } from '../db/database.ts';
import type { EmbeddedDatabase } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';
import { createPool, withTransaction, type Pool } from '../db/pool.ts';
import { AUTO_APPLY_AVAILABILITIES, findAccount, listAccounts, managedCompanies, replaceManagedCompanies, updateAccount, type AccountChanges, type AutoApplyAvailability } from '../db/accounts.ts';
import { createAccountWithKey } from '../db/account-admin.ts';
import { createApiKey, keyIdForPlaintext, listApiKeys, revokeApiKey } from '../db/api-keys.ts';
import { grant } from '../db/credits.ts';
import { describeWebhookSecret, listActiveWebhookSecrets } from '../db/webhooks.ts';
import { rotateAccountWebhookSecret } from '../webhooks/secrets.ts';
import { serializeAccount, serializeApiKey } from '../api/serializers/account.ts';
import { RATE_LIMIT_GROUPS, type Plan } from '../lib/pricing.ts';

const USAGE = `Usage: npm run -s admin -- <command> [options]

  account create --name NAME [--plan free|subscribed] [--credits N] [--included-jobs N]
                 [--feed-subscription [true|false]] [--auto-apply enabled|invite_only|coming_soon]
                 [--callback-url URL] [--kind customer|master|marketplace|sandbox]
  account show --account ID
  account list
  account set --account ID [--plan free|subscribed] [--feed-subscription [true|false]]
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
  board add --ats ATS --token TOKEN [--url URL] [--company-name NAME] [--website URL] [--interval MINUTES]
            (Workday: --url SITE_URL, the token is read from it)
  board list
  board show --id BOARD_ID
  board remove --id BOARD_ID   (its live jobs expire)
  board import --file CSV   (lines ats,token[,url]; prints each line's result; safe to repeat)
  board crawl --id BOARD_ID   (crawls now, waits, prints the counts)
  jobs understand [--board BOARD_ID]   (reads stored crawled jobs again with the current rules)
  company add --website URL [--name NAME]   (prints {company_id}; queues its enrichment and career-site discovery)
  company enrich --id COMPANY_ID   (runs them now; prints what was found)

  ATS is one of ${ATS_IDS.join(', ')}.

  --feed-subscription alone means true; it also takes true or false (--feed-subscription=false).
  ISO is a date-time with a time zone (2030-01-31T00:00:00Z) or a date (2030-01-31, midnight UTC).
  --help prints this.
`;

/** The command cannot be done (unknown account, key limit): exit 1. */
class Refusal extends Error {}

const OPTIONS = {
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
  ats: { type: 'string' },
  token: { type: 'string' },
  url: { type: 'string' },
  'company-name': { type: 'string' },
  website: { type: 'string' },
  interval: { type: 'string' },
  file: { type: 'string' },
  board: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
type OptionName = Exclude<keyof typeof OPTIONS, 'help'>;

// Boolean settings take a bare flag (true) or an explicit true/false, as `--flag true`
// or `--flag=true`. parseArgs has no such option type (a boolean takes no value, a string
// always takes the next token), so they are declared as strings and folded first:
// `--flag true|false` becomes `--flag=true|false`, a bare `--flag` becomes `--flag=true`.
// `--flag=anything-else` stays as it is and is refused by bool(); a token after a bare
// flag that is neither true nor false is left alone, so it parses as the next option (or
// as a stray argument, refused).
const BOOLEAN_OPTIONS: readonly OptionName[] = ['feed-subscription'];

function foldBooleans(argv: string[]): string[] {
  const folded: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return [...folded, ...argv.slice(i)];
    if (arg.startsWith('--') && BOOLEAN_OPTIONS.includes(arg.slice(2) as OptionName)) {
      const next = argv[i + 1];
      if (next === 'true' || next === 'false') {
        folded.push(`${arg}=${next}`);
        i++;
      } else {
        folded.push(`${arg}=true`);
      }
    } else {
      folded.push(arg);
    }
  }
  return folded;
}

/** parseArgs' errors, as one line. */
function parseError(error: Error & { code?: string }): UsageError {
  // "Unknown option '--x'. ...", "Option '--name <value>' argument missing", "Option '-h, --help' does not take an argument"
  const option = /'(?:-\w, )?(-[^' ,]+)/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new UsageError(`unknown option ${option}`);
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    if (/does not take an argument/.test(error.message)) return new UsageError(`${option} takes no value`);
    return new UsageError(`${option} needs a value (one that starts with "-" is written ${option}=-...)`);
  }
  return new UsageError(error.message.split('\n')[0]!);
}

let values: Partial<Record<OptionName, string>> = {};

function text(name: OptionName, required = false): string | undefined {
  const value = values[name];
  if (value === undefined && required) throw new UsageError(`--${name} is required`);
  return value;
}

function boundedText(name: OptionName, max: number, required = false): string | undefined {
  const value = text(name, required);
  if (value !== undefined && (value.trim() === '' || value.length > max)) throw new UsageError(`--${name} must be 1 to ${max} characters`);
  return value;
}

function count(name: OptionName): number | undefined {
  const raw = text(name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw new UsageError(`--${name} must be a whole number, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

function oneOf<T extends string>(name: OptionName, allowed: readonly T[]): T | undefined {
  const raw = text(name);
  if (raw === undefined) return undefined;
  if (!allowed.includes(raw as T)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got ${JSON.stringify(raw)}`);
  return raw as T;
}

function bool(name: OptionName): boolean | undefined {
  const raw = text(name);
  if (raw === undefined) return undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new UsageError(`--${name} takes true or false (alone, it means true), got ${JSON.stringify(raw)}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function uuid(name: OptionName): string {
  const value = text(name, true)!;
  if (!UUID.test(value)) throw new UsageError(`--${name} must be a UUID, got ${JSON.stringify(value)}`);
  return value;
}

function callbackUrl(): string | null | undefined {
  const raw = text('callback-url');
  if (raw === undefined) return undefined;
  if (raw === '' || raw === 'none') return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // Refused below.
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || raw.length > 2000) {
    throw new UsageError('--callback-url must be an absolute http(s) URL (at most 2000 characters), or none');
  }
  return raw;
}

// What the admin API accepts (RFC 3339, with a time zone), and a plain date for midnight UTC.
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?([Zz]|[+-]\d{2}:\d{2}))?$/;
function isoDate(name: OptionName): Date | undefined {
  const raw = text(name);
  if (raw === undefined) return undefined;
  const match = ISO_DATE_TIME.exec(raw);
  const date = match ? new Date(match[4] === undefined ? `${raw}T00:00:00Z` : raw) : null;
  // Date rolls 2030-02-30 over into March; a date that comes back different was not a date.
  const [, year, month, day, hour = '00', minute = '00', second = '00'] = match ?? [];
  const valid =
    date !== null &&
    !Number.isNaN(date.getTime()) &&
    new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).toISOString().slice(0, 10) === `${year}-${month}-${day}` &&
    Number(hour) < 24 && Number(minute) < 60 && Number(second) < 60;
  if (!valid) throw new UsageError(`--${name} must be an ISO 8601 date-time with a time zone (2030-01-31T00:00:00Z) or a date, got ${JSON.stringify(raw)}`);
  return date;
}

function rateLimits(): AccountChanges['rate_limit_overrides'] {
  const raw = text('rate-limits');
  if (raw === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new UsageError('--rate-limits must be JSON, e.g. {"JobSearch":{"minute":600}}');
  }
  const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(parsed)) throw new UsageError('--rate-limits must be a JSON object, e.g. {"JobSearch":{"minute":600}}');
  for (const [group, windows] of Object.entries(parsed)) {
    if (!RATE_LIMIT_GROUPS.includes(group as never)) throw new UsageError(`--rate-limits: unknown group ${group} (groups: ${RATE_LIMIT_GROUPS.join(', ')})`);
    if (!isObject(windows)) throw new UsageError(`--rate-limits: ${group} must be an object of windows, e.g. {"minute":600}`);
    for (const [window, limit] of Object.entries(windows)) {
      if (!['minute', 'hour', 'day'].includes(window) || !Number.isSafeInteger(limit) || (limit as number) < 0) {
        throw new UsageError(`--rate-limits: ${group}.${window} must be minute, hour or day with a whole number`);
      }
    }
  }
  return parsed as AccountChanges['rate_limit_overrides'];
}

async function requireAccount(pool: Pool, id: string) {
  const account = await findAccount(pool, id);
  if (!account) throw new Refusal(`no account ${id}`);
  return account;
}

/** What a command may need besides the pool; the queue starts only for commands that ask. */
interface ActionContext {
  config: Config;
  logger: Logger;
  boss(): Promise<PgBoss>;
}

type Action = (pool: Pool, context: ActionContext) => Promise<unknown>;

function boardSpecOr(spec: BoardSpec): BoardSpec {
  try {
    boardIdentity(spec);
  } catch (error) {
    if (error instanceof BoardSpecError) throw new UsageError(`--${error.field === 'ats' ? 'ats' : error.field}: ${error.message}`);
    throw error;
  }
  return spec;
}

interface Command {
  options: readonly OptionName[];
  /** Reads and checks the options (UsageError), before any database is opened. */
  prepare(): Action;
}

const COMMANDS: Record<string, Command> = {
  'account create': {
    options: ['name', 'plan', 'credits', 'included-jobs', 'feed-subscription', 'auto-apply', 'callback-url', 'kind'],
    prepare() {
      const input = {
        name: boundedText('name', 200, true)!,
        plan: oneOf<Plan>('plan', ['free', 'subscribed']),
        feed_subscription: bool('feed-subscription'),
        auto_apply_availability: oneOf<AutoApplyAvailability>('auto-apply', AUTO_APPLY_AVAILABILITIES),
        default_callback_url: callbackUrl() ?? null,
        credits: count('credits'),
        included_jobs: count('included-jobs'),
        key_kind: oneOf<KeyKind>('kind', KEY_KINDS),
      };
      return async (pool) => {
        const created = await createAccountWithKey(pool, input);
        return { account_id: created.account.id, api_key: created.apiKey };
      };
    },
  },
  'account show': {
    options: ['account'],
    prepare() {
      const id = uuid('account');
      return async (pool) => {
        const account = await requireAccount(pool, id);
        return {
          ...serializeAccount(account),
          keys: (await listApiKeys(pool, account.id)).map(serializeApiKey),
          managed_company_ids: await managedCompanies(pool, account.id),
        };
      };
    },
  },
  'account list': {
    options: [],
    prepare: () => async (pool) => (await listAccounts(pool)).map(serializeAccount),
  },
  'account set': {
    options: ['account', 'plan', 'feed-subscription', 'auto-apply', 'callback-url', 'name', 'rate-limits'],
    prepare() {
      const id = uuid('account');
      const changes: AccountChanges = {
        name: boundedText('name', 200),
        plan: oneOf<Plan>('plan', ['free', 'subscribed']),
        feed_subscription: bool('feed-subscription'),
        auto_apply_availability: oneOf<AutoApplyAvailability>('auto-apply', AUTO_APPLY_AVAILABILITIES),
        default_callback_url: callbackUrl(),
        rate_limit_overrides: rateLimits(),
      };
      if (Object.values(changes).every((value) => value === undefined)) throw new UsageError('account set needs at least one setting');
      return async (pool) => {
        const account = await updateAccount(pool, id, changes);
        if (!account) throw new Refusal(`no account ${id}`);
        return serializeAccount(account);
      };
    },
  },
  'key create': {
    options: ['account', 'kind', 'name', 'expires-at'],
    prepare() {
      const accountId = uuid('account');
      const kind = oneOf<KeyKind>('kind', KEY_KINDS) ?? 'customer';
      const options = { name: boundedText('name', 100) ?? null, expiresAt: isoDate('expires-at') ?? null };
      return async (pool) => {
        const result = await createApiKey(pool, accountId, kind, clock.now(), options);
        if (!result.ok && result.reason === 'account_not_found') throw new Refusal(`no account ${accountId}`);
        if (!result.ok && result.reason === 'limit_reached') throw new Refusal(`account ${accountId} already has ${result.active} active keys (at most ${result.limit}); revoke one first`);
        if (!result.ok) throw new Error('key not created');
        return { api_key: result.apiKey, key: serializeApiKey(result.record) };
      };
    },
  },
  'key list': {
    options: ['account'],
    prepare() {
      const accountId = uuid('account');
      return async (pool) => (await listApiKeys(pool, accountId)).map(serializeApiKey);
    },
  },
  'key revoke': {
    options: ['id', 'key'],
    prepare() {
      const plaintext = text('key');
      if (plaintext !== undefined && values.id !== undefined) throw new UsageError('key revoke takes --id or --key, not both');
      if (plaintext === undefined && values.id === undefined) throw new UsageError('key revoke needs --id KEY_ID or --key API_KEY');
      if (plaintext !== undefined && !KEY_PATTERN.test(plaintext)) throw new UsageError('--key must be an API key (jd_live_... or jd_test_...)');
      const givenId = plaintext === undefined ? uuid('id') : null;
      return async (pool) => {
        const id = givenId ?? (await keyIdForPlaintext(pool, plaintext!));
        if (!id) throw new Refusal('no such API key');
        const key = await revokeApiKey(pool, id, clock.now());
        if (!key) throw new Refusal(`no API key ${id}`);
        return serializeApiKey(key);
      };
    },
  },
  'credits grant': {
    options: ['account', 'credits', 'included-jobs', 'reason'],
    prepare() {
      const accountId = uuid('account');
      const credits = count('credits') ?? 0;
      const included = count('included-jobs') ?? 0;
      if (credits === 0 && included === 0) throw new UsageError('credits grant needs --credits or --included-jobs (more than 0)');
      const reason = boundedText('reason', 200) ?? 'granted by operator';
      return async (pool) => {
        const done = await grant(pool, accountId, credits, included, reason);
        if (!done) throw new Refusal(`no account ${accountId}`);
        return { account_id: accountId, entry_id: done.entryId, ...done.balances };
      };
    },
  },
  'managed-companies set': {
    options: ['account', 'companies'],
    prepare() {
      const accountId = uuid('account');
      const raw = text('companies');
      if (raw === undefined) throw new UsageError('--companies is required (comma-separated ids; an empty string clears)');
      const ids = raw.split(',').map((id) => id.trim()).filter(Boolean);
      const bad = ids.find((id) => !UUID.test(id));
      if (bad) throw new UsageError(`--companies: not a company id: ${JSON.stringify(bad)}`);
      return async (pool) => {
        await requireAccount(pool, accountId);
        await withTransaction(pool, (client) => replaceManagedCompanies(client, accountId, ids));
        return { account_id: accountId, company_ids: await managedCompanies(pool, accountId) };
      };
    },
  },
  'managed-companies show': {
    options: ['account'],
    prepare() {
      const accountId = uuid('account');
      return async (pool) => {
        await requireAccount(pool, accountId);
        return { account_id: accountId, company_ids: await managedCompanies(pool, accountId) };
      };
    },
  },
  'webhook-secret rotate': {
    options: ['account'],
    prepare() {
      const accountId = uuid('account');
      return async (pool) => {
        const created = await rotateAccountWebhookSecret(pool, accountId);
        if (!created) throw new Refusal(`no account ${accountId}`);
        const active = await listActiveWebhookSecrets(pool, accountId);
        return { account_id: accountId, secret: created.secret, created_at: created.created_at.toISOString(), active_secrets: active.map(describeWebhookSecret) };
      };
    },
  },
  'board add': {
    options: ['ats', 'token', 'url', 'company-name', 'website', 'interval'],
    prepare() {
      const spec = boardSpecOr({
        ats: text('ats', true)!,
        token: text('token') ?? null,
        url: text('url') ?? null,
        company_name: boundedText('company-name', 200) ?? null,
        website: text('website') ?? null,
        interval_minutes: count('interval') ?? null,
      });
      return async (pool, { config }) => {
        try {
          const result = await addBoard(pool, spec, config.crawl.intervalMinutes);
          return { board_id: result.board.id, company_id: result.board.company_id, created: result.created };
        } catch (error) {
          if (error instanceof BoardSpecError) throw new Refusal(error.message);
          throw error;
        }
      };
    },
  },
  'board list': {
    options: [],
    prepare: () => async (pool) => {
      const boards = [];
      for (let after: string | null = null; ; ) {
        const page = await listBoards(pool, { after, limit: 1000 });
        const crawls = await lastCrawls(pool, page.map((board) => board.id));
        boards.push(...page.map((board) => serializeBoard(board, crawls.get(board.id) ?? null)));
        if (page.length < 1000) return boards;
        after = page[page.length - 1]!.id;
      }
    },
  },
  'board show': {
    options: ['id'],
    prepare() {
      const id = uuid('id');
      return async (pool) => {
        const board = await findBoard(pool, id);
        if (!board) throw new Refusal(`no board ${id}`);
        const crawls = await recentCrawls(pool, id, 10);
        return { board: serializeBoard(board, crawls[0] ?? null), crawls: crawls.map(serializeCrawl) };
      };
    },
  },
  'board remove': {
    options: ['id'],
    prepare() {
      const id = uuid('id');
      return async (pool) => {
        const result = await removeBoard(pool, id);
        if (!result.removed) throw new Refusal(`no board ${id}`);
        return { board_id: id, removed: true, jobs_expired: result.expired };
      };
    },
  },
  'board import': {
    options: ['file'],
    prepare() {
      const file = text('file', true)!;
      return async (pool, { config }) => {
        let csv: string;
        try {
          csv = await readFile(file, 'utf8');
        } catch (error) {
          throw new Refusal(`cannot read ${file}: ${(error as Error).message}`);
        }
        const lines = await importBoards(pool, csv, config.crawl.intervalMinutes);
        const tally = (status: string) => lines.filter((line) => line.status === status).length;
        return { added: tally('added'), exists: tally('exists'), invalid: tally('invalid'), lines };
      };
    },
  },
  'board crawl': {
    options: ['id'],
    prepare() {
      const id = uuid('id');
      return async (pool, { config, logger, boss }) => {
        const board = await findBoard(pool, id);
        if (!board) throw new Refusal(`no board ${id}`);
        if (board.status !== 'active') throw new Refusal(`board ${id} is disabled: ${board.disabled_reason ?? 'by an operator'}`);
        const started = Date.now();
        // Waits for a crawl of this board running elsewhere to end, then crawls.
        const outcome = await crawlBoard(crawlDeps(config, pool, await boss(), logger), id, { wait: true });
        if (outcome.status === 'skipped') throw new Refusal(`board ${id} was not crawled: ${outcome.reason}`);
        const { crawl } = outcome;
        return {
          status: crawl.status, seen: crawl.seen, new: crawl.new, updated: crawl.updated, unchanged: crawl.unchanged,
          expired: crawl.expired, failed: crawl.failed, seconds: Math.round((Date.now() - started) / 100) / 10,
          ...(crawl.error ? { error: crawl.error } : {}),
        };
      };
    },
  },
  'company add': {
    options: ['website', 'name'],
    prepare() {
      const website = text('website', true)!;
      try {
        companyWebsite(website);
      } catch (error) {
        if (error instanceof WebsiteError) throw new UsageError(`--website: ${error.message}`);
        throw error;
      }
      const name = boundedText('name', 200) ?? null;
      return async (pool, { boss }) => {
        const added = await addCompanyByWebsite(pool, await boss(), { website, name });
        return { company_id: added.company_id, created: added.created, enrichment_queued: added.enrichment_job_id !== null, discovery_queued: added.discovery_job_id !== null };
      };
    },
  },
  'company enrich': {
    options: ['id'],
    prepare() {
      const id = uuid('id');
      return async (pool, { config, logger, boss }) => {
        try {
          // Enrichment first: the website it reads (and may correct) is the one discovery walks.
          const enrichment = await enrichCompanyNow(config, pool, id);
          const discovery = await discoverCareerSite(discoveryDeps(config, pool, await boss(), logger), id);
          return { company_id: id, enrichment, discovery };
        } catch (error) {
          if (error instanceof DiscoveryRefused || error instanceof CompanyNotFoundError) throw new Refusal(error.message);
          throw error;
        }
      };
    },
  },
  'jobs understand': {
    options: ['board'],
    prepare() {
      const boardId = text('board', false) === undefined ? null : uuid('board');
      return async (pool) => {
        if (boardId && !(await findBoard(pool, boardId))) throw new Refusal(`no board ${boardId}`);
        const started = Date.now();
        const { read, updated } = await reunderstandJobs(pool, { boardId });
        return { read, updated, seconds: Math.round((Date.now() - started) / 100) / 10 };
      };
    },
  },
  'webhook-secret list': {
    options: ['account'],
    prepare() {
      const accountId = uuid('account');
      return async (pool) => {
        await requireAccount(pool, accountId);
        return { account_id: accountId, active_secrets: (await listActiveWebhookSecrets(pool, accountId)).map(describeWebhookSecret) };
      };
    },
  },
};

/** The action the arguments ask for, 'help', or a UsageError. */
function prepare(argv: string[]): Action | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args: foldBooleans(argv), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    // `--help` anywhere (before a `--`) wins over whatever else is wrong.
    const beforeEnd = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
    if (beforeEnd.includes('--help') || beforeEnd.includes('-h')) return 'help';
    throw parseError(error as Error);
  }
  if (parsed.values.help) return 'help';
  const { help: _help, ...given } = parsed.values;
  values = given;
  const [noun, verb, ...extra] = parsed.positionals;
  if (noun === undefined) throw new UsageError('no command given');
  const name = verb === undefined ? noun : `${noun} ${verb}`;
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command: ${name}`);
  if (extra.length > 0) {
    // `--feed-subscription maybe`: the fold above left `maybe` as an argument of its own.
    const flag = argv[argv.indexOf(extra[0]!) - 1]?.slice(2) as OptionName | undefined;
    if (flag && BOOLEAN_OPTIONS.includes(flag)) throw new UsageError(`--${flag} takes true or false (alone, it means true), got ${JSON.stringify(extra[0])}`);
    throw new UsageError(`unexpected argument: ${extra[0]}`);
  }
  const stray = (Object.keys(given) as OptionName[]).find((option) => !command.options.includes(option));
  if (stray) throw new UsageError(`--${stray} does not apply to ${name}`);
  return command.prepare();
}

async function main(argv: string[]): Promise<number> {
  const action = preparedAction(argv, prepare, USAGE);
  if (typeof action === 'number') return action;
  const config = loadConfig();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn', 'admin');
  let database: EmbeddedDatabase | null = null;
  let pool: Pool | null = null;
  let boss: PgBoss | null = null;
  try {
    database = await openDatabase(config, logger);
    const url = database.url;
    pool = createPool(url, 4, logger, 'admin');
    await migrate(pool, logger);
    const context: ActionContext = {
      config,
      logger,
      boss: async () => (boss ??= await startBoss({ connectionString: url, logger, queues: queueDefinitions, schedule: false, supervise: false, name: 'admin' })),
    };
    const result = await action(pool, context);
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    return 0;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    process.stderr.write(`error: ${error.message}\n`);
    return 1;
  } finally {
    await (boss as PgBoss | null)?.stop({ graceful: true, timeout: 5000 });
    await pool?.end();
    await database?.stop();
  }
}

await runCli(main);
