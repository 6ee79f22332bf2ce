import { describe, expect, it } from 'vitest';
import {
  apportionFen,
  exposureScores,
  groupTurnover,
  lossAtFen,
  worstCaseLossFen,
  type ExposureBet,
} from './exposure';
import { legResult } from './settlement';
import { outcomesOf, type MarketKind, type Outcome, type Period } from './markets';

/** mulberry32: a small seeded PRNG, so every run draws the same cases. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The worst case by brute force: every score with both sides in [min, max]. */
function bruteWorst(bets: readonly ExposureBet[], max: number, min = 0): bigint {
  let worst: bigint | null = null;
  for (let home = min; home <= max; home += 1)
    for (let away = min; away <= max; away += 1) {
      const loss = lossAtFen(bets, { home, away });
      if (worst === null || loss > worst) worst = loss;
    }
  return worst ?? 0n;
}

const MIN_ODDS = 1500;

/** What one bet counts alone (the platform's per-bet rule): stake, half, or nothing. */
function ruleOf(b: ExposureBet, home: number, away: number): bigint {
  if (b.oddsMilli < MIN_ODDS) return 0n;
  const r = legResult(b.kind, b.outcome, b.line100, { home, away });
  if (r === 'won' || r === 'lost') return b.stakeFen;
  if (r === 'half_won' || r === 'half_lost') return b.stakeFen / 2n;
  return 0n;
}

const bet = (
  kind: MarketKind,
  outcome: Outcome,
  line100: number | null,
  oddsMilli: number,
  stakeFen: bigint,
): ExposureBet => ({ kind, outcome, line100, oddsMilli, stakeFen });

describe('worst-case loss of a group of singles', () => {
  it('a lone bet can lose its stake; no bets lose nothing', () => {
    expect(worstCaseLossFen([bet('1x2', 'home', null, 1950, 10_000n)])).toBe(10_000n);
    expect(worstCaseLossFen([bet('ou', 'over', 250, 1900, 10_000n)])).toBe(10_000n);
    expect(worstCaseLossFen([bet('oe', 'odd', null, 1900, 10_000n)])).toBe(10_000n);
    expect(worstCaseLossFen([])).toBe(0n);
  });

  it('1x2 home against handicap −0.5 away covers every score: only the margin is at risk', () => {
    // Home wins: 497.00 × 2.10 = 1043.70 back; otherwise 497.00 × 1.85 = 919.45 back.
    const pair = [bet('1x2', 'home', null, 2100, 49_700n), bet('ah', 'away', -50, 1850, 49_700n)];
    expect(worstCaseLossFen(pair)).toBe(99_400n - 91_945n);
  });

  it('over 2.5 against under 2/2.5: the worst of under winning, half winning, or over', () => {
    // t ≤ 1: under pays 495.00 × 1.90; t = 2: under half wins 495.00 × 1.45; t ≥ 3: over 1.95.
    const pair = [bet('ou', 'over', 250, 1950, 49_500n), bet('ou', 'under', 225, 1900, 49_500n)];
    expect(worstCaseLossFen(pair)).toBe(99_000n - (49_500n * 1450n) / 1000n);
  });

  it('a d far out needs a t as large: all lose only at 11–0, 12–1, …', () => {
    // Away +10.5 loses only when home wins by 11+; then the total is 11+ too, so under 2.5
    // loses, and an odd margin makes an odd total, so even loses as well.
    const bets = [
      bet('ah', 'away', -1050, 1900, 10_000n),
      bet('ou', 'under', 250, 1900, 10_000n),
      bet('oe', 'even', null, 1900, 10_000n),
    ];
    expect(worstCaseLossFen(bets)).toBe(30_000n);
    expect(worstCaseLossFen(bets)).toBe(bruteWorst(bets, 15));
  });

  it('basketball lines (totals of 200+, spreads of ±5.5, money line pushes) stay small', () => {
    const bets = [
      bet('ml', 'home', null, 1700, 30_000n),
      bet('ah', 'away', -550, 1900, 20_000n),
      bet('ou', 'over', 21_050, 1900, 25_000n),
      bet('ou', 'under', 21_575, 1850, 25_000n),
      bet('oe', 'even', null, 1950, 10_000n),
    ];
    expect(exposureScores(bets).length).toBeLessThan(200);
    expect(worstCaseLossFen(bets)).toBe(bruteWorst(bets, 140, 80));
  });

  it('property: W equals brute force over 0–0…15–15, C = min(W, R) split exactly', () => {
    const rnd = prng(20_260_131);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const kinds: MarketKind[] = ['1x2', 'ah', 'ou', 'oe', 'ml'];
    for (let c = 0; c < 400; c += 1) {
      const period: Period = rnd() < 0.5 ? 'ft' : '1h';
      const n = 1 + Math.floor(rnd() * 6);
      const bets: ExposureBet[] = [];
      for (let i = 0; i < n; i += 1) {
        const kind = pick(kinds);
        const line100 =
          kind === 'ah'
            ? -350 + 25 * Math.floor(rnd() * 29)
            : kind === 'ou'
              ? (period === '1h' ? 25 : 50) + 25 * Math.floor(rnd() * 24)
              : null;
        bets.push(
          bet(
            kind,
            pick(outcomesOf[kind]),
            line100,
            1010 + Math.floor(rnd() * 3000),
            BigInt(100 + Math.floor(rnd() * 100_000)),
          ),
        );
      }
      const w = bruteWorst(bets, 15);
      expect(
        worstCaseLossFen(bets),
        `case ${c} ${period} ${JSON.stringify(bets, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`,
      ).toBe(w);
      // The score that really happened decides what each bet counts alone.
      const [home, away] = [Math.floor(rnd() * 6), Math.floor(rnd() * 6)];
      const withRule = bets.map((b) => ({ ...b, ruleFen: ruleOf(b, home, away) }));
      const r = withRule.reduce((a, b) => a + b.ruleFen, 0n);
      const expected = w < r ? (w < 0n ? 0n : w) : r;
      const g = groupTurnover(withRule);
      expect(g.countedFen).toBe(expected);
      expect(g.sharesFen.reduce((a, s) => a + s, 0n)).toBe(r > 0n ? expected : 0n);
      g.sharesFen.forEach((s, i) => expect(s <= withRule[i]!.ruleFen).toBe(true));
    }
  });
});

describe('apportioning', () => {
  it('splits in proportion by largest remainder; the parts sum to the total', () => {
    expect(apportionFen(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    expect(apportionFen(1_000n, [10_000n, 5_000n, 0n])).toEqual([667n, 333n, 0n]);
    expect(apportionFen(7n, [0n, 0n])).toEqual([0n, 0n]);
    expect(apportionFen(0n, [3n])).toEqual([0n]);
  });

  it('a lone bet counts what the per-bet rule gives it; a push counts nothing', () => {
    const one = groupTurnover([{ ...bet('1x2', 'home', null, 1950, 10_000n), ruleFen: 10_000n }]);
    expect(one).toEqual({
      worstCaseFen: 10_000n,
      ruleFen: 10_000n,
      countedFen: 10_000n,
      sharesFen: [10_000n],
    });
    const push = groupTurnover([{ ...bet('ah', 'home', 0, 1950, 10_000n), ruleFen: 0n }]);
    expect(push.countedFen).toBe(0n);
  });
});
