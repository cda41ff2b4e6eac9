// The HTTP server around the Koa app, with a bounded graceful close: stop accepting,
// let in-flight requests finish, then cut whatever is left.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

/**
 * The URL (path and query string) at most: the router answers 414 `uri_too_long` beyond.
 * GET /api/jobs/expired takes up to 1,000 ids in its URL (about 37 KB, 39 KB with
 * percent-encoded commas).
 */
export const MAX_URL_BYTES = 48 * 1024;

/**
 * The request line and headers together, at most: Node's HTTP parser answers 431 beyond,
 * before any route runs (documented on every operation). The longest URL the router takes
 * leaves 32 KiB for the headers (Node's default for everything is 16 KiB).
 */
export const MAX_HEADER_BYTES = 80 * 1024;

export interface HttpServer {
  server: http.Server;
  port: number;
  /** Base URL on this machine, e.g. http://127.0.0.1:8080 */
  localUrl: string;
  close(timeoutMs: number): Promise<void>;
}

export async function startHttpServer(app: Koa, port: number, host: string): Promise<HttpServer> {
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, app.callback());
  // Application create holds up to 90 s (spec 4.4); sockets must outlive that.
  server.requestTimeout = 150_000;
  server.headersTimeout = 20_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const localHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;

  let closing: Promise<void> | null = null;
  return {
    server,
    port: actualPort,
    localUrl: `http://${localHost}:${actualPort}`,
    close(timeoutMs) {
      closing ??= new Promise<void>((resolve) => {
        const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
        // A keep-alive socket whose request finishes during the drain turns idle and
        // would hold close() open until its keep-alive timeout: sweep idle sockets.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        server.close(() => {
          clearTimeout(deadline);
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
