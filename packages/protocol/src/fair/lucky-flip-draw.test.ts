import { describe, expect, it } from 'vitest';
import { hexToBytes } from './bytes';
import { createStream } from './byte-stream';
import { luckyFlipDraw } from './lucky-flip-draw';

const seed = hexToBytes('7f'.repeat(16) + '01'.repeat(16));

describe('the 幸运翻牌 draw', () => {
  it('is int(total) of the stream for clientSeed:nonce, mapped through the running weights', () => {
    const weights = [5, 1, 30, 64];
    for (let nonce = 0; nonce < 50; nonce++) {
      const d = luckyFlipDraw(seed, 'member-seed', nonce, weights);
      const roll = createStream(seed, `member-seed:${nonce}`).int(100);
      expect(d.roll).toBe(roll);
      expect(d.total).toBe(100);
      const expected = roll < 5 ? 0 : roll < 6 ? 1 : roll < 36 ? 2 : 3;
      expect(d.index).toBe(expected);
    }
  });

  it('the same inputs give the same prize; another client seed or nonce another stream', () => {
    const a = luckyFlipDraw(seed, 'abc', 7, [1, 1, 1, 1, 1, 1, 1, 1], true);
    expect(luckyFlipDraw(seed, 'abc', 7, [1, 1, 1, 1, 1, 1, 1, 1]).roll).toBe(a.roll);
    expect(a.trace?.draws.at(-1)?.value).toBe(a.roll);
    const others = [
      luckyFlipDraw(seed, 'abd', 7, [2 ** 31]),
      luckyFlipDraw(seed, 'abc', 8, [2 ** 31]),
    ];
    expect(
      new Set([luckyFlipDraw(seed, 'abc', 7, [2 ** 31]).roll, ...others.map((o) => o.roll)]).size,
    ).toBe(3);
  });

  it('follows the weights over many nonces', () => {
    const counts = [0, 0];
    for (let nonce = 0; nonce < 4000; nonce++) {
      counts[luckyFlipDraw(seed, 'w', nonce, [1, 3]).index]! += 1;
    }
    expect(counts[0]! / 4000).toBeGreaterThan(0.21);
    expect(counts[0]! / 4000).toBeLessThan(0.29);
  });

  it('refuses no prizes, zero or fractional weights and an invalid client seed', () => {
    expect(() => luckyFlipDraw(seed, 'a', 0, [])).toThrow(RangeError);
    expect(() => luckyFlipDraw(seed, 'a', 0, [1, 0])).toThrow(RangeError);
    expect(() => luckyFlipDraw(seed, 'a', 0, [1.5])).toThrow(RangeError);
    expect(() => luckyFlipDraw(seed, 'a b', 0, [1])).toThrow(RangeError);
  });
});
