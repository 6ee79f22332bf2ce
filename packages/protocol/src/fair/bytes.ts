/**
 * Byte helpers for the provably fair algorithm (docs/contract.md §10). Portable on purpose: no
 * Buffer, no TextEncoder global (the protocol package compiles without DOM or Node types and
 * runs in browser bundles), so UTF-8 is encoded here, by the rules of RFC 3629.
 */

const HEX = '0123456789abcdef';

/** The UTF-8 bytes of a string; a lone surrogate becomes U+FFFD, as TextEncoder does. */
export function utf8Encode(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else {
        c = 0xfffd;
      }
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      c = 0xfffd;
    }
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    else {
      out.push(
        0xf0 | (c >> 18),
        0x80 | ((c >> 12) & 0x3f),
        0x80 | ((c >> 6) & 0x3f),
        0x80 | (c & 0x3f),
      );
    }
  }
  return Uint8Array.from(out);
}

/** ASCII-only strings (hex, decimal digits, seeds) encode byte for byte; the fast path. */
export function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) return utf8Encode(text);
    out[i] = c;
  }
  return out;
}

/** Lowercase hex, two characters a byte. */
export function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += HEX[b >> 4]! + HEX[b & 15]!;
  return s;
}

/** Whether a string is an even number of hex digits (either case). */
export function isHex(text: string): boolean {
  return text.length % 2 === 0 && /^[0-9a-fA-F]*$/.test(text);
}

/** The bytes a hex string spells; a malformed string is a caller's error (RangeError). */
export function hexToBytes(hex: string): Uint8Array {
  if (!isHex(hex)) throw new RangeError('hexToBytes: not an even-length hex string');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** Byte-wise equality in time that depends only on the lengths. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** Integers in messages: decimal, no sign, no leading zeros (docs/contract.md §10.1). */
export function decimalInteger(value: number | bigint): string {
  if (typeof value === 'bigint') {
    if (value < 0n) throw new RangeError('decimalInteger: negative');
    return value.toString(10);
  }
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError('decimalInteger: not a non-negative safe integer');
  }
  return value.toString(10);
}
