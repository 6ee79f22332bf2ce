import type { ScoreMatrix } from './goal.model';

/**
 * Basketball: each side's points are close to normal (many small scores), σ ≈ 11 points per
 * side in a full game. The final score is never level (overtime decides), so level cells are
 * removed and the rest renormalised. Spread, total, money line and odd/even all price from
 * this one matrix, as football's do from its goal matrix.
 */
export const POINTS_SIGMA = 11;

function normalCdf(x: number): number {
  // Abramowitz–Stegun 7.1.26: |error| < 1.5e-7, plenty for prices in thousandths.
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/** P(points = k) for a normal with mean mu, discretised to whole points. */
function pointsDistribution(mu: number, sigma: number, from: number, to: number): number[] {
  const out: number[] = [];
  for (let k = from; k <= to; k += 1) {
    out.push(normalCdf((k + 0.5 - mu) / sigma) - normalCdf((k - 0.5 - mu) / sigma));
  }
  return out;
}

/**
 * The final-score matrix for expected points of each side still to come, on top of the current
 * score `base` (the matrix starts at `from`). A level final score goes to overtime, so those
 * cells are removed.
 */
export function pointsMatrix(
  homeMean: number,
  awayMean: number,
  sigma = POINTS_SIGMA,
  base: { home: number; away: number } = { home: 0, away: 0 },
): ScoreMatrix {
  const from = Math.max(0, Math.floor(Math.min(homeMean, awayMean) - 5 * sigma));
  const to = Math.ceil(Math.max(homeMean, awayMean) + 5 * sigma);
  const ph = pointsDistribution(homeMean, sigma, from, to);
  const pa = pointsDistribution(awayMean, sigma, from, to);
  let total = 0;
  const p = ph.map((x, h) =>
    pa.map((y, a) => {
      const v = base.home + h === base.away + a ? 0 : x * y;
      total += v;
      return v;
    }),
  );
  return {
    p: p.map((row) => row.map((v) => v / total)),
    base: { home: base.home + from, away: base.away + from },
  };
}
