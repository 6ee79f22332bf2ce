import type {
  GameLimitsView,
  GameSlipView,
  MyGameBets,
  PlaceGameBetsRequest,
} from '@nebula/protocol/venue/games/game-bets';
import type {
  ChasePlanView,
  CreateChaseRequest,
  MyChases,
} from '@nebula/protocol/venue/games/game-chase';
import type { ChainsView, GamesList, RoundView } from '@nebula/protocol/venue/games/games';
import { gamesApi } from '../../lib/api';

/**
 * The house games' calls (docs/contract.md §10.10–§10.11), typed by the protocol's schemas
 * (types only: the page carries no schema library; the venue validates every request).
 */
const game = (code: string) => `/h5/api/games/${encodeURIComponent(code)}`;

export const gamesCalls = {
  list: () => gamesApi<GamesList>('GET', '/h5/api/games'),
  results: (code: string, limit = 50) =>
    gamesApi<{ rounds: RoundView[] }>('GET', `${game(code)}/results`, {
      query: { limit: String(limit) },
    }),
  round: (code: string, roundNo: string) =>
    gamesApi<RoundView>('GET', `${game(code)}/rounds/${encodeURIComponent(roundNo)}`),
  chain: (code: string) => gamesApi<ChainsView>('GET', `${game(code)}/chain`),
  limits: (code: string) => gamesApi<GameLimitsView>('GET', `${game(code)}/limits`),
  place: (code: string, req: PlaceGameBetsRequest) =>
    gamesApi<GameSlipView>('POST', `${game(code)}/bets`, { body: req }),
  chase: (code: string, req: CreateChaseRequest) =>
    gamesApi<ChasePlanView>('POST', `${game(code)}/chases`, { body: req }),
  chases: () => gamesApi<MyChases>('GET', '/h5/api/games/chases'),
  cancelChase: (planId: string) =>
    gamesApi<ChasePlanView>('POST', `/h5/api/games/chases/${encodeURIComponent(planId)}/cancel`),
  myBets: (
    q: {
      gameCode?: string;
      roundNo?: string;
      status?: 'open' | 'settled';
      limit?: number;
      before?: string;
    } = {},
  ) =>
    gamesApi<MyGameBets>('GET', '/h5/api/games/bets', {
      query: {
        gameCode: q.gameCode,
        roundNo: q.roundNo,
        status: q.status,
        limit: q.limit === undefined ? undefined : String(q.limit),
        before: q.before,
      },
    }),
};
