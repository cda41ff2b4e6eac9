// A webhook receiver on loopback that verifies each delivery with the `standardwebhooks`
// library, our header names mapped to its own ("v1=<sig>" is its "v1,<sig>").
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The verified payload, or `{error}` when verification failed. */
  verified: unknown;
}

interface TapLike {
  teardown(fn: () => unknown): void;
}

/** Answers every webhook with `status` and `reply` (JSON); `secret` is read per delivery. */
export async function startWebhookReceiver(
  t: TapLike,
  secret: () => string,
  options: { status?: number; reply?: unknown } = {},
): Promise<{ url: string; received: ReceivedWebhook[] }> {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk));
    request.on('end', () => {
      const headers = {
        'webhook-id': String(request.headers['x-service-webhook-id']),
        'webhook-timestamp': String(request.headers['x-service-webhook-timestamp']),
        'webhook-signature': String(request.headers['x-service-webhook-signature']).split(' ').map((part) => part.replace(/^v1=/, 'v1,')).join(' '),
      };
      let verified: unknown = null;
      try {
        verified = new Webhook(secret()).verify(body, headers);
      } catch (error) {
        verified = { error: (error as Error).message };
      }
      received.push({ headers: request.headers, body, verified });
      response.writeHead(options.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(options.reply ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received };
}
