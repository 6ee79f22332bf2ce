import type { MarketKind } from '@nebula/protocol/venue/markets';
import { describe, expect, it } from 'vitest';
import { probability, type ScoreMatrix } from './goal.model';
import { mapWinProbability, seriesMatrix } from './maps.model';
import { priceMarket } from './market-pricing.service';
import { pointsMatrix } from './points.model';
import { realisedGaps } from '../../test/realised-frequency';

function realisedWithinTwoPoints(m: ScoreMatrix, markets: [MarketKind, number | null][]) {
  for (const { market, gap } of realisedGaps(m, markets)) expect(gap, market).toBeLessThan(0.02);
}

describe('basketball', () => {
  const game = pointsMatrix(112, 106);

  it('never ends level; the favourite is favoured by about the normal margin', () => {
    expect(probability(game, () => true)).toBeCloseTo(1, 9);
    expect(probability(game, (h, a) => h === a)).toBe(0);
    const home = priceMarket(game, 'ml', null, 0)[0]!.fair;
    // A 6-point edge with σ ≈ 11 per side (≈ 15.6 on the margin): about 65%.
    expect(home).toBeGreaterThan(0.6);
    expect(home).toBeLessThan(0.7);
    // The spread at the expected margin is about even.
    expect(priceMarket(game, 'ah', -550, 0)[0]!.fair).toBeGreaterThan(0.45);
    expect(priceMarket(game, 'ah', -550, 0)[0]!.fair).toBeLessThan(0.55);
  });

  it('20,000 simulated games match every fair price within 2 points', () => {
    realisedWithinTwoPoints(game, [
      ['ml', null],
      ['ah', -550],
      ['ah', -350],
      ['ou', 2175],
      ['oe', null],
    ]);
  });
});

describe('esports series', () => {
  it('best of three: the map scores add up, a 2-0 is p², the map handicap −1.5 prices it', () => {
    const p = mapWinProbability(1600, 1500);
    expect(p).toBeCloseTo(0.64, 2);
    const bo3 = seriesMatrix(p, 3);
    expect(probability(bo3, () => true)).toBeCloseTo(1, 12);
    expect(bo3.p[2]![0]!).toBeCloseTo(p * p, 12);
    expect(priceMarket(bo3, 'ah', -150, 0)[0]!.fair).toBeCloseTo(p * p, 9);
    // The winner is likelier than one map: a series amplifies the better side.
    expect(priceMarket(bo3, 'ml', null, 0)[0]!.fair).toBeGreaterThan(p);
  });

  it('20,000 simulated series match every fair price within 2 points', () => {
    realisedWithinTwoPoints(seriesMatrix(0.58, 3), [
      ['ml', null],
      ['ah', -150],
      ['ah', 150],
      ['ou', 250],
    ]);
    realisedWithinTwoPoints(seriesMatrix(0.45, 5), [
      ['ml', null],
      ['ou', 450],
    ]);
  });
});
