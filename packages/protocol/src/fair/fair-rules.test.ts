import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors/codes';
import { decimalInteger, hexToBytes } from './bytes';
import { createStream } from './byte-stream';
import {
  chainCheckpoints,
  chainCommitment,
  deriveLink,
  previousLink,
  roundMessage,
  verifyChainLink,
} from './hash-chain';
import { drawPk10 } from './lottery-outcomes';
import {
  checkClientSeed,
  mustRotate,
  parseSeedHex,
  playerMessage,
  ROUNDS_PER_SERVER_SEED,
} from './player-seeds';

const seed = hexToBytes('11'.repeat(32));

describe('client seeds', () => {
  it('accepts 1–64 characters of [A-Za-z0-9_-]', () => {
    for (const ok of ['a', 'Z9_-', 'x'.repeat(64)]) {
      expect(checkClientSeed(ok)).toEqual({ ok: true, clientSeed: ok });
    }
  });

  it('refuses empty, too long and outside the alphabet with code 10003', () => {
    const cases: [string, string][] = [
      ['', 'empty'],
      ['x'.repeat(65), 'too_long'],
      ['a b', 'alphabet'],
      ['种子', 'alphabet'],
      ['a:1', 'alphabet'],
      ['abc\n', 'alphabet'],
    ];
    for (const [value, problem] of cases) {
      const check = checkClientSeed(value);
      expect(check).toMatchObject({ ok: false, code: ErrorCode.Validation, problem });
      if (!check.ok) expect(check.message.length).toBeGreaterThan(0);
    }
  });

  it('messages are clientSeed:nonce in decimal; rotation after 1,000 rounds', () => {
    expect(playerMessage('abc', 0)).toBe('abc:0');
    expect(playerMessage('abc', 999)).toBe('abc:999');
    expect(() => playerMessage('abc', -1)).toThrow(RangeError);
    expect(() => playerMessage('abc', 1.5)).toThrow(RangeError);
    expect(() => playerMessage('', 1)).toThrow(RangeError);
    expect(ROUNDS_PER_SERVER_SEED).toBe(1000);
    expect(mustRotate(999)).toBe(false);
    expect(mustRotate(1000)).toBe(true);
  });

  it('parses a typed seed of 64 hex digits only', () => {
    expect(parseSeedHex(` ${'AB'.repeat(32)} `)).toMatchObject({ ok: true });
    expect(parseSeedHex('ab'.repeat(31))).toMatchObject({ ok: false, code: ErrorCode.Validation });
    expect(parseSeedHex('g'.repeat(64))).toMatchObject({ ok: false });
  });
});

describe('integers in messages', () => {
  it('decimal without sign or leading zeros', () => {
    expect(decimalInteger(0)).toBe('0');
    expect(decimalInteger(202611260001)).toBe('202611260001');
    expect(decimalInteger(12n)).toBe('12');
    expect(() => decimalInteger(-1)).toThrow(RangeError);
    expect(() => decimalInteger(2 ** 53)).toThrow(RangeError);
    expect(roundMessage('JSK3', '202611260001')).toBe('JSK3:202611260001');
    expect(roundMessage('SHOE', 7)).toBe('SHOE:7');
    expect(() => roundMessage('JSK3', '0123')).toThrow(RangeError);
    expect(() => roundMessage('A:B', '1')).toThrow(RangeError);
  });
});

describe('int(n) and shuffle', () => {
  it('refuses n outside [1, 2^32]', () => {
    const stream = createStream(seed, 'm');
    for (const n of [0, -1, 1.5, 2 ** 32 + 1, Number.NaN]) {
      expect(() => stream.int(n)).toThrow(RangeError);
    }
  });

  it('the same seed and message give the same stream; another message another one', () => {
    const a = createStream(seed, 'x:1');
    const b = createStream(seed, 'x:1');
    const c = createStream(seed, 'x:2');
    const take = (s: typeof a) => Array.from({ length: 20 }, () => s.nextUint32());
    const first = take(a);
    expect(take(b)).toEqual(first);
    expect(take(c)).not.toEqual(first);
  });

  it('a PK10 draw is a permutation of the ten cars; no trace unless asked', () => {
    const drawn = drawPk10(seed, 'JSPK10:1');
    expect([...drawn.outcome].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(drawn.trace).toBeNull();
  });
});

describe('hash chain', () => {
  const secret = hexToBytes('42'.repeat(32));

  it('checkpoints derive the same links as the secret', () => {
    const points = chainCheckpoints(secret, 100, 25);
    expect([...points.keys()]).toEqual([100, 75, 50, 25, 0]);
    expect(points.get(0)).toEqual(chainCommitment(secret, 100));
    expect(deriveLink(points.get(50)!, 50, 40)).toEqual(deriveLink(secret, 100, 40));
    expect(() => deriveLink(secret, 10, 11)).toThrow(RangeError);
    expect(() => previousLink(new Uint8Array(31))).toThrow(RangeError);
  });

  it('verifies a revealed link against s_(i−1) and s_0 and refuses the rest', () => {
    const s0 = chainCommitment(secret, 100);
    const s9 = deriveLink(secret, 100, 9);
    const s10 = deriveLink(secret, 100, 10);
    expect(verifyChainLink(s10, 10, s9, 9)).toEqual({ ok: true, steps: 1 });
    expect(verifyChainLink(s10, 10, s0, 0)).toEqual({ ok: true, steps: 10 });
    expect(verifyChainLink(s10, 11, s0, 0)).toMatchObject({ ok: false, problem: 'mismatch' });
    expect(verifyChainLink(s9, 10, s9, 9)).toMatchObject({ ok: false, problem: 'mismatch' });
    expect(verifyChainLink(s10, 10, s0, 0, 9)).toMatchObject({ ok: false, problem: 'too_far' });
    expect(verifyChainLink(s10, 9, s9, 9)).toMatchObject({ ok: false, problem: 'index' });
    expect(verifyChainLink(s10, 10, s9, -1)).toMatchObject({ ok: false, problem: 'index' });
  });
});
