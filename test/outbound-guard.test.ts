// The outbound SSRF guard: which addresses count as public, which URLs pass, and the
// connect-time check that keeps a socket on the addresses that were checked (against
// real loopback servers, with resolvers injected where a test needs a public name).
import http from 'node:http';
import net from 'node:net';
import t from 'tap';
import { checkOutboundUrl, guardedLookup, guardedPost, isPublicAddress, OutboundRefusedError, type Resolve } from '../lib/outbound-guard.ts';

const refused: Array<[string, string]> = [
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.254', 'private'],
  ['192.168.1.1', 'private'],
  ['127.0.0.1', 'loopback'],
  ['127.255.0.9', 'loopback'],
  ['169.254.169.254', 'link-local'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.255', 'carrier-grade NAT'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['192.0.2.10', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['198.51.100.7', 'reserved'],
  ['203.0.113.9', 'reserved'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local'],
  ['64:ff9b::a00:1', 'NAT64-translated private'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  ['fe80::1', 'link-local'],
  ['febf::1', 'link-local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'reserved'],
  ['2001::1', 'reserved'],
  ['2002:a00:1::1', 'reserved'],
  ['100::1', 'reserved'],
  ['4000::1', 'reserved'],
];
const allowed = ['8.8.8.8', '1.1.1.1', '93.184.215.14', '100.63.255.255', '100.128.0.1', '172.15.255.255', '172.32.0.1', '192.169.0.1', '223.255.255.254', '::ffff:8.8.8.8', '64:ff9b::808:808', '2606:4700:4700::1111', '2a00:1450:4001:81b::200e'];

t.test('isPublicAddress: every special-purpose range refused, public addresses allowed', async (t) => {
  for (const [ip] of refused) t.equal(isPublicAddress(ip), false, ip);
  for (const ip of allowed) t.equal(isPublicAddress(ip), true, ip);
  t.equal(isPublicAddress('not an address'), false);
  t.equal(isPublicAddress('fe80::1%eth0'), false, 'a zone id does not hide a link-local address');
});

t.test('checkOutboundUrl: IP literals are judged directly, and the reason names the kind', async (t) => {
  const noResolver: Resolve = async () => {
    throw new Error('an IP literal must not be resolved');
  };
  for (const [ip, kind] of refused) {
    const host = ip.includes(':') ? `[${ip}]` : ip;
    const result = await checkOutboundUrl(`https://${host}/hook`, { allowPrivate: false, resolve: noResolver });
    t.equal(result.ok, false, ip);
    if (!result.ok) t.match(result.reason, kind, `${ip}: ${result.reason}`);
  }
  for (const ip of allowed) {
    const result = await checkOutboundUrl(`https://${ip.includes(':') ? `[${ip}]` : ip}:8443/hook?x=1`, { allowPrivate: false, resolve: noResolver });
    t.equal(result.ok, true, ip);
    if (result.ok) t.equal(result.url.pathname, '/hook');
  }
  const refusal = await checkOutboundUrl('https://10.0.0.1/hook', { allowPrivate: false });
  t.same(refusal, { ok: false, reason: 'The address 10.0.0.1 is a private address; outbound requests may go only to public internet addresses.' });
  for (const disguised of ['https://2130706433/', 'https://0x7f.0.0.1/', 'https://0177.0.0.1/', 'https://127.1/']) {
    const result = await checkOutboundUrl(disguised, { allowPrivate: false, resolve: noResolver });
    t.match(result, { ok: false, reason: /127\.0\.0\.1 is a loopback address/ }, `${disguised} is 127.0.0.1 in disguise`);
  }
});

t.test('checkOutboundUrl: names are refused when any address they resolve to is not public', async (t) => {
  const dnsTable: Record<string, string[]> = {
    'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'mixed.example.com': ['93.184.215.14', '10.0.0.7'],
    'internal.example.com': ['fd00::5'],
    'metadata.example.com': ['169.254.169.254'],
  };
  const asked: string[] = [];
  const resolve: Resolve = async (host) => {
    asked.push(host);
    return dnsTable[host] ?? [];
  };
  const ok = await checkOutboundUrl('https://hooks.example.com/a', { allowPrivate: false, resolve });
  t.equal(ok.ok, true);
  t.same(asked, ['hooks.example.com'], 'the injected resolver answered');
  t.same(await checkOutboundUrl('https://mixed.example.com/a', { allowPrivate: false, resolve }), {
    ok: false,
    reason: 'The host mixed.example.com resolves to 10.0.0.7, a private address; outbound requests may go only to public internet addresses.',
  });
  t.match(await checkOutboundUrl('https://internal.example.com/', { allowPrivate: false, resolve }), { ok: false, reason: /fd00::5, a unique-local address/ });
  t.match(await checkOutboundUrl('https://metadata.example.com/', { allowPrivate: false, resolve }), { ok: false, reason: /169\.254\.169\.254, a link-local address/ });
  t.same(await checkOutboundUrl('https://nowhere.example.com/', { allowPrivate: false, resolve }), { ok: false, reason: 'The host nowhere.example.com does not resolve to any address.' });
  const failing: Resolve = async () => {
    throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
  };
  t.match(await checkOutboundUrl('https://gone.example.com/', { allowPrivate: false, resolve: failing }), { ok: false, reason: /does not resolve/ });
  t.match(await checkOutboundUrl('https://mixed.example.com/a', { allowPrivate: true, resolve }), { ok: true }, 'allowPrivate lifts the address rule');
  t.match(await checkOutboundUrl('https://nowhere.example.com/', { allowPrivate: true, resolve }), { ok: false, reason: /does not resolve/ }, 'but not the need to resolve');
});

t.test('checkOutboundUrl: localhost, with the system resolver too', async (t) => {
  for (const url of ['https://localhost/', 'https://LOCALHOST./x', 'https://api.localhost/']) {
    t.match(await checkOutboundUrl(url, { allowPrivate: false }), { ok: false, reason: /loopback/ }, url);
  }
  // Through the real resolver (/etc/hosts), as a connection would see it.
  t.match(await checkOutboundUrl('http://localhost:9/', { allowPrivate: true }), { ok: true });
});

t.test('checkOutboundUrl: schemes, credentials and https', async (t) => {
  const publicName: Resolve = async () => ['93.184.215.14'];
  const options = { allowPrivate: false, resolve: publicName };
  for (const url of ['ftp://hooks.example.com/', 'file:///etc/passwd', 'gopher://hooks.example.com/', 'javascript:alert(1)', 'ws://hooks.example.com/', 'data:text/plain,hi']) {
    t.match(await checkOutboundUrl(url, options), { ok: false, reason: /^The URL must use https, not / }, url);
  }
  t.match(await checkOutboundUrl('ftp://x/', { allowPrivate: true, resolve: publicName }), { ok: false, reason: 'The URL must use http or https, not ftp.' });
  for (const url of ['https://user:pass@hooks.example.com/', 'https://user@hooks.example.com/', 'https://:pass@hooks.example.com/']) {
    t.same(await checkOutboundUrl(url, options), { ok: false, reason: 'The URL must not contain a user name or password.' }, url);
  }
  for (const url of ['not a url', '/relative/path', '']) t.same(await checkOutboundUrl(url, options), { ok: false, reason: 'The URL is not a valid absolute URL.' }, JSON.stringify(url));
  t.same(await checkOutboundUrl('http://hooks.example.com/', options), { ok: false, reason: 'The URL must use https.' }, 'http needs allowPrivate');
  t.match(await checkOutboundUrl('http://hooks.example.com/', { allowPrivate: true, resolve: publicName }), { ok: true });
  t.match(await checkOutboundUrl('https://hooks.example.com/', options), { ok: true });
});

/** A loopback HTTP receiver recording what reached it. */
async function receiver(t: { teardown(fn: () => unknown): void }) {
  const received: Array<{ method: string; url: string; body: string; type: string | undefined }> = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, body, type: request.headers['content-type'] });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"action":"proceed"}');
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  return { port: (server.address() as net.AddressInfo).port, received, connections: () => connections };
}

t.test('guardedLookup refuses at connect time, before any byte is sent', async (t) => {
  const hook = await receiver(t);
  const toLoopback: Resolve = async () => ['127.0.0.1'];
  const get = (allowPrivate: boolean) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(`http://receiver.test:${hook.port}/probe`, { lookup: guardedLookup({ allowPrivate, resolve: toLoopback }), agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode!));
      });
      request.on('error', reject);
      request.end();
    });
  const error = await get(false).then(() => null, (failure: Error) => failure);
  t.ok(error instanceof OutboundRefusedError, 'the connection is refused');
  t.match(error, { code: 'ERR_OUTBOUND_REFUSED', message: /receiver\.test resolves to 127\.0\.0\.1, a loopback address/ });
  t.equal(hook.connections(), 0, 'no connection was opened');
  t.equal(await get(true), 200, 'allowed with allowPrivate');
  t.same(hook.received.map((request) => request.url), ['/probe']);
});

t.test('guardedLookup answers in both lookup shapes and honours the family asked for', async (t) => {
  const lookup = guardedLookup({ allowPrivate: false, resolve: async () => ['2606:4700::1', '93.184.215.14'] });
  const call = (options: { family?: number; all?: boolean }) =>
    new Promise<unknown[]>((resolve) => lookup('dual.example.com', options, (...args) => resolve(args)));
  t.same(await call({}), [null, '2606:4700::1', 6]);
  t.same(await call({ family: 4 }), [null, '93.184.215.14', 4]);
  t.same(await call({ all: true }), [null, [{ address: '2606:4700::1', family: 6 }, { address: '93.184.215.14', family: 4 }]]);
  const [error] = await new Promise<unknown[]>((resolve) => guardedLookup({ allowPrivate: false, resolve: async () => ['93.184.215.14'] })('v4only.example.com', { family: 6 }, (...args) => resolve(args)));
  t.match(error, { code: 'ENOTFOUND' });
});

t.test('guardedPost: delivered to loopback only with allowPrivate; a rebinding name is refused at connect time', async (t) => {
  const hook = await receiver(t);
  const post = { headers: { 'content-type': 'application/json' }, body: '{"n":1}', timeoutMs: 5000 };

  const refusedUpFront = await guardedPost(`http://127.0.0.1:${hook.port}/hooks`, { ...post, allowPrivate: false }).then(() => null, (failure: Error) => failure);
  t.ok(refusedUpFront instanceof OutboundRefusedError);
  t.equal(hook.connections(), 0);

  const delivered = await guardedPost(`http://127.0.0.1:${hook.port}/hooks`, { ...post, allowPrivate: true });
  t.same(delivered, { status: 200, text: '{"action":"proceed"}' });
  t.same(hook.received, [{ method: 'POST', url: '/hooks', body: '{"n":1}', type: 'application/json' }]);

  // The name is public when checked and loopback when the socket connects (DNS rebinding).
  let answers = 0;
  const rebinding: Resolve = async () => (answers++ === 0 ? ['93.184.215.14'] : ['127.0.0.1']);
  const rebound = await guardedPost(`https://rebind.example.com:${hook.port}/hooks`, { ...post, allowPrivate: false, resolve: rebinding }).then(() => null, (failure: Error) => failure);
  t.equal(answers, 2, 'checked once before, once at connect time');
  t.ok(rebound instanceof OutboundRefusedError, 'refused at connect time');
  t.match(rebound, { message: /rebind\.example\.com resolves to 127\.0\.0\.1, a loopback address/ });
  t.equal(hook.connections(), 1, 'no connection beyond the allowed delivery');
});

t.test('guardedPost: a receiver that does not answer in time, and one that answers too much', async (t) => {
  const sockets = new Set<net.Socket>();
  const silent = http.createServer(() => {});
  silent.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => silent.close(resolve));
  });
  const port = (silent.address() as net.AddressInfo).port;
  const started = Date.now();
  const error = await guardedPost(`http://127.0.0.1:${port}/`, { headers: {}, body: '', timeoutMs: 300, allowPrivate: true }).then(() => null, (failure: Error) => failure);
  t.match(error, { name: 'TimeoutError' });
  t.ok(Date.now() - started < 3000, 'within about the timeout');

  const chatty = http.createServer((_request, response) => response.end('x'.repeat(5000)));
  await new Promise<void>((resolve) => chatty.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => chatty.close(resolve)));
  const long = await guardedPost(`http://127.0.0.1:${(chatty.address() as net.AddressInfo).port}/`, { headers: {}, body: '', timeoutMs: 5000, allowPrivate: true, maxReplyBytes: 1000 }).then(() => null, (failure: Error) => failure);
  t.match(long, { message: /longer than 1000 bytes/ });
});
