// The company-website fetcher against loopback company sites (test/helpers/company-sites.ts):
// redirects (apex → www, http → https), robots.txt for our User-Agent (and a missing one,
// and one that answers 5xx), a site that is down, the size cap and the time limit, answers
// that are not HTML, charsets, cookies, resources (logo checks) and the outbound guard.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import iconv from 'iconv-lite';
import t, { type Test } from 'tap';
import type { CrawlHttpSettings } from '../crawlers/http.ts';
import { RobotsRules } from '../crawlers/robots.ts';
import { SERVICE_AGENT } from '../crawlers/settings.ts';
import { SiteFetcher, decodeHtml } from '../crawlers/site-fetch.ts';
import { CrawlHttp } from '../crawlers/http.ts';
import { HostGates } from '../crawlers/host-gate.ts';
import { startCompanySites } from './helpers/company-sites.ts';

const sites = await startCompanySites();
t.teardown(() => sites.close());

function settings(overrides: Partial<CrawlHttpSettings> = {}): CrawlHttpSettings {
  return {
    userAgent: `${SERVICE_AGENT} (+http://127.0.0.1/contact)`,
    timeoutMs: 3000,
    maxResponseBytes: 1024 * 1024,
    hostLimit: { concurrency: 4, ratePerSecond: 0 },
    maxRetryAfterSeconds: 2,
    attempts: 2,
    origins: sites.origins,
    allowPrivate: false,
    ...overrides,
  };
}

function fetcher(t: Test, overrides: Partial<CrawlHttpSettings> = {}, maxRedirects?: number): SiteFetcher {
  const result = new SiteFetcher(settings(overrides), { gates: new HostGates(() => ({ concurrency: 4, ratePerSecond: 0 })), ...(maxRedirects !== undefined ? { maxRedirects } : {}) });
  t.teardown(() => result.close());
  return result;
}

t.test('an apex http URL is followed through its redirects to the www https page', async (t) => {
  const page = await fetcher(t).fetchPage('http://acme-robotics.example/');
  t.ok(page.ok, page.ok ? 'a page' : page.message);
  if (!page.ok) return;
  t.equal(page.finalUrl, 'https://www.acme-robotics.example/');
  t.same(page.redirects, ['http://acme-robotics.example/']);
  t.equal(page.status, 200);
  t.equal(page.headers.server, 'nginx/1.24.0');
  t.match(page.html, /<meta name="generator" content="WordPress 6\.4\.2"/);
  const asked = sites.requests.filter((request) => request.site === 'acme-robotics').map((request) => `${request.origin}${request.path}`);
  t.same(asked, [
    'http://acme-robotics.example/robots.txt',
    'https://www.acme-robotics.example/robots.txt', // the apex robots.txt redirects too
    'http://acme-robotics.example/',
    'https://www.acme-robotics.example/robots.txt',
    'https://www.acme-robotics.example/',
  ], "each origin's robots.txt is read before its first page, redirects followed");
  t.match(sites.requests.at(-1)!.headers['user-agent'], /^jobdata-service-crawler\/0\.1 /, 'our User-Agent');
});

t.test('cookies set by the site come back by name and value', async (t) => {
  const page = await fetcher(t).fetchPage('https://www.northwind-goods.example/');
  t.ok(page.ok);
  if (!page.ok) return;
  t.equal(page.finalUrl, 'https://northwind-goods.example/', 'www → apex');
  t.same(page.cookies.map((cookie) => cookie.name), ['_shopify_y', '_shopify_s', 'localization']);
  t.equal(page.cookies[2]!.value, 'DE');
  t.equal(page.headers['x-shopify-stage'], 'production');
});

t.test('robots.txt: our group disallows, other groups do not matter, a missing file allows', async (t) => {
  const refused = await fetcher(t).fetchPage('https://www.gated-co.example/');
  t.match(refused, { ok: false, reason: 'robots_disallowed', status: null });
  t.match(!refused.ok && refused.message, /disallows \/ for jobdata-service-crawler/);
  t.notOk(sites.requests.some((request) => request.site === 'gated-co' && request.path === '/'), 'the page itself was never asked for');

  const rules = new RobotsRules(new CrawlHttp(settings(), new HostGates(() => ({ concurrency: 1, ratePerSecond: 0 }))), 'some-other-bot');
  t.same(await rules.check('https://www.gated-co.example/'), { allowed: true }, 'another crawler falls under * and may');
  const wpAdmin = await fetcher(t).fetchPage('https://www.acme-robotics.example/wp-admin/options.php');
  t.match(wpAdmin, { ok: false, reason: 'robots_disallowed' }, 'a path the * group disallows');

  const quiet = await fetcher(t).fetchPage('https://quiet-studio.example/');
  t.ok(quiet.ok, 'quiet-studio has no robots.txt (404): everything allowed');
});

t.test('a robots.txt answering 5xx disallows the whole site for now', async (t) => {
  sites.override('quiet-studio', '/robots.txt', { status: 503, body: 'maintenance' });
  t.teardown(() => sites.override('quiet-studio', '/robots.txt', null));
  const page = await fetcher(t).fetchPage('https://quiet-studio.example/');
  t.match(page, { ok: false, reason: 'robots_disallowed' });
  t.match(!page.ok && page.message, /answered HTTP 503/);
});

t.test('a site that is down is unreachable', async (t) => {
  const page = await fetcher(t).fetchPage('https://www.offline-co.example/');
  t.match(page, { ok: false, reason: 'unreachable', status: null });
  t.match(!page.ok && page.message, /ECONNREFUSED/);
});

t.test('a redirect is checked against the robots.txt of the origin it leads to', async (t) => {
  sites.override('quiet-studio', '/jobs', { status: 302, headers: { location: 'https://www.gated-co.example/jobs' } });
  t.teardown(() => sites.override('quiet-studio', '/jobs', null));
  t.match(await fetcher(t).fetchPage('https://quiet-studio.example/jobs'), { ok: false, reason: 'robots_disallowed' });
});

t.test('redirect loops stop at the limit; a redirect to another scheme is refused', async (t) => {
  sites.override('quiet-studio', '/loop', { status: 301, headers: { location: '/loop' } });
  sites.override('quiet-studio', '/ftp', { status: 302, headers: { location: 'ftp://quiet-studio.example/file' } });
  sites.override('quiet-studio', '/nowhere', { status: 302 });
  t.teardown(() => ['/loop', '/ftp', '/nowhere'].forEach((path) => sites.override('quiet-studio', path, null)));
  t.match(await fetcher(t, {}, 3).fetchPage('https://quiet-studio.example/loop'), { ok: false, reason: 'too_many_redirects', message: /More than 3 redirects/ });
  t.match(await fetcher(t).fetchPage('https://quiet-studio.example/ftp'), { ok: false, reason: 'invalid_url' });
  t.match(await fetcher(t).fetchPage('https://quiet-studio.example/nowhere'), { ok: false, reason: 'too_many_redirects', message: /without a Location/ });
});

t.test('answers that are not a page: 404, not HTML, too large', async (t) => {
  t.match(await fetcher(t).fetchPage('https://quiet-studio.example/missing'), { ok: false, reason: 'http_error', status: 404 });
  sites.override('quiet-studio', '/brochure', { headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.7' });
  sites.override('quiet-studio', '/big', { headers: { 'content-type': 'text/html' }, body: `<html>${'x'.repeat(50_000)}</html>` });
  sites.override('quiet-studio', '/untyped', { headers: {}, body: '<!DOCTYPE html><title>t</title>' });
  t.teardown(() => ['/brochure', '/big', '/untyped'].forEach((path) => sites.override('quiet-studio', path, null)));
  t.match(await fetcher(t).fetchPage('https://quiet-studio.example/brochure'), { ok: false, reason: 'not_html', status: 200 });
  t.match(await fetcher(t, { maxResponseBytes: 10_000 }).fetchPage('https://quiet-studio.example/big'), { ok: false, reason: 'too_large' });
  t.match(await fetcher(t).fetchPage('https://quiet-studio.example/untyped'), { ok: true }, 'no Content-Type, but it starts like HTML');
  t.match(await fetcher(t).fetchPage('mailto:hello@quiet-studio.example'), { ok: false, reason: 'invalid_url' });
  t.match(await fetcher(t).fetchPage('not a url'), { ok: false, reason: 'invalid_url' });
});

t.test('the charset comes from Content-Type, else <meta>, else UTF-8', async (t) => {
  const text = 'Zürich – Ærø café';
  sites.override('quiet-studio', '/de', { headers: { 'content-type': 'text/html; charset=windows-1252' }, body: iconv.encode(`<p>${text}</p>`, 'windows-1252') });
  sites.override('quiet-studio', '/meta', { headers: { 'content-type': 'text/html' }, body: iconv.encode(`<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-15"></head><body>Zürich €</body></html>`, 'iso-8859-15') });
  sites.override('quiet-studio', '/jp', { headers: { 'content-type': 'text/html' }, body: iconv.encode('<meta charset="Shift_JIS"><p>東京都</p>', 'shift_jis') });
  t.teardown(() => ['/de', '/meta', '/jp'].forEach((path) => sites.override('quiet-studio', path, null)));
  const client = fetcher(t);
  t.match(await client.fetchPage('https://quiet-studio.example/de'), { ok: true, html: `<p>${text}</p>` });
  t.match(await client.fetchPage('https://quiet-studio.example/meta'), { ok: true, html: /Zürich €/ });
  t.match(await client.fetchPage('https://quiet-studio.example/jp'), { ok: true, html: /東京都/ });
  t.equal(decodeHtml(Buffer.from('\uFEFFhé', 'utf8'), 'text/html'), 'hé', 'a BOM is dropped');
  t.equal(decodeHtml(Buffer.from('hé', 'utf8'), 'text/html; charset=no-such-charset'), 'hé', 'an unknown charset falls back to UTF-8');
});

t.test('a resource loads when it answers 200 with the expected type', async (t) => {
  const image = (type: string) => type.startsWith('image/');
  const client = fetcher(t);
  t.match(await client.fetchResource('https://www.acme-robotics.example/wp-content/uploads/2023/05/acme-robotics-logo.png', image), { ok: true, contentType: 'image/png' });
  t.match(await client.fetchResource('https://www.acme-robotics.example/wp-content/uploads/2023/05/acme-robotics-og.jpg', image), { ok: false, reason: 'http_error', status: 404 });
  t.match(await client.fetchResource('https://www.acme-robotics.example/', image), { ok: false, reason: 'wrong_type', message: /text\/html/ });
});

t.test('the time limit ends a site that never answers', async (t) => {
  const server = http.createServer(() => {}); // accepts, never answers
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));
  const origins = { 'https://slow.example': `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  const started = Date.now();
  const page = await fetcher(t, { origins, timeoutMs: 300, attempts: 1 }).fetchPage('https://slow.example/');
  t.match(page, { ok: false, reason: 'unreachable', message: /within 300 ms/ });
  t.ok(Date.now() - started < 3000);
});

t.test('the outbound guard refuses a private address that is not a mapped replica', async (t) => {
  const page = await fetcher(t).fetchPage('https://127.0.0.1:9/');
  t.match(page, { ok: false, reason: 'unreachable', message: /loopback/ });
});
