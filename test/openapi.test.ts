import t from 'tap';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startTestService } from './helpers/service.ts';
import { echoRoute } from './fixtures/routes.ts';

const { client, url } = await startTestService(t, { extraRoutes: [echoRoute] });

t.test('/openapi.json is a valid OpenAPI 3.1 document built from the routes', async (t) => {
  const response = await client.get('/openapi.json');
  t.equal(response.status, 200);
  const document = response.body;
  t.equal(document.openapi, '3.1.0');
  const validator = new Validator();
  const result = await validator.validate(document);
  t.ok(result.valid, `valid against the OpenAPI 3.1 schema${result.valid ? '' : `: ${JSON.stringify(result.errors).slice(0, 800)}`}`);
  t.equal(validator.version, '3.1');

  t.ok(document.paths['/healthz'].get, 'declared routes are documented');
  t.ok(document.paths['/docs/errors'].get, 'so are the documentation pages');
  t.notOk(document.paths['/docs/assets/{file}'], 'static assets are not');
  const echo = document.paths['/test/echo'].post;
  t.equal(echo.operationId, 'testEcho');
  t.same(
    echo.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`),
    ['query:page_size', 'query:tags'],
  );
  t.match(echo.parameters[1], { style: 'form', explode: false }, 'arrays are comma-separated');
  t.ok(echo.requestBody.content['application/json'].schema, 'request body schema');
  t.same(Object.keys(echo.responses).sort(), ['200', '400', '413', '414', '415', '431', '500']);
  t.equal(echo.responses['400'].$ref, '#/components/responses/BadRequest');
  t.ok(document.components.schemas.Problem, 'shared schemas are components');
  t.same(document.components.securitySchemes.ApiKey, { type: 'apiKey', in: 'header', name: 'X-Api-Key' });
  t.same(document.paths['/healthz'].get.security, [], 'public routes say so');
  t.notMatch(JSON.stringify(document), /urn:service:components/, 'no internal references leak');
  t.equal(document.servers[0].url, url);
});

t.test('every operation documents the answers any request can get', async (t) => {
  const document = (await client.get('/openapi.json')).body;
  const feeds = ['/api/jobs/feed', '/api/jobs/feed/managed', '/api/jobs/expired', '/api/career-sites/feed'];
  let operations = 0;
  for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
    for (const [method, operation] of Object.entries<any>(item)) {
      operations += 1;
      const statuses = Object.keys(operation.responses);
      const keyed = !(Array.isArray(operation.security) && operation.security.length === 0);
      const inputs = [...(operation.parameters ?? []).map((parameter: any) => parameter.name), ...Object.keys(operation.requestBody?.content['application/json']?.schema.properties ?? {})];
      const expected = [
        // 400: unstorable strings in any parameter; 414: the URL over 48 KiB; 431: URL and headers over Node's limit.
        '400', '414', '431', '500',
        // The gateway: authentication, key kinds, rate limits and the failed-authentication block.
        ...(keyed ? ['401', '403', '429'] : []),
        ...(operation.requestBody ? ['413', '415'] : []),
        // Cursors: invalid (400) or not resumable (409).
        ...(inputs.includes('cursor') ? ['409'] : []),
        ...(feeds.includes(path) && method !== 'options' ? ['503'] : []),
      ];
      for (const status of expected) t.ok(statuses.includes(status), `${method.toUpperCase()} ${path} documents ${status}`);
      if (inputs.includes('cursor')) t.equal(operation.responses['400'].$ref, '#/components/responses/BadRequestOrInvalidCursor', `${method} ${path}: invalid_cursor`);
    }
    t.ok(item.options, `OPTIONS ${path} is documented`);
  }
  t.ok(operations > 60);
  const search = document.paths['/api/jobs'].get.responses;
  t.ok(search['402'], 'a priced route documents 402');
  t.notOk(document.paths['/api/jobs/{id}'].get.responses['402'], 'a free one does not');
});

t.test('/docs renders the reference from local assets', async (t) => {
  const page = await client.get('/docs');
  t.equal(page.status, 200);
  t.match(page.headers.get('content-type'), /text\/html/);
  t.match(page.text, /\/openapi\.json/);
  for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
    t.match(page.text, `/docs/assets/${asset}`);
    const file = await client.get(`/docs/assets/${asset}`, { unchecked: true });
    t.equal(file.status, 200, asset);
    t.ok(file.text.length > 1000, `${asset} has content`);
  }
  const missing = await client.get('/docs/assets/..%2Fpackage.json', { unchecked: true });
  t.equal(missing.status, 404, 'only the listed assets are served');
});

t.test('/docs/errors lists every code that problem bodies link to', async (t) => {
  const page = await client.get('/docs/errors');
  t.equal(page.status, 200);
  for (const code of ['invalid_request', 'not_found', 'payload_too_large', 'unsupported_media_type', 'rate_limit_exceeded']) {
    t.match(page.text, `id="${code}"`);
  }
});
