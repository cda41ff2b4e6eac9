// The loopback HTTP server under every ATS API replica (one module per ATS beside this
// one): records each request, answers ETag/If-None-Match as the real CDNs do when asked
// to, and injects the faults the crawl must survive (an error status for some requests,
// 429 with Retry-After, an answer cut off halfway).
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReplicaAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as it is. */
  body: unknown;
}

export interface ReplicaRequest {
  method: string;
  /** Path and query, as received. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ReplicaFault {
  /** The 1-based request number from which the fault applies (1: from the first request). */
  fromRequest?: number;
  /** How many requests it applies to (default: all from fromRequest on). */
  count?: number;
  /** Answer this status instead (with Retry-After when set)... */
  status?: number;
  retryAfter?: string;
  /** ...or send half the real answer and drop the connection. */
  cut?: boolean;
}

export type ReplicaRoute = (request: ReplicaRequest, url: URL) => ReplicaAnswer | Promise<ReplicaAnswer>;

export interface ReplicaServer {
  origin: string;
  requests: ReplicaRequest[];
  /** Faults to inject, checked in order; edit freely between crawls. */
  faults: ReplicaFault[];
  /** Send an ETag and answer 304 to a matching If-None-Match (off by default). */
  etags: boolean;
  close(): Promise<void>;
}

/** The host a request was meant for: the crawl client names it in X-Forwarded-Host when it sends a real origin to a replica. */
export function requestedHost(request: ReplicaRequest): string {
  return String(request.headers['x-forwarded-host'] ?? request.headers.host ?? '').toLowerCase();
}

export async function startReplica(route: ReplicaRoute, options: { etags?: boolean } = {}): Promise<ReplicaServer> {
  const requests: ReplicaRequest[] = [];
  const state: ReplicaServer = { origin: '', requests, faults: [], etags: options.etags ?? false, close: async () => {} };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: ReplicaRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
    requests.push(request);
    const number = requests.length;
    const fault = state.faults.find((candidate) => (candidate.fromRequest ?? 1) <= number && (candidate.count === undefined || candidate.count > 0));
    if (fault && fault.count !== undefined) fault.count--;
    if (fault && !fault.cut) {
      res.writeHead(fault.status ?? 500, { 'content-type': 'text/plain', ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}) });
      res.end(`replica fault ${fault.status ?? 500}`);
      return;
    }
    let answer: ReplicaAnswer;
    try {
      answer = await route(request, new URL(request.path, 'http://replica'));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
      return;
    }
    const body = Buffer.from(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    const headers: Record<string, string> = {
      'content-type': typeof answer.body === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
      ...answer.headers,
    };
    const status = answer.status ?? 200;
    if (state.etags && status === 200) {
      const etag = `W/"${createHash('sha1').update(body).digest('hex')}"`;
      headers.etag = etag;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { etag });
        res.end();
        return;
      }
    }
    if (fault?.cut) {
      res.writeHead(status, { ...headers, 'content-length': String(body.length) });
      res.write(body.subarray(0, Math.floor(body.length / 2)));
      setTimeout(() => res.destroy(), 10);
      return;
    }
    res.writeHead(status, { ...headers, 'content-length': String(body.length) });
    res.end(body);
  });
  // Node's agent drops a pooled socket 1 s before the server's keep-alive timeout: 1 s would mean no reuse at all.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
