import { legResult } from '@nebula/protocol/venue/settlement';
import type { MarketKind, Outcome } from '@nebula/protocol/venue/markets';
import { describe, expect, it } from 'vitest';
import { probability, remainingRate, scoreMatrix } from './goal.model';
import {
  fairImplied,
  mainHandicapLine,
  mainTotalLine,
  priceMarket,
  winLoseWeights,
} from './market-pricing.service';
import { realisedGaps } from '../../test/realised-frequency';

const MATCH = scoreMatrix(1.55, 1.1);
const MARKETS: [MarketKind, number | null][] = [
  ['1x2', null],
  ['ah', -25],
  ['ah', -50],
  ['ah', -100],
  ['ah', 75],
  ['ou', 225],
  ['ou', 250],
  ['ou', 300],
  ['oe', null],
];

/** What one unit staked at decimal odds d returns over its stake, for a leg result. */
function profit(d: number, result: string): number {
  return (
    { won: d - 1, half_won: (d - 1) / 2, push: 0, void: 0, half_lost: -0.5, lost: -1 }[result] ?? 0
  );
}

describe('the goal model', () => {
  it('gives a distribution over final scores; ρ moves 0-0 and 1-1 up and 1-0 down', () => {
    expect(probability(MATCH, () => true)).toBeCloseTo(1, 12);
    const plain = scoreMatrix(1.55, 1.1, undefined, 0);
    expect(MATCH.p[0]![0]!).toBeGreaterThan(plain.p[0]![0]!);
    expect(MATCH.p[1]![1]!).toBeGreaterThan(plain.p[1]![1]!);
    expect(MATCH.p[1]![0]!).toBeLessThan(plain.p[1]![0]!);
  });
});

describe('prices', () => {
  it.each(MARKETS)('%s %s: fair prices sum to 1, offered ones to 1 + margin', (kind, line) => {
    const priced = priceMarket(MATCH, kind, line, 0.05);
    expect(priced.reduce((s, o) => s + o.fair, 0)).toBeCloseTo(1, 9);
    const implied = priced.reduce((s, o) => s + 1000 / o.oddsMilli, 0);
    expect(implied).toBeGreaterThanOrEqual(1.05 - 1e-9);
    expect(implied).toBeLessThan(1.06);
  });

  it.each(MARKETS)('%s %s: a bet at the fair price has zero expected return', (kind, line) => {
    for (const { outcome, fair } of priceMarket(MATCH, kind, line, 0)) {
      const d = 1 / fair;
      const ev = probabilityWeighted(kind, outcome, line, d);
      expect(Math.abs(ev)).toBeLessThan(1e-9);
    }
  });

  it('the main lines balance the two sides', () => {
    const strongHome = scoreMatrix(2.2, 0.7);
    const line = mainHandicapLine(strongHome);
    expect(line).toBeLessThan(0);
    expect(
      Math.abs(fairImplied(winLoseWeights(strongHome, 'ah', 'home', line)) - 0.5),
    ).toBeLessThan(0.06);
    const total = mainTotalLine(strongHome);
    expect(total).toBeGreaterThanOrEqual(225);
    expect(total).toBeLessThanOrEqual(325);
  });
});

function probabilityWeighted(
  kind: MarketKind,
  outcome: Outcome,
  line: number | null,
  d: number,
): number {
  let ev = 0;
  MATCH.p.forEach((row, h) =>
    row.forEach((p, a) => {
      ev += p * profit(d, legResult(kind, outcome, line, { home: h, away: a }));
    }),
  );
  return ev;
}

describe('20,000 simulated matches', () => {
  it("each market's realised frequency is within 2 points of its fair probability", () => {
    for (const { market, gap } of realisedGaps(MATCH, MARKETS, 20_000, 20261124)) {
      expect(gap, market).toBeLessThan(0.02);
    }
  });
});

describe('in play', () => {
  it("a home goal raises the home price's probability; time at 0-0 raises the draw and lowers the over", () => {
    const home = (m: ReturnType<typeof scoreMatrix>) => priceMarket(m, '1x2', null, 0)[0]!.fair;
    const draw = (m: ReturnType<typeof scoreMatrix>) => priceMarket(m, '1x2', null, 0)[1]!.fair;
    const over = (m: ReturnType<typeof scoreMatrix>) => priceMarket(m, 'ou', 250, 0)[0]!.fair;
    const at30 = scoreMatrix(remainingRate(1.55, 30), remainingRate(1.1, 30));
    const at30Goal = scoreMatrix(remainingRate(1.55, 30), remainingRate(1.1, 30), {
      home: 1,
      away: 0,
    });
    expect(home(at30Goal)).toBeGreaterThan(home(at30));
    const at75 = scoreMatrix(remainingRate(1.55, 75), remainingRate(1.1, 75));
    expect(draw(at75)).toBeGreaterThan(draw(at30));
    expect(over(at75)).toBeLessThan(over(at30));
    expect(draw(MATCH)).toBeLessThan(draw(at30));
  });
});
