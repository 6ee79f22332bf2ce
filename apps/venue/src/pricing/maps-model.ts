import type { ScoreMatrix } from './goal-model';

/**
 * Esports series (CS2, LoL, Dota 2): maps are won independently with probability `p` for the
 * home side (from the teams' ratings); a best-of-N ends when one side has ⌈N/2⌉ maps. The
 * matrix holds the final map scores, so the winner, the map handicap and the total maps price
 * from it like any other score.
 */
export function seriesMatrix(pMap: number, bestOf: 1 | 3 | 5): ScoreMatrix {
  if (!(pMap > 0 && pMap < 1))
    throw new RangeError('a map probability is strictly between 0 and 1');
  const need = Math.ceil(bestOf / 2);
  const p: number[][] = Array.from({ length: need + 1 }, () => Array<number>(need + 1).fill(0));
  const choose = (n: number, k: number) => {
    let c = 1;
    for (let i = 1; i <= k; i += 1) c = (c * (n - k + i)) / i;
    return c;
  };
  for (let lost = 0; lost < need; lost += 1) {
    // The winner takes the last map: the others are arranged among the first need − 1 + lost.
    const ways = choose(need - 1 + lost, lost);
    p[need]![lost] = ways * pMap ** need * (1 - pMap) ** lost;
    p[lost]![need] = ways * (1 - pMap) ** need * pMap ** lost;
  }
  return { p, base: { home: 0, away: 0 } };
}

/** A map-win probability from a rating difference (Elo-style, 400 points = 10:1). */
export function mapWinProbability(homeRating: number, awayRating: number): number {
  return 1 / (1 + 10 ** ((awayRating - homeRating) / 400));
}
