import { BlockList, isIP, isIPv4 } from 'node:net';

/** The default TRUSTED_PROXY: a reverse proxy on the same machine. */
export const LOOPBACK_PROXIES: readonly string[] = ['127.0.0.1', '::1'];

/** An address (`10.0.0.5`, `::1`) or a CIDR block (`10.0.0.0/8`, `fd00::/8`). */
export function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

// a dual-stack socket reports an IPv4 peer as ::ffff:a.b.c.d; compare it as the IPv4 address it is
function plain(address: string): string {
  const mapped = /^::ffff:(.+)$/i.exec(address)?.[1];
  return mapped !== undefined && isIPv4(mapped) ? mapped : address;
}

/**
 * The caller's address: X-Real-IP when the socket's peer is one of `trustedProxies` (our reverse
 * proxy sets it), else the peer itself, because anyone else can write any header.
 */
export function createClientIpResolver(trustedProxies: readonly string[]): (peer: string | undefined, realIp: unknown) => string {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) trusted.addAddress(address, type);
    else trusted.addSubnet(address, Number(prefix), type);
  }
  return (peer, realIp) => {
    if (peer === undefined) return 'unknown';
    const from = plain(peer);
    const family = isIP(from);
    if (family === 0 || !trusted.check(from, family === 4 ? 'ipv4' : 'ipv6')) return from;
    const candidate = typeof realIp === 'string' ? realIp.trim() : '';
    return isIP(candidate) ? plain(candidate) : from;
  };
}
