// Builds the OpenAPI 3.1 document from the route declarations, so the document can
// never drift from what the routes validate and return.
import type { Route } from './routing/route.ts';
import { allowedMethods, pathTable } from './routing/router.ts';
import { MAX_HEADER_BYTES, MAX_URL_BYTES } from './server.ts';
import { IDEMPOTENCY_KEY_SCHEMA } from './idempotency.ts';
import { asJson, componentSchemas, toOpenApiRefs, type JsonSchema } from './schemas/registry.ts';
import {
  GatewayErrorSchema,
  InsufficientCreditsSchema,
  ProblemSchema,
  RateLimitErrorSchema,
  SandboxForbiddenSchema,
  ServerErrorSchema,
  SubscriptionRequiredSchema,
} from './schemas/errors.ts';

const PROBLEM = { 'application/problem+json': { schema: ProblemSchema } };

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' } });
const rateLimitHeaders = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Used': { $ref: '#/components/headers/X-RateLimit-Used' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Group': { $ref: '#/components/headers/X-RateLimit-Group' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
};
const sharedHeaders = {
  'X-RateLimit-Limit': integerHeader('Limit of the tightest window (minute, hour or day) of the group.'),
  'X-RateLimit-Used': integerHeader('Requests counted in that window.'),
  'X-RateLimit-Remaining': integerHeader('Requests left in that window; never negative.'),
  'X-RateLimit-Group': { description: 'The rate-limit group that applied.', schema: { type: 'string' } },
  'X-RateLimit-Reset': integerHeader('Unix epoch seconds when the window next frees a request.'),
  'Retry-After': integerHeader('Seconds to wait before retrying.'),
  'X-Credits-Deducted': integerHeader('Wallet credits this request cost.'),
  'X-Credits-Balance': integerHeader('Wallet credits left.'),
  'X-Credits-Required': integerHeader('Credits the request needs (402 only).'),
};

const sharedResponses: Record<string, { description: string; content: Record<string, { schema: unknown }>; headers?: unknown }> = {
  Unauthorized: {
    description: 'Missing, malformed, revoked or expired API key. `WWW-Authenticate: ApiKey realm=...`.',
    headers: { 'WWW-Authenticate': { description: 'ApiKey realm="<host>"', schema: { type: 'string' } } },
    content: { 'application/json': { schema: GatewayErrorSchema } },
  },
  PaymentRequired: {
    description: 'Credits too low, or a subscription is needed.',
    headers: { 'X-Credits-Required': { $ref: '#/components/headers/X-Credits-Required' }, 'X-Credits-Balance': { $ref: '#/components/headers/X-Credits-Balance' } },
    content: { 'application/json': { schema: { oneOf: [InsufficientCreditsSchema, SubscriptionRequiredSchema] } } },
  },
  Forbidden: {
    description: 'The key kind may not call this endpoint (sandbox keys: `sandbox_token_audience_forbidden`).',
    content: { 'application/json': { schema: { anyOf: [SandboxForbiddenSchema, GatewayErrorSchema] } } },
  },
  TooManyRequests: {
    description: 'Rate limited (or too many failed authentications from this address).',
    headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' }, ...rateLimitHeaders },
    content: { 'application/json': { schema: RateLimitErrorSchema } },
  },
  BadRequest: { description: 'Invalid input; `errors` names each field.', content: PROBLEM },
  BadRequestOrInvalidCursor: {
    description:
      'Invalid input; `errors` names each field. `invalid_cursor`: the cursor is not one the service issued for this account and feed, or it was altered (a token matching the pattern may still be one); start again without a cursor.',
    content: PROBLEM,
  },
  CursorConflict: {
    description:
      '`feed_cursor_restart_required`: the cursor cannot be resumed (issued for other filters, an expired snapshot, a rebuilt index); restart without it. `request_conflict`: another request with the same cursor is running; send one at a time.',
    content: PROBLEM,
  },
  NotFound: { description: 'Unknown resource.', content: PROBLEM },
  PayloadTooLarge: { description: 'Body larger than 1 MiB.', content: PROBLEM },
  UnsupportedMediaType: { description: 'Body is not JSON.', content: PROBLEM },
  UriTooLong: {
    description: `\`uri_too_long\`: the URL (path and query string) is longer than ${MAX_URL_BYTES / 1024} KiB; nothing was processed. Send long filters in a POST body instead.`,
    content: PROBLEM,
  },
  // Node's HTTP parser answers before any route runs, with an empty body.
  HeadersTooLarge: {
    description: `The request line and headers together exceed ${MAX_HEADER_BYTES / 1024} KiB (a URL this long is also over the 414 bound); nothing was processed, and the body is empty.`,
    content: {},
  },
  FeedBusy: {
    description: '`feed_backend_busy`: the feed backend is saturated; nothing was charged. Retry after `Retry-After` seconds.',
    headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
    content: { 'application/json': { schema: GatewayErrorSchema } },
  },
  ServerError: { description: 'Unexpected failure.', content: { 'application/json': { schema: ServerErrorSchema } } },
};

function parameters(route: Route): unknown[] {
  const list: unknown[] = [];
  for (const [location, schema] of [
    ['path', route.request?.params],
    ['query', route.request?.query],
  ] as const) {
    if (!schema) continue;
    const json = asJson(schema);
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...propertySchema } = property;
      list.push({
        name,
        in: location,
        required: location === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: propertySchema,
        // Array query parameters are sent comma-separated: `a,b,c`.
        ...(propertySchema.type === 'array' ? { style: 'form', explode: false } : {}),
      });
    }
  }
  const idempotency = route.request?.idempotencyKey;
  if (idempotency) {
    const { description, ...schema } = IDEMPOTENCY_KEY_SCHEMA;
    list.push({ name: 'Idempotency-Key', in: 'header', required: idempotency === 'required', description, schema });
  }
  return list;
}

function operation(route: Route): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(route.responses)) {
    responses[status] = {
      description: spec.description,
      ...(spec.headers ? { headers: spec.headers } : {}),
      ...(spec.links ? { links: spec.links } : {}),
      ...(spec.schema ? { content: { [spec.contentType ?? 'application/json']: { schema: spec.schema } } } : {}),
      ...(spec.files ? { content: Object.fromEntries(spec.files.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])) } : {}),
    };
  }
  const request = route.request ?? {};
  const add = (status: string, name: string) => {
    responses[status] ??= { $ref: `#/components/responses/${name}` };
  };
  const takesCursor = [request.query, request.body].some((schema) => Boolean((asJson(schema)?.properties as Record<string, unknown> | undefined)?.cursor));
  // Every route refuses unstorable strings in any parameter, declared or not (api/routing).
  add('400', takesCursor ? 'BadRequestOrInvalidCursor' : 'BadRequest');
  if (takesCursor) add('409', 'CursorConflict');
  if (route.gateway) {
    add('401', 'Unauthorized');
    if (route.gateway.price.kind !== 'free' || route.gateway.requiresPlan) add('402', 'PaymentRequired');
    add('403', 'Forbidden');
    add('429', 'TooManyRequests');
  }
  if (request.params) add('404', 'NotFound');
  if (request.body || request.upload) {
    add('413', 'PayloadTooLarge');
    add('415', 'UnsupportedMediaType');
  }
  add('414', 'UriTooLong');
  add('431', 'HeadersTooLarge');
  if (route.loadShedding) add('503', 'FeedBusy');
  add('500', 'ServerError');

  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(route.tags ? { tags: route.tags } : {}),
    ...(route.security === 'none' ? { security: [] } : {}),
    parameters: parameters(route),
    ...(request.body
      ? { requestBody: { required: request.bodyRequired ?? true, content: { 'application/json': { schema: request.body } } } }
      : {}),
    ...(request.upload
      ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: request.upload.schema, ...(request.upload.encoding ? { encoding: request.upload.encoding } : {}) } } } }
      : {}),
    responses,
  };
}

/** OPTIONS on a path: no key, no input but the path itself, `Allow` lists what the path serves. */
function optionsOperation(path: string, parameters: string[], allow: string[], first: Route): Record<string, unknown> {
  return {
    operationId: `${first.operationId}Options`,
    summary: `The methods ${path} serves`,
    description: 'Answers 204 with `Allow`: the methods this document lists for the path, HEAD where GET is served, and OPTIONS.',
    ...(first.tags ? { tags: first.tags } : {}),
    security: [],
    parameters: parameters.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    responses: {
      204: {
        description: 'The methods the path serves.',
        headers: { Allow: { description: allow.join(', '), schema: { type: 'string', const: allow.join(', ') } } },
      },
      400: { $ref: '#/components/responses/BadRequest' },
      414: { $ref: '#/components/responses/UriTooLong' },
      431: { $ref: '#/components/responses/HeadersTooLarge' },
      500: { $ref: '#/components/responses/ServerError' },
    },
  };
}

export function buildOpenApiDocument(routes: Route[], baseUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const documented = routes.filter((route) => !route.hidden);
  for (const route of documented) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(route);
  }
  // OPTIONS is served on every path from the same table (api/routing/router.ts).
  for (const entry of pathTable(documented)) {
    const first = documented.find((route) => route.path === entry.path)!;
    paths[entry.path]!.options = optionsOperation(entry.path, entry.parameters, allowedMethods(entry), first);
  }
  return toOpenApiRefs({
    openapi: '3.1.0',
    info: {
      title: 'Job Data and Auto Apply API',
      version: '1.0.0',
      description:
        'Job-market data (search, feeds, companies, geocoding) and automated job applications. ' +
        'Authenticate with the `X-Api-Key` header. Error codes: /docs/errors.',
    },
    servers: [{ url: baseUrl }],
    security: [{ ApiKey: [] }],
    paths,
    components: {
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
      schemas: componentSchemas(),
      responses: sharedResponses,
      headers: sharedHeaders,
    },
  });
}
