import { scoreMatrix, type ScoreMatrix } from '../pricing/goal-model';
import { mapWinProbability, seriesMatrix } from '../pricing/maps-model';
import { pointsMatrix } from '../pricing/points-model';
import type { Fixture } from './calendar';
import { LEAGUES, type League } from './leagues';

const byId = new Map<string, League>(LEAGUES.map((l) => [l.id, l]));

/**
 * The pre-match score matrix of a fixture from its teams' ratings: football's expected goals
 * are the league's home and away averages scaled by attack against the other side's defence;
 * basketball's expected points average one side's offence with the other's defence, plus the
 * home edge; esports maps follow the Elo difference over the league's series length.
 */
export function prematchMatrix(fx: Fixture): ScoreMatrix {
  const league = byId.get(fx.leagueId);
  if (!league) throw new Error(`unknown league ${fx.leagueId}`);
  if (league.sport === 'football') {
    const home = league.teams.find((t) => t.name === fx.home)!;
    const away = league.teams.find((t) => t.name === fx.away)!;
    return scoreMatrix(
      league.homeGoals * home.attack * away.defence,
      league.awayGoals * away.attack * home.defence,
    );
  }
  if (league.sport === 'basketball') {
    const home = league.teams.find((t) => t.name === fx.home)!;
    const away = league.teams.find((t) => t.name === fx.away)!;
    return pointsMatrix(
      (home.offence + away.defence) / 2 + league.homeEdge / 2,
      (away.offence + home.defence) / 2 - league.homeEdge / 2,
    );
  }
  const home = league.teams.find((t) => t.name === fx.home)!;
  const away = league.teams.find((t) => t.name === fx.away)!;
  return seriesMatrix(mapWinProbability(home.elo, away.elo), league.bestOf);
}
