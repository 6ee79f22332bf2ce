import { isQuarterLine, type LegResult, type MarketKind, type Outcome } from './markets';

/**
 * The settlement rules the venue settles by, the H5 shows returns with and the platform's bet
 * records explain: one home, pure, in integer arithmetic (odds in thousandths, money in fen).
 */

export interface FinalScore {
  home: number;
  away: number;
}

function sign(n: number): LegResult {
  return n > 0 ? 'won' : n < 0 ? 'lost' : 'push';
}

/** A half line's result: the selection's margin over the line, in hundredths. */
function halfLineResult(kind: 'ah' | 'ou', outcome: Outcome, line100: number, s: FinalScore) {
  if (kind === 'ah') {
    // The line is the home side's handicap: home −0.5 means home must win by one.
    const homeMargin = (s.home - s.away) * 100 + line100;
    return sign(outcome === 'home' ? homeMargin : -homeMargin);
  }
  const overMargin = (s.home + s.away) * 100 - line100;
  return sign(outcome === 'over' ? overMargin : -overMargin);
}

/** Two half-stake results of a quarter line, combined into one. */
function combine(a: LegResult, b: LegResult): LegResult {
  if (a === b) return a;
  const pair = [a, b].sort().join('+');
  if (pair === 'push+won') return 'half_won';
  if (pair === 'lost+push') return 'half_lost';
  // Adjacent half lines a quarter apart cannot split won/lost.
  throw new Error(`impossible quarter-line split ${pair}`);
}

/**
 * A leg's result from the final score of its period. A quarter line (±x.25, ±x.75) is half the
 * stake on each neighbouring half line: −0.25 is half on 0 and half on −0.5.
 */
export function legResult(
  kind: MarketKind,
  outcome: Outcome,
  line100: number | null,
  score: FinalScore,
): LegResult {
  switch (kind) {
    case '1x2': {
      const winner = score.home > score.away ? 'home' : score.home < score.away ? 'away' : 'draw';
      return winner === outcome ? 'won' : 'lost';
    }
    case 'ml': {
      // A money line has no draw: a level score (esports, basketball without overtime) is a push.
      if (score.home === score.away) return 'push';
      return (score.home > score.away ? 'home' : 'away') === outcome ? 'won' : 'lost';
    }
    case 'oe': {
      const odd = (score.home + score.away) % 2 === 1;
      return (odd ? 'odd' : 'even') === outcome ? 'won' : 'lost';
    }
    case 'ah':
    case 'ou': {
      if (line100 === null) throw new Error(`${kind} needs a line`);
      if (!isQuarterLine(line100)) return halfLineResult(kind, outcome, line100, score);
      return combine(
        halfLineResult(kind, outcome, line100 - 25, score),
        halfLineResult(kind, outcome, line100 + 25, score),
      );
    }
  }
}

/**
 * What a leg multiplies a parlay's return by, in thousandths (a half win may end in .5): won,
 * the odds; half won, (odds + 1) / 2; push and void, 1; half lost, 0.5; lost, 0. An open leg
 * counts at its odds (the slip's potential return).
 */
export function legFactorMilli(oddsMilli: number, result: LegResult | 'open'): number {
  switch (result) {
    case 'won':
    case 'open':
      return oddsMilli;
    case 'half_won':
      return (oddsMilli + 1000) / 2;
    case 'push':
    case 'void':
      return 1000;
    case 'half_lost':
      return 500;
    case 'lost':
      return 0;
  }
}

/**
 * The total a bet pays back (stake included), rounded down to the fen: the product of its
 * legs' factors times the stake. Open legs count at their odds, so the same function gives the
 * potential return shown on the slip. Exact in bigint (no float anywhere).
 */
export function betReturnFen(
  stakeFen: bigint,
  legs: readonly { oddsMilli: number; result: LegResult | 'open' }[],
): bigint {
  let numerator = stakeFen;
  let denominator = 1n;
  for (const leg of legs) {
    // A half-won factor may end in .5 thousandths: carry everything doubled.
    numerator *= BigInt(Math.round(legFactorMilli(leg.oddsMilli, leg.result) * 2));
    denominator *= 2000n;
  }
  return numerator / denominator;
}
