import {
  formatLine,
  marketId,
  marketLabel,
  outcomeLabel,
  selectionId,
  type MarketKind,
  type Outcome,
  type Period,
} from '@nebula/protocol/venue/markets';
import type { Fixture } from '../catalogue/calendar.service';
import { leagueOf, matrixAt, type PlayState } from '../catalogue/fixture.model';
import type { ScoreMatrix } from '../pricing/goal.model';
import {
  mainHalfPointLine,
  mainHandicapLine,
  mainTotalLine,
  priceMarket,
} from '../pricing/market-pricing.service';

export interface PricedSelection {
  selectionId: string;
  outcome: Outcome;
  label: string;
  oddsMilli: number;
}

export interface PricedMarket {
  marketId: string;
  period: Period;
  kind: MarketKind;
  line100: number | null;
  label: string;
  selections: PricedSelection[];
}

function market(
  fx: Fixture,
  m: ScoreMatrix,
  period: Period,
  kind: MarketKind,
  line100: number | null,
  margin: number,
): PricedMarket | null {
  const priced = priceMarket(m, kind, line100, margin);
  // A market whose outcome is (all but) decided is not hung: nobody should get 1.001 on a
  // result already in, nor the house a free bet against one.
  if (priced.some((p) => p.fair < 0.01 || p.fair > 0.99)) return null;
  const key = { matchId: fx.id, period, kind, line100 };
  const label = marketLabel(fx.sport, period, kind);
  return {
    marketId: marketId(key),
    period,
    kind,
    line100,
    label: line100 === null ? label : `${label} ${formatLine(line100)}`,
    selections: priced.map((p) => ({
      selectionId: selectionId({ ...key, outcome: p.outcome }),
      outcome: p.outcome,
      label: outcomeLabel[p.outcome],
      oddsMilli: p.oddsMilli,
    })),
  };
}

/** A line and its two neighbours a quarter apart (a total never goes below half a goal). */
function around(line: number, kind: 'ah' | 'ou'): number[] {
  return [line - 25, line, line + 25].filter((l) => kind === 'ah' || l >= 50);
}

/**
 * Every market the venue offers on a match at this moment, priced from the one matrix of each
 * period, so all prices of a match agree. Lines follow the matrix: in play the main handicap
 * and total move with the score and the clock, and a line no longer hung cannot be bet.
 *
 * - football: 独赢, 让球 and 大小 on the main line and its neighbours, 单双; 半场 独赢, 让球,
 *   大小 until half time;
 * - basketball: 独赢, 让分 and 总分 on half-point lines, 单双;
 * - esports: 获胜者; best of three or five, 地图让分 ±1.5 and 总地图数.
 */
export function matchBook(
  fx: Fixture,
  state: PlayState | undefined,
  margin: number,
): PricedMarket[] {
  const out: (PricedMarket | null)[] = [];
  const done = () => out.filter((mk): mk is PricedMarket => mk !== null);
  if (fx.sport === 'football') {
    for (const period of ['ft', '1h'] as const) {
      const m = matrixAt(fx, period, state);
      if (!m) continue;
      out.push(market(fx, m, period, '1x2', null, margin));
      const ah = mainHandicapLine(m);
      const ou = mainTotalLine(m);
      for (const line of period === 'ft' ? around(ah, 'ah') : [ah]) {
        out.push(market(fx, m, period, 'ah', line, margin));
      }
      for (const line of period === 'ft' ? around(ou, 'ou') : [ou]) {
        out.push(market(fx, m, period, 'ou', line, margin));
      }
      if (period === 'ft') out.push(market(fx, m, period, 'oe', null, margin));
    }
    return done();
  }
  const m = matrixAt(fx, 'ft', state);
  if (!m) return done();
  if (fx.sport === 'basketball') {
    out.push(market(fx, m, 'ft', 'ml', null, margin));
    out.push(market(fx, m, 'ft', 'ah', mainHalfPointLine(m, 'ah'), margin));
    out.push(market(fx, m, 'ft', 'ou', mainHalfPointLine(m, 'ou'), margin));
    out.push(market(fx, m, 'ft', 'oe', null, margin));
    return done();
  }
  const league = leagueOf(fx);
  out.push(market(fx, m, 'ft', 'ml', null, margin));
  if (league.sport === 'esports' && league.bestOf > 1) {
    out.push(market(fx, m, 'ft', 'ah', -150, margin));
    out.push(market(fx, m, 'ft', 'ah', 150, margin));
    out.push(market(fx, m, 'ft', 'ou', league.bestOf === 3 ? 250 : 450, margin));
  }
  return done();
}
