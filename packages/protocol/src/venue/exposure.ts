import { isQuarterLine, type MarketKind, type Outcome } from './markets';
import { betReturnFen, legResult, type FinalScore } from './settlement';

/**
 * Valid turnover of a member's single bets on one match and period, judged by exposure
 * (contract §6): together they count the most they could have lost together over every
 * possible score, never more than what each would count alone. Pure and exact (bigint fen).
 */

/** A single bet as exposure sees it: its selection, price and stake. */
export interface ExposureBet {
  kind: MarketKind;
  outcome: Outcome;
  line100: number | null;
  oddsMilli: number;
  stakeFen: bigint;
}

/** The half lines (hundredths) a line settles on: a quarter line is two half lines. */
function halfLines(line100: number): number[] {
  return isQuarterLine(line100) ? [line100 - 25, line100 + 25] : [line100];
}

/**
 * Integers around which results can change: for a half line x (a margin or total of x/100),
 * floor and ceil of x/100. Between two consecutive critical values (and beyond the extremes)
 * every leg that reads this quantity has one result.
 */
function criticalOf(lines: number[]): number[] {
  const set = new Set<number>();
  for (const x of lines) {
    set.add(Math.floor(x / 100));
    set.add(Math.ceil(x / 100));
  }
  return [...set].sort((a, b) => a - b);
}

/** Integer intervals [lo, hi] (±Infinity for open ends) covering `[min, ∞)`, cut at `critical`. */
function intervals(critical: number[], min: number): [number, number][] {
  const out: [number, number][] = [];
  let from = min;
  for (const k of critical) {
    if (k < from) continue;
    if (k > from) out.push([from, k - 1]);
    out.push([k, k]);
    from = k + 1;
  }
  out.push([from, Infinity]);
  return out;
}

/** The value of `[lo, hi]` nearest to zero with parity `p`, or null when there is none. */
function nearestZero(lo: number, hi: number, p: 0 | 1): number | null {
  const fits = (v: number) => v >= lo && v <= hi && Math.abs(v % 2) === p;
  if (lo <= 0 && hi >= 0) {
    if (p === 0) return 0;
    return fits(1) ? 1 : fits(-1) ? -1 : null;
  }
  const start = lo > 0 ? lo : hi;
  const step = lo > 0 ? 1 : -1;
  for (const v of [start, start + step]) if (fits(v)) return v;
  return null;
}

/**
 * Final scores of the period that between them give every combination of leg results the
 * bets can see. Each leg reads only d = home − away (1x2 and ml its sign, ah d against the
 * line) or t = home + away (ou t against the line, oe its parity), and a score exists for
 * (d, t) exactly when t ≥ |d| and t ≡ d (mod 2). The critical values of d cut the integers
 * into intervals on which the d-legs are constant; in each, for each parity, the value
 * nearest zero allows every t any other value of that parity allows. For that d, within each
 * interval of t (cut by the ou lines) the smallest t of d's parity not below |d| stands for
 * all of them. So the set is finite, small (lines × lines), and misses no combination —
 * basketball totals of 200+ included.
 */
export function exposureScores(bets: readonly ExposureBet[]): FinalScore[] {
  const dLines: number[] = [];
  const tLines: number[] = [];
  for (const b of bets) {
    if (b.kind === 'ah' && b.line100 !== null) dLines.push(...halfLines(b.line100).map((x) => -x));
    if (b.kind === 'ou' && b.line100 !== null) tLines.push(...halfLines(b.line100));
    if (b.kind === '1x2' || b.kind === 'ml') dLines.push(0);
  }
  const dCandidates = new Set<number>();
  for (const [lo, hi] of intervals(criticalOf(dLines), -Infinity)) {
    for (const p of [0, 1] as const) {
      const d = nearestZero(lo, hi, p);
      if (d !== null) dCandidates.add(d);
    }
  }
  const tIntervals = intervals(criticalOf(tLines), 0);
  const scores: FinalScore[] = [];
  for (const d of [...dCandidates].sort((a, b) => a - b)) {
    const seen = new Set<number>();
    for (const [lo, hi] of tIntervals) {
      let t = Math.max(lo, Math.abs(d));
      if ((t - d) % 2 !== 0) t += 1;
      if (t > hi || seen.has(t)) continue;
      seen.add(t);
      scores.push({ home: (t + d) / 2, away: (t - d) / 2 });
    }
  }
  return scores;
}

/** What the bets lose together at one score: stakes minus returns (negative: a profit). */
export function lossAtFen(bets: readonly ExposureBet[], score: FinalScore): bigint {
  let loss = 0n;
  for (const b of bets) {
    const result = legResult(b.kind, b.outcome, b.line100, score);
    loss += b.stakeFen - betReturnFen(b.stakeFen, [{ oddsMilli: b.oddsMilli, result }]);
  }
  return loss;
}

/**
 * W: the most the bets could have lost together over every possible final score of the
 * period (may be negative when every score pays them; 0 for no bets).
 */
export function worstCaseLossFen(bets: readonly ExposureBet[]): bigint {
  if (bets.length === 0) return 0n;
  let worst: bigint | null = null;
  for (const s of exposureScores(bets)) {
    const loss = lossAtFen(bets, s);
    if (worst === null || loss > worst) worst = loss;
  }
  return worst ?? 0n;
}

/**
 * Splits `total` over `weights` in proportion, in whole fen by largest remainder: the parts
 * sum to `total` (when some weight is positive; all zero otherwise). Ties go to the earlier.
 */
export function apportionFen(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, w) => a + w, 0n);
  if (sum <= 0n || total <= 0n) return weights.map(() => 0n);
  const parts = weights.map((w) => (total * w) / sum);
  const rest = weights.map((w, i) => ({ i, r: (total * w) % sum }));
  let left = total - parts.reduce((a, p) => a + p, 0n);
  rest.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of rest) {
    if (left === 0n) break;
    parts[i]! += 1n;
    left -= 1n;
  }
  return parts;
}

export interface GroupTurnover {
  /** W: the worst-case loss over every score. */
  worstCaseFen: bigint;
  /** R: what the bets count one by one by the per-bet rules. */
  ruleFen: bigint;
  /** C = min(W, R), never below zero. */
  countedFen: bigint;
  /** C apportioned over the bets by their rule amounts, in their order. */
  sharesFen: bigint[];
}

/**
 * The valid turnover a group of single bets earns (contract §6): each bet's `ruleFen` is what
 * it counts alone (stake on a decided result, half on a half result, nothing on a push or
 * below the minimum odds); together they count min(W, R), split in proportion to `ruleFen`.
 */
export function groupTurnover(bets: readonly (ExposureBet & { ruleFen: bigint })[]): GroupTurnover {
  const worstCaseFen = worstCaseLossFen(bets);
  const ruleFen = bets.reduce((a, b) => a + b.ruleFen, 0n);
  let countedFen = worstCaseFen < ruleFen ? worstCaseFen : ruleFen;
  if (countedFen < 0n) countedFen = 0n;
  return {
    worstCaseFen,
    ruleFen,
    countedFen,
    sharesFen: apportionFen(
      countedFen,
      bets.map((b) => b.ruleFen),
    ),
  };
}
