// Every setting the service reads, in one place. Each entry names its environment
// variable and its default; README.md lists the same table for operators.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from './startup-error.ts';
import { parseKey } from './secret-box.ts';
import { isLoopback, parseLoopbackProviders, type ProviderId } from './provider-ids.ts';

export interface Config {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  /** Public base URL used in links (problem `type`, `details_url`, docs). */
  baseUrl: string;
  /** When unset, an embedded PostgreSQL in `dataDir/pg` is used. */
  databaseUrl: string | null;
  dataDir: string;
  /** As root: where the embedded PostgreSQL's programs (and a cluster DATA_DIR hides) go so its `postgres` user reaches them. */
  embeddedPgSharedDir: string;
  dbPoolMax: number;
  logLevel: string;
  /** Honour X-Forwarded-Proto / X-Forwarded-For from a proxy in front of us. */
  trustProxy: boolean;
  /** Upper bound for in-flight requests and jobs to finish on SIGTERM. */
  shutdownTimeoutMs: number;
  maxJsonBodyBytes: number;
  /** OpenSearch, when OPENSEARCH_URL is set; PostgreSQL full-text search otherwise. */
  opensearch: OpenSearchConfig | null;
  feeds: FeedConfig;
  autoApply: AutoApplyConfig;
  /** Outbound requests (webhooks) may reach private and loopback addresses: tests only, refused in production. */
  outboundAllowPrivate: boolean;
  /** How often pg-boss looks for expired jobs and lost heartbeats (a killed worker's job). */
  queueSuperviseSeconds: number;
  browser: BrowserSettings;
  crawl: CrawlConfig;
  encryption: EncryptionSettings;
  mailboxes: MailboxConfig;
  /** METRICS_TOKEN: /metrics needs `Authorization: Bearer <token>`; null: /metrics answers loopback clients only. */
  metricsToken: string | null;
  /** OPS_PORT: the port of the operations server (/healthz, /readyz, /metrics) of worker and scheduler processes; null: none. */
  opsPort: number | null;
}

/** Connected mailboxes (mail/): how IMAP servers are reached and trusted, and the Outlook app. */
export interface MailboxConfig {
  /** MAILBOX_IMAP_ROUTES: "host:port=127.0.0.1:port,..." sends a mailbox's IMAP server to a loopback one (tests only, refused in production). */
  imapRoutes: Record<string, { host: string; port: number }>;
  /** MAILBOX_TLS_CA_FILE: a PEM file of further CAs an IMAP server's certificate may chain to (beside the system's). */
  tlsCa: string | null;
  /** MAILBOX_CHECK_INTERVAL_MINUTES: how often each connected mailbox is checked. */
  checkIntervalMinutes: number;
  /** SANDBOX_SMTP_URL (smtp://host:port): the sandbox email-code form also sends its code there by SMTP, for real mailbox reads. */
  sandboxSmtpUrl: string | null;
  /** Outlook connections (MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET set); null: not configured. */
  outlook: OutlookConfig | null;
}

export interface OutlookConfig {
  clientId: string;
  clientSecret: string;
  /** MICROSOFT_AUTHORITY: the tenant's authority, https://login.microsoftonline.com/common by default. */
  authority: string;
  /** MICROSOFT_AUTHORITY_METADATA: the authority's OpenID configuration as JSON, for an authority msal-node does not know (tests). */
  authorityMetadata: string | null;
  /** MICROSOFT_IMAP_HOST: the IMAP server mail is read from (outlook.office365.com:993). */
  imapHost: string;
  imapPort: number;
}

/** Keys of encryption at rest (lib/secret-box.ts; db/encryption-keys.ts). */
export interface EncryptionSettings {
  /** ENCRYPTION_KEY (32 bytes, base64): seals new values. Unset: a random key kept in the database. */
  key: Buffer | null;
  /** ENCRYPTION_KEYS_PREVIOUS (comma-separated): keys being rotated out, still read. */
  previousKeys: Buffer[];
}

/** Ingestion: how often boards are listed and how politely (crawlers/http.ts). */
export interface CrawlConfig {
  /** CRAWL_INTERVAL_MINUTES: a new board's interval between crawls. */
  intervalMinutes: number;
  /** CRAWL_CONTACT_URL: where an ATS operator reaches us; part of the User-Agent. */
  contactUrl: string;
  timeoutSeconds: number;
  maxResponseBytes: number;
  /** Per host, per process. */
  hostConcurrency: number;
  hostRatePerSecond: number;
  maxRetryAfterSeconds: number;
  /** Days a board may answer "not found" before it is disabled and its jobs expire. */
  goneDays: number;
  /** crawl.board jobs one worker process runs at once. */
  concurrency: number;
  /** Real ATS origin → loopback replica (CRAWL_ORIGINS; tests only, refused in production). */
  origins: Record<string, string>;
}

export const CHROMIUM_SOURCES = ['auto', 'system', 'bundled'] as const;
export type ChromiumSource = (typeof CHROMIUM_SOURCES)[number];

/** Which Chromium the browser work starts (apply/chromium.ts). */
export interface BrowserSettings {
  /** CHROMIUM_PATH: an executable to use as it is. */
  path: string | null;
  /** CHROMIUM_SOURCE: `auto` (CHROMIUM_PATH, Debian's, then bundled), `system` (never bundled), `bundled` (always). */
  source: ChromiumSource;
  /** Where the bundled Chromium is unpacked: `<DATA_DIR>/chromium`. */
  unpackDir: string;
}

export interface AutoApplyConfig {
  /** The create hold (spec 4.4: at most 90 s). */
  holdSeconds: number;
  /** How long a step waits for its answers before the application fails with answers_timeout. */
  answerWindowSeconds: number;
  /** How long the submit step waits for a confirmation before ending submission_unconfirmed. */
  confirmSeconds: number;
  /** The time limit of one browser step (discover, fill or submit). */
  stepTimeoutSeconds: number;
  /** Loopback origins standing in for providers (AUTO_APPLY_PROVIDER_ORIGINS; refused in production). */
  loopbackProviders: Record<string, ProviderId>;
}

export interface FeedConfig {
  /** Signs feed cursors; when unset, a random key kept in the database is shared by every process. */
  cursorSecret: string | null;
  /** Feed pages read at once per process; more wait in a queue... */
  maxConcurrent: number;
  /** ...of at most this many, beyond which a feed request gets 503 with Retry-After. */
  maxQueued: number;
}

export interface OpenSearchConfig {
  url: string;
  username: string | null;
  password: string | null;
  /** The alias searches read; each build is a versioned index behind it. */
  alias: string;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a non-negative integer, got ${JSON.stringify(raw)}`);
  }
  return value;
}

function flag(env: Env, name: string): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  return raw === '1' || raw === 'true' || raw === 'yes';
}

function chromiumSource(env: Env): ChromiumSource {
  const raw = (env.CHROMIUM_SOURCE || 'auto').trim().toLowerCase();
  const source = CHROMIUM_SOURCES.find((candidate) => candidate === raw);
  if (!source) throw new Error(`CHROMIUM_SOURCE must be one of ${CHROMIUM_SOURCES.join(', ')}, got ${JSON.stringify(env.CHROMIUM_SOURCE)}`);
  return source;
}

/** The configuration from the environment; a bad setting is a StartupError naming it. */
export function loadConfig(env: Env = process.env): Config {
  try {
    return readConfig(env);
  } catch (error) {
    throw new StartupError((error as Error).message, 'correct that environment variable (README.md lists every setting and its default)', { cause: error });
  }
}

function readConfig(env: Env): Config {
  const nodeEnv = env.NODE_ENV || 'development';
  const port = integer(env, 'PORT', 8080);
  const host = env.HOST || '0.0.0.0';
  const baseUrl = (env.BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const isProduction = nodeEnv === 'production';
  const outboundAllowPrivate = flag(env, 'OUTBOUND_ALLOW_PRIVATE');
  const dataDir = path.resolve(env.DATA_DIR || '.data');
  if (outboundAllowPrivate && isProduction) throw new Error('OUTBOUND_ALLOW_PRIVATE lets webhooks reach private addresses; it is refused in production.');
  return {
    nodeEnv,
    isProduction,
    port,
    host,
    baseUrl,
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    embeddedPgSharedDir: path.resolve(env.EMBEDDED_PG_SHARED_DIR || '/var/lib/jobdata-service'),
    dbPoolMax: integer(env, 'DB_POOL_MAX', 10),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: flag(env, 'TRUST_PROXY'),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 20_000),
    maxJsonBodyBytes: 1024 * 1024,
    feeds: {
      cursorSecret: env.CURSOR_SECRET || null,
      maxConcurrent: Math.max(1, integer(env, 'FEED_MAX_CONCURRENCY', 4)),
      maxQueued: integer(env, 'FEED_MAX_QUEUE', 16),
    },
    autoApply: {
      holdSeconds: Math.min(90, integer(env, 'AUTO_APPLY_HOLD_SECONDS', 90)),
      answerWindowSeconds: Math.max(1, integer(env, 'AUTO_APPLY_ANSWER_WINDOW_SECONDS', 900)),
      confirmSeconds: Math.max(1, integer(env, 'AUTO_APPLY_CONFIRM_SECONDS', 20)),
      stepTimeoutSeconds: Math.max(10, integer(env, 'AUTO_APPLY_STEP_TIMEOUT_SECONDS', 150)),
      loopbackProviders: parseLoopbackProviders(env.AUTO_APPLY_PROVIDER_ORIGINS, isProduction),
    },
    outboundAllowPrivate,
    queueSuperviseSeconds: Math.max(1, integer(env, 'QUEUE_SUPERVISE_SECONDS', 60)),
    crawl: {
      intervalMinutes: Math.max(1, integer(env, 'CRAWL_INTERVAL_MINUTES', 60)),
      contactUrl: env.CRAWL_CONTACT_URL || `${baseUrl}/docs`,
      timeoutSeconds: Math.max(1, integer(env, 'CRAWL_TIMEOUT_SECONDS', 30)),
      maxResponseBytes: Math.max(1, integer(env, 'CRAWL_MAX_RESPONSE_MB', 50)) * 1024 * 1024,
      hostConcurrency: Math.max(1, integer(env, 'CRAWL_HOST_CONCURRENCY', 4)),
      hostRatePerSecond: integer(env, 'CRAWL_HOST_RATE', 5),
      maxRetryAfterSeconds: integer(env, 'CRAWL_MAX_RETRY_AFTER_SECONDS', 120),
      goneDays: integer(env, 'CRAWL_GONE_DAYS', 3),
      concurrency: Math.max(1, integer(env, 'CRAWL_CONCURRENCY', 4)),
      origins: parseCrawlOrigins(env.CRAWL_ORIGINS, isProduction),
    },
    browser: { path: env.CHROMIUM_PATH || null, source: chromiumSource(env), unpackDir: path.join(dataDir, 'chromium') },
    encryption: readEncryptionSettings(env),
    mailboxes: readMailboxConfig(env, isProduction),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    opsPort: opsPort(env.OPS_PORT),
    opensearch: env.OPENSEARCH_URL
      ? {
          url: env.OPENSEARCH_URL.replace(/\/+$/, ''),
          username: env.OPENSEARCH_USERNAME || null,
          password: env.OPENSEARCH_PASSWORD || null,
          alias: env.OPENSEARCH_INDEX || 'jobs',
        }
      : null,
  };
}

/** METRICS_TOKEN: at least 16 visible ASCII characters (it travels in a header), or unset. */
function metricsToken(raw: string | undefined): string | null {
  const token = raw?.trim();
  if (!token) return null;
  if (!/^[\x21-\x7e]{16,}$/.test(token)) throw new Error('METRICS_TOKEN must be at least 16 visible ASCII characters without spaces (e.g. `openssl rand -hex 32`).');
  return token;
}

/** OPS_PORT: a TCP port (1-65535), or unset. */
function opsPort(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`OPS_PORT must be a TCP port (1-65535), got ${JSON.stringify(raw)}`);
  return port;
}

/** ENCRYPTION_KEY and ENCRYPTION_KEYS_PREVIOUS; a key that is not 32 bytes of base64 is an error naming its setting. */
export function readEncryptionSettings(env: Env): EncryptionSettings {
  const previous = (env.ENCRYPTION_KEYS_PREVIOUS ?? '').split(',').filter((item) => item.trim() !== '');
  return {
    key: env.ENCRYPTION_KEY?.trim() ? parseKey(env.ENCRYPTION_KEY, 'ENCRYPTION_KEY') : null,
    previousKeys: previous.map((item, index) => parseKey(item, `ENCRYPTION_KEYS_PREVIOUS (item ${index + 1})`)),
  };
}

/** Parses CRAWL_ORIGINS ("https://boards-api.greenhouse.io=http://127.0.0.1:4100,..."); refused in production. */
export function parseCrawlOrigins(raw: string | undefined, production: boolean): Record<string, string> {
  if (!raw?.trim()) return {};
  if (production) throw new Error('CRAWL_ORIGINS sends ATS origins to loopback replicas for tests; it is refused in production.');
  const mapping: Record<string, string> = {};
  for (const pair of raw.split(',')) {
    const at = pair.lastIndexOf('=');
    let from: URL;
    let to: URL;
    try {
      from = new URL(pair.slice(0, at).trim());
      to = new URL(pair.slice(at + 1).trim());
    } catch {
      throw new Error(`CRAWL_ORIGINS: cannot read "${pair}" (real-origin=loopback-origin, e.g. https://boards-api.greenhouse.io=http://127.0.0.1:4100).`);
    }
    if (to.protocol !== 'http:' || !isLoopback(to.hostname)) throw new Error(`CRAWL_ORIGINS: ${to.origin} is not a loopback http origin.`);
    mapping[from.origin] = to.origin;
  }
  return mapping;
}

function readMailboxConfig(env: Env, production: boolean): MailboxConfig {
  const clientId = env.MICROSOFT_CLIENT_ID?.trim();
  const clientSecret = env.MICROSOFT_CLIENT_SECRET?.trim();
  if (!!clientId !== !!clientSecret) throw new Error('MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET are set together (Outlook mailboxes), or neither.');
  const imap = hostAndPort(env.MICROSOFT_IMAP_HOST || 'outlook.office365.com:993', 'MICROSOFT_IMAP_HOST');
  const caFile = env.MAILBOX_TLS_CA_FILE?.trim();
  let tlsCa: string | null = null;
  if (caFile) {
    try {
      tlsCa = readFileSync(caFile, 'utf8');
    } catch (error) {
      throw new Error(`MAILBOX_TLS_CA_FILE: cannot read ${caFile} (${(error as Error).message})`);
    }
  }
  return {
    imapRoutes: parseImapRoutes(env.MAILBOX_IMAP_ROUTES, production),
    tlsCa,
    checkIntervalMinutes: Math.max(1, integer(env, 'MAILBOX_CHECK_INTERVAL_MINUTES', 30)),
    sandboxSmtpUrl: smtpUrl(env.SANDBOX_SMTP_URL),
    outlook:
      clientId && clientSecret
        ? {
            clientId,
            clientSecret,
            authority: (env.MICROSOFT_AUTHORITY || 'https://login.microsoftonline.com/common').replace(/\/+$/, ''),
            authorityMetadata: env.MICROSOFT_AUTHORITY_METADATA || null,
            imapHost: imap.host,
            imapPort: imap.port,
          }
        : null,
  };
}

function smtpUrl(raw: string | undefined): string | null {
  if (!raw?.trim()) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`SANDBOX_SMTP_URL: cannot read "${raw}" (smtp://host:port).`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SANDBOX_SMTP_URL: ${url.protocol} is not smtp: or smtps:.`);
  return url.toString();
}

function hostAndPort(raw: string, name: string): { host: string; port: number } {
  const match = /^\[?([^\]\s]+?)\]?:(\d{1,5})$/.exec(raw.trim());
  const port = match ? Number(match[2]) : NaN;
  if (!match || port < 1 || port > 65535) throw new Error(`${name}: cannot read "${raw}" (host:port, e.g. imap.example.com:993).`);
  return { host: match[1]!.toLowerCase(), port };
}

/** Parses MAILBOX_IMAP_ROUTES ("imap.example.test:993=127.0.0.1:3993,..."); refused in production. */
export function parseImapRoutes(raw: string | undefined, production: boolean): Record<string, { host: string; port: number }> {
  if (!raw?.trim()) return {};
  if (production) throw new Error('MAILBOX_IMAP_ROUTES sends IMAP servers to loopback ones for tests; it is refused in production.');
  const routes: Record<string, { host: string; port: number }> = {};
  for (const pair of raw.split(',')) {
    const at = pair.indexOf('=');
    if (at < 0) throw new Error(`MAILBOX_IMAP_ROUTES: cannot read "${pair}" (host:port=127.0.0.1:port).`);
    const from = hostAndPort(pair.slice(0, at), 'MAILBOX_IMAP_ROUTES');
    const to = hostAndPort(pair.slice(at + 1), 'MAILBOX_IMAP_ROUTES');
    if (!isLoopback(to.host)) throw new Error(`MAILBOX_IMAP_ROUTES: ${to.host} is not a loopback address.`);
    routes[`${from.host}:${from.port}`] = to;
  }
  return routes;
}
