import { parseIp } from './ip-match';

/**
 * The network an address belongs to for login risk: IPv4 /24, IPv6 /48 (contract §4 via the
 * accounts issue). Unparseable addresses are their own network.
 */
export function networkOf(ip: string): string {
  const parsed = parseIp(ip);
  if (!parsed) return ip;
  if (parsed.family === 4) {
    const v = parsed.value >> 8n;
    return `${(v >> 16n) & 255n}.${(v >> 8n) & 255n}.${v & 255n}.0/24`;
  }
  const prefix = parsed.value >> 80n;
  const groups = [(prefix >> 32n) & 0xffffn, (prefix >> 16n) & 0xffffn, prefix & 0xffffn].map((g) =>
    g.toString(16),
  );
  return `${groups.join(':')}::/48`;
}

/**
 * The block a carrier NATs or an ISP hands one customer: /24 for IPv4, /64 for IPv6 (a single
 * subscriber's IPv6 prefix). Registration counts per block as well as per address.
 */
export function subscriberBlockOf(ip: string): string {
  const parsed = parseIp(ip);
  if (!parsed) return ip;
  if (parsed.family === 4) return networkOf(ip);
  const prefix = parsed.value >> 64n;
  const groups = [48n, 32n, 16n, 0n].map((shift) => ((prefix >> shift) & 0xffffn).toString(16));
  return `${groups.join(':')}::/64`;
}
