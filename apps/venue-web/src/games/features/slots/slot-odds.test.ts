import { describe, expect, it } from 'vitest';
import { FXGZ_PAR_SHEET, LTSH_PAR_SHEET } from '@nebula/protocol/venue/games/slots/demo-par-sheets';
import { slotFigures } from '@nebula/protocol/venue/games/slots/slot-calculator';
import { capProbability, topLineOdds } from './slot-odds';

/** P(a reel shows one of `ids`) from its symbol counts. */
const share = (strip: string[], ids: string[]) =>
  strip.filter((s) => ids.includes(s)).length / strip.length;

describe('the odds of the biggest awards', () => {
  it('福星高照: 150 × the line bet for five 财神 or five 龙 (wilds substituting), counted exactly', () => {
    const o = topLineOdds(FXGZ_PAR_SHEET);
    expect(o.pay).toBe(150);
    // Independently: five wilds, or a run of five 龙 and wilds that is not all wilds.
    const reels = FXGZ_PAR_SHEET.reels.base;
    const w = reels.reduce((p, s) => p * share(s, ['W']), 1);
    const dw = reels.reduce((p, s) => p * share(s, ['DR', 'W']), 1);
    expect(o.perLine).toBeCloseTo(dw, 15);
    expect(o.perLine).toBeGreaterThan(w);
  });

  it('the 5,000 × cap is never reached when the proven bound is below it', () => {
    for (const p of [FXGZ_PAR_SHEET, LTSH_PAR_SHEET]) {
      const f = slotFigures(p);
      expect(f.maxWinBound).toBeLessThan(p.maxWinMultiple);
      expect(capProbability(f.maxWinBound, p.maxWinMultiple)).toBe(0);
    }
    expect(capProbability(6000, 5000)).toBeNull();
  });
});
