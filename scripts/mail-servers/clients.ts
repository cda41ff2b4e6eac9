// The two small clients the servers are probed and driven with: a server greeting over
// TCP or TLS, and an HTTPS request. Both trust exactly the CA they are given (never the
// system's, never "any"), so a wrong certificate fails here as it would in a real client.
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';

const PROBE_TIMEOUT_MS = 2_000;

/**
 * True when a server on host:port sends a first line starting with `prefix` (IMAP `* OK`,
 * SMTP `220`). With `ca`, the connection is TLS from the start and verified against it.
 */
export function greets(host: string, port: number, prefix: string, ca?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = ca ? tls.connect({ host, port, ca }) : net.connect({ host, port });
    let received = '';
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(false));
    socket.on('error', () => done(false));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.includes('\n')) done(received.startsWith(prefix));
    });
  });
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request trusting `ca` only; `form` is sent as application/x-www-form-urlencoded. */
export function httpsRequest(
  url: string,
  options: { ca: string; method?: string; form?: Record<string, string>; headers?: Record<string, string> },
): Promise<HttpsAnswer> {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  const headers = { ...options.headers, ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) };
  return new Promise((resolve, reject) => {
    const request = https.request(url, { method: options.method ?? (body !== undefined ? 'POST' : 'GET'), ca: options.ca, headers, timeout: 10_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`${url}: no answer in 10 s`)));
    request.on('error', reject);
    request.end(body);
  });
}
