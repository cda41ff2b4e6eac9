// The OpenAPI document, an interactive reference rendered by Swagger UI (served from
// the swagger-ui-dist package, no CDN), and the error-code catalogue that problem
// bodies link to.
import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { defineRoute, type Route } from '../routing/route.ts';
import { Type } from '../schemas/registry.ts';
import { errorCatalogue } from '../error-catalogue.ts';
import { notFound } from '../errors.ts';

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>API reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>
window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', deepLinking: true });
</script>
</body>
</html>
`;

function errorsPage(): string {
  const rows = Object.entries(errorCatalogue)
    .map(
      ([code, info]) =>
        `<tr id="${code}"><td><code>${code}</code></td><td>${info.status}</td><td>${escapeHtml(info.title)}</td><td>${escapeHtml(info.description)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Error codes</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.4rem .6rem;text-align:left;vertical-align:top}tr:target{background:#fff6d5}</style>
</head>
<body>
<h1>Error codes</h1>
<p>Endpoint errors are <code>application/problem+json</code> bodies whose <code>type</code> and <code>docs_url</code> point at a row of this table.
Retry only 429, 500 and 503, honouring <code>Retry-After</code>.</p>
<table><thead><tr><th>code</th><th>status</th><th>title</th><th>meaning</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</body>
</html>
`;
}

// Its own meta-schema (OpenAPI 3.1) describes the document; this says only what makes it
// one, and leaves every other member free. Typed as the free map buildOpenApiDocument returns.
const OpenApiDocumentSchema = Type.Unsafe<Record<string, unknown>>(
  Type.Object(
    {
      openapi: Type.String(),
      paths: Type.Object({}, { additionalProperties: true }),
    },
    { additionalProperties: true },
  ),
);

export function docsRoutes(document: () => Record<string, unknown>): Route[] {
  const html = 'text/html; charset=utf-8';
  const htmlPage = (description: string) => ({ description, contentType: 'text/html', schema: Type.String() });
  return [
    defineRoute({
      method: 'GET',
      path: '/openapi.json',
      operationId: 'getOpenApiDocument',
      summary: 'This API as an OpenAPI 3.1 document',
      tags: ['Documentation'],
      security: 'none',
      responses: {
        200: {
          description: 'The document.',
          schema: OpenApiDocumentSchema,
        },
      },
      handler: () => document(),
    }),
    defineRoute({
      method: 'GET',
      path: '/docs',
      operationId: 'getApiReference',
      summary: 'Interactive API reference',
      tags: ['Documentation'],
      security: 'none',
      responses: { 200: htmlPage('HTML page.') },
      handler: (ctx) => {
        ctx.type = html;
        return DOCS_PAGE;
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/docs/errors',
      operationId: 'getErrorCatalogue',
      summary: 'Error codes and their meaning',
      tags: ['Documentation'],
      security: 'none',
      responses: { 200: htmlPage('HTML page.') },
      handler: (ctx) => {
        ctx.type = html;
        return errorsPage();
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/docs/assets/{file}',
      operationId: 'getApiReferenceAsset',
      summary: 'Static asset of the API reference page',
      hidden: true,
      security: 'none',
      request: { params: Type.Object({ file: Type.String() }) },
      responses: { 200: { description: 'The asset.' } },
      handler: async (ctx, { params }) => {
        const type = ASSETS[params.file];
        if (!type) throw notFound(`No documentation asset named ${params.file}.`);
        ctx.type = type;
        ctx.set('Cache-Control', 'public, max-age=86400');
        ctx.body = await fs.readFile(path.join(swaggerUiDir, params.file));
      },
    }),
  ];
}
