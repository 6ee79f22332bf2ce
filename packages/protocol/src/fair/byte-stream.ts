import { asciiBytes, bytesToHex, decimalInteger } from './bytes';
import { hmacKey, hmacSha256, hmacSha256Words, type HmacKey } from './sha256';

/**
 * The byte stream of docs/contract.md §10.2–§10.4: block k (k = 0, 1, 2, …) is
 * HMAC_SHA256(key = the seed as lowercase hex ASCII, message + ":" + k); each block gives eight
 * big-endian unsigned 32-bit integers, used in order. `int(n)` and `shuffle` consume it exactly
 * as the contract says; a trace, when asked for, records every block, draw and swap so the
 * 公平验证 page can show each step.
 */

/** One HMAC block: its index, the exact text hashed, the 32 bytes in hex and its eight words. */
export interface TraceBlock {
  k: number;
  input: string;
  hex: string;
  words: number[];
}

/** One integer taken for int(n): `value` is null when `u` was rejected. */
export interface TraceDraw {
  n: number;
  u: number;
  rejected: boolean;
  value: number | null;
}

/** One Fisher–Yates step: a[i] and a[j] were swapped. */
export interface TraceSwap {
  i: number;
  j: number;
}

export interface FairTrace {
  blocks: TraceBlock[];
  draws: TraceDraw[];
  swaps: TraceSwap[];
}

export interface FairStream {
  /** The next unsigned 32-bit integer of the stream. */
  nextUint32(): number;
  /** A uniform integer in [0, n) by rejection sampling; 1 ≤ n ≤ 2^32. */
  int(n: number): number;
  /** A shuffled copy of `items` (Fisher–Yates from the last index down to 1). */
  shuffle<T>(items: readonly T[]): T[];
  /** The trace so far, or null when the stream was made without one. */
  readonly trace: FairTrace | null;
}

const TWO_32 = 0x100000000;

/** The seed as the HMAC key: its lowercase hex string as ASCII bytes. */
export function seedKey(seed: Uint8Array): Uint8Array {
  return asciiBytes(bytesToHex(seed));
}

/** Block k of the stream (the raw 32 bytes). */
export function streamBlock(seed: Uint8Array, message: string, k: number): Uint8Array {
  return hmacSha256(seedKey(seed), asciiBytes(`${message}:${decimalInteger(k)}`));
}

/**
 * The seed's HMAC key prepared once, for many streams of one seed (a simulation plays a
 * thousand nonces per server seed): `createStream` accepts it in place of the seed.
 */
export function streamKey(seed: Uint8Array): HmacKey {
  return hmacKey(seedKey(seed));
}

/** A stream for (seed, message); `withTrace` records blocks, draws and swaps. */
export function createStream(
  seed: Uint8Array | HmacKey,
  message: string,
  withTrace = false,
): FairStream {
  const key = seed instanceof Uint8Array ? streamKey(seed) : seed;
  const trace: FairTrace | null = withTrace ? { blocks: [], draws: [], swaps: [] } : null;
  const words = new Uint32Array(8);
  let k = 0;
  let used = 8;

  function refill(): void {
    const input = `${message}:${decimalInteger(k)}`;
    if (!trace) {
      // The same block straight into the words (no byte arrays): the hot path of every draw.
      hmacSha256Words(key, asciiBytes(input), words);
      k += 1;
      used = 0;
      return;
    }
    const block = hmacSha256(key, asciiBytes(input));
    for (let i = 0; i < 8; i++) {
      words[i] =
        ((block[4 * i]! << 24) |
          (block[4 * i + 1]! << 16) |
          (block[4 * i + 2]! << 8) |
          block[4 * i + 3]!) >>>
        0;
    }
    trace.blocks.push({ k, input, hex: bytesToHex(block), words: Array.from(words) });
    k += 1;
    used = 0;
  }

  function nextUint32(): number {
    if (used === 8) refill();
    return words[used++]!;
  }

  function int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) {
      throw new RangeError('int(n): n must be an integer in [1, 2^32]');
    }
    // Values at or above the largest multiple of n below 2^32 would bias `u mod n`.
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const u = nextUint32();
      if (u >= limit) {
        trace?.draws.push({ n, u, rejected: true, value: null });
        continue;
      }
      const value = u % n;
      trace?.draws.push({ n, u, rejected: false, value });
      return value;
    }
  }

  function shuffle<T>(items: readonly T[]): T[] {
    const a = [...items];
    for (let i = a.length - 1; i >= 1; i--) {
      const j = int(i + 1);
      trace?.swaps.push({ i, j });
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
    return a;
  }

  return { nextUint32, int, shuffle, trace };
}
