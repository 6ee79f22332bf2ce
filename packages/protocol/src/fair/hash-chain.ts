import { bytesEqual, decimalInteger } from './bytes';
import { sha256 } from './sha256';

/**
 * The hash chain of shared rounds (docs/contract.md §10.6): from a secret s_N,
 * s_(k−1) = SHA256(s_k) over the 32 raw bytes; s_0 is published before round 1, round i uses
 * s_i and reveals it when drawn, and anyone checks SHA256(s_i) = s_(i−1) up to s_0.
 */

export const CHAIN_SEED_BYTES = 32;
/** How many hashes a verifier walks at most by default (a lottery chain's day is 1,440). */
export const DEFAULT_CHAIN_WALK = 100_000;

function assertLink(seed: Uint8Array): void {
  if (seed.length !== CHAIN_SEED_BYTES) throw new RangeError('a chain link is exactly 32 bytes');
}

function assertIndex(index: number): void {
  if (!Number.isSafeInteger(index) || index < 0) {
    throw new RangeError('a chain index is a non-negative integer');
  }
}

/** s_(k−1) from s_k. */
export function previousLink(link: Uint8Array): Uint8Array {
  assertLink(link);
  return sha256(link);
}

/**
 * s_i from a known s_j with j ≥ i: the secret s_N itself or a stored checkpoint, so deriving a
 * late round's seed does not walk the whole chain.
 */
export function deriveLink(known: Uint8Array, knownIndex: number, index: number): Uint8Array {
  assertLink(known);
  assertIndex(knownIndex);
  assertIndex(index);
  if (index > knownIndex) throw new RangeError('deriveLink: a link only yields earlier links');
  let link = known;
  for (let k = knownIndex; k > index; k--) link = sha256(link);
  return link;
}

/** The commitment s_0 published before a chain of length N starts. */
export function chainCommitment(secret: Uint8Array, length: number): Uint8Array {
  return deriveLink(secret, length, 0);
}

/** Links s_j for every j that is a multiple of `every` (and s_N), for cheap derivation later. */
export function chainCheckpoints(
  secret: Uint8Array,
  length: number,
  every: number,
): Map<number, Uint8Array> {
  if (!Number.isSafeInteger(every) || every < 1) throw new RangeError('checkpoint spacing ≥ 1');
  const out = new Map<number, Uint8Array>();
  let link = secret;
  for (let k = length; k >= 0; k--) {
    if (k === length || k % every === 0) out.set(k, link);
    if (k > 0) link = sha256(link);
  }
  return out;
}

export type ChainLinkCheck =
  | { ok: true; steps: number }
  | { ok: false; problem: 'mismatch' | 'too_far' | 'index'; steps: number };

/**
 * Verifies a revealed s_i against an earlier known link s_k (k < i): s_(i−1) or s_0 usually.
 * Walks i − k hashes, refusing to walk more than `maxSteps`.
 */
export function verifyChainLink(
  revealed: Uint8Array,
  index: number,
  anchor: Uint8Array,
  anchorIndex: number,
  maxSteps = DEFAULT_CHAIN_WALK,
): ChainLinkCheck {
  if (
    !Number.isSafeInteger(index) ||
    !Number.isSafeInteger(anchorIndex) ||
    anchorIndex < 0 ||
    index <= anchorIndex ||
    revealed.length !== CHAIN_SEED_BYTES ||
    anchor.length !== CHAIN_SEED_BYTES
  ) {
    return { ok: false, problem: 'index', steps: 0 };
  }
  const steps = index - anchorIndex;
  if (steps > maxSteps) return { ok: false, problem: 'too_far', steps: 0 };
  let link = revealed;
  for (let k = 0; k < steps; k++) link = sha256(link);
  return bytesEqual(link, anchor) ? { ok: true, steps } : { ok: false, problem: 'mismatch', steps };
}

/** Round numbers (期号, shoe numbers): decimal digits without leading zeros. */
export function isRoundNo(value: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(value);
}

/** The shared-round message `gameCode:roundNo`. */
export function roundMessage(gameCode: string, roundNo: string | number | bigint): string {
  if (gameCode.length === 0 || gameCode.includes(':')) {
    throw new RangeError('roundMessage: a game code is non-empty and has no ":"');
  }
  const no = typeof roundNo === 'string' ? roundNo : decimalInteger(roundNo);
  if (!isRoundNo(no)) throw new RangeError('roundMessage: round number is decimal digits');
  return `${gameCode}:${no}`;
}
