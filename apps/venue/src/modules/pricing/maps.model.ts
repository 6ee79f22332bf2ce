import type { ScoreMatrix } from './goal.model';

/**
 * Esports series (CS2, LoL, Dota 2): maps are won independently with probability `p` for the
 * home side (from the teams' ratings); a best-of-N ends when one side has ⌈N/2⌉ maps. The
 * matrix holds the final map scores, so the winner, the map handicap and the total maps price
 * from it like any other score.
 */
export function seriesMatrix(
  pMap: number,
  bestOf: 1 | 3 | 5,
  base: { home: number; away: number } = { home: 0, away: 0 },
): ScoreMatrix {
  if (!(pMap > 0 && pMap < 1))
    throw new RangeError('a map probability is strictly between 0 and 1');
  const full = Math.ceil(bestOf / 2);
  if (base.home >= full || base.away >= full) return { p: [[1]], base };
  // In play: each side still needs its own number of maps; the matrix holds maps still to come.
  return remainingSeries(pMap, full - base.home, full - base.away, base);
}

function remainingSeries(
  pMap: number,
  needHome: number,
  needAway: number,
  base: { home: number; away: number },
): ScoreMatrix {
  const size = Math.max(needHome, needAway) + 1;
  const p: number[][] = Array.from({ length: size }, () => Array<number>(size).fill(0));
  const choose = (n: number, k: number) => {
    let c = 1;
    for (let i = 1; i <= k; i += 1) c = (c * (n - k + i)) / i;
    return c;
  };
  // The winner takes the last map: the others are arranged among the ones before it.
  for (let lost = 0; lost < needAway; lost += 1) {
    p[needHome]![lost] = choose(needHome - 1 + lost, lost) * pMap ** needHome * (1 - pMap) ** lost;
  }
  for (let lost = 0; lost < needHome; lost += 1) {
    p[lost]![needAway] = choose(needAway - 1 + lost, lost) * (1 - pMap) ** needAway * pMap ** lost;
  }
  return { p, base };
}

/** A map-win probability from a rating difference (Elo-style, 400 points = 10:1). */
export function mapWinProbability(homeRating: number, awayRating: number): number {
  return 1 / (1 + 10 ** ((awayRating - homeRating) / 400));
}
