import { isIPv4 } from 'node:net';
import { describe, expect, it } from 'vitest';
import { memberAddress } from './site-address';

/** 198.18.0.0/15 as a number range: what RFC 2544 sets aside for benchmarks. */
const FIRST = (198 << 24) | (18 << 16);
const LAST = FIRST + 2 ** 17 - 1;
const toNumber = (a: string) => a.split('.').reduce((n, o) => n * 256 + Number(o), 0) | 0;

describe('memberAddress', () => {
  it('gives every member of a run an address of its own inside 198.18.0.0/15', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 131_070; i += 1) {
      const a = memberAddress(i);
      seen.add(a);
      const n = toNumber(a);
      if (!isIPv4(a) || n <= FIRST || n >= LAST) throw new Error(`${i} → ${a}`);
    }
    expect(seen.size).toBe(131_070);
  });

  it('starts after the range’s first address and ends before its last', () => {
    expect(memberAddress(0)).toBe('198.18.0.1');
    expect(memberAddress(131_069)).toBe('198.19.255.254');
  });
});
