import type {
  RotateSeedResult,
  SeedPairView,
  SlotGamesList,
  SpinHistory,
  SpinRequest,
  SpinResult,
} from '@nebula/protocol/venue/games/slots-api';
import { gamesApi } from '../../lib/api';

/**
 * The house slots' calls (docs/contract.md §10.13) and the player's seed pair (§10.5), typed
 * by the protocol's schemas as types only: the page carries no schema library (its policy
 * blocks one) and the venue validates every request.
 */
export const slotsCalls = {
  games: () => gamesApi<SlotGamesList>('GET', '/h5/api/games/slots'),
  spin: (req: SpinRequest) =>
    gamesApi<SpinResult>('POST', '/h5/api/games/slots/spins', { body: req }),
  spins: (q: { gameCode?: string; limit?: number; before?: string } = {}) =>
    gamesApi<SpinHistory>('GET', '/h5/api/games/slots/spins', {
      query: {
        gameCode: q.gameCode,
        limit: q.limit === undefined ? undefined : String(q.limit),
        before: q.before,
      },
    }),
  spin1: (spinId: string) =>
    gamesApi<SpinResult>('GET', `/h5/api/games/slots/spins/${encodeURIComponent(spinId)}`),
  seeds: () => gamesApi<SeedPairView>('GET', '/h5/api/games/seeds'),
  setClientSeed: (clientSeed: string) =>
    gamesApi<SeedPairView>('POST', '/h5/api/games/seeds/client', { body: { clientSeed } }),
  rotate: () => gamesApi<RotateSeedResult>('POST', '/h5/api/games/seeds/rotate', { body: {} }),
};
