/**
 * The maths of bench:tables' simulation: a bet's realised return per unit staked (stake
 * included, so 0.98942 is a house edge of 1.058 %) with its 99 % confidence interval.
 *
 * Hands of one shoe are not independent (they are dealt without replacement), so the interval
 * treats each shoe as one cluster: the return is the ratio estimator ΣY / ΣN over shoes (Y a
 * shoe's summed return, N its hands) and its standard error comes from the spread of each
 * shoe's residual Y − m·N (the delta method), which stays honest whatever the correlation
 * between the hands of a shoe.
 */

/** Two-sided 99 % quantile of the standard normal. */
export const Z99 = 2.5758293035489;

/** Additive sums over shoes: two accumulators of disjoint shoes add up field by field. */
export interface ReturnSums {
  shoes: number;
  hands: number;
  /** Σ Y (a shoe's summed return per unit staked). */
  y: number;
  /** Σ Y². */
  yy: number;
  /** Σ N². */
  nn: number;
  /** Σ Y·N. */
  yn: number;
}

export const emptySums = (): ReturnSums => ({ shoes: 0, hands: 0, y: 0, yy: 0, nn: 0, yn: 0 });

/** Adds one shoe: `hands` hands whose returns per unit staked summed to `total`. */
export function addShoe(s: ReturnSums, hands: number, total: number): void {
  s.shoes += 1;
  s.hands += hands;
  s.y += total;
  s.yy += total * total;
  s.nn += hands * hands;
  s.yn += total * hands;
}

export function mergeSums(a: ReturnSums, b: ReturnSums): ReturnSums {
  return {
    shoes: a.shoes + b.shoes,
    hands: a.hands + b.hands,
    y: a.y + b.y,
    yy: a.yy + b.yy,
    nn: a.nn + b.nn,
    yn: a.yn + b.yn,
  };
}

export interface ReturnInterval {
  /** The realised return per unit staked. */
  mean: number;
  /** Its standard error. */
  se: number;
  low: number;
  high: number;
}

/** The realised return and its 99 % interval; needs at least two shoes. */
export function returnInterval(s: ReturnSums): ReturnInterval {
  if (s.shoes < 2 || s.hands === 0) throw new RangeError('at least two shoes are needed');
  const mean = s.y / s.hands;
  // Σ (Y − m·N)², expanded so the shoes need not be kept.
  const residual = Math.max(0, s.yy - 2 * mean * s.yn + mean * mean * s.nn);
  const perShoe = residual / (s.shoes - 1);
  const handsPerShoe = s.hands / s.shoes;
  const se = Math.sqrt(perShoe / s.shoes) / handsPerShoe;
  return { mean, se, low: mean - Z99 * se, high: mean + Z99 * se };
}

/** Whether the published return (1 − the house edge) lies inside the interval. */
export const coversEdge = (i: ReturnInterval, edge: number): boolean =>
  1 - edge >= i.low && 1 - edge <= i.high;
