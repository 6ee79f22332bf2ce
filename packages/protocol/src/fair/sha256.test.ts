import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, utf8Encode } from './bytes';
import { hmacKey, hmacSha256, hmacSha256Words, sha256 } from './sha256';

/**
 * Our SHA-256 and HMAC against Node's OpenSSL on random inputs of many lengths (every length
 * around the 55/56/64-byte padding edges and beyond). The protocol package has no Node types,
 * so node:crypto is loaded by a specifier the type checker does not resolve.
 */
interface NodeCrypto {
  createHash(algorithm: 'sha256'): { update(data: Uint8Array): { digest(): Uint8Array } };
  createHmac(
    algorithm: 'sha256',
    key: Uint8Array,
  ): { update(data: Uint8Array): { digest(): Uint8Array } };
  randomBytes(size: number): Uint8Array;
}
interface NodeFs {
  readdirSync(path: URL): string[];
  readFileSync(path: URL, encoding: 'utf8'): string;
}
const load = async <T>(specifier: string): Promise<T> => (await import(specifier)) as T;
const nodeCrypto = await load<NodeCrypto>('node:crypto');

const lengths = [
  ...Array.from({ length: 200 }, (_, i) => i),
  255,
  256,
  511,
  1000,
  4095,
  4096,
  65_537,
];

describe('SHA-256 and HMAC-SHA256 against node:crypto', () => {
  it('SHA-256 of random inputs of every length 0–199 and some long ones', () => {
    for (const n of lengths) {
      const data = nodeCrypto.randomBytes(n);
      const expected = bytesToHex(nodeCrypto.createHash('sha256').update(data).digest());
      expect(bytesToHex(sha256(new Uint8Array(data))), `length ${n}`).toBe(expected);
    }
  });

  it('HMAC-SHA256 with keys shorter than, equal to and longer than a block', () => {
    for (const keyLength of [0, 1, 32, 63, 64, 65, 100, 200]) {
      for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 300]) {
        const key = new Uint8Array(nodeCrypto.randomBytes(keyLength));
        const data = new Uint8Array(nodeCrypto.randomBytes(n));
        const expected = bytesToHex(nodeCrypto.createHmac('sha256', key).update(data).digest());
        expect(bytesToHex(hmacSha256(key, data)), `key ${keyLength} data ${n}`).toBe(expected);
        expect(bytesToHex(hmacSha256(hmacKey(key), data))).toBe(expected);
        // The stream's word form: the same digest as eight big-endian words.
        const words = new Uint32Array(8);
        hmacSha256Words(hmacKey(key), data, words);
        const hex = Array.from(words, (w) => w.toString(16).padStart(8, '0')).join('');
        expect(hex, `words: key ${keyLength} data ${n}`).toBe(expected);
      }
    }
  });

  it('known answers (FIPS 180-2 "abc", RFC 4231 case 2)', () => {
    expect(bytesToHex(sha256(utf8Encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(
      bytesToHex(hmacSha256(utf8Encode('Jefe'), utf8Encode('what do ya want for nothing?'))),
    ).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });
});

describe('bytes', () => {
  it('UTF-8 like TextEncoder, lone surrogates included', () => {
    const encoder = new (
      globalThis as unknown as { TextEncoder: new () => { encode(s: string): Uint8Array } }
    ).TextEncoder();
    for (const s of [
      '',
      'abc',
      '期号:202611260001',
      'é€😀',
      '\ud800x',
      'x\udc00',
      '\u07ff\u0800\uffff',
    ]) {
      expect(Array.from(utf8Encode(s)), s).toEqual(Array.from(encoder.encode(s)));
    }
  });

  it('hex round trip; malformed hex is refused', () => {
    const bytes = new Uint8Array(nodeCrypto.randomBytes(40));
    expect(hexToBytes(bytesToHex(bytes))).toEqual(bytes);
    expect(hexToBytes('ABcd')).toEqual(Uint8Array.from([0xab, 0xcd]));
    expect(() => hexToBytes('abc')).toThrow(RangeError);
    expect(() => hexToBytes('zz')).toThrow(RangeError);
  });
});

describe('portability', () => {
  it('production files of fair/ use no Node module, Buffer or node:crypto', async () => {
    const fs = await load<NodeFs>('node:fs');
    const dir = new URL('./', import.meta.url);
    const sources = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(sources.length).toBeGreaterThanOrEqual(6);
    for (const file of sources) {
      // Comments may name what the code avoids; only code counts.
      const text = fs
        .readFileSync(new URL(file, dir), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      expect(text, file).not.toMatch(/from ['"]node:|\bBuffer\b|\brequire\(|\bprocess\./);
    }
  });
});
