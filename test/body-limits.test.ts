// Oversized request bodies always get their 413 problem, never a connection reset: raw
// sockets that send the whole request in one write (no Expect: 100-continue), with and
// without Content-Length, many times over. The résumé upload's own 10 MiB multipart limit
// (chunked, and a declared 50 MiB) is tested with the upload in test/profile-resume.test.ts.
import t from 'tap';
import http from 'node:http';
import net from 'node:net';
import { startTestService } from './helpers/service.ts';
import { createAccount } from './helpers/accounts.ts';

const service = await startTestService(t);
const { pool } = service.runtime;
const unlimited = { minute: 100_000, hour: 1_000_000, day: 10_000_000 };
const account = await createAccount(pool, { name: 'Big bodies', rate_limit_overrides: { JobSearch: unlimited, Default: unlimited } });
const port = service.http.port;
const MiB = 1024 * 1024;

interface RawResponse {
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** The whole response arrived (its Content-Length of body bytes). */
  complete: boolean;
  /** A socket error seen before the response was complete. */
  error: string | null;
  socket: net.Socket;
}

/** `size` bytes of JSON: {"q":"xxx…"}. */
function jsonOf(size: number): Buffer {
  const body = Buffer.alloc(size, 'x');
  body.write('{"q":"', 0);
  body.write('"}', size - 2);
  return body;
}

function chunked(body: Buffer, chunkSize = 64 * 1024): Buffer {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < body.length; offset += chunkSize) {
    const chunk = body.subarray(offset, offset + chunkSize);
    parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

/** Reads one response from `socket` (resolves once it is complete, or the socket ends or fails). */
function readResponse(socket: net.Socket, timeoutMs = 30_000): Promise<RawResponse> {
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    let settled = false;
    const result: RawResponse = { status: null, headers: {}, body: '', complete: false, error: null, socket };
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', finish);
      resolve(result);
    };
    const timer = setTimeout(() => {
      result.error ??= 'timed out';
      finish();
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      result.status = Number(statusLine!.split(' ')[1]);
      result.headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const length = Number(result.headers['content-length'] ?? NaN);
      const body = received.subarray(end + 4);
      result.body = body.toString('utf8');
      if (body.length >= length) {
        result.complete = true;
        finish();
      }
    };
    const onError = (error: Error) => {
      result.error = (error as NodeJS.ErrnoException).code ?? error.message;
      finish();
    };
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', finish);
  });
}

interface SendOptions {
  keepOpen?: boolean;
  /**
   * Read only once the whole request is written (as many clients do: send, then read).
   * A server that closes the connection while body bytes are still unread resets it,
   * and such a client never sees the response. Otherwise read while writing.
   */
  readWhileWriting?: boolean;
}

/** Sends head and body in one write on a new connection; the response as read. */
async function send(head: string, body: Buffer, options: SendOptions = {}): Promise<RawResponse & { writeError: string | null }> {
  const socket = net.connect(port, '127.0.0.1');
  // Errors after the response (the server cutting a body past its bound) are expected.
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const response = readResponse(socket);
  if (!options.readWhileWriting) socket.pause();
  let writeError: string | null = null;
  const written = new Promise<void>((resolve) =>
    socket.write(Buffer.concat([Buffer.from(head), body]), (error) => {
      if (error) writeError = (error as NodeJS.ErrnoException).code ?? error.message;
      socket.resume();
      resolve();
    }),
  );
  const result = await response;
  if (!options.readWhileWriting) await written;
  if (!options.keepOpen) socket.destroy();
  return { ...result, writeError };
}

function request(
  body: Buffer,
  options: SendOptions & { chunked?: boolean; path?: string; contentType?: string; key?: string | null; headers?: string[] } = {},
): Promise<RawResponse & { writeError: string | null }> {
  const lines = [
    `POST ${options.path ?? '/api/jobs/search'} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Content-Type: ${options.contentType ?? 'application/json'}`,
    ...(options.key === null ? [] : [`X-Api-Key: ${options.key ?? account.key}`]),
    options.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`,
    ...(options.headers ?? []),
  ];
  return send(`${lines.join('\r\n')}\r\n\r\n`, options.chunked ? chunked(body) : body, options);
}

function describe(response: RawResponse & { writeError?: string | null }): string {
  return `status ${response.status}, complete ${response.complete}, error ${response.error}, write error ${response.writeError}, body ${response.body.slice(0, 80)}`;
}

function isProblem(response: RawResponse & { writeError?: string | null }, status: number, code: string): boolean {
  if (response.writeError || !response.complete || response.status !== status) return false;
  if (response.headers['content-type'] !== 'application/problem+json') return false;
  const body = JSON.parse(response.body) as { status?: number; code?: string };
  return body.status === status && body.code === code;
}

for (const size of [2, 5, 8]) {
  for (const encoding of ['Content-Length', 'chunked'] as const) {
    t.test(`${size} MiB of JSON with ${encoding}, in one write, 20 times: always the complete 413 problem`, async (t) => {
      const body = jsonOf(size * MiB);
      const failures: string[] = [];
      for (let attempt = 1; attempt <= 20; attempt++) {
        const response = await request(body, { chunked: encoding === 'chunked' });
        if (!isProblem(response, 413, 'payload_too_large')) failures.push(`attempt ${attempt}: ${describe(response)}`);
      }
      t.same(failures, [], 'every attempt read a complete 413 payload_too_large problem');
    });
  }
}

t.test('fetch and http.request, 2 and 8 MiB, 20 times each: always the 413', async (t) => {
  const failures: string[] = [];
  for (const size of [2, 8]) {
    const body = jsonOf(size * MiB);
    for (let attempt = 1; attempt <= 20; attempt++) {
      try {
        const response = await fetch(`${service.url}/api/jobs/search`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': account.key }, body });
        const problem = (await response.json()) as { code?: string };
        if (response.status !== 413 || problem.code !== 'payload_too_large') failures.push(`fetch ${size} MiB, attempt ${attempt}: ${response.status}`);
      } catch (error) {
        failures.push(`fetch ${size} MiB, attempt ${attempt}: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`);
      }
      const viaHttp = await new Promise<string>((resolve) => {
        const request = http.request(`${service.url}/api/jobs/search`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'x-api-key': account.key, 'content-length': body.length } }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve(response.statusCode === 413 && (JSON.parse(text) as { code?: string }).code === 'payload_too_large' ? 'ok' : `${response.statusCode} ${text}`));
          response.on('error', (error) => resolve(error.message));
        });
        request.on('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
        request.end(body);
      });
      if (viaHttp !== 'ok') failures.push(`http.request ${size} MiB, attempt ${attempt}: ${viaHttp}`);
    }
  }
  t.same(failures, []);
});

t.test('the problem body', async (t) => {
  const response = await request(jsonOf(2 * MiB));
  t.equal(response.status, 413);
  t.equal(response.headers['content-type'], 'application/problem+json');
  t.match(JSON.parse(response.body), { type: /\/docs\/errors#payload_too_large$/, title: 'Payload too large', status: 413, code: 'payload_too_large', instance: '/api/jobs/search', detail: /1048576 bytes/ });
});

t.test('a client that asks to close the connection gets the 413 too', async (t) => {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= 10; attempt++) {
    for (const encoding of [false, true]) {
      const response = await request(jsonOf(8 * MiB), { chunked: encoding, headers: ['Connection: close'] });
      if (!isProblem(response, 413, 'payload_too_large')) failures.push(`attempt ${attempt}: ${describe(response)}`);
      else if (response.headers.connection !== 'close') failures.push(`attempt ${attempt}: Connection: ${response.headers.connection}`);
    }
  }
  t.same(failures, []);
});

t.test('a body within the discard bound is read in full: the connection stays usable', async (t) => {
  const body = jsonOf(3 * MiB);
  const head = `POST /api/jobs/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Api-Key: ${account.key}\r\nContent-Length: ${body.length}\r\n\r\n`;
  const first = await send(head, body, { keepOpen: true });
  t.ok(isProblem(first, 413, 'payload_too_large'), describe(first));
  const second = readResponse(first.socket);
  first.socket.write(`GET /api/account HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${account.key}\r\n\r\n`);
  const next = await second;
  first.socket.destroy();
  t.equal(next.status, 200, 'the next request on the same connection is served');
  t.equal(next.complete, true);
});

t.test('other refusals of a large body are read whole too', async (t) => {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= 10; attempt++) {
    const notJson = await request(Buffer.alloc(5 * MiB, 'a'), { contentType: 'text/plain' });
    if (!isProblem(notJson, 415, 'unsupported_media_type')) failures.push(`415, attempt ${attempt}: ${describe(notJson)}`);
    const noKey = await request(jsonOf(5 * MiB), { key: null });
    if (noKey.writeError || !noKey.complete || noKey.status !== 401) failures.push(`401, attempt ${attempt}: ${describe(noKey)}`);
    const unknownRoute = await request(jsonOf(5 * MiB), { path: '/api/nothing-here', chunked: true });
    if (unknownRoute.writeError || !unknownRoute.complete || unknownRoute.status !== 404) failures.push(`404, attempt ${attempt}: ${describe(unknownRoute)}`);
  }
  t.same(failures, []);
});

t.test('far past the discard bound (50 MiB): a client that reads while it writes still gets the 413, then the connection is cut', async (t) => {
  const body = jsonOf(50 * MiB);
  const failures: string[] = [];
  for (let attempt = 1; attempt <= 6; attempt++) {
    for (const encoding of [false, true]) {
      const started = Date.now();
      const response = await request(body, { chunked: encoding, keepOpen: true, readWhileWriting: true, headers: attempt % 2 === 0 ? ['Connection: close'] : [] });
      if (!isProblem({ ...response, writeError: null }, 413, 'payload_too_large')) failures.push(`attempt ${attempt}: ${describe(response)}`);
      const closed = await new Promise<boolean>((resolve) => {
        if (response.socket.destroyed) return resolve(true);
        response.socket.once('close', () => resolve(true));
        setTimeout(() => resolve(false), 15_000);
      });
      if (!closed) failures.push(`attempt ${attempt}: the connection stayed open for ${Date.now() - started} ms`);
      response.socket.destroy();
    }
  }
  t.same(failures, []);
});

t.test('a client that declares a large body and then stalls gets the 413 and, soon after, a closed connection', async (t) => {
  for (const close of [false, true]) {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    const response = readResponse(socket);
    socket.write(
      `POST /api/jobs/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Api-Key: ${account.key}\r\nContent-Length: ${5 * MiB}\r\n${close ? 'Connection: close\r\n' : ''}\r\n`,
    );
    socket.write(jsonOf(MiB));
    const result = await response;
    t.ok(isProblem(result, 413, 'payload_too_large'), `${close ? 'Connection: close' : 'keep-alive'}: ${describe(result)}`);
    const answeredMs = Date.now() - started;
    if (!close) t.ok(answeredMs < 1000, `keep-alive: answered at once (${answeredMs} ms)`);
    else t.ok(answeredMs < 5000, `Connection: close: answered once the client stalled (${answeredMs} ms)`);
    const closed = await new Promise<boolean>((resolve) => {
      if (socket.destroyed || socket.readableEnded) return resolve(true);
      socket.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 15_000);
    });
    t.ok(closed, 'the server closed the connection');
    t.ok(Date.now() - started < 12_000, `within the discard bounds (${Date.now() - started} ms)`);
    socket.destroy();
  }
});
