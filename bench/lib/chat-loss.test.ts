import { describe, expect, it } from 'vitest';
import { describeLoss, roundLoss } from './chat-loss';

const times = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("bench:chat's account of a round", () => {
  it('finds no loss when every message reached every client', () => {
    const arrivals = new Map([
      ['m0', times(3)],
      ['m1', times(3)],
    ]);
    const l = roundLoss(['m0', 'm1'], arrivals, 3, { 2: 3 });
    expect(l).toMatchObject({ expected: 6, delivered: 6, lost: 0, toAll: 2, firstShort: null });
    expect(describeLoss(l)).toBe('none');
  });

  it('counts messages that reached no one, and the first one short, in sending order', () => {
    // The paced round of 2026-11-27: the first messages reached every client, the rest none.
    const tags = ['m0', 'm1', 'm2', 'm3'];
    const arrivals = new Map([
      ['m0', times(5)],
      ['m1', times(5)],
      ['other-round', times(5)],
    ]);
    const l = roundLoss(tags, arrivals, 5, { 2: 5 });
    expect(l).toMatchObject({ expected: 20, delivered: 10, lost: 10, toAll: 2, toNone: 2 });
    expect(l.firstShort).toBe(2);
    expect(describeLoss(l)).toContain('10 of 20 deliveries lost');
    expect(describeLoss(l)).toContain('first short: #2');
  });

  it('tells a message short of some clients from one short of all, and counts extra copies', () => {
    const arrivals = new Map([
      ['m0', times(4)],
      ['m1', times(6)],
    ]);
    const l = roundLoss(['m0', 'm1'], arrivals, 5);
    expect(l).toMatchObject({ lost: 1, duplicates: 1, toAll: 1, toSome: 1, toNone: 0 });
    expect(l.firstShort).toBe(0);
  });
});
