// The HTTP client connectors list boards with. Everything a polite crawler owes the ATS
// lives here, once: a User-Agent naming the service and its operator contact, per-host
// concurrency and request rate (host-gate.ts), 429/503 Retry-After waited out, retries of
// transient failures, a time limit and a response-size cap, gzip, and conditional
// requests (ETag / Last-Modified) where a listing is one request. Connections go through
// the outbound guard's lookup, so a board URL that resolves to a private address is
// refused; CRAWL_ORIGINS (tests only) sends a real ATS origin to a loopback replica.
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { guardedLookup, OutboundRefusedError } from '../lib/outbound-guard.ts';
import { HostGates, type HostLimit } from './host-gate.ts';

export interface CrawlHttpSettings {
  /** The whole User-Agent header. */
  userAgent: string;
  timeoutMs: number;
  maxResponseBytes: number;
  hostLimit: HostLimit;
  /** Hosts known to need a tighter limit (Workable answers 429 above about two concurrent requests). */
  hostLimits?: Record<string, HostLimit>;
  /** Longest Retry-After honoured; a longer one fails the request (the next crawl tries again). */
  maxRetryAfterSeconds: number;
  /** Attempts per request for 429/503, transport errors and 5xx. */
  attempts: number;
  /** Real origin → loopback replica (CRAWL_ORIGINS); those targets may be private. */
  origins: Record<string, string>;
  /** Lifts the guard's address rules for every host (OUTBOUND_ALLOW_PRIVATE; tests only). */
  allowPrivate: boolean;
}

/** A request that did not end in an accepted answer; `status` is null for transport failures. */
export class CrawlHttpError extends Error {
  override name = 'CrawlHttpError';
  readonly url: string;
  readonly status: number | null;
  constructor(url: string, status: number | null, message: string) {
    super(message);
    this.url = url;
    this.status = status;
  }
}

/** A conditional listing request answered 304: the board is as it was at the last complete crawl. */
export class NotModified extends Error {
  override name = 'NotModified';
}

export interface Validators {
  etag?: string;
  last_modified?: string;
}

export interface CrawlResponse {
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A JSON body (POST). */
  json?: unknown;
  /** Statuses returned to the connector instead of thrown (e.g. 404 for "no such posting"). */
  accept?: number[];
  /** Send the validators stored for this URL and throw NotModified on 304 (single-request listings only). */
  conditional?: boolean;
}

export interface HttpErrorRecord {
  url: string;
  status: number | null;
  message: string;
}

const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);
const MAX_RECORDED_ERRORS = 20;

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * One crawl's client: shares the process-wide host gates, keeps the errors it met (for the
 * crawl record) and the validators it received (saved only when the crawl completes).
 */
export class CrawlHttp {
  readonly errors: HttpErrorRecord[] = [];
  /** Validators received in this crawl, by URL as the connector asked for it. */
  readonly receivedValidators: Record<string, Validators> = {};
  requests = 0;
  private readonly settings: CrawlHttpSettings;
  private readonly gates: HostGates;
  private readonly storedValidators: Record<string, Validators>;
  private readonly agents: { https: https.Agent; http: http.Agent; replica: http.Agent };

  constructor(settings: CrawlHttpSettings, gates: HostGates, storedValidators: Record<string, Validators> = {}) {
    this.settings = settings;
    this.gates = gates;
    this.storedValidators = storedValidators;
    // Keep-alive within one crawl: every pooled socket was opened through the guard's lookup.
    const lookup = guardedLookup({ allowPrivate: settings.allowPrivate });
    this.agents = {
      https: new https.Agent({ keepAlive: true, maxSockets: 8, lookup } as https.AgentOptions),
      http: new http.Agent({ keepAlive: true, maxSockets: 8, lookup } as http.AgentOptions),
      // CRAWL_ORIGINS targets are loopback replicas by definition (config checks them).
      replica: new http.Agent({ keepAlive: true, maxSockets: 8, lookup: guardedLookup({ allowPrivate: true }) } as http.AgentOptions),
    };
  }

  close(): void {
    for (const agent of Object.values(this.agents)) agent.destroy();
  }

  /** Where a request for `url` really goes: its replica under CRAWL_ORIGINS, else itself. */
  target(url: string): URL {
    const parsed = new URL(url);
    const mapped = this.settings.origins[parsed.origin];
    return mapped ? new URL(parsed.pathname + parsed.search, mapped) : parsed;
  }

  async getJson<T>(url: string, options: Omit<RequestOptions, 'method' | 'json'> = {}): Promise<T> {
    return parseJson<T>(await this.request(url, { ...options, headers: { accept: 'application/json', ...options.headers } }));
  }

  async postJson<T>(url: string, json: unknown, options: Omit<RequestOptions, 'method' | 'json'> = {}): Promise<T> {
    return parseJson<T>(await this.request(url, { ...options, method: 'POST', json, headers: { accept: 'application/json', ...options.headers } }));
  }

  async getText(url: string, options: Omit<RequestOptions, 'method' | 'json'> = {}): Promise<string> {
    return (await this.request(url, options)).body.toString('utf8');
  }

  /** Sends a request, retrying what a polite client retries; throws CrawlHttpError (or NotModified). */
  async request(url: string, options: RequestOptions = {}): Promise<CrawlResponse> {
    const target = this.target(url);
    const mapped = target.href !== new URL(url).href;
    if (target.protocol !== 'https:' && target.protocol !== 'http:') throw this.fail(url, null, `Refusing ${target.protocol} URL.`);
    if (target.protocol === 'http:' && !mapped && !this.settings.allowPrivate) throw this.fail(url, null, 'Board URLs must use https.');
    const headers: Record<string, string> = {
      'user-agent': this.settings.userAgent,
      'accept-encoding': 'gzip, deflate',
      ...options.headers,
    };
    const stored = options.conditional ? this.storedValidators[url] : undefined;
    if (stored?.etag) headers['if-none-match'] = stored.etag;
    if (stored?.last_modified) headers['if-modified-since'] = stored.last_modified;
    let body: Buffer | undefined;
    if (options.json !== undefined) {
      body = Buffer.from(JSON.stringify(options.json));
      headers['content-type'] = 'application/json';
    }
    const host = target.host;
    for (let attempt = 1; ; attempt++) {
      const release = await this.gates.acquire(host);
      let response: CrawlResponse;
      try {
        this.requests++;
        response = await this.send(target, options.method ?? 'GET', headers, body, mapped);
      } catch (error) {
        release();
        const message = error instanceof OutboundRefusedError ? error.message : describeTransportError(error, this.settings.timeoutMs);
        if (error instanceof OutboundRefusedError || attempt >= this.settings.attempts) throw this.fail(url, null, message);
        this.record(url, null, `${message} (attempt ${attempt}, retried)`);
        await sleep(backoffMs(attempt));
        continue;
      }
      release();
      response.url = url;
      const status = response.status;
      if (status === 304 && options.conditional) throw new NotModified(url);
      if (status >= 200 && status < 300) {
        if (options.conditional) this.keepValidators(url, response.headers);
        return response;
      }
      if (options.accept?.includes(status)) return response;
      if (RETRYABLE_STATUS.has(status) && attempt < this.settings.attempts) {
        const wait = retryAfterSeconds(header(response.headers, 'retry-after'));
        if (wait !== null && wait > this.settings.maxRetryAfterSeconds) {
          throw this.fail(url, status, `HTTP ${status} with Retry-After ${wait} s, longer than the ${this.settings.maxRetryAfterSeconds} s this crawler waits.`);
        }
        const waitMs = wait !== null ? wait * 1000 : backoffMs(attempt);
        // Every request to this host waits, not only this one.
        if (status === 429 || status === 503) this.gates.pause(host, Date.now() + waitMs);
        this.record(url, status, `HTTP ${status}; waited ${Math.round(waitMs / 100) / 10} s and retried`);
        await sleep(waitMs);
        continue;
      }
      throw this.fail(url, status, `HTTP ${status} from ${new URL(url).host}.`);
    }
  }

  private keepValidators(url: string, headers: http.IncomingHttpHeaders): void {
    const etag = header(headers, 'etag');
    const lastModified = header(headers, 'last-modified');
    if (etag || lastModified) this.receivedValidators[url] = { ...(etag ? { etag } : {}), ...(lastModified ? { last_modified: lastModified } : {}) };
  }

  private record(url: string, status: number | null, message: string): void {
    if (this.errors.length < MAX_RECORDED_ERRORS) this.errors.push({ url, status, message });
  }

  private fail(url: string, status: number | null, message: string): CrawlHttpError {
    this.record(url, status, message);
    return new CrawlHttpError(url, status, message);
  }

  private send(target: URL, method: string, headers: Record<string, string>, body: Buffer | undefined, mapped: boolean): Promise<CrawlResponse> {
    const { timeoutMs, maxResponseBytes } = this.settings;
    const transport = target.protocol === 'https:' ? https : http;
    const agent = mapped ? this.agents.replica : target.protocol === 'https:' ? this.agents.https : this.agents.http;
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (error: Error | null, result?: CrawlResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) {
          request.destroy();
          reject(error);
        } else resolve(result!);
      };
      const request = transport.request(target, {
        method,
        headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
        agent,
      });
      const timer = setTimeout(() => {
        const error = new Error(`no complete answer within ${timeoutMs} ms`);
        error.name = 'TimeoutError';
        settle(error);
      }, timeoutMs);
      request.on('error', (error) => settle(error));
      request.on('response', (response) => {
        const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
        const stream: NodeJS.ReadableStream =
          encoding === 'gzip' ? response.pipe(zlib.createGunzip()) : encoding === 'deflate' ? response.pipe(zlib.createInflate()) : response;
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxResponseBytes) return settle(new Error(`the answer is longer than ${maxResponseBytes} bytes`));
          chunks.push(chunk);
        });
        stream.on('error', (error: Error) => settle(error));
        stream.on('end', () => settle(null, { url: target.href, status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.end(body);
    });
  }
}

function header(headers: http.IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function backoffMs(attempt: number): number {
  return Math.min(30_000, 500 * 2 ** (attempt - 1));
}

function describeTransportError(error: unknown, timeoutMs: number): string {
  const err = error as NodeJS.ErrnoException;
  if (err?.name === 'TimeoutError') return `No complete answer within ${timeoutMs} ms.`;
  return `${err?.code ?? 'Error'}: ${err?.message ?? String(error)}`;
}

function parseJson<T>(response: CrawlResponse): T {
  try {
    return JSON.parse(response.body.toString('utf8')) as T;
  } catch {
    throw new CrawlHttpError(response.url, response.status, `The answer from ${new URL(response.url).host} is not JSON.`);
  }
}
