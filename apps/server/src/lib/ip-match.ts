import { isIP } from 'node:net';

/** An address as a bigint plus its family, so IPv4 and IPv6 ranges match without a library. */
interface ParsedIp {
  family: 4 | 6;
  value: bigint;
}

function parseV4(ip: string): bigint | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let v = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    v = (v << 8n) | BigInt(p);
  }
  return v;
}

function parseV6(ip: string): bigint | null {
  let text = ip;
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two hextets.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const n = parseV4(v4[1]);
    if (n === null) return null;
    text =
      text.slice(0, -v4[1].length) + `${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = 8 - head.length - tail.length;
  if (halves.length === 1 ? fill !== 0 : fill < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? fill : 0).fill('0'), ...tail];
  let v = 0n;
  for (const g of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    v = (v << 16n) | BigInt(parseInt(g, 16));
  }
  return v;
}

export function parseIp(ip: string): ParsedIp | null {
  const kind = isIP(ip);
  if (kind === 4) {
    const v = parseV4(ip);
    return v === null ? null : { family: 4, value: v };
  }
  if (kind === 6) {
    const v = parseV6(ip);
    if (v === null) return null;
    // IPv4-mapped IPv6 (::ffff:a.b.c.d) is the IPv4 address.
    if (v >> 32n === 0xffffn) return { family: 4, value: v & 0xffffffffn };
    return { family: 6, value: v };
  }
  return null;
}

export interface Cidr {
  family: 4 | 6;
  network: bigint;
  mask: bigint;
}

export function parseCidr(text: string): Cidr | null {
  const [addr, bitsText] = text.split('/');
  if (!addr) return null;
  const ip = parseIp(addr);
  if (!ip) return null;
  const width = ip.family === 4 ? 32 : 128;
  const bits = bitsText === undefined ? width : Number(bitsText);
  if (!Number.isInteger(bits) || bits < 0 || bits > width) return null;
  const all = (1n << BigInt(width)) - 1n;
  const mask = bits === 0 ? 0n : (all << BigInt(width - bits)) & all;
  return { family: ip.family, network: ip.value & mask, mask };
}

export function cidrContains(cidr: Cidr, ip: ParsedIp): boolean {
  return cidr.family === ip.family && (ip.value & cidr.mask) === cidr.network;
}
