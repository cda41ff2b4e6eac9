// Local replicas of the Greenhouse, Lever and Ashby application pages (test/fixtures/ats/),
// each on its own loopback origin with URL paths shaped like the real ones, so the
// provider catalog maps them through AUTO_APPLY_PROVIDER_ORIGINS. Each server takes the
// form's submission the way the real one arrives (a native multipart POST, or fetch()),
// records it, and answers with its confirmation page or JSON.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import busboy from 'busboy';
import type { ProviderId } from '../../lib/provider-ids.ts';
import { serveOnLoopback, type LoopbackServer } from './loopback-server.ts';

export type ReplicaProvider = 'greenhouse' | 'lever' | 'ashby';

export interface RecordedFile {
  /** The form part (or, for Ashby, the field path) the file came in under. */
  field: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
}

export interface ReplicaSubmission {
  path: string;
  /** Text parts by name; a name sent more than once maps to all its values in order. Ashby: field path → JSON value. */
  fields: Record<string, unknown>;
  files: RecordedFile[];
}

export interface AtsReplicas {
  origins: Record<ReplicaProvider, string>;
  /** Where each application form is: Greenhouse's current board and a board still on the classic layout. */
  applyUrls: { greenhouse: string; greenhouseLegacy: string; lever: string; ashby: string };
  /** The Greenhouse and Ashby forms with their application scripts never attaching (the adapters' fallback). */
  withoutScripts: { greenhouse: string; ashby: string };
  /** The job pages in front of the Lever and Ashby forms ("Apply for this job"). */
  jobUrls: { lever: string; ashby: string };
  /** For matchProvider / AUTO_APPLY_PROVIDER_ORIGINS. */
  loopbackProviders: Record<string, ProviderId>;
  submissions(provider: ReplicaProvider): ReplicaSubmission[];
}

interface TestLike {
  teardown(fn: () => unknown): void;
}

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/ats');
const LEVER_POSTING = '5f2d0c1e-7a4b-4c2e-9d1f-3b8a6e4c2d10';
const ASHBY_POSTING = '8c1e4f2a-3b5d-4e6f-9a7b-1c2d3e4f5a6b';
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json' };

interface Parsed {
  fields: Record<string, string | string[]>;
  files: Array<RecordedFile & { bytes: Buffer }>;
}

function parseMultipart(request: http.IncomingMessage): Promise<Parsed> {
  return new Promise((resolve, reject) => {
    const parsed: Parsed = { fields: {}, files: [] };
    const add = (name: string, value: string) => {
      const had = parsed.fields[name];
      parsed.fields[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
    };
    const parser = busboy({ headers: request.headers, limits: { fileSize: 10 * 1024 * 1024 } });
    parser.on('field', add);
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks);
        // A file input left empty still sends a part, with no name and no bytes.
        if (!info.filename && bytes.length === 0) return;
        parsed.files.push({ field, filename: info.filename ?? '', content_type: info.mimeType, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), bytes });
      });
    });
    parser.on('close', () => resolve(parsed));
    parser.on('error', reject);
    request.pipe(parser);
  });
}

async function readJson(request: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
}

const recorded = (file: RecordedFile & { bytes?: Buffer }): RecordedFile => ({ field: file.field, filename: file.filename, content_type: file.content_type, size: file.size, sha256: file.sha256 });

type Handler = (request: http.IncomingMessage, response: http.ServerResponse, url: URL) => Promise<boolean>;

async function serveFile(response: http.ServerResponse, file: string, status = 200, withoutScripts = false): Promise<true> {
  let body = await readFile(path.join(FIXTURES, file));
  // `?scripts=none`: the page as served, but its application script never attaches (the data it embeds stays).
  if (withoutScripts) body = Buffer.from(body.toString('utf8').replace(/<script\b[^>]*\bsrc=[^>]*>\s*<\/script>/gi, ''));
  response.writeHead(status, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
  response.end(body);
  return true;
}

function sendJson(response: http.ServerResponse, body: unknown, status = 200): true {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
  return true;
}

function redirect(response: http.ServerResponse, location: string): true {
  response.writeHead(303, { location });
  response.end();
  return true;
}

/** Serves `/assets/<name>` from the provider's fixture directory. */
function assets(provider: ReplicaProvider): Handler {
  return async (request, response, url) => {
    const match = /^\/assets\/([\w.-]+\.(?:js|css))$/.exec(url.pathname);
    if (request.method !== 'GET' || !match) return false;
    return serveFile(response, `${provider}/${match[1]}`);
  };
}

const CITIES = ['London, England, United Kingdom', 'Londonderry, Northern Ireland, United Kingdom', 'London, Ontario, Canada', 'Berlin, Germany', 'Bern, Switzerland', 'Lisbon, Portugal', 'New York, New York, United States', 'Toronto, Ontario, Canada'];
const searchCities = (term: string) => (term.trim().length < 2 ? [] : CITIES.filter((city) => city.toLowerCase().startsWith(term.trim().toLowerCase())));

function greenhouse(record: (submission: ReplicaSubmission) => void): Handler {
  // The classic board uploads each document to S3 first; the form then carries its URL.
  const uploads = new Map<string, RecordedFile & { bytes: Buffer }>();
  return async (request, response, url) => {
    const { pathname } = url;
    if (request.method === 'GET' && pathname === '/acme/jobs/4012345') return serveFile(response, 'greenhouse/job-board.html', 200, url.searchParams.get('scripts') === 'none');
    if (request.method === 'GET' && pathname === '/acme/jobs/4012345/confirmation') return serveFile(response, 'greenhouse/confirmation.html');
    if (request.method === 'GET' && pathname === '/api/locations') return sendJson(response, { locations: searchCities(url.searchParams.get('term') ?? '').map((name) => ({ display_name: name })) });
    if (request.method === 'POST' && pathname === '/embed/acme/jobs/4012345') {
      const parsed = await parseMultipart(request);
      record({ path: pathname, fields: parsed.fields, files: parsed.files.map(recorded) });
      return sendJson(response, { status: 'success', redirect_url: '/acme/jobs/4012345/confirmation' });
    }
    if (request.method === 'GET' && pathname === '/acme/jobs/4012346') return serveFile(response, 'greenhouse/legacy.html');
    if (request.method === 'GET' && pathname === '/acme/jobs/4012346/confirmation') return serveFile(response, 'greenhouse/legacy-confirmation.html');
    if (request.method === 'POST' && pathname === '/s3-uploads') {
      const parsed = await parseMultipart(request);
      const file = parsed.files.find((candidate) => candidate.field === 'file');
      if (!file) return sendJson(response, { error: 'no file' }, 400);
      const key = `${parsed.fields.key as string}`.replace('${filename}', file.filename);
      uploads.set(key, file);
      response.writeHead(201, { 'content-type': 'application/xml' });
      response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>${url.origin}/s3-uploads/${encodeURI(key)}</Location><Bucket>grnhse-uploads</Bucket><Key>${key}</Key></PostResponse>`);
      return true;
    }
    if (request.method === 'POST' && pathname === '/acme/jobs/4012346') {
      const parsed = await parseMultipart(request);
      // The documents arrive as S3 URLs: record the files they point at.
      const files: RecordedFile[] = [];
      for (const [name, value] of Object.entries(parsed.fields)) {
        const match = /^job_application\[(\w+)_url\]$/.exec(name);
        if (!match || typeof value !== 'string' || value === '') continue;
        const upload = uploads.get(decodeURI(new URL(value).pathname.replace(/^\/s3-uploads\//, '')));
        if (upload) files.push({ ...recorded(upload), field: match[1] });
      }
      record({ path: pathname, fields: parsed.fields, files: [...parsed.files.map(recorded), ...files] });
      return redirect(response, '/acme/jobs/4012346/confirmation');
    }
    return false;
  };
}

function lever(record: (submission: ReplicaSubmission) => void): Handler {
  const job = `/acme/${LEVER_POSTING}`;
  return async (request, response, url) => {
    const { pathname } = url;
    if (request.method === 'GET' && pathname === job) return serveFile(response, 'lever/job.html');
    if (request.method === 'GET' && pathname === `${job}/apply`) return serveFile(response, 'lever/apply.html');
    if (request.method === 'GET' && pathname === `${job}/thanks`) return serveFile(response, 'lever/thanks.html');
    if (request.method === 'GET' && pathname === '/searchLocations') return sendJson(response, searchCities(url.searchParams.get('text') ?? '').map((name) => ({ name, id: createHash('md5').update(name).digest('hex').slice(0, 12) })));
    if (request.method === 'POST' && pathname === '/parseResume') {
      await parseMultipart(request);
      // What Lever's parser makes of the résumé; the page puts it only into empty fields.
      return sendJson(response, { names: [{ value: 'A. Lovelace' }], emails: [{ value: 'parsed@example.org' }], phones: [{ value: '+44 20 0000 0000' }] });
    }
    if (request.method === 'POST' && pathname === `${job}/apply`) {
      const parsed = await parseMultipart(request);
      record({ path: pathname, fields: parsed.fields, files: parsed.files.map(recorded) });
      return redirect(response, `${job}/thanks`);
    }
    return false;
  };
}

interface AshbyOperations {
  variables?: { fieldSubmissions?: Array<{ path: string; value: unknown }> };
}

function ashby(record: (submission: ReplicaSubmission) => void): Handler {
  return async (request, response, url) => {
    const { pathname } = url;
    // Without its scripts the app shell is empty: the variant is the rendered application page as captured, scripts removed.
    if (request.method === 'GET' && pathname === `/acme/${ASHBY_POSTING}/application` && url.searchParams.get('scripts') === 'none') return serveFile(response, 'ashby/application-captured.html', 200, true);
    if (request.method === 'GET' && (pathname === `/acme/${ASHBY_POSTING}` || pathname === `/acme/${ASHBY_POSTING}/application`)) return serveFile(response, 'ashby/index.html');
    if (request.method !== 'POST' || pathname !== '/api/non-user-graphql') return false;
    const op = url.searchParams.get('op');
    if (op === 'ApiJobPosting') return serveFile(response, 'ashby/posting.json');
    if (op === 'ApiLocationAutocomplete') {
      const body = (await readJson(request)) as { variables?: { query?: string } };
      return sendJson(response, { data: { locationAutocomplete: searchCities(body.variables?.query ?? '').map((title) => ({ title })) } });
    }
    if (op === 'ApiSubmitSingleApplicationFormAction') {
      // GraphQL multipart request: `operations` (JSON), `map` (file part → variable path), the files.
      const parsed = await parseMultipart(request);
      const operations = JSON.parse(parsed.fields.operations as string) as AshbyOperations;
      const map = JSON.parse((parsed.fields.map as string) ?? '{}') as Record<string, string[]>;
      const submissions = operations.variables?.fieldSubmissions ?? [];
      const files = parsed.files.map((file) => {
        const index = Number(/^variables\.fieldSubmissions\.(\d+)\.value$/.exec(map[file.field]?.[0] ?? '')?.[1]);
        return { ...recorded(file), field: submissions[index]?.path ?? file.field };
      });
      const fields = Object.fromEntries(submissions.filter((entry) => entry.value !== null).map((entry) => [entry.path, entry.value]));
      record({ path: `${pathname}?op=${op}`, fields, files });
      return sendJson(response, { data: { submitSingleApplicationFormAction: { applicationFormResult: { __typename: 'FormSubmitSuccess' }, messages: { blockMessageForCandidateHtml: null } } } });
    }
    return sendJson(response, { errors: [{ message: `unknown operation ${op}` }] }, 400);
  };
}

function listen(handlers: Handler[]): Promise<LoopbackServer> {
  return serveOnLoopback(async (request, response, url) => {
    for (const handler of handlers) if (await handler(request, response, url)) return;
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('Not found');
  });
}

export async function startAtsReplicas(t: TestLike): Promise<AtsReplicas> {
  const recordedBy: Record<ReplicaProvider, ReplicaSubmission[]> = { greenhouse: [], lever: [], ashby: [] };
  const servers = {
    greenhouse: await listen([assets('greenhouse'), greenhouse((submission) => recordedBy.greenhouse.push(submission))]),
    lever: await listen([assets('lever'), lever((submission) => recordedBy.lever.push(submission))]),
    ashby: await listen([assets('ashby'), ashby((submission) => recordedBy.ashby.push(submission))]),
  };
  t.teardown(() => Promise.all(Object.values(servers).map((server) => server.close())));
  const origins = { greenhouse: servers.greenhouse.origin, lever: servers.lever.origin, ashby: servers.ashby.origin };
  return {
    origins,
    applyUrls: {
      greenhouse: `${origins.greenhouse}/acme/jobs/4012345`,
      greenhouseLegacy: `${origins.greenhouse}/acme/jobs/4012346`,
      lever: `${origins.lever}/acme/${LEVER_POSTING}/apply`,
      ashby: `${origins.ashby}/acme/${ASHBY_POSTING}/application`,
    },
    withoutScripts: { greenhouse: `${origins.greenhouse}/acme/jobs/4012345?scripts=none`, ashby: `${origins.ashby}/acme/${ASHBY_POSTING}/application?scripts=none` },
    jobUrls: { lever: `${origins.lever}/acme/${LEVER_POSTING}`, ashby: `${origins.ashby}/acme/${ASHBY_POSTING}` },
    loopbackProviders: { [origins.greenhouse]: 'greenhouse', [origins.lever]: 'lever', [origins.ashby]: 'ashby' },
    submissions: (provider) => recordedBy[provider],
  };
}
