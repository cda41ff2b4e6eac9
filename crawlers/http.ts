// The HTTP client connectors list boards with. Everything a polite crawler owes the ATS
// lives here, once: a User-Agent naming the service and its operator contact, per-host
// concurrency and request rate (host-gate.ts), 429/503 Retry-After waited out, retries of
// transient failures, a time limit and a response-size cap, gzip, and conditional
// requests (ETag / Last-Modified) where a listing is one request. Connections go through
// the outbound guard's lookup, so a board URL that resolves to a private address is
// refused; CRAWL_ORIGINS (tests only) sends a real ATS origin to a loopback replica.
import http from 'node:http';
import https from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { JSONParser } from '@streamparser/json';
import { setTimeout as sleep } from 'node:timers/promises';
import { guardedLookup, literalAddressRefusal, OutboundRefusedError } from '../lib/outbound-guard.ts';
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

  /** Sends a request and reads its whole answer, retrying what a polite client retries; throws CrawlHttpError (or NotModified). */
  async request(url: string, options: RequestOptions = {}): Promise<CrawlResponse> {
    for (let attempt = 1; ; ) {
      const opened = await this.open(url, options, attempt);
      try {
        return { url, status: opened.status, headers: opened.headers, body: await this.readAll(opened) };
      } catch (error) {
        const message = describeTransportError(error, this.settings.timeoutMs);
        if (error instanceof TooLargeError || opened.attempt >= this.settings.attempts) throw this.fail(url, null, message);
        this.record(url, null, `${message} (attempt ${opened.attempt}, retried)`);
        await sleep(backoffMs(opened.attempt));
        attempt = opened.attempt + 1;
      } finally {
        opened.close();
      }
    }
  }

  /**
   * Streams the values at `path` (a JSONPath such as `$.jobs.*`) of a JSON answer, in
   * batches, so a board of any size is never held whole: the next bytes are read only
   * when the batch before was taken. Returns the top-level `fields` asked for (such as a
   * count beside the list, which `path` must then lie below). Retries happen before the
   * first batch only; an answer that breaks off after it throws (the crawl fails, and
   * expires nothing).
   */
  async *streamJson<T>(
    url: string,
    path: string,
    options: Omit<RequestOptions, 'method' | 'json' | 'accept'> & { batch?: number; fields?: string[] } = {},
  ): AsyncGenerator<T[], Record<string, unknown>, void> {
    const batch = options.batch ?? 500;
    const opened = await this.open(url, { ...options, headers: { accept: 'application/json', ...options.headers } }, 1);
    const fields = options.fields ?? [];
    const parser = new JSONParser({ paths: [path, ...fields.map((field) => `$.${field}`)], keepStack: false });
    const values: T[] = [];
    const found: Record<string, unknown> = {};
    parser.onValue = ({ value, key, stack }) => {
      if (stack.length === 1 && typeof key === 'string' && fields.includes(key)) found[key] = value;
      else values.push(value as T);
    };
    let size = 0;
    try {
      for await (const chunk of opened.stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > this.settings.maxResponseBytes) throw new TooLargeError(this.settings.maxResponseBytes);
        parse(() => parser.write(chunk));
        while (values.length >= batch) yield values.splice(0, batch);
      }
      if (!parser.isEnded) parse(() => parser.end());
      if (values.length > 0) yield values;
      return found;
    } catch (error) {
      if (error instanceof CrawlHttpError) throw error;
      const message = error instanceof NotJsonError
        ? `The answer from ${new URL(url).host} is not JSON (${error.message}).`
        : describeTransportError(error, this.settings.timeoutMs);
      throw this.fail(url, opened.status, message);
    } finally {
      opened.close();
    }
  }

  /**
   * Sends a request until an answer worth reading arrives, retrying 429/503 (after
   * Retry-After, pausing the host), 5xx and transport failures; returns it unread, still
   * holding its host-gate slot until `close`.
   */
  private async open(url: string, options: RequestOptions, firstAttempt: number): Promise<OpenedAnswer> {
    const target = this.target(url);
    const mapped = target.href !== new URL(url).href;
    if (target.protocol !== 'https:' && target.protocol !== 'http:') throw this.fail(url, null, `Refusing ${target.protocol} URL.`);
    if (target.protocol === 'http:' && !mapped && !this.settings.allowPrivate) throw this.fail(url, null, 'Board URLs must use https.');
    const literal = mapped ? null : literalAddressRefusal(target.hostname, this.settings);
    if (literal) throw this.fail(url, null, literal);
    const headers: Record<string, string> = {
      'user-agent': this.settings.userAgent,
      'accept-encoding': 'gzip, deflate',
      // A replica standing in for many hosts (one per company on Personio, BambooHR, ...) tells them apart by it.
      ...(mapped ? { 'x-forwarded-host': new URL(url).host } : {}),
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
    // Politeness is owed to the real host (KNOWN_HOST_LIMITS names apply.workable.com), under CRAWL_ORIGINS too.
    const host = new URL(url).host;
    for (let attempt = firstAttempt; ; attempt++) {
      const release = await this.gates.acquire(host);
      let answer: RawAnswer;
      try {
        this.requests++;
        answer = await this.send(target, options.method ?? 'GET', headers, body, mapped);
      } catch (error) {
        release();
        const message = error instanceof OutboundRefusedError ? error.message : describeTransportError(error, this.settings.timeoutMs);
        if (error instanceof OutboundRefusedError || attempt >= this.settings.attempts) throw this.fail(url, null, message);
        this.record(url, null, `${message} (attempt ${attempt}, retried)`);
        await sleep(backoffMs(attempt));
        continue;
      }
      const opened: OpenedAnswer = {
        ...answer,
        attempt,
        close: () => {
          answer.abort();
          release();
        },
      };
      const status = answer.status;
      if (status >= 200 && status < 300) {
        if (options.conditional) this.keepValidators(url, answer.headers);
        return opened;
      }
      if (options.accept?.includes(status)) return opened;
      opened.close();
      if (status === 304 && options.conditional) throw new NotModified(url);
      if (RETRYABLE_STATUS.has(status) && attempt < this.settings.attempts) {
        const wait = retryAfterSeconds(header(answer.headers, 'retry-after'));
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

  /** The whole body of an opened answer, within the size cap and the time limit. */
  private async readAll(opened: OpenedAnswer): Promise<Buffer> {
    const { timeoutMs, maxResponseBytes } = this.settings;
    const timer = setTimeout(() => opened.abort(timeoutError(timeoutMs)), timeoutMs);
    try {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of opened.stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxResponseBytes) throw new TooLargeError(maxResponseBytes);
        chunks.push(chunk);
      }
      return Buffer.concat(chunks);
    } finally {
      clearTimeout(timer);
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

  /**
   * Sends one request and resolves at the answer's head, its body a decoded stream still
   * to read. The time limit applies to silence on the socket (a slow trickle of a large
   * board is fine); readAll adds a limit on the whole answer.
   */
  private send(target: URL, method: string, headers: Record<string, string>, body: Buffer | undefined, mapped: boolean): Promise<RawAnswer> {
    const { timeoutMs } = this.settings;
    const transport = target.protocol === 'https:' ? https : http;
    const agent = mapped ? this.agents.replica : target.protocol === 'https:' ? this.agents.https : this.agents.http;
    return new Promise((resolve, reject) => {
      const request = transport.request(target, {
        method,
        headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
        agent,
      });
      request.setTimeout(timeoutMs, () => request.destroy(timeoutError(timeoutMs)));
      request.on('error', reject);
      request.on('response', (response) => {
        const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
        const decoder = encoding === 'gzip' ? zlib.createGunzip() : encoding === 'deflate' ? zlib.createInflate() : null;
        // pipeline passes a broken connection on to the decoder, so reading it throws.
        const stream: Readable = decoder ? pipeline(response, decoder, () => {}) : response;
        // A body dropped unread must not throw on its own; readers still see every error.
        response.on('error', () => {});
        stream.on('error', () => {});
        const abort = (error?: Error) => {
          if (!response.complete || !stream.readableEnded) request.destroy(error);
          if (error) stream.destroy(error);
        };
        resolve({ status: response.statusCode ?? 0, headers: response.headers, stream, abort });
      });
      request.end(body);
    });
  }
}

/** An answer whose head has arrived; its body is still to read from `stream`. */
interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  stream: Readable;
  /** Drops the connection unless the body was read to its end (then it returns to the pool). */
  abort(error?: Error): void;
}

interface OpenedAnswer extends RawAnswer {
  /** The attempt that produced it (retries go on counting from it). */
  attempt: number;
  /** Ends the exchange: aborts an unread body and frees the host-gate slot. */
  close(): void;
}

class NotJsonError extends Error {
  override name = 'NotJsonError';
}

/** Runs a parser step, its syntax errors marked as such. */
function parse(step: () => void): void {
  try {
    step();
  } catch (error) {
    throw new NotJsonError((error as Error).message);
  }
}

class TooLargeError extends Error {
  override name = 'TooLargeError';
  constructor(limit: number) {
    super(`the answer is longer than ${limit} bytes`);
  }
}

function timeoutError(timeoutMs: number): Error {
  const error = new Error(`no complete answer within ${timeoutMs} ms`);
  error.name = 'TimeoutError';
  return error;
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
