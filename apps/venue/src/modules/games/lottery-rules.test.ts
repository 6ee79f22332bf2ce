import { describe, expect, it } from 'vitest';
import {
  pk10Wins,
  sscWins,
  type Pk10BetType,
  type SscBetType,
} from '@nebula/protocol/venue/games/index';
import { PK10_RULES, SSC_RULES } from './lottery-rules';
import { validStakes } from './valid-stake.model';

/**
 * The exact coverage behind the 70 % rule (docs/contract.md §10.11) against brute force: every
 * 时时彩 draw, and PK10's finishing orders on the positions a set of picks reads.
 */

/** All orders of `k` distinct cars out of 10 (the first k positions of a finishing order). */
function partialOrders(k: number): number[][] {
  if (k === 0) return [[]];
  return partialOrders(k - 1).flatMap((o) =>
    Array.from({ length: 10 }, (_, i) => i + 1)
      .filter((c) => !o.includes(c))
      .map((c) => [...o, c]),
  );
}

describe('PK10 coverage', () => {
  // Picks on positions 1–3 only: the orders of those three cars decide them, 720 in all.
  const cases: [Pk10BetType, string[]][] = [
    ['position', ['1:1', '1:2', '2:1', '3:7', '3:8', '3:9']],
    ['position', ['1:1', '1:2', '1:3', '1:4', '1:5', '1:6', '1:7']],
    ['pos_big', ['1', '2']],
    ['pos_odd', ['1', '2', '3']],
    ['gy_sum', ['11', '10', '12', '9', '13', '3']],
    ['gy_big', ['']],
  ];
  it.each(cases)('%s %j is counted exactly', (t, picks) => {
    const orders = partialOrders(3);
    const wins = orders.filter((o) =>
      picks.some((p) => pk10Wins(t, p, [...o, 0, 0, 0, 0, 0, 0, 0])),
    ).length;
    const { covered, total } = PK10_RULES.coverage(t, picks);
    expect(covered * orders.length).toBe(wins * total);
  });
  it('龙 on n positions wins with 1 − 2^−n', () => {
    expect(PK10_RULES.coverage('dragon', ['1'])).toEqual({ covered: 16, total: 32 });
    expect(PK10_RULES.coverage('dragon', ['1', '2'])).toEqual({ covered: 24, total: 32 });
  });
});

describe('时时彩 coverage', () => {
  const draws = Array.from({ length: 100_000 }, (_, n) =>
    [4, 3, 2, 1, 0].map((k) => Math.floor(n / 10 ** k) % 10),
  );
  const cases: [SscBetType, string[]][] = [
    ['position', ['1:0', '1:1', '2:5', '5:9', '5:0']],
    ['sum_big', ['']],
    ['tie', ['']],
    ['front3', ['pair', 'mixed']],
    ['back3', ['leopard', 'straight', 'half_straight']],
  ];
  it.each(cases)('%s %j is counted exactly', (t, picks) => {
    const wins = draws.filter((d) => picks.some((p) => sscWins(t, p, d))).length;
    expect(SSC_RULES.coverage(t, picks)).toEqual({ covered: wins, total: 100_000 });
  });
});

describe('valid stake pairs per pick', () => {
  it('pairs a PK10 position’s 大 with its own 小 only', () => {
    // 小 on positions 1 and 2 would win 7 times in 9 (over 70 %): 双 of position 2 instead.
    const bet = (id: string, betType: string, pick: string, stake: bigint) =>
      ({ id, betType, pick, stake, outcome: 'decided' }) as const;
    const out = validStakes(
      [
        bet('a', 'pos_big', '1', 1000n),
        bet('b', 'pos_small', '1', 400n),
        bet('c', 'pos_even', '2', 300n),
      ],
      PK10_RULES,
    );
    expect(Object.fromEntries(out)).toEqual({ a: 600n, b: 0n, c: 300n });
  });
});
