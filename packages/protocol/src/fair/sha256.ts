/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain TypeScript over Uint8Array, so the
 * same code runs in the venue, the platform and the member's browser (docs/contract.md §10).
 * `hmacKey` absorbs the key's two padded blocks once; the byte stream then pays two compression
 * rounds per block instead of four.
 */

const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const IV = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const BLOCK = 64;
const w = new Int32Array(64);

/** One compression of the 64 bytes at `offset` into `state` (eight words, updated in place). */
function compress(state: Int32Array, data: Uint8Array, offset: number): void {
  for (let t = 0; t < 16; t++) {
    const p = offset + 4 * t;
    w[t] = (data[p]! << 24) | (data[p + 1]! << 16) | (data[p + 2]! << 8) | data[p + 3]!;
  }
  for (let t = 16; t < 64; t++) {
    const x = w[t - 15]!;
    const y = w[t - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[t]! + w[t]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/** The bit length as a 64-bit big-endian integer in the 8 bytes before `end`. */
function bitLengthInto(buf: Uint8Array, end: number, bits: number): void {
  // Messages stay far below 2^53 bits.
  const high = Math.floor(bits / 0x100000000);
  buf[end - 8] = high >>> 24;
  buf[end - 7] = (high >>> 16) & 0xff;
  buf[end - 6] = (high >>> 8) & 0xff;
  buf[end - 5] = high & 0xff;
  buf[end - 4] = (bits >>> 24) & 0xff;
  buf[end - 3] = (bits >>> 16) & 0xff;
  buf[end - 2] = (bits >>> 8) & 0xff;
  buf[end - 1] = bits & 0xff;
}

/**
 * Finishes a hash whose state has already absorbed `prefixBytes` bytes (a multiple of 64):
 * absorbs `data`, pads with the total length and returns the 32-byte digest.
 */
function finish(start: Int32Array, prefixBytes: number, data: Uint8Array): Uint8Array {
  const state = Int32Array.from(start);
  const whole = data.length - (data.length % BLOCK);
  for (let off = 0; off < whole; off += BLOCK) compress(state, data, off);
  const rest = data.length - whole;
  const tail = new Uint8Array(rest < 56 ? BLOCK : 2 * BLOCK);
  tail.set(data.subarray(whole));
  tail[rest] = 0x80;
  const end = tail.length;
  bitLengthInto(tail, end, (prefixBytes + data.length) * 8);
  for (let off = 0; off < end; off += BLOCK) compress(state, tail, off);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const v = state[i]!;
    out[4 * i] = v >>> 24;
    out[4 * i + 1] = (v >>> 16) & 0xff;
    out[4 * i + 2] = (v >>> 8) & 0xff;
    out[4 * i + 3] = v & 0xff;
  }
  return out;
}

/** SHA-256 of the bytes. */
export function sha256(data: Uint8Array): Uint8Array {
  return finish(IV, 0, data);
}

/** An HMAC-SHA256 key with its inner and outer padded blocks already absorbed. */
export interface HmacKey {
  readonly inner: Int32Array;
  readonly outer: Int32Array;
}

/** Prepares a key for HMAC-SHA256: keys longer than 64 bytes are hashed first (RFC 2104). */
export function hmacKey(key: Uint8Array): HmacKey {
  const k = new Uint8Array(BLOCK);
  k.set(key.length > BLOCK ? sha256(key) : key);
  const pad = new Uint8Array(BLOCK);
  const inner = Int32Array.from(IV);
  for (let i = 0; i < BLOCK; i++) pad[i] = k[i]! ^ 0x36;
  compress(inner, pad, 0);
  const outer = Int32Array.from(IV);
  for (let i = 0; i < BLOCK; i++) pad[i] = k[i]! ^ 0x5c;
  compress(outer, pad, 0);
  return { inner, outer };
}

/** HMAC-SHA256 of `message` under a prepared key or raw key bytes. */
export function hmacSha256(key: HmacKey | Uint8Array, message: Uint8Array): Uint8Array {
  const prepared = key instanceof Uint8Array ? hmacKey(key) : key;
  return finish(prepared.outer, BLOCK, finish(prepared.inner, BLOCK, message));
}

const padded = new Uint8Array(2 * BLOCK);
const innerState = new Int32Array(8);
const outerState = new Int32Array(8);
const outerBlock = new Uint8Array(BLOCK);

/**
 * `hmacSha256(key, message)` as eight big-endian words written into `out` (the byte stream's
 * blocks), without its byte arrays: the inner digest goes into the outer hash's one block
 * straight from its state words. The same digest; the stream draws millions of them.
 */
export function hmacSha256Words(key: HmacKey, message: Uint8Array, out: Uint32Array): void {
  innerState.set(key.inner);
  const whole = message.length - (message.length % BLOCK);
  for (let off = 0; off < whole; off += BLOCK) compress(innerState, message, off);
  const rest = message.length - whole;
  const end = rest < 56 ? BLOCK : 2 * BLOCK;
  for (let i = 0; i < rest; i++) padded[i] = message[whole + i]!;
  padded[rest] = 0x80;
  for (let i = rest + 1; i < end - 8; i++) padded[i] = 0;
  bitLengthInto(padded, end, (BLOCK + message.length) * 8);
  for (let off = 0; off < end; off += BLOCK) compress(innerState, padded, off);
  for (let i = 0; i < 8; i++) {
    const v = innerState[i]!;
    outerBlock[4 * i] = v >>> 24;
    outerBlock[4 * i + 1] = (v >>> 16) & 0xff;
    outerBlock[4 * i + 2] = (v >>> 8) & 0xff;
    outerBlock[4 * i + 3] = v & 0xff;
  }
  outerBlock[32] = 0x80;
  for (let i = 33; i < BLOCK - 8; i++) outerBlock[i] = 0;
  bitLengthInto(outerBlock, BLOCK, (BLOCK + 32) * 8);
  outerState.set(key.outer);
  compress(outerState, outerBlock, 0);
  for (let i = 0; i < 8; i++) out[i] = outerState[i]! >>> 0;
}
