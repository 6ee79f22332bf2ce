/**
 * Football's goal model: Poisson goals for each side with the Dixon–Coles correction of the
 * low scores (0-0, 1-0, 0-1, 1-1 are not independent in real football: ρ < 0 makes 0-0 and
 * 1-1 a little likelier and 1-0 / 0-1 a little rarer). The model answers the probability of
 * every final score; every football market is priced from that one matrix, so the prices of
 * all markets of a match agree with each other.
 */

export const MAX_GOALS = 12;
/** A typical Dixon–Coles dependence for top leagues. */
export const DEFAULT_RHO = -0.08;

export interface ScoreMatrix {
  /** p[h][a]: the probability that the remaining play ends with h more home and a more away goals. */
  readonly p: readonly (readonly number[])[];
  /** Goals already scored (in play). */
  readonly base: { home: number; away: number };
}

function poisson(lambda: number, k: number): number {
  let term = Math.exp(-lambda);
  for (let i = 1; i <= k; i += 1) term *= lambda / i;
  return term;
}

/** The Dixon–Coles factor τ for the four low scores; 1 elsewhere. */
function tau(h: number, a: number, lh: number, la: number, rho: number): number {
  if (h === 0 && a === 0) return 1 - lh * la * rho;
  if (h === 0 && a === 1) return 1 + lh * rho;
  if (h === 1 && a === 0) return 1 + la * rho;
  if (h === 1 && a === 1) return 1 - rho;
  return 1;
}

/**
 * The score matrix for expected goals `lh` and `la` still to come, on top of the current
 * score. Normalised to sum to 1 (the tail beyond MAX_GOALS is negligible and renormalised).
 */
export function scoreMatrix(
  lh: number,
  la: number,
  base: { home: number; away: number } = { home: 0, away: 0 },
  rho = DEFAULT_RHO,
): ScoreMatrix {
  if (!(lh >= 0 && la >= 0)) throw new RangeError('expected goals must be non-negative');
  // The correction only applies from 0-0: once a goal is in, the rest is plain Poisson.
  const r = base.home === 0 && base.away === 0 ? rho : 0;
  const p: number[][] = [];
  let total = 0;
  for (let h = 0; h <= MAX_GOALS; h += 1) {
    const row: number[] = [];
    for (let a = 0; a <= MAX_GOALS; a += 1) {
      const v = Math.max(0, tau(h, a, lh, la, r) * poisson(lh, h) * poisson(la, a));
      row.push(v);
      total += v;
    }
    p.push(row);
  }
  return { p: p.map((row) => row.map((v) => v / total)), base };
}

/** Sums the probability of the final scores (current score included) where `pred` holds. */
export function probability(m: ScoreMatrix, pred: (home: number, away: number) => boolean): number {
  let sum = 0;
  m.p.forEach((row, h) =>
    row.forEach((v, a) => {
      if (pred(m.base.home + h, m.base.away + a)) sum += v;
    }),
  );
  return sum;
}

/**
 * In play: the expected goals still to come, from the pre-match rates and the share of the
 * match left. Goals come evenly over the 90 minutes in this model; a feed with a better
 * intensity curve can replace it.
 */
export function remainingRate(prematchLambda: number, minute: number, length = 90): number {
  const left = Math.max(0, Math.min(1, (length - minute) / length));
  return prematchLambda * left;
}

/** The share of a match's goals in its first half (the 半场 markets). */
export const FIRST_HALF_SHARE = 0.45;

/** A seeded generator (mulberry32) so simulations in tests are repeatable. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws a final score from the matrix (what the feed simulator plays a match towards). */
export function drawScore(m: ScoreMatrix, random: () => number): { home: number; away: number } {
  let u = random();
  for (let h = 0; h < m.p.length; h += 1) {
    const row = m.p[h]!;
    for (let a = 0; a < row.length; a += 1) {
      u -= row[a]!;
      if (u <= 0) return { home: m.base.home + h, away: m.base.away + a };
    }
  }
  return { home: m.base.home, away: m.base.away };
}
