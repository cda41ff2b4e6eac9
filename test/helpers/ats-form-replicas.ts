// Local replicas of more ATS application pages (test/fixtures/ats-forms/<provider>/), one
// loopback origin per provider so AUTO_APPLY_PROVIDER_ORIGINS maps each origin to its
// provider. What a replica serves is declared beside its pages in routes.json (paths shaped
// like the provider's real ones), so a new replica needs no code here:
//
//   {
//     "entries": { "apply": "/acme/j/8F3A2B1C9D/apply/", "job": "/acme/j/8F3A2B1C9D/" },
//     "routes": [
//       { "path": "/acme/j/8F3A2B1C9D/apply/", "file": "apply.html" },
//       { "path": "/assets/:name", "file": ":name" },
//       { "method": "POST", "path": "/api/v1/jobs/:shortcode/apply", "record": true, "json": { "status": "ok" } },
//       { "method": "POST", "path": "/acme/jobs/apply", "record": true, "redirect": "/acme/thanks" }
//     ]
//   }
//
// A route matches on method (GET when left out), path (":name" matches one segment) and,
// if given, query parameters. It answers with a file of the replica (":name" in "file" is
// the matched segment), inline JSON, or a 303 redirect; "status" sets the status code. A
// route with "record" keeps the request body as a submission, read the way it arrived:
// multipart (text parts and files), urlencoded, or JSON.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import busboy from 'busboy';
import type { ProviderId } from '../../lib/provider-ids.ts';
import { serveOnLoopback, type LoopbackServer } from './loopback-server.ts';

export const FORM_FIXTURES = path.resolve(import.meta.dirname, '../fixtures/ats-forms');

export interface ReplicaRoute {
  method?: string;
  path: string;
  query?: Record<string, string>;
  file?: string;
  json?: unknown;
  redirect?: string;
  status?: number;
  record?: boolean;
}

export interface ReplicaManifest {
  /** Named entry points (at least "apply"): paths of the pages an apply_url can point at. */
  entries: Record<string, string>;
  routes: ReplicaRoute[];
}

export interface SubmittedFile {
  /** The form part the file came in under. */
  field: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
}

export interface FormSubmission {
  method: string;
  path: string;
  query: Record<string, string>;
  content_type: string;
  /** Multipart/urlencoded: values by name (a name sent more than once maps to all its values in order). JSON: the parsed body. */
  fields: Record<string, unknown>;
  files: SubmittedFile[];
}

export interface AtsFormReplicas {
  origins: Record<string, string>;
  /** The full URL of a replica's entry point ("apply" unless named). */
  url(provider: string, entry?: string): string;
  /** For matchProvider / AUTO_APPLY_PROVIDER_ORIGINS. */
  loopbackProviders: Record<string, ProviderId>;
  /** "origin=provider,..." for the AUTO_APPLY_PROVIDER_ORIGINS setting. */
  originsSetting: string;
  submissions(provider: string): FormSubmission[];
}

interface TestLike {
  teardown(fn: () => unknown): void;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml' };

/** A question as a person sees it on a replica page (expected.json; format in test/fixtures/ats-forms/README.md). */
export interface ExpectedField {
  label: string;
  type: string;
  required: boolean;
  options?: string[];
}

/** The questions a person listed for a replica's page (the first unless named by index). */
export function expectedFields(provider: string, page = 0): ExpectedField[] {
  const expected = JSON.parse(readFileSync(path.join(FORM_FIXTURES, provider, 'expected.json'), 'utf8')) as { pages: Array<{ fields: ExpectedField[] }> };
  return expected.pages[page]!.fields;
}

/** A label or option text as compared with what a person listed: case, spacing and a trailing colon ignored. */
export const labelKey = (text: string) => text.normalize('NFKC').replace(/\s+/g, ' ').trim().replace(/\s*:$/, '').toLowerCase();

/** The providers that have a replica (a directory with routes.json). */
export function replicaProviders(): string[] {
  return readdirSync(FORM_FIXTURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(FORM_FIXTURES, entry.name, 'routes.json')))
    .map((entry) => entry.name)
    .sort();
}

export function readManifest(provider: string): ReplicaManifest {
  const manifest = JSON.parse(readFileSync(path.join(FORM_FIXTURES, provider, 'routes.json'), 'utf8')) as ReplicaManifest;
  if (!manifest.entries?.apply || !Array.isArray(manifest.routes)) throw new Error(`${provider}/routes.json: needs entries.apply and routes.`);
  return manifest;
}

/** The segments a route's path captures, or null when it does not match. */
function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    if (part.startsWith(':')) {
      if (!got[index]) return null;
      params[part.slice(1)] = decodeURIComponent(got[index]);
    } else if (part !== got[index]) return null;
  }
  return params;
}

function findRoute(manifest: ReplicaManifest, method: string, url: URL): { route: ReplicaRoute; params: Record<string, string> } | null {
  for (const route of manifest.routes) {
    if ((route.method ?? 'GET').toUpperCase() !== method) continue;
    const params = matchPath(route.path, url.pathname);
    if (!params) continue;
    if (route.query && Object.entries(route.query).some(([name, value]) => url.searchParams.get(name) !== value)) continue;
    return { route, params };
  }
  return null;
}

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseForm(request: http.IncomingMessage): Promise<{ fields: Record<string, string | string[]>; files: SubmittedFile[] }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string | string[]> = {};
    const files: SubmittedFile[] = [];
    const parser = busboy({ headers: request.headers, limits: { fileSize: 10 * 1024 * 1024 } });
    parser.on('field', (name, value) => {
      const had = fields[name];
      fields[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks);
        // A file input left empty still sends a part, with no name and no bytes.
        if (!info.filename && bytes.length === 0) return;
        files.push({ field, filename: info.filename ?? '', content_type: info.mimeType, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
      });
    });
    parser.on('close', () => resolve({ fields, files }));
    parser.on('error', reject);
    request.pipe(parser);
  });
}

async function readSubmission(request: http.IncomingMessage, url: URL): Promise<FormSubmission> {
  const contentType = String(request.headers['content-type'] ?? '');
  const base = { method: request.method ?? 'POST', path: url.pathname, query: Object.fromEntries(url.searchParams), content_type: contentType.split(';')[0].trim() };
  if (/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)) return { ...base, ...(await parseForm(request)) };
  const raw = (await readBody(request)).toString('utf8');
  if (/json/i.test(contentType) || /^\s*[{[]/.test(raw)) return { ...base, fields: raw ? (JSON.parse(raw) as Record<string, unknown>) : {}, files: [] };
  return { ...base, fields: { body: raw }, files: [] };
}

function serveFile(response: http.ServerResponse, provider: string, file: string, status: number): void {
  // Only files inside the replica's own directory.
  const full = path.resolve(FORM_FIXTURES, provider, file);
  if (!full.startsWith(path.join(FORM_FIXTURES, provider) + path.sep) || !existsSync(full)) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  response.writeHead(status, { 'content-type': TYPES[path.extname(full)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
  response.end(readFileSync(full));
}

async function answer(provider: string, manifest: ReplicaManifest, record: (submission: FormSubmission) => void, request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void> {
  const found = findRoute(manifest, (request.method ?? 'GET').toUpperCase(), url);
  if (!found) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  const { route, params } = found;
  if (route.record) record(await readSubmission(request, url));
  else request.resume();
  if (route.redirect) {
    response.writeHead(route.status ?? 303, { location: route.redirect }).end();
    return;
  }
  if (route.file) {
    serveFile(response, provider, route.file.replace(/:(\w+)/g, (_, name: string) => params[name] ?? ''), route.status ?? 200);
    return;
  }
  response.writeHead(route.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(route.json ?? {}));
}

function listen(provider: string, record: (submission: FormSubmission) => void): Promise<LoopbackServer> {
  const manifest = readManifest(provider);
  return serveOnLoopback((request, response, url) => answer(provider, manifest, record, request, response, url));
}

/** Starts one server per provider (all replicas when none are named); closed at teardown. */
export async function startAtsFormReplicas(t: TestLike, providers: string[] = replicaProviders()): Promise<AtsFormReplicas> {
  const recorded: Record<string, FormSubmission[]> = {};
  const origins: Record<string, string> = {};
  const closers: Array<() => Promise<void>> = [];
  t.teardown(() => Promise.all(closers.map((close) => close())));
  for (const provider of providers) {
    recorded[provider] = [];
    const server = await listen(provider, (submission) => recorded[provider].push(submission));
    closers.push(server.close);
    origins[provider] = server.origin;
  }
  const loopbackProviders = Object.fromEntries(providers.map((provider) => [origins[provider], provider as ProviderId]));
  return {
    origins,
    url: (provider, entry = 'apply') => {
      const where = readManifest(provider).entries[entry];
      if (!where || !origins[provider]) throw new Error(`No replica entry "${entry}" for ${provider}.`);
      return `${origins[provider]}${where}`;
    },
    loopbackProviders,
    originsSetting: Object.entries(loopbackProviders).map(([origin, provider]) => `${origin}=${provider}`).join(','),
    submissions: (provider) => recorded[provider] ?? [],
  };
}
