// The OpenAPI document and the service's behaviour agree where a fuzzer found they did
// not: the methods a path answers (OPTIONS, 405) are the document's; required inputs are
// marked required; a cursor not issued by the service is the documented 400.
import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { createAccount } from './helpers/accounts.ts';

const service = await startTestService(t);
const account = await createAccount(service.runtime.pool, { name: 'Document reader', credits: 1000 });
const api = service.client.with({ 'X-Api-Key': account.key });
const document = (await service.client.get('/openapi.json')).body;
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** A concrete URL for a documented path: each parameter a fresh uuid. */
const concrete = (path: string) => path.replace(/\{\w+\}/g, () => crypto.randomUUID());
const documentedMethods = (item: Record<string, unknown>) =>
  Object.keys(item).filter((method) => [...HTTP_METHODS, 'options'].includes(method)).map((method) => method.toUpperCase());
const allowOf = (response: Response) => (response.headers.get('allow') ?? '').split(',').map((method) => method.trim()).filter(Boolean);

t.test('OPTIONS on every path, templates included, answers exactly the documented methods', async (t) => {
  for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
    const documented = documentedMethods(item);
    if (documented.includes('GET')) documented.push('HEAD');
    const response = await fetch(`${service.url}${concrete(path)}`, { method: 'OPTIONS' });
    t.equal(response.status, 204, `OPTIONS ${path}`);
    t.same(allowOf(response).sort(), documented.sort(), `OPTIONS ${path}: Allow`);
    t.equal(item.options.responses['204'].headers.Allow.schema.const, response.headers.get('allow'), `OPTIONS ${path}: the document's Allow`);
  }
});

t.test('405 on every path lists the same methods in Allow', async (t) => {
  for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
    const documented = documentedMethods(item);
    const unserved = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].find((method) => !documented.includes(method))!;
    const response = await fetch(`${service.url}${concrete(path)}`, { method: unserved, headers: { 'X-Api-Key': account.key } });
    t.equal(response.status, 405, `${unserved} ${path}`);
    t.equal(response.headers.get('allow'), item.options.responses['204'].headers.Allow.schema.const, `${unserved} ${path}: Allow`);
    await response.arrayBuffer();
  }
});

t.test('HEAD is served wherever GET is', async (t) => {
  const head = await fetch(`${service.url}/healthz`, { method: 'HEAD' });
  t.equal(head.status, 200);
  const job = await fetch(`${service.url}/api/jobs/${crypto.randomUUID()}`, { method: 'HEAD', headers: { 'X-Api-Key': account.key } });
  t.equal(job.status, 404, 'the GET route runs (an unknown job), not a 405');
});

t.test('a literal path is not taken for a parameter of a sibling template', async (t) => {
  const get = await api.get('/api/jobs/search');
  t.equal(get.status, 405, 'GET /api/jobs/search is not GET /api/jobs/{id}');
  t.equal(get.headers.get('allow'), 'POST, OPTIONS');
  t.match(get.body, { status: 405, type: /#method_not_allowed$/ });
  t.equal((await api.get('/api/jobs/feed')).status, 405);
});

t.test('required inputs are marked required', async (t) => {
  const geocode = document.paths['/api/locations/geocode'].get.parameters.find((parameter: any) => parameter.name === 'location');
  t.match(geocode, { in: 'query', required: true });
  t.match((await api.get('/api/locations/geocode')).body, { code: 'invalid_request', errors: [{ location: 'query', field: 'location', message: 'is required' }] });
  const create = document.paths['/api/auto-apply/applications'].post.parameters.find((parameter: any) => parameter.name === 'Idempotency-Key');
  t.match(create, { in: 'header', required: true, schema: { pattern: String } });
  const grant = document.paths['/api/admin/accounts/{id}/credits'].post.parameters.find((parameter: any) => parameter.name === 'Idempotency-Key');
  t.match(grant, { in: 'header', required: false });
});

t.test('cursors: the token shape is in the schema, and any cursor not issued is the documented 400 invalid_cursor', async (t) => {
  const schema = document.paths['/api/jobs/feed'].post.requestBody.content['application/json'].schema.properties.cursor;
  t.match(schema, { type: 'string', pattern: String });
  const pattern = new RegExp(schema.pattern);
  const first = await api.post('/api/jobs/feed', { batch_size: 1 });
  if (first.body.next_cursor) t.match(first.body.next_cursor, pattern, 'an issued cursor matches the documented pattern');
  for (const bad of ['AAAA.BBBB', 'not a token', `${'A'.repeat(40)}.${'B'.repeat(22)}`]) {
    const forged = await api.post('/api/jobs/feed', { cursor: bad });
    t.equal(forged.status, 400, JSON.stringify(bad));
    t.match(forged.body, { code: 'invalid_cursor' });
  }
  const shaped = await api.post('/api/jobs/feed', { cursor: 'not a token', batch_size: 0 });
  t.match(shaped.body, { code: 'invalid_cursor', errors: [{ location: 'body', field: 'cursor' }, { field: 'batch_size' }] }, 'the cursor is named first');
  const query = await api.get('/api/jobs/expired?expired_after=2020-01-01T00:00:00Z&cursor=nope');
  t.match(query.body, { code: 'invalid_cursor', errors: [{ location: 'query', field: 'cursor' }] }, 'query cursors alike');
  const list = await api.get('/api/auto-apply/applications?cursor=nope');
  t.match(list.body, { code: 'invalid_cursor' });
  for (const [path, method] of [['/api/jobs/feed', 'post'], ['/api/jobs/feed/managed', 'post'], ['/api/jobs/expired', 'get'], ['/api/career-sites/feed', 'post'], ['/api/auto-apply/applications', 'get']]) {
    const responses = document.paths[path][method].responses;
    t.equal(responses['400'].$ref, '#/components/responses/BadRequestOrInvalidCursor', `${path}: 400 invalid_cursor`);
    t.equal(responses['409'].$ref ?? '', '#/components/responses/CursorConflict', `${path}: 409 restart`);
  }
  t.match(document.components.responses.BadRequestOrInvalidCursor.description, /invalid_cursor/);
  t.match(document.components.responses.CursorConflict.description, /feed_cursor_restart_required/);
});

t.test('the managed feed has no locations filter, in the document and in behaviour', async (t) => {
  const schema = document.paths['/api/jobs/feed/managed'].post.requestBody.content['application/json'].schema;
  t.notOk(schema.properties?.locations, 'not in the schema');
  t.equal(schema.additionalProperties, false);
  const located = await api.post('/api/jobs/feed/managed', { locations: { city: 'Berlin' } });
  t.equal(located.status, 400, 'an object is refused like an array');
});

t.test('URLs: 1,000 ids fit in GET /api/jobs/expired; past 48 KiB is 414, past 80 KiB with the headers 431', async (t) => {
  const ids = Array.from({ length: 1000 }, () => crypto.randomUUID()).join('%2C');
  const many = await api.get(`/api/jobs/expired?ids=${ids}`);
  t.equal(many.status, 200, `a ${ids.length}-character id list, commas encoded`);
  t.equal(many.body.unknown_ids.length, 1000);
  for (const path of ['/api/jobs', '/api/jobs/search', '/healthz', '/no/such/path']) {
    const long = await fetch(`${service.url}${path}?q=${'x'.repeat(50 * 1024)}`, { headers: { 'X-Api-Key': account.key } });
    t.equal(long.status, 414, `${path}: a 50 KiB URL`);
    t.match(await long.json(), { status: 414, code: 'uri_too_long', type: /#uri_too_long$/ });
  }
  const unkeyed = await fetch(`${service.url}/api/jobs?q=${'x'.repeat(50 * 1024)}`);
  t.equal(unkeyed.status, 414, 'before authentication');
  const huge = await fetch(`${service.url}/api/jobs?q=${'x'.repeat(90 * 1024)}`, { headers: { 'X-Api-Key': account.key } });
  t.equal(huge.status, 431, 'over the header limit, Node answers first');
  for (const path of Object.keys(document.paths)) {
    for (const operation of Object.values<any>(document.paths[path])) {
      t.equal(operation.responses['414'].$ref, '#/components/responses/UriTooLong');
      t.equal(operation.responses['431'].$ref, '#/components/responses/HeadersTooLarge');
    }
  }
});

t.test('headers: 32 KiB of headers beside a long URL are served; past 80 KiB in all is the documented 431', async (t) => {
  const big = { 'X-Api-Key': account.key, 'X-Padding': 'p'.repeat(30 * 1024) };
  t.equal((await fetch(`${service.url}/api/jobs?pad=${'x'.repeat(40 * 1024)}`, { headers: big })).status, 200, 'over Node\'s default 16 KiB');
  const many = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`X-Header-${index}`, 'h'.repeat(900)]));
  const refused = await fetch(`${service.url}/api/jobs`, { headers: { ...many, 'X-Api-Key': account.key } });
  t.equal(refused.status, 431, '100 headers of 900 bytes');
  t.equal(await refused.text(), '', 'with the empty body the document describes');
});

t.test('an Idempotency-Key sent empty is malformed, not missing', async (t) => {
  const grant = await fetch(`${service.url}/api/jobs/search`, { method: 'POST', headers: { 'X-Api-Key': account.key, 'Content-Type': 'application/json' }, body: '{}' });
  t.equal(grant.status, 200, 'routes that take no key ignore it');
  const create = await fetch(`${service.url}/api/auto-apply/applications`, {
    method: 'POST',
    headers: { 'X-Api-Key': account.key, 'Content-Type': 'application/json', 'Idempotency-Key': '' },
    body: JSON.stringify({ apply_url: `${service.url}/sandbox/apply/one-page`, sandbox: true }),
  });
  t.equal(create.status, 400);
  t.match(await create.json(), { errors: [{ location: 'header', field: 'Idempotency-Key', message: /visible ASCII/ }] });
});
