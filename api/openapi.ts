// Builds the OpenAPI 3.1 document from the route declarations, so the document can
// never drift from what the routes validate and return.
import type { Route } from './routing/route.ts';
import { componentSchemas, toOpenApiRefs, type JsonSchema } from './schemas/registry.ts';
import { ProblemSchema, ServerErrorSchema } from './schemas/errors.ts';

const PROBLEM = { 'application/problem+json': { schema: ProblemSchema } };

const sharedResponses: Record<string, { description: string; content: Record<string, { schema: JsonSchema }>; headers?: unknown }> = {
  BadRequest: { description: 'Invalid input; `errors` names each field.', content: PROBLEM },
  NotFound: { description: 'Unknown resource.', content: PROBLEM },
  PayloadTooLarge: { description: 'Body larger than 1 MiB.', content: PROBLEM },
  UnsupportedMediaType: { description: 'Body is not JSON.', content: PROBLEM },
  ServerError: { description: 'Unexpected failure.', content: { 'application/json': { schema: ServerErrorSchema } } },
};

function parameters(route: Route): unknown[] {
  const list: unknown[] = [];
  for (const [location, schema] of [
    ['path', route.request?.params],
    ['query', route.request?.query],
  ] as const) {
    if (!schema) continue;
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
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
  return list;
}

function operation(route: Route): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(route.responses)) {
    responses[status] = {
      description: spec.description,
      ...(spec.headers ? { headers: spec.headers } : {}),
      ...(spec.schema ? { content: { [spec.contentType ?? 'application/json']: { schema: spec.schema } } } : {}),
    };
  }
  const request = route.request ?? {};
  const hasInput = request.query || request.params || request.body;
  const add = (status: string, name: string) => {
    responses[status] ??= { $ref: `#/components/responses/${name}` };
  };
  if (hasInput) add('400', 'BadRequest');
  if (request.params) add('404', 'NotFound');
  if (request.body) {
    add('413', 'PayloadTooLarge');
    add('415', 'UnsupportedMediaType');
  }
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
    responses,
  };
}

export function buildOpenApiDocument(routes: Route[], baseUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (route.hidden) continue;
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(route);
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
    },
  });
}
