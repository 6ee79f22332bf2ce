/**
 * The member's own address, as the proxy in front of the site would hand it on: the nodes and
 * the venue of bench:site trust the proxy on 127.0.0.1 (TRUST_PROXY=loopback, as production
 * behind a proxy), and the driver stands in for it. Each member its own address, so per-address
 * rules (the chat's anonymous sockets per address, flood strikes) meet members as they would.
 */
export const FORWARDED_FOR = 'x-forwarded-for';

/**
 * Member `index`'s address: one of 198.18.0.0/15, the range set aside for benchmark testing
 * (RFC 2544), distinct for 131,070 members, never the range's own first or last address.
 */
export function memberAddress(index: number): string {
  const n = (index % 131_070) + 1;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}
