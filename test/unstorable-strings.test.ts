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
