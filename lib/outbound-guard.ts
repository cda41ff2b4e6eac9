// The guard for requests to hosts that users choose (webhook callback URLs; later IMAP
// hosts): http(s) only, no credentials in the URL, https unless private targets are
// allowed, and never an address outside the public internet (private, loopback,
// link-local, CGNAT, multicast, reserved, ...), checked for every address a name resolves
// to. `allowPrivate` (setting OUTBOUND_ALLOW_PRIVATE) lifts the address and https rules,
// for tests and installs whose receivers are on a private network.
//
// Checking the URL and then letting fetch() resolve the name again would leave a gap:
// a DNS answer can change between the two (DNS rebinding). So delivery goes through
// guardedPost(), whose socket connects only to addresses that guardedLookup() checked at
// connect time. Why node:http(s) and not fetch(): node's fetch takes a custom lookup only
// through an undici Agent (`dispatcher`), undici is not a dependency of this project (only
// a tool's transitive one) and `node:undici` is not importable; http.request takes
// `lookup` directly. guardedLookup() has dns.lookup's signature, so it also fits
// `new undici.Agent({ connect: { lookup } })` should undici become a dependency.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

export type Resolve = (host: string) => Promise<string[]>;

export interface OutboundOptions {
  allowPrivate: boolean;
  /** Name resolution; dns.lookup (the system resolver, as connections use) by default. */
  resolve?: Resolve;
}

export type OutboundCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** Every address of a name, as the operating system would connect to it. */
export const systemResolve: Resolve = async (host) => (await dns.promises.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

// Special-purpose ranges (IANA IPv4/IPv6 special-purpose registries), each with the word
// used in refusals. IPv4-mapped and NAT64 IPv6 addresses are judged by the IPv4 address
// they carry; IPv6 outside 2000::/3 (global unicast) is refused as reserved.
const RANGES: Array<[string, number, 'ipv4' | 'ipv6', string]> = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified ("this network")'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'reserved (IETF protocol assignments)'],
  ['192.0.2.0', 24, 'ipv4', 'reserved (documentation)'],
  ['192.88.99.0', 24, 'ipv4', 'reserved (6to4 relay)'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'reserved (benchmarking)'],
  ['198.51.100.0', 24, 'ipv4', 'reserved (documentation)'],
  ['203.0.113.0', 24, 'ipv4', 'reserved (documentation)'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['fc00::', 7, 'ipv6', 'unique-local'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['fec0::', 10, 'ipv6', 'site-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
  ['64:ff9b:1::', 48, 'ipv6', 'reserved (local-use NAT64)'],
  ['100::', 64, 'ipv6', 'reserved (discard-only)'],
  ['2001::', 23, 'ipv6', 'reserved (IETF protocol assignments, Teredo)'],
  ['2001:db8::', 32, 'ipv6', 'reserved (documentation)'],
  ['2002::', 16, 'ipv6', 'reserved (6to4)'],
  ['3fff::', 20, 'ipv6', 'reserved (documentation)'],
  ['5f00::', 16, 'ipv6', 'reserved (SRv6 SIDs)'],
];
const BLOCKS = RANGES.map(([address, prefix, family, label]) => {
  const list = new net.BlockList();
  list.addSubnet(address, prefix, family);
  return { list, family, label };
});

function subnet(address: string, prefix: number): net.BlockList {
  const list = new net.BlockList();
  list.addSubnet(address, prefix, 'ipv6');
  return list;
}
const GLOBAL_UNICAST = subnet('2000::', 3);
// These carry an IPv4 address in their last 32 bits.
const EMBEDDING_IPV4 = [
  { list: subnet('::ffff:0:0', 96), label: 'IPv4-mapped' },
  { list: subnet('64:ff9b::', 96), label: 'NAT64-translated' },
];

/** The 16 bytes of an IPv6 address (net.isIPv6 true, no zone). */
function ipv6Bytes(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number);
    text = text.slice(0, dotted.index) + `${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  const all = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return all.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

/** Why `ip` is not a public address (a word for a sentence), or null when it is one. */
export function nonPublicKind(ip: string): string | null {
  const address = ip.replace(/%.*$/, ''); // a zone id (fe80::1%eth0) is no part of the address
  const family = net.isIP(address);
  if (family === 0) return 'invalid';
  if (family === 6) {
    const embedding = EMBEDDING_IPV4.find((entry) => entry.list.check(address, 'ipv6'));
    if (embedding) {
      const kind = nonPublicKind(ipv6Bytes(address).slice(12).join('.'));
      return kind === null ? null : `${embedding.label} ${kind}`;
    }
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const block = BLOCKS.find((entry) => entry.family === type && entry.list.check(address, type));
  if (block) return block.label;
  if (type === 'ipv6' && !GLOBAL_UNICAST.check(address, 'ipv6')) return 'reserved';
  return null;
}

/** True for an address on the public internet; false for special-purpose ones and non-addresses. */
export function isPublicAddress(ip: string): boolean {
  return nonPublicKind(ip) === null;
}

const PUBLIC_ONLY = 'outbound requests may go only to public internet addresses';

/**
 * Connections check addresses at name lookup, and an IP literal is never looked up: why a
 * URL host that is a literal outside the public internet is refused, or null (a name, a
 * public address, or private targets allowed).
 */
export function literalAddressRefusal(hostname: string, options: Pick<OutboundOptions, 'allowPrivate'>): string | null {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  if (options.allowPrivate || !net.isIP(host)) return null;
  const kind = nonPublicKind(host);
  return kind ? `The address ${host} is ${kind}; ${PUBLIC_ONLY}.` : null;
}

/** Hosts that are loopback by definition (RFC 6761), refused without asking a resolver. */
function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** Checks a user-supplied URL before anything is sent to it; `reason` is an API error detail. */
export async function checkOutboundUrl(url: string, options: OutboundOptions): Promise<OutboundCheck> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'The URL is not a valid absolute URL.' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return { ok: false, reason: `The URL must use ${options.allowPrivate ? 'http or https' : 'https'}, not ${parsed.protocol.slice(0, -1)}.` };
  }
  if (parsed.username || parsed.password) return { ok: false, reason: 'The URL must not contain a user name or password.' };
  if (parsed.protocol === 'http:' && !options.allowPrivate) return { ok: false, reason: 'The URL must use https.' };
  // WHATWG URL parsing has already normalized IPv4 forms (0x7f.1, 2130706433) to dotted quads.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) return { ok: false, reason: 'The URL has no host.' };
  if (!options.allowPrivate && isLocalhostName(host)) return { ok: false, reason: `The host ${host} is loopback; ${PUBLIC_ONLY}.` };
  const checked = await resolveChecked(host, options);
  return 'reason' in checked ? { ok: false, reason: checked.reason } : { ok: true, url: parsed };
}

/** Resolves `host` (an IP literal stands for itself) and checks every address. */
async function resolveChecked(host: string, options: OutboundOptions): Promise<{ addresses: string[] } | { reason: string }> {
  if (net.isIP(host)) {
    const kind = options.allowPrivate ? null : nonPublicKind(host);
    return kind ? { reason: `The address ${host} is ${article(kind)} ${kind} address; ${PUBLIC_ONLY}.` } : { addresses: [host] };
  }
  let addresses: string[];
  try {
    addresses = await (options.resolve ?? systemResolve)(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) return { reason: `The host ${host} does not resolve to any address.` };
  if (!options.allowPrivate) {
    // One bad address is enough: a connection may use any of them.
    for (const address of addresses) {
      const kind = nonPublicKind(address);
      if (kind) return { reason: `The host ${host} resolves to ${address}, ${article(kind)} ${kind} address; ${PUBLIC_ONLY}.` };
    }
  }
  return { addresses };
}

function article(word: string): string {
  return /^(?!uni)[aeiou]/i.test(word) ? 'an' : 'a'; // "a unique-local", "an IPv4-mapped"
}

/** The error of a refused connection; `message` is the same sentence checkOutboundUrl gives. */
export class OutboundRefusedError extends Error {
  code = 'ERR_OUTBOUND_REFUSED';
  override name = 'OutboundRefusedError';
}

type LookupAddress = { address: string; family: number };
type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type LookupFunction = (hostname: string, options: { family?: number | string; all?: boolean }, callback: LookupCallback) => void;

/**
 * A dns.lookup replacement for sockets (net/http `lookup`, undici `connect.lookup`): resolves
 * at connect time and fails the connection when any address is not allowed, so the
 * socket reaches only addresses that were checked. (Sockets to IP literals never call a
 * lookup; checkOutboundUrl covers those, and a literal cannot change.)
 */
export function guardedLookup(options: OutboundOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    const host = hostname.replace(/^\[(.*)\]$/, '$1');
    const checked: Promise<{ addresses: string[] } | { reason: string }> =
      !options.allowPrivate && isLocalhostName(host)
        ? Promise.resolve({ reason: `The host ${host} is loopback; ${PUBLIC_ONLY}.` })
        : resolveChecked(host, options);
    checked.then(
      (result) => {
        if ('reason' in result) return callback(new OutboundRefusedError(result.reason), '');
        const wanted = Number(String(lookupOptions?.family ?? 0).replace(/^IPv/, ''));
        const entries = result.addresses
          .map((address) => ({ address, family: net.isIP(address) }))
          .filter((entry) => entry.family !== 0 && (wanted === 0 || entry.family === wanted));
        if (entries.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`The host ${host} has no IPv${wanted} address.`);
          error.code = 'ENOTFOUND';
          return callback(error, '');
        }
        if (lookupOptions?.all) return callback(null, entries);
        callback(null, entries[0]!.address, entries[0]!.family);
      },
      (error: Error) => callback(error, ''),
    );
  };
}

export interface GuardedPostOptions {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
  resolve?: Resolve;
  /** A reply longer than this fails the request (a receiver must not fill our memory). */
  maxReplyBytes?: number;
}

/**
 * POSTs `body` to a user-supplied URL under the guard: the URL is checked, the socket
 * connects only to checked addresses, redirects are not followed, and the whole exchange
 * is bounded by `timeoutMs` (an error named TimeoutError). Rejects with
 * OutboundRefusedError when the guard refuses, and with the transport's error otherwise.
 */
export async function guardedPost(url: string, options: GuardedPostOptions): Promise<{ status: number; text: string }> {
  const check = await checkOutboundUrl(url, options);
  if (!check.ok) throw new OutboundRefusedError(check.reason);
  const target = check.url;
  const maxReplyBytes = options.maxReplyBytes ?? 1024 * 1024;
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error: Error | null, result?: { status: number; text: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        request.destroy();
        reject(error);
      } else {
        resolve(result!);
      }
    };
    const request = transport.request(target, {
      method: 'POST',
      headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
      lookup: guardedLookup(options),
      // A fresh connection per request: a pooled socket would skip the lookup, and the
      // shared pool does not know which guard opened a socket.
      agent: false,
    });
    const timer = setTimeout(() => {
      const error = new Error(`No complete answer within ${options.timeoutMs} ms.`);
      error.name = 'TimeoutError';
      settle(error);
    }, options.timeoutMs);
    request.on('error', (error) => settle(error));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxReplyBytes) return settle(new Error(`The reply is longer than ${maxReplyBytes} bytes.`));
        chunks.push(chunk);
      });
      response.on('error', (error) => settle(error));
      response.on('end', () => settle(null, { status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    request.end(options.body);
  });
}
