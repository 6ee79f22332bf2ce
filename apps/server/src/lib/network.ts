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
