import type { MarketKind } from '@nebula/protocol/venue/markets';
import { legResult } from '@nebula/protocol/venue/settlement';
import { drawScore, seededRandom, type ScoreMatrix } from '../modules/pricing/goal.model';
import { priceMarket } from '../modules/pricing/market-pricing.service';

/**
 * Plays `count` matches drawn from the matrix (as the feed simulator does) and answers, per
 * market outcome, how far its realised win share is from its fair price — the check a
 * fixed-odds stub cannot pass.
 */
export function realisedGaps(
  m: ScoreMatrix,
  markets: readonly [MarketKind, number | null][],
  count = 20_000,
  seed = 7,
): { market: string; gap: number }[] {
  const random = seededRandom(seed);
  const scores = Array.from({ length: count }, () => drawScore(m, random));
  const gaps: { market: string; gap: number }[] = [];
  for (const [kind, line] of markets) {
    for (const { outcome, fair } of priceMarket(m, kind, line, 0)) {
      let win = 0;
      let lose = 0;
      for (const s of scores) {
        const r = legResult(kind, outcome, line, s);
        if (r === 'won') win += 1;
        else if (r === 'half_won') win += 0.5;
        else if (r === 'lost') lose += 1;
        else if (r === 'half_lost') lose += 0.5;
      }
      gaps.push({ market: `${kind} ${line} ${outcome}`, gap: Math.abs(win / (win + lose) - fair) });
    }
  }
  return gaps;
}
