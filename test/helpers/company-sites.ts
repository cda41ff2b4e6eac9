// Company websites on loopback: one server answers for every site under
// test/fixtures/company-sites/<site>/, telling them apart by the host the crawl client
// asked for (X-Forwarded-Host under CRAWL_ORIGINS, else Host). It listens twice — one
// port stands in for https origins, one for http — so a site can redirect http → https or
// apex → www as real ones do. `origins` is the CRAWL_ORIGINS map to hand the service (or
// replicaHttp); a site marked down maps to a loopback port nobody listens on.
//
// A site folder holds the files it serves (a path ending in / serves its index.html) and
// may hold site.json:
//   { "origins": ["https://www.acme.example"],        the origins it answers on (required)
//     "redirects": {"http://acme.example": "https://www.acme.example"},  whole-origin 301s, path kept
//     "headers": {"*": {"server": "nginx"}, "/": {"x-powered-by": "..."}},  extra headers (* = every path)
//     "cookies": {"/": ["_shopify_y=abc; Path=/"]},     Set-Cookie per path
//     "status": {"/robots.txt": 503},                   a status instead of the file
//     "down": true }                                    connection refused on every origin
// Tests may change a site while the server runs: `override(site, path, answer | null)`.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const COMPANY_SITES_ROOT = fileURLToPath(new URL('../fixtures/company-sites/', import.meta.url));

export interface SiteConfig {
  origins: string[];
  redirects?: Record<string, string>;
  headers?: Record<string, Record<string, string>>;
  cookies?: Record<string, string[]>;
  status?: Record<string, number>;
  down?: boolean;
}

export interface SiteAnswer {
  status?: number;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
}

export interface SiteRequest {
  site: string;
  origin: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

export interface CompanySites {
  /** Real origin → loopback origin, for CRAWL_ORIGINS (every origin of every site, down ones included). */
  origins: Record<string, string>;
  /** CRAWL_ORIGINS as an environment value. */
  crawlOriginsEnv: string;
  /** The first origin a site lists (its website URL without the trailing slash). */
  website(site: string): string;
  /** Every request answered (or refused by a redirect), in order. */
  requests: SiteRequest[];
  /** Replaces what a path of a site answers (null: back to the file). */
  override(site: string, urlPath: string, answer: SiteAnswer | null): void;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.js': 'application/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};

/** Every site folder (those with a site.json), or the named ones. */
function loadSites(root: string, names?: string[]): Map<string, SiteConfig> {
  const sites = new Map<string, SiteConfig>();
  for (const name of names ?? readdirSync(root).filter((entry) => existsSync(path.join(root, entry, 'site.json')))) {
    const file = path.join(root, name, 'site.json');
    if (!existsSync(file)) throw new Error(`company site ${name}: no ${file}`);
    const config = JSON.parse(readFileSync(file, 'utf8')) as SiteConfig;
    if (!Array.isArray(config.origins) || config.origins.length === 0) throw new Error(`company site ${name}: site.json needs "origins"`);
    sites.set(name, config);
  }
  return sites;
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A loopback port that refuses connections: bound, then released. */
async function closedPort(): Promise<string> {
  const server = http.createServer();
  const origin = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return origin;
}

export async function startCompanySites(options: { root?: string; sites?: string[] } = {}): Promise<CompanySites> {
  const root = options.root ?? COMPANY_SITES_ROOT;
  const sites = loadSites(root, options.sites);
  const overrides = new Map<string, SiteAnswer>();
  const requests: SiteRequest[] = [];
  // Real origin → site (its own origins and those that redirect to it).
  const byOrigin = new Map<string, { site: string; redirectTo?: string }>();
  for (const [site, config] of sites) {
    for (const origin of config.origins) byOrigin.set(new URL(origin).origin, { site });
    for (const [from, to] of Object.entries(config.redirects ?? {})) byOrigin.set(new URL(from).origin, { site, redirectTo: new URL(to).origin });
  }

  const handler = (scheme: 'http' | 'https'): http.RequestListener => (request, response) => {
    const host = String(request.headers['x-forwarded-host'] ?? request.headers.host ?? '').toLowerCase();
    const origin = `${scheme}://${host}`;
    const entry = byOrigin.get(origin);
    const url = new URL(request.url ?? '/', origin);
    if (!entry) {
      response.writeHead(421, { 'content-type': 'text/plain' }).end(`No company site answers for ${origin}.`);
      return;
    }
    requests.push({ site: entry.site, origin, path: url.pathname + url.search, headers: request.headers });
    if (entry.redirectTo) {
      response.writeHead(301, { location: entry.redirectTo + url.pathname + url.search, 'content-type': 'text/html' }).end('<a href="">Moved</a>');
      return;
    }
    const answer = answerFor(root, entry.site, sites.get(entry.site)!, url.pathname, overrides.get(`${entry.site} ${url.pathname}`));
    response.writeHead(answer.status ?? 200, answer.headers ?? {});
    response.end(request.method === 'HEAD' ? undefined : answer.body);
  };

  const secure = http.createServer(handler('https'));
  const plain = http.createServer(handler('http'));
  const secureOrigin = await listen(secure);
  const plainOrigin = await listen(plain);
  const refused = await closedPort();

  const origins: Record<string, string> = {};
  for (const [origin, entry] of byOrigin) {
    origins[origin] = sites.get(entry.site)!.down ? refused : origin.startsWith('https:') ? secureOrigin : plainOrigin;
  }
  return {
    origins,
    crawlOriginsEnv: Object.entries(origins).map(([real, local]) => `${real}=${local}`).join(','),
    website(site) {
      const config = sites.get(site);
      if (!config) throw new Error(`no company site ${site}`);
      return new URL(config.origins[0]!).origin;
    },
    requests,
    override(site, urlPath, answer) {
      if (answer) overrides.set(`${site} ${urlPath}`, answer);
      else overrides.delete(`${site} ${urlPath}`);
    },
    async close() {
      for (const server of [secure, plain]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}

function answerFor(root: string, site: string, config: SiteConfig, urlPath: string, override: SiteAnswer | undefined): SiteAnswer {
  const headers: Record<string, string | string[]> = { ...config.headers?.['*'], ...config.headers?.[urlPath] };
  const cookies = config.cookies?.[urlPath];
  if (cookies) headers['set-cookie'] = cookies;
  if (override) return { status: override.status ?? 200, headers: { ...headers, ...override.headers }, body: override.body ?? '' };
  const status = config.status?.[urlPath];
  if (status) return { status, headers: { ...headers, 'content-type': 'text/html' }, body: `<h1>${status}</h1>` };
  const siteRoot = path.join(root, site);
  let file = path.join(siteRoot, decodeURIComponent(urlPath));
  // Never outside the site's folder, and never its configuration.
  if (!file.startsWith(siteRoot + path.sep) && file !== siteRoot) return notFound(headers);
  if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
  if (path.basename(file) === 'site.json' || !existsSync(file) || !statSync(file).isFile()) return notFound(headers);
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  return { status: 200, headers: { 'content-type': type, ...headers }, body: readFileSync(file) };
}

function notFound(headers: Record<string, string | string[]>): SiteAnswer {
  return { status: 404, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' }, body: '<!doctype html><title>Not found</title><h1>Page not found</h1>' };
}
