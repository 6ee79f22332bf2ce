import type { Period } from '@nebula/protocol/venue/markets';
import {
  FIRST_HALF_SHARE,
  remainingRate,
  scoreMatrix,
  type ScoreMatrix,
} from '../pricing/goal.model';
import { mapWinProbability, seriesMatrix } from '../pricing/maps.model';
import { POINTS_SIGMA, pointsMatrix } from '../pricing/points.model';
import type { Fixture } from './calendar.service';
import { LEAGUES, type League } from './leagues.model';

const byId = new Map<string, League>(LEAGUES.map((l) => [l.id, l]));

export function leagueOf(fx: Pick<Fixture, 'leagueId'>): League {
  const league = byId.get(fx.leagueId);
  if (!league) throw new Error(`unknown league ${fx.leagueId}`);
  return league;
}

/** Where a match stands, as the pricing needs it (minute on the 90-minute scale). */
export interface PlayState {
  minute: number;
  score: { home: number; away: number };
}

const KICK_OFF: PlayState = { minute: 0, score: { home: 0, away: 0 } };

/**
 * A fixture's score matrix for a period from its teams' ratings and, in play, the score and the
 * minute: football's expected goals are the league's home and away averages scaled by attack
 * against the other side's defence, and what is left of them is the share of the period still
 * to play; basketball's expected points average one side's offence with the other's defence
 * plus the home edge, the spread shrinking with √(time left); esports maps follow the Elo
 * difference over what is left of the series. Null when the period is over.
 */
export function matrixAt(
  fx: Fixture,
  period: Period,
  state: PlayState = KICK_OFF,
): ScoreMatrix | null {
  const league = leagueOf(fx);
  const end = period === '1h' ? 45 : 90;
  if (state.minute >= end) return null;
  if (league.sport === 'football') {
    const home = league.teams.find((t) => t.name === fx.home)!;
    const away = league.teams.find((t) => t.name === fx.away)!;
    const share = period === '1h' ? FIRST_HALF_SHARE : 1;
    const lh = league.homeGoals * home.attack * away.defence * share;
    const la = league.awayGoals * away.attack * home.defence * share;
    return scoreMatrix(
      remainingRate(lh, state.minute, end),
      remainingRate(la, state.minute, end),
      state.score,
    );
  }
  if (period === '1h') return null;
  if (league.sport === 'basketball') {
    const home = league.teams.find((t) => t.name === fx.home)!;
    const away = league.teams.find((t) => t.name === fx.away)!;
    // At least a possession's worth stays in play so the last seconds still price.
    const left = Math.max(0.01, (90 - state.minute) / 90);
    return pointsMatrix(
      ((home.offence + away.defence) / 2 + league.homeEdge / 2) * left,
      ((away.offence + home.defence) / 2 - league.homeEdge / 2) * left,
      POINTS_SIGMA * Math.sqrt(left),
      state.score,
    );
  }
  const home = league.teams.find((t) => t.name === fx.home)!;
  const away = league.teams.find((t) => t.name === fx.away)!;
  return seriesMatrix(mapWinProbability(home.elo, away.elo), league.bestOf, state.score);
}

/** The pre-match full-time matrix (the simulator draws final scores from it). */
export function prematchMatrix(fx: Fixture): ScoreMatrix {
  return matrixAt(fx, 'ft')!;
}
