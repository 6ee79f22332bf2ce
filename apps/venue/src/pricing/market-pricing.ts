import { ODDS_EUROPE_MILLI_MAX, ODDS_EUROPE_MILLI_MIN } from '@nebula/protocol/odds/odds';
import { outcomesOf, type MarketKind, type Outcome } from '@nebula/protocol/venue/markets';
import { legResult } from '@nebula/protocol/venue/settlement';
import { probability, type ScoreMatrix } from './goal-model';

export interface PricedOutcome {
  outcome: Outcome;
  /** The fair implied probability (a market's sum to 1): 1 / the fair decimal odds. */
  fair: number;
  /** The offered decimal odds in thousandths, after the margin. */
  oddsMilli: number;
}

/**
 * How much of the stake an outcome wins and loses over the score matrix, weighing half wins
 * and half losses by half (quarter lines) and pushes by nothing.
 */
export function winLoseWeights(
  m: ScoreMatrix,
  kind: MarketKind,
  outcome: Outcome,
  line100: number | null,
): { win: number; lose: number } {
  let win = 0;
  let lose = 0;
  for (const [result, weight] of [
    ['won', 1],
    ['half_won', 0.5],
    ['lost', 1],
    ['half_lost', 0.5],
  ] as const) {
    const p = probability(
      m,
      (h, a) => legResult(kind, outcome, line100, { home: h, away: a }) === result,
    );
    if (result === 'won' || result === 'half_won') win += weight * p;
    else lose += weight * p;
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

/**
 * The main Asian handicap line: the quarter line whose home price is nearest even money, so
 * the two sides are balanced (what a trader would hang first).
 */
export function mainHandicapLine(m: ScoreMatrix): number {
  let best = 0;
  let bestGap = Number.POSITIVE_INFINITY;
  for (let line = -300; line <= 300; line += 25) {
    const gap = Math.abs(fairImplied(winLoseWeights(m, 'ah', 'home', line)) - 0.5);
    if (gap < bestGap) {
      bestGap = gap;
      best = line;
    }
  }
  return best;
}

/** The main goals line, the same way (the over nearest even money). */
export function mainTotalLine(m: ScoreMatrix): number {
  let best = 250;
  let bestGap = Number.POSITIVE_INFINITY;
  for (let line = 50; line <= 600; line += 25) {
    const gap = Math.abs(fairImplied(winLoseWeights(m, 'ou', 'over', line)) - 0.5);
    if (gap < bestGap) {
      bestGap = gap;
      best = line;
    }
  }
  return best;
}
