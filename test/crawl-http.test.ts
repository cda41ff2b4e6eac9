// The crawl HTTP client against real loopback servers: gzip, the size cap, the time limit,
// per-host concurrency, a Retry-After that holds back every request to the host, JSON
// streamed in batches (and what happens when the answer breaks off or is not JSON), and
// the refusal of plain-http board URLs and of IP literals outside the public internet.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import t, { type Test } from 'tap';
import { CrawlHttpError } from '../crawlers/http.ts';
import { replicaHttp } from './helpers/ats-api/crawl-http.ts';
import { startReplica } from './helpers/ats-api/replica.ts';

const REAL = 'https://jobs.example-ats.com';

/** A raw server for what the replica does not do (gzip, a trickle, a stall). */
async function rawServer(t: Test, handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));
  return { [REAL]: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const board = (count: number) => ({ jobs: Array.from({ length: count }, (_, i) => ({ id: i, title: `Job ${i}` })), meta: { total: count } });

async function collect<T, R>(generator: AsyncGenerator<T[], R, void>) {
  const batches: T[][] = [];
  for (;;) {
    const next = await generator.next();
    if (next.done) return { batches, result: next.value };
    batches.push(next.value);
  }
}

t.test('a gzip answer is decoded, whole or streamed', async (t) => {
  const body = zlib.gzipSync(JSON.stringify(board(1200)));
  const origins = await rawServer(t, (request, response) => {
    t.match(request.headers['accept-encoding'], /gzip/);
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    response.end(body);
  });
  const client = replicaHttp(origins);
  t.equal((await client.getJson<any>(`${REAL}/board`)).jobs.length, 1200);
  const { batches, result } = await collect(client.streamJson<{ id: number }>(`${REAL}/board`, '$.jobs.*', { batch: 500, fields: ['meta'] }));
  t.same(batches.map((batch) => batch.length), [500, 500, 200], 'batches of at most 500, the rest last');
  t.same(batches.flat().map((job) => job.id), Array.from({ length: 1200 }, (_, i) => i), 'every value, in order');
  t.same(result, { meta: { total: 1200 } }, 'the fields beside the list');
  client.close();
});

t.test('an answer over the size cap fails at once, without retries', async (t) => {
  const replica = await startReplica(() => ({ body: board(2000) }));
  t.teardown(() => replica.close());
  const client = replicaHttp({ [REAL]: replica.origin }, { maxResponseBytes: 10_000 });
  const error = await client.getJson(`${REAL}/board`).catch((caught: unknown) => caught);
  t.ok(error instanceof CrawlHttpError);
  t.match((error as Error).message, /longer than 10000 bytes/);
  t.equal(replica.requests.length, 1, 'not retried');
  const streamed = await collect(client.streamJson(`${REAL}/board`, '$.jobs.*')).catch((caught: unknown) => caught);
  t.match((streamed as Error).message, /longer than 10000 bytes/, 'the cap holds when streaming too');
  client.close();
});

t.test('an answer that stalls is given up after the time limit and retried', async (t) => {
  let calls = 0;
  const origins = await rawServer(t, (_request, response) => {
    calls++;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"jobs":['); // and then nothing
  });
  const client = replicaHttp(origins, { timeoutMs: 300, attempts: 2 });
  const started = Date.now();
  const error = await client.getJson(`${REAL}/board`).catch((caught: unknown) => caught);
  t.ok(error instanceof CrawlHttpError);
  t.match((error as Error).message, /No complete answer within 300 ms/);
  t.equal(calls, 2, 'two attempts');
  t.ok(Date.now() - started < 5000);
  client.close();
});

t.test('requests to one host never exceed its concurrency', async (t) => {
  let inFlight = 0;
  let most = 0;
  const replica = await startReplica(async () => {
    most = Math.max(most, ++inFlight);
    await new Promise((resolve) => setTimeout(resolve, 50));
    inFlight--;
    return { body: { ok: true } };
  });
  t.teardown(() => replica.close());
  const client = replicaHttp({ [REAL]: replica.origin }, { hostLimit: { concurrency: 2, ratePerSecond: 0 } });
  await Promise.all(Array.from({ length: 8 }, (_, i) => client.getJson(`${REAL}/posting/${i}`)));
  t.equal(most, 2);
  client.close();
});

t.test('a 429 with Retry-After holds back every request to that host', async (t) => {
  const replica = await startReplica(() => ({ body: { ok: true } }));
  t.teardown(() => replica.close());
  replica.faults.push({ status: 429, retryAfter: '1', count: 1 });
  const client = replicaHttp({ [REAL]: replica.origin });
  const started = Date.now();
  const first = client.getJson(`${REAL}/a`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const finished: number[] = [];
  await Promise.all([first, client.getJson(`${REAL}/b`)].map((request) => request.then(() => finished.push(Date.now() - started))));
  t.ok(finished.every((ms) => ms >= 1000), `both waited the second (${finished})`);
  t.match(client.errors, [{ status: 429, message: /waited 1 s and retried/ }]);
  client.close();
});

t.test('a streamed answer that breaks off after its first batch fails the listing', async (t) => {
  const text = JSON.stringify(board(3000));
  const origins = await rawServer(t, (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(text.length) });
    response.write(text.slice(0, Math.floor(text.length * 0.6)));
    setTimeout(() => response.destroy(), 20);
  });
  const client = replicaHttp(origins);
  const listing = client.streamJson<{ id: number }>(`${REAL}/board`, '$.jobs.*', { batch: 500 });
  const first = await listing.next();
  t.equal((first.value as unknown[]).length, 500, 'the first batch arrived');
  const error = await (async () => {
    for (;;) if ((await listing.next()).done) return null;
  })().catch((caught: unknown) => caught);
  t.ok(error instanceof CrawlHttpError, 'then the break is an error, not an end');
  client.close();
});

t.test('an answer that is not JSON, or ends early, is an error', async (t) => {
  const replica = await startReplica((_request, url) => ({ body: url.pathname === '/html' ? '<html>maintenance</html>' : '{"jobs":[{"id":1},' }));
  t.teardown(() => replica.close());
  const client = replicaHttp({ [REAL]: replica.origin });
  for (const path of ['/html', '/short']) {
    const error = await collect(client.streamJson(`${REAL}${path}`, '$.jobs.*')).catch((caught: unknown) => caught);
    t.ok(error instanceof CrawlHttpError, path);
  }
  t.match(((await collect(client.streamJson(`${REAL}/html`, '$.jobs.*')).catch((caught: unknown) => caught)) as Error).message, /is not JSON/);
  client.close();
});

t.test('plain-http board URLs are refused outside the replica mapping', async (t) => {
  const client = replicaHttp({});
  const error = await client.getJson('http://jobs.example-ats.com/board').catch((caught: unknown) => caught);
  t.match((error as Error).message, /must use https/);
  client.close();
});

t.test('an IP literal outside the public internet is refused (it is never looked up, so the guard at lookup would not see it)', async (t) => {
  const client = replicaHttp({});
  for (const url of ['https://127.0.0.1/board', 'https://[::1]/board', 'https://10.1.2.3/board', 'https://169.254.169.254/latest/meta-data']) {
    const error = await client.getJson(url).catch((caught: unknown) => caught);
    t.ok(error instanceof CrawlHttpError, url);
    t.match((error as Error).message, /may go only to public internet addresses/, url);
  }
  client.close();
});
