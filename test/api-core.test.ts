import http from 'node:http';
import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { boomRoute, echoRoute } from './fixtures/routes.ts';

const service = await startTestService(t, { extraRoutes: [echoRoute, boomRoute] });
const { client, url } = service;

t.test('correlation ids', async (t) => {
  const fresh = await client.get('/healthz');
  t.match(fresh.headers.get('x-correlation-id'), /^[0-9a-f-]{36}$/, 'generated when absent');
  const echoed = await client.get('/healthz', { headers: { 'x-correlation-id': 'req-123.abc' } });
  t.equal(echoed.headers.get('x-correlation-id'), 'req-123.abc', 'a valid incoming id is echoed');
  const junk = await client.get('/healthz', { headers: { 'x-correlation-id': 'bad id <script>' } });
  t.not(junk.headers.get('x-correlation-id'), 'bad id <script>', 'an invalid one is replaced');
  const onError = await client.get('/nope', { headers: { 'x-correlation-id': 'err-1' } });
  t.equal(onError.headers.get('x-correlation-id'), 'err-1', 'present on error responses too');
});

t.test('health and readiness', async (t) => {
  const health = await client.get('/healthz');
  t.equal(health.status, 200);
  t.same(health.body, { status: 'ok' });
  const ready = await client.get('/readyz');
  t.equal(ready.status, 200);
  // A process without OpenSearch and without the apply workers uses the database and the
  // queue only (the browser and OpenSearch checks: test/browser.test.ts, test/metrics.test.ts).
  t.same(Object.keys(ready.body.checks).sort(), ['database', 'queue']);
  t.match(ready.body, { status: 'ready', checks: { database: { status: 'ok', required: true }, queue: { status: 'ok', required: true } } });
  for (const check of Object.values<{ duration_ms: number }>(ready.body.checks)) t.ok(check.duration_ms >= 0 && check.duration_ms < 2000, 'each check is timed');
});

t.test('400 names the invalid field', async (t) => {
  const tooLong = await client.post('/test/echo', { name: 'abcdefgh' });
  t.equal(tooLong.status, 400);
  t.equal(tooLong.headers.get('content-type'), 'application/problem+json');
  t.equal(tooLong.body.code, 'invalid_request');
  t.equal(tooLong.body.status, 400);
  t.match(tooLong.body.detail, /Body field "name" must NOT have more than 5 characters/);
  t.same(tooLong.body.errors, [{ location: 'body', field: 'name', message: 'must NOT have more than 5 characters' }]);
  t.equal(tooLong.body.type, `${url}/docs/errors#invalid_request`);
  t.equal(tooLong.body.docs_url, tooLong.body.type);
  t.equal(tooLong.body.instance, '/test/echo');

  const missing = await client.post('/test/echo', { count: 2 });
  t.match(missing.body.detail, /Body field "name" is required/);

  const unknown = await client.post('/test/echo', { name: 'a', colour: 'red' });
  t.match(unknown.body.detail, /Body field "colour" is not a known field/);

  const wrongType = await client.post('/test/echo', { name: 'a', count: '2' });
  t.match(wrongType.body.detail, /Body field "count" must be integer/, 'bodies are not coerced');

  const badQuery = await client.post('/test/echo?page_size=500', { name: 'a' });
  t.equal(badQuery.status, 400);
  t.match(badQuery.body.detail, /Query parameter "page_size" must be <= 100/);

  const badEnum = await client.post('/test/echo?tags=a,z', { name: 'a' });
  t.match(badEnum.body.detail, /Query parameter "tags\[1\]" must be one of: a, b, c/);

  const noBody = await client.request('POST', '/test/echo');
  t.equal(noBody.status, 400);
  t.match(noBody.body.detail, /JSON request body is required/);

  const broken = await client.request('POST', '/test/echo', { rawBody: '{"name": ', headers: { 'content-type': 'application/json' } });
  t.equal(broken.status, 400);
  t.match(broken.body.detail, /not valid JSON/);

  // Whitespace alone is not a JSON text: refused like any other body that does not parse.
  const blank = await client.request('POST', '/test/echo', { rawBody: ' \r\n\t', headers: { 'content-type': 'application/json' } });
  t.equal(blank.status, 400);
  t.match(blank.body.detail, /not valid JSON/);
  const verticalTab = await client.request('POST', '/test/echo', { rawBody: '\u000b', headers: { 'content-type': 'application/json' } });
  t.equal(verticalTab.status, 400);
  t.match(verticalTab.body.detail, /not valid JSON/);
});

t.test('valid input is coerced and defaulted', async (t) => {
  const ok = await client.post('/test/echo?tags=a,b&page_size=7', { name: 'abc', count: 3 });
  t.equal(ok.status, 200);
  t.same(ok.body, { query: { tags: ['a', 'b'], page_size: 7 }, body: { name: 'abc', count: 3 } });
  const defaults = await client.post('/test/echo', { name: 'x' });
  t.same(defaults.body.query, { page_size: 20 });
  // Commas separate items whether sent literally or encoded (URLSearchParams and most HTTP
  // libraries encode them); repeated parameters add up; blanks are dropped.
  const joined = await client.post('/test/echo?tags=a&tags=c,%20b,,', { name: 'x' });
  t.same(joined.body.query.tags, ['a', 'c', 'b']);
  const encodedComma = await client.post(`/test/echo?${new URLSearchParams({ tags: 'a,b' })}`, { name: 'x' });
  t.same(encodedComma.body.query.tags, ['a', 'b']);
  const charset = await client.request('POST', '/test/echo', {
    rawBody: JSON.stringify({ name: 'x' }),
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
  t.equal(charset.status, 200);
});

t.test('404 and 405', async (t) => {
  const missing = await client.get('/api/nothing-here');
  t.equal(missing.status, 404);
  t.equal(missing.headers.get('content-type'), 'application/problem+json');
  t.equal(missing.body.type, `${url}/docs/errors#not_found`);
  t.notOk('code' in missing.body, 'spec part 7: no code on 404');

  const wrongMethod = await client.request('DELETE', '/healthz');
  t.equal(wrongMethod.status, 405);
  t.equal(wrongMethod.headers.get('allow'), 'HEAD, GET, OPTIONS');
  t.equal(wrongMethod.body.status, 405);
  t.match(wrongMethod.body.detail, /DELETE is not allowed on \/healthz/);
});

t.test('415 for a body that is not JSON', async (t) => {
  const text = await client.request('POST', '/test/echo', { rawBody: 'name=abc', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  t.equal(text.status, 415);
  t.equal(text.body.code, 'unsupported_media_type');
  const none = await client.request('POST', '/test/echo', { rawBody: '{"name":"a"}', headers: { 'content-type': '' } });
  t.equal(none.status, 415, 'a body without a content type');
  const latin = await client.request('POST', '/test/echo', { rawBody: '{"name":"a"}', headers: { 'content-type': 'application/json; charset=latin1' } });
  t.equal(latin.status, 415, 'JSON in another charset');
});

t.test('413 for a body over 1 MiB', async (t) => {
  const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });
  const response = await client.request('POST', '/test/echo', { rawBody: big, headers: { 'content-type': 'application/json' } });
  t.equal(response.status, 413);
  t.equal(response.body.code, 'payload_too_large');

  // A declared length over the limit is refused before the body is sent.
  const status = await new Promise<number>((resolve, reject) => {
    const request = http.request(`${url}/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) },
    });
    request.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      request.destroy();
    });
    request.on('error', reject);
    request.write('{"name":"');
  });
  t.equal(status, 413, 'answered without waiting for 50 MiB');
});

t.test('500 carries detail outside production', async (t) => {
  const response = await client.get('/test/boom');
  t.equal(response.status, 500);
  t.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
  t.same(response.body, { message: 'Internal server error', detail: 'kaboom: secret internal detail' });
});

t.test('500 hides detail in production', async (t) => {
  const production = await startTestService(t, { extraRoutes: [boomRoute], env: { NODE_ENV: 'production' } });
  const response = await production.client.get('/test/boom');
  t.equal(response.status, 500);
  t.same(response.body, { message: 'Internal server error' });
});

t.test('plain HTTP behind a proxy is redirected and its body never read', async (t) => {
  const proxied = await startTestService(t, {
    extraRoutes: [echoRoute],
    env: { TRUST_PROXY: '1', BASE_URL: 'https://api.example.test' },
  });
  const result = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
    const request = http.request(`${proxied.url}/test/echo?page_size=3`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '1000', 'x-forwarded-proto': 'http', host: 'evil.example' },
    });
    request.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      request.destroy();
    });
    request.on('error', reject);
    // Only part of the declared body is ever sent: a server that read it would hang.
    request.write('{"name":');
  });
  t.equal(result.status, 301);
  t.equal(result.location, 'https://api.example.test/test/echo?page_size=3', 'to the canonical host, not the Host header');

  const https = await proxied.client.post('/test/echo', { name: 'ok' }, { headers: { 'x-forwarded-proto': 'https' } });
  t.equal(https.status, 200, 'https requests pass through');
  const untrusted = await client.post('/test/echo', { name: 'ok' }, { headers: { 'x-forwarded-proto': 'http' } });
  t.equal(untrusted.status, 200, 'without TRUST_PROXY the header is ignored');
});
