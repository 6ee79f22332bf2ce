import { ODDS_EUROPE_MILLI_MAX, ODDS_EUROPE_MILLI_MIN } from '@nebula/protocol/odds/odds';
import { outcomesOf, type MarketKind, type Outcome } from '@nebula/protocol/venue/markets';
import { legResult } from '@nebula/protocol/venue/settlement';
import type { ScoreMatrix } from './goal.model';

export interface PricedOutcome {
  outcome: Outcome;
  /** The fair implied probability (a market's sum to 1): 1 / the fair decimal odds. */
  fair: number;
  /** The offered decimal odds in thousandths, after the margin. */
  oddsMilli: number;
}

/** Every market depends on the final margin or the final total only: one pass makes both. */
interface Distributions {
  /** [home − away, probability] */
  margin: [number, number][];
  /** [home + away, probability] */
  total: [number, number][];
}

const distributionCache = new WeakMap<ScoreMatrix, Distributions>();

function distributions(m: ScoreMatrix): Distributions {
  const cached = distributionCache.get(m);
  if (cached) return cached;
  const margin = new Map<number, number>();
  const total = new Map<number, number>();
  m.p.forEach((row, h) =>
    row.forEach((v, a) => {
      if (v === 0) return;
      const home = m.base.home + h;
      const away = m.base.away + a;
      margin.set(home - away, (margin.get(home - away) ?? 0) + v);
      total.set(home + away, (total.get(home + away) ?? 0) + v);
    }),
  );
  const d = { margin: [...margin], total: [...total] };
  distributionCache.set(m, d);
  return d;
}

/**
 * How much of the stake an outcome wins and loses over the score matrix, weighing half wins
 * and half losses by half (quarter lines) and pushes by nothing. Winners and handicaps read
 * the margin's distribution, totals and odd/even the total's, with a stand-in score that has
 * the same margin or total.
 */
export function winLoseWeights(
  m: ScoreMatrix,
  kind: MarketKind,
  outcome: Outcome,
  line100: number | null,
): { win: number; lose: number } {
  const d = distributions(m);
  const byTotal = kind === 'ou' || kind === 'oe';
  let win = 0;
  let lose = 0;
  for (const [x, p] of byTotal ? d.total : d.margin) {
    const score = byTotal ? { home: x, away: 0 } : { home: Math.max(x, 0), away: Math.max(-x, 0) };
    const result = legResult(kind, outcome, line100, score);
    if (result === 'won') win += p;
    else if (result === 'half_won') win += p / 2;
    else if (result === 'lost') lose += p;
    else if (result === 'half_lost') lose += p / 2;
  }
  return { win, lose };
}

/**
 * The fair decimal odds have zero expected return: win·(d − 1) = lose, so d = 1 + lose / win,
 * and the fair implied probability is win / (win + lose). On lines with pushes or quarters
 * this is what makes a two-way market's fair prices sum to exactly 1.
 */
export function fairImplied(w: { win: number; lose: number }): number {
  return w.win + w.lose === 0 ? 0 : w.win / (w.win + w.lose);
}

/**
 * Prices one market from the matrix: fair implied probabilities, then the margin spread in
 * proportion (implied · (1 + margin)), odds rounded down to the thousandth (never in the
 * player's favour) and kept within the odds range.
 */
export function priceMarket(
  m: ScoreMatrix,
  kind: MarketKind,
  line100: number | null,
  margin: number,
): PricedOutcome[] {
  return outcomesOf[kind].map((outcome: Outcome) => {
    const fair = fairImplied(winLoseWeights(m, kind, outcome, line100));
    const implied = fair * (1 + margin);
    const raw = implied <= 0 ? ODDS_EUROPE_MILLI_MAX : Math.floor(1000 / implied);
    const oddsMilli = Math.min(ODDS_EUROPE_MILLI_MAX, Math.max(ODDS_EUROPE_MILLI_MIN, raw));
    return { outcome, fair, oddsMilli };
  });
}

/** Among candidate lines, the one whose first outcome is nearest even money. */
function nearestEven(m: ScoreMatrix, kind: 'ah' | 'ou', lines: Iterable<number>): number {
  let best = 0;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    const gap = Math.abs(
      fairImplied(winLoseWeights(m, kind, kind === 'ah' ? 'home' : 'over', line)) - 0.5,
    );
    if (gap < bestGap) {
      bestGap = gap;
      best = line;
    }
  }
  return best;
}

function* steps(from: number, to: number, step: number): Generator<number> {
  for (let v = from; v <= to; v += step) yield v;
}

/**
 * The main Asian handicap line: the quarter line whose home price is nearest even money, so
 * the two sides are balanced (what a trader would hang first).
 */
export function mainHandicapLine(m: ScoreMatrix): number {
  return nearestEven(m, 'ah', steps(-300, 300, 25));
}

/** The main goals line, the same way (the over nearest even money). */
export function mainTotalLine(m: ScoreMatrix): number {
  return nearestEven(m, 'ou', steps(50, 600, 25));
}

/**
 * Basketball hangs half-point lines only (x.5: no push), around the expected margin or total.
 */
export function mainHalfPointLine(m: ScoreMatrix, kind: 'ah' | 'ou'): number {
  const d = distributions(m);
  const source = kind === 'ah' ? d.margin : d.total;
  const mean = source.reduce((s, [x, p]) => s + x * p, 0);
  // The handicap is the home side's: an expected home margin of +6 hangs around −5.5.
  const centre = Math.round(kind === 'ah' ? -mean : mean);
  return nearestEven(m, kind, steps((centre - 6) * 100 + 50, (centre + 6) * 100 - 50, 100));
}
