import { _SHA256 } from '@noble/hashes/sha2.js';

/**
 * noble's SHA-256 compression function (RFC 6234 §6.2), run on a state kept outside it: the
 * audited rounds, without the streaming machinery around them (buffering, a DataView per
 * digest, state objects cloned per call).
 */
class Compressor extends _SHA256 {
  compress(state: Int32Array, view: DataView, offset: number): void {
    this.set(
      state[0]!,
      state[1]!,
      state[2]!,
      state[3]!,
      state[4]!,
      state[5]!,
      state[6]!,
      state[7]!,
    );
    this.process(view, offset);
    state[0] = this.A;
    state[1] = this.B;
    state[2] = this.C;
    state[3] = this.D;
    state[4] = this.E;
    state[5] = this.F;
    state[6] = this.G;
    state[7] = this.H;
  }

  /** Zeroes the message schedule, which holds the last block compressed. */
  wipe(): void {
    this.roundClean();
  }
}

const BLOCK = 64;
const DIGEST = 32;
/** The longest suffix digestInto takes: the tail, the suffix and the padding fit two blocks. */
export const MAX_SUFFIX = BLOCK;
const IV = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

// One thread, and digestInto never yields: scratch space shared by every instance.
const compressor = new Compressor();
const state = new Int32Array(8);
const message = new Uint8Array(3 * BLOCK);
const messageView = new DataView(message.buffer);
/** The outer hash's one block: the inner digest, then padding for 64 + 32 bytes. */
const outerBlock = new Uint8Array(BLOCK);
const outerView = new DataView(outerBlock.buffer);
outerBlock[DIGEST] = 0x80;
outerView.setUint32(BLOCK - 4, (BLOCK + DIGEST) * 8);

function padded(key: Uint8Array, pad: number): DataView {
  const block = new Uint8Array(BLOCK).fill(pad);
  for (let i = 0; i < key.length; i += 1) block[i]! ^= key[i]!;
  return new DataView(block.buffer);
}

/**
 * HMAC-SHA256 (RFC 2104) of one key over a fixed prefix and a short ASCII suffix that changes
 * per call. What depends on the key and the prefix alone is done once, here: the inner hash's
 * state after the key block and after the prefix's whole blocks, and the outer hash's state
 * after its key block — what HMAC's definition lets one precompute. A call then compresses the
 * rest of the message (one block, or two when the prefix's tail and the suffix pass 55 bytes)
 * and the outer hash's single block, into a buffer of the caller's, allocating nothing.
 */
export class PrefixedHmac {
  readonly #inner = IV.slice();
  readonly #outer = IV.slice();
  /** The prefix's bytes after its last whole block. */
  readonly #tail: Uint8Array;
  readonly #prefixLength: number;

  constructor(key: Uint8Array, prefix: Uint8Array) {
    // A longer key would be hashed first (RFC 2104 §2); the keys here are 32-byte digests.
    if (key.length > BLOCK) throw new RangeError('HMAC key longer than one block');
    compressor.compress(this.#inner, padded(key, 0x36), 0);
    compressor.compress(this.#outer, padded(key, 0x5c), 0);
    const view = new DataView(prefix.buffer, prefix.byteOffset, prefix.byteLength);
    let at = 0;
    for (; at + BLOCK <= prefix.length; at += BLOCK) compressor.compress(this.#inner, view, at);
    compressor.wipe();
    this.#tail = prefix.slice(at);
    this.#prefixLength = prefix.length;
  }

  /** Writes HMAC(key, prefix + suffix) into out[0..32). The suffix must be ASCII. */
  digestInto(suffix: string, out: Uint8Array): void {
    if (suffix.length > MAX_SUFFIX) throw new RangeError('HMAC suffix too long');
    const tail = this.#tail;
    message.set(tail, 0);
    let n = tail.length;
    for (let i = 0; i < suffix.length; i += 1) {
      const c = suffix.charCodeAt(i);
      if (c > 0x7f) throw new RangeError('HMAC suffix is not ASCII');
      message[n++] = c;
    }
    // SHA-256 padding: 0x80, zeros, the message's length in bits as the last 8 bytes (the
    // high word stays 0: a message under 512 MB).
    message[n++] = 0x80;
    const end = Math.ceil((n + 8) / BLOCK) * BLOCK;
    message.fill(0, n, end - 4);
    messageView.setUint32(end - 4, (BLOCK + this.#prefixLength + suffix.length) * 8);
    state.set(this.#inner);
    for (let at = 0; at < end; at += BLOCK) compressor.compress(state, messageView, at);
    for (let i = 0; i < 8; i += 1) outerView.setInt32(i * 4, state[i]!);
    state.set(this.#outer);
    compressor.compress(state, outerView, 0);
    for (let i = 0; i < 8; i += 1) {
      const w = state[i]!;
      out[i * 4] = w >>> 24;
      out[i * 4 + 1] = w >>> 16;
      out[i * 4 + 2] = w >>> 8;
      out[i * 4 + 3] = w;
    }
  }
}
