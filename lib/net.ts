import net from 'node:net';

/** A TCP port on loopback that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Whether a socket's remote address is on this machine's loopback: 127.0.0.0/8, ::1, or
 * an IPv4 loopback address mapped into IPv6 (a dual-stack listener). Anything else, or no
 * address at all (a Unix socket), is not.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return net.isIPv6(address) && LOOPBACK_V6.check(address, 'ipv6');
}

const LOOPBACK_V6 = new net.BlockList();
LOOPBACK_V6.addAddress('::1', 'ipv6');
