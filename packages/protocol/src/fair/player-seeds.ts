import { ErrorCode } from '../errors/codes';
import { bytesToHex, decimalInteger, hexToBytes } from './bytes';
import { sha256 } from './sha256';

/**
 * Per-player seeds (docs/contract.md §10.5): a 32-byte server seed shown only as its
 * commitment until rotated, a client seed the player may edit, and a nonce counting the
 * player's rounds from 0; the message is `clientSeed:nonce`.
 */

export const CLIENT_SEED_MAX = 64;
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const SERVER_SEED_BYTES = 32;
/** After this many rounds (nonces 0 … 999) the server seed is rotated automatically. */
export const ROUNDS_PER_SERVER_SEED = 1000;

export type ClientSeedProblem = 'empty' | 'too_long' | 'alphabet';

export type ClientSeedCheck =
  | { ok: true; clientSeed: string }
  | { ok: false; code: typeof ErrorCode.Validation; problem: ClientSeedProblem; message: string };

const problemMessages: Record<ClientSeedProblem, string> = {
  empty: '客户端种子不能为空',
  too_long: `客户端种子最多 ${CLIENT_SEED_MAX} 个字符`,
  alphabet: '客户端种子只能包含字母、数字、下划线和连字符',
};

/** 1–64 characters of [A-Za-z0-9_-]; anything else is a coded refusal (10003). */
export function checkClientSeed(value: string): ClientSeedCheck {
  const problem: ClientSeedProblem | null =
    value.length === 0
      ? 'empty'
      : value.length > CLIENT_SEED_MAX
        ? 'too_long'
        : CLIENT_SEED_PATTERN.test(value)
          ? null
          : 'alphabet';
  if (problem === null) return { ok: true, clientSeed: value };
  return { ok: false, code: ErrorCode.Validation, problem, message: problemMessages[problem] };
}

export type SeedHexCheck =
  | { ok: true; seed: Uint8Array }
  | { ok: false; code: typeof ErrorCode.Validation; message: string };

/** A 32-byte seed typed as 64 hex digits (either case), e.g. on the verifier page. */
export function parseSeedHex(value: string): SeedHexCheck {
  const text = value.trim();
  if (!/^[0-9a-fA-F]{64}$/.test(text)) {
    return { ok: false, code: ErrorCode.Validation, message: '种子须为 64 位十六进制字符' };
  }
  return { ok: true, seed: hexToBytes(text) };
}

function assertSeed(seed: Uint8Array): void {
  if (seed.length !== SERVER_SEED_BYTES) throw new RangeError('a seed is exactly 32 bytes');
}

/** The commitment shown before a server seed is revealed: SHA-256 of its 32 raw bytes, hex. */
export function seedCommitment(seed: Uint8Array): string {
  assertSeed(seed);
  return bytesToHex(sha256(seed));
}

/** Whether a revealed server seed matches the commitment shown earlier. */
export function matchesCommitment(seed: Uint8Array, commitment: string): boolean {
  return seed.length === SERVER_SEED_BYTES && seedCommitment(seed) === commitment.toLowerCase();
}

/** The per-player message `clientSeed:nonce`; the client seed must already be valid. */
export function playerMessage(clientSeed: string, nonce: number): string {
  if (!checkClientSeed(clientSeed).ok) throw new RangeError('playerMessage: invalid client seed');
  return `${clientSeed}:${decimalInteger(nonce)}`;
}

/** Whether a player whose next round would use `nonce` must rotate the server seed first. */
export function mustRotate(nonce: number): boolean {
  return nonce >= ROUNDS_PER_SERVER_SEED;
}
