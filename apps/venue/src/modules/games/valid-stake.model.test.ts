import { describe, expect, it } from 'vitest';
import { K3_RULES } from './game-rules';
import { splitByWeight, validStakes, type RoundBet } from './valid-stake.model';

/** Valid stake of one player's bets on one round (docs/contract.md §6 and §10.11). */
const bet = (
  id: string,
  betType: string,
  pick: string,
  stake: bigint,
  outcome: RoundBet['outcome'] = 'decided',
): RoundBet => ({
  id,
  betType,
  pick,
  stake,
  outcome,
});
const of = (bets: RoundBet[]) => Object.fromEntries(validStakes(bets, K3_RULES));

describe('valid stake of game bets', () => {
  it('counts a decided bet its stake, a push or a void nothing', () => {
    expect(
      of([
        bet('a', 'odd', '', 1000n),
        bet('b', 'sum', '10', 500n, 'void'),
        bet('c', 'big', '', 300n, 'push'),
      ]),
    ).toEqual({ a: 1000n, b: 0n, c: 0n });
  });

  it('counts |A − B| on the larger side of a two-way pair, split by stake in whole fen', () => {
    // 大 1.00 + 2.00 against 小 1.00: 2.00 on 大, split 1:2 → 0.67 and 1.33 (largest remainder).
    expect(
      of([bet('a', 'big', '', 100n), bet('b', 'big', '', 200n), bet('c', 'small', '', 100n)]),
    ).toEqual({ a: 67n, b: 133n, c: 0n });
    // Equal sides: nothing on either; 单/双 is a pair of its own.
    expect(
      of([bet('a', 'odd', '', 500n), bet('b', 'even', '', 500n), bet('c', 'small', '', 700n)]),
    ).toEqual({ a: 0n, b: 0n, c: 700n });
    // The smaller side larger in count does not matter: only the stakes do.
    expect(
      of([bet('a', 'small', '', 1000n), bet('b', 'big', '', 1n), bet('c', 'big', '', 2n)]),
    ).toEqual({ a: 997n, b: 0n, c: 0n });
  });

  it('counts nothing for bets of one type covering 70 % or more of its outcomes', () => {
    // 和值 4–17 win on 214 of 216 throws (99 %): nothing.
    const wide = Array.from({ length: 14 }, (_, i) => bet(`s${i + 4}`, 'sum', String(i + 4), 100n));
    expect(Object.values(of(wide)).every((x) => x === 0n)).toBe(true);
    // 和值 8–13 win on 146 of 216 (67.6 %): counted; 7–13 on 161 (74.5 %): nothing.
    const mid = ['8', '9', '10', '11', '12', '13'].map((p) => bet(p, 'sum', p, 100n));
    expect(Object.values(of(mid))).toEqual(Array(6).fill(100n));
    const over = [...mid, bet('7', 'sum', '7', 100n)];
    expect(Object.values(of(over))).toEqual(Array(7).fill(0n));
    // Another type beside them is judged on its own.
    expect(of([...over, bet('x', 'triple_any', '', 100n)]).x).toBe(100n);
  });

  it('splits in whole fen, never more nor less than the total', () => {
    const split = splitByWeight(100n, [
      { id: 'a', weight: 1n },
      { id: 'b', weight: 1n },
      { id: 'c', weight: 1n },
    ]);
    expect([...split.values()]).toEqual([34n, 33n, 33n]);
    expect([...splitByWeight(0n, [{ id: 'a', weight: 5n }]).values()]).toEqual([0n]);
  });

  it('gives the same answer whatever the order of the bets', () => {
    const bets = [
      bet('a', 'big', '', 300n),
      bet('b', 'big', '', 300n),
      bet('c', 'small', '', 100n),
    ];
    expect(of(bets)).toEqual(of([...bets].reverse()));
    expect(of(bets)).toEqual({ a: 250n, b: 250n, c: 0n });
  });
});
