import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_SUFFIX, PrefixedHmac } from './prefixed-hmac';

const ascii = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => String.fromCharCode(0x21 + ((from + i * 7) % 94))).join('');

describe('PrefixedHmac', () => {
  it('agrees with node:crypto for every prefix and suffix length across the block edges', () => {
    const out = Buffer.alloc(32);
    for (let prefixLength = 0; prefixLength <= 140; prefixLength += 1) {
      const key = randomBytes(prefixLength % 2 ? 32 : 64);
      const prefix = Buffer.from(ascii(prefixLength, prefixLength));
      const mac = new PrefixedHmac(key, prefix);
      for (let suffixLength = 0; suffixLength <= MAX_SUFFIX; suffixLength += 1) {
        const suffix = ascii(suffixLength, suffixLength * 3);
        mac.digestInto(suffix, out);
        const want = createHmac('sha256', key).update(prefix).update(suffix, 'latin1').digest();
        expect(out.equals(want), `prefix ${prefixLength}, suffix ${suffixLength}`).toBe(true);
      }
    }
  });
  it('keeps each instance apart: calls on other keys in between change nothing', () => {
    const a = new PrefixedHmac(Buffer.alloc(32, 1), Buffer.from('site:device-a:'));
    const b = new PrefixedHmac(Buffer.alloc(32, 2), Buffer.from('site:device-b-longer:'));
    const first = Buffer.alloc(32);
    const again = Buffer.alloc(32);
    a.digestInto('1800000000000', first);
    b.digestInto('1800000000000123', Buffer.alloc(32));
    a.digestInto('1800000000000', again);
    expect(again.equals(first)).toBe(true);
    const want = createHmac('sha256', Buffer.alloc(32, 1))
      .update('site:device-a:1800000000000')
      .digest();
    expect(first.equals(want)).toBe(true);
  });
  it('refuses what it cannot hash the way the caller means', () => {
    expect(() => new PrefixedHmac(Buffer.alloc(65), Buffer.alloc(0))).toThrow(RangeError);
    const mac = new PrefixedHmac(Buffer.alloc(32), Buffer.from('p:'));
    expect(() => mac.digestInto('é', Buffer.alloc(32))).toThrow(RangeError);
    expect(() => mac.digestInto('1'.repeat(MAX_SUFFIX + 1), Buffer.alloc(32))).toThrow(RangeError);
  });
});
