// Strings PostgreSQL cannot store (NUL, and lone UTF-16 surrogates, which UTF-8 cannot
// encode) are refused at the edge with 400 invalid_request naming the field, on every
// route: query, path and body, at any depth, keys included. Before, they reached the
// database as 500s (found by schemathesis).
import t from 'tap';
import type { Test } from 'tap';
import { startTestService } from './helpers/service.ts';
import { createAccount } from './helpers/accounts.ts';
import { unstorableStrings } from '../api/routing/validation.ts';

const service = await startTestService(t);
const account = await createAccount(service.runtime.pool, { name: 'Edge cases', credits: 1000 });
const api = service.client.with({ 'X-Api-Key': account.key });

function expectRefused(t: Test, response: { status: number; body: any }, location: string, field: string) {
  t.equal(response.status, 400);
  t.match(response.body, { code: 'invalid_request', errors: [{ location, field, message: /cannot be stored/ }] }, `${location} ${field}`);
}

t.test('the walk finds every unstorable string, keys included, and nothing else', async (t) => {
  t.same(unstorableStrings({ q: 'fine', list: ['ok', 'caf\u00e9 \u{1F600}'], nested: { deep: [{ x: 1 }] } }, 'body'), []);
  t.same(
    unstorableStrings({ q: 'a\u0000b', list: ['ok', '\ud800'], nested: { deep: [{ 'k\udc00': 1 }] } }, 'body').map((error) => error.field),
    ['q', 'list[1]', 'nested.deep[0].k\udc00'],
  );
});

t.test('query parameters: search, company jobs, expired; declared or not', async (t) => {
  expectRefused(t, await api.get('/api/jobs?q=engin%00eer'), 'query', 'q');
  expectRefused(t, await api.get('/api/jobs?source=greenhouse,le%00ver'), 'query', 'source');
  expectRefused(t, await api.get(`/api/companies/${crypto.randomUUID()}/jobs?country=U%00S`), 'query', 'country');
  expectRefused(t, await api.get('/api/jobs?not_a_parameter=%00'), 'query', 'not_a_parameter');
  t.equal((await api.get('/api/jobs?q=caf%C3%A9')).status, 200, 'ordinary non-ASCII text is served');
});

t.test('path parameters', async (t) => {
  expectRefused(t, await service.client.get('/sandbox/submissions/abc%00def'), 'path', 'token');
});

t.test('JSON bodies: arrays, nested values and keys', async (t) => {
  expectRefused(t, await api.post('/api/jobs/feed', { locations: ['Berlin', 'Par\u0000is'] }), 'body', 'locations[1]');
  expectRefused(t, await api.post('/api/jobs/search', { q: 'lone \ud83d surrogate' }), 'body', 'q');
  const raw = await fetch(`${service.url}/api/jobs/search`, {
    method: 'POST',
    headers: { 'X-Api-Key': account.key, 'Content-Type': 'application/json' },
    body: '{"q": "ok", "\\ud800": 1}',
  });
  t.equal(raw.status, 400, 'a key with a lone surrogate');
  t.match(await raw.json(), { code: 'invalid_request', errors: [{ location: 'body', message: /field name/ }] });
});

t.test('the sandbox mailbox and submissions list refuse it too (they were 500s)', async (t) => {
  expectRefused(t, await service.client.get('/sandbox/mailbox?email=%00ada@example.com'), 'query', 'email');
  expectRefused(t, await service.client.get('/sandbox/submissions?scenario=%00'), 'query', 'scenario');
});

t.test('path parameters of keyed routes, OPTIONS, and another query route', async (t) => {
  expectRefused(t, await api.get('/api/jobs/abc%00def'), 'path', 'id');
  expectRefused(t, await api.get('/api/companies/%00/jobs'), 'path', 'id');
  expectRefused(t, await api.get('/api/locations/geocode?location=Ber%00lin'), 'query', 'location');
  expectRefused(t, await api.get('/api/jobs/expired?expired_after=2020-01-01T00:00:00Z&cursor=%00'), 'query', 'cursor');
  const options = await fetch(`${service.url}/api/jobs/%00`, { method: 'OPTIONS' });
  t.equal(options.status, 400, 'OPTIONS checks the path it names too');
  t.match(await options.json(), { code: 'invalid_request', errors: [{ location: 'path', field: 'id' }] });
});

t.test('nested body strings and arrays of objects', async (t) => {
  expectRefused(t, await api.post('/api/jobs/search', { locations: ['Berlin', 'Mun\ud800ich'], employment_types: ['full_time'] }), 'body', 'locations[1]');
  expectRefused(t, await api.post('/api/career-sites/feed', { industries: ['software', 'health\u0000care'] }), 'body', 'industries[1]');
  const answers = await api.post(`/api/auto-apply/applications/${crypto.randomUUID()}/answers`, {
    step_id: 'step-1',
    correction_round: 0,
    answers: [{ field_id: 'first_name', value: 'Ada' }, { field_id: 'email', value: { nested: ['x\udfffy'] } }],
  });
  expectRefused(t, answers, 'body', 'answers[1].value.nested[0]');
});

t.test('headers: Node refuses a NUL in a header value before any route runs', async (t) => {
  const net = await import('node:net');
  const reply = await new Promise<string>((resolve) => {
    const socket = net.connect(service.http.port, '127.0.0.1', () =>
      socket.write(`POST /api/auto-apply/applications HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${account.key}\r\nIdempotency-Key: a\u0000b\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`),
    );
    let data = '';
    socket.on('data', (chunk) => (data += chunk));
    socket.on('close', () => resolve(data));
    socket.on('error', () => resolve(data));
  });
  t.match(reply, /^HTTP\/1\.1 400 /, 'a 400, never a 500');
});

t.test('sandbox form posts: a form field the database cannot store is a 400 naming it', async (t) => {
  const page = await (await fetch(`${service.url}/sandbox/apply/three-page`)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(page)![1]!.replace(/&amp;/g, '&');
  const body = new URLSearchParams({ first_name: 'Ada\u0000', last_name: 'Lovelace', email: 'ada@example.com' });
  const response = await fetch(`${service.url}${action}`, { method: 'POST', body, redirect: 'manual' });
  t.equal(response.status, 400);
  t.match(await response.json(), { code: 'invalid_request', errors: [{ location: 'body', field: 'first_name', message: /cannot be stored/ }] });
});
