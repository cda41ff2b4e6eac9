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

t.test('OPTIONS on every path without parameters lists exactly the documented methods', async (t) => {
  for (const [path, item] of Object.entries<Record<string, unknown>>(document.paths)) {
    if (path.includes('{')) continue;
    const documented = Object.keys(item).filter((method) => HTTP_METHODS.includes(method)).map((method) => method.toUpperCase());
    if (documented.includes('GET')) documented.push('HEAD');
    const response = await fetch(`${service.url}${path}`, { method: 'OPTIONS' });
    const allow = (response.headers.get('allow') ?? '').split(',').map((method) => method.trim()).filter(Boolean);
    t.same(allow.sort(), documented.sort(), `OPTIONS ${path}`);
  }
});

t.test('a literal path is not taken for a parameter of a sibling template', async (t) => {
  const get = await api.get('/api/jobs/search');
  t.equal(get.status, 405, 'GET /api/jobs/search is not GET /api/jobs/{id}');
  t.equal(get.headers.get('allow'), 'POST');
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

t.test('a cursor the service did not issue is the documented 400 invalid_cursor', async (t) => {
  for (const bad of ['AAAA.BBBB', 'not a token']) {
    const forged = await api.post('/api/jobs/feed', { cursor: bad });
    t.equal(forged.status, 400, JSON.stringify(bad));
    t.match(forged.body, { code: 'invalid_cursor' });
  }
  t.match(document.paths['/api/jobs/feed'].post.responses['400'], Object, '400 documented');
});

t.test('the managed feed has no locations filter, in the document and in behaviour', async (t) => {
  const schema = document.paths['/api/jobs/feed/managed'].post.requestBody.content['application/json'].schema;
  t.notOk(schema.properties?.locations, 'not in the schema');
  t.equal(schema.additionalProperties, false);
  const located = await api.post('/api/jobs/feed/managed', { locations: { city: 'Berlin' } });
  t.equal(located.status, 400, 'an object is refused like an array');
});

t.test('URLs: 1,000 ids fit in GET /api/jobs/expired; past 64 KiB is the documented 431', async (t) => {
  const ids = Array.from({ length: 1000 }, () => crypto.randomUUID()).join(',');
  const many = await api.get(`/api/jobs/expired?ids=${ids}`);
  t.equal(many.status, 200, `a ${ids.length}-character id list`);
  t.equal(many.body.unknown_ids.length, 1000);
  const huge = await fetch(`${service.url}/api/jobs?q=${'x'.repeat(70 * 1024)}`, { headers: { 'X-Api-Key': account.key } });
  t.equal(huge.status, 431);
  t.ok(document.paths['/api/jobs'].get.responses['431'], 'documented');
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
