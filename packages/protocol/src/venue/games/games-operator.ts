import { z } from 'zod';
import { text } from '../../rules/text';
import type { VenueOperatorRole } from '../operator';
import { GameCodeParam, RoundNoParam } from './games';

/**
 * The house games' operator calls (docs/contract.md §10.10), beside the venue's operator API:
 * POST with JSON and the operator token header, answers `{ code: 0, data }` or
 * `{ code, message }`; every change audited. No call ever shows an unrevealed seed.
 */
export const gamesOperatorPaths = {
  games: '/operator/v1/games',
  setGameStatus: '/operator/v1/games/status',
  publishChain: '/operator/v1/games/chains/publish',
  round: '/operator/v1/games/rounds/view',
  voidRound: '/operator/v1/games/rounds/void',
} as const;
export type GamesOperatorCall = keyof typeof gamesOperatorPaths;

const reason = text().min(2).max(200);

export const gamesOperatorCalls = {
  games: { role: 'viewer', request: z.object({}).strict() },
  setGameStatus: {
    role: 'trader',
    request: z
      .object({ gameCode: GameCodeParam, status: z.enum(['open', 'closed']), reason })
      .strict(),
  },
  publishChain: { role: 'admin', request: z.object({ gameCode: GameCodeParam }).strict() },
  round: {
    role: 'viewer',
    request: z.object({ gameCode: GameCodeParam, roundNo: RoundNoParam }).strict(),
  },
  voidRound: {
    role: 'trader',
    request: z.object({ gameCode: GameCodeParam, roundNo: RoundNoParam, reason }).strict(),
  },
} as const satisfies Record<GamesOperatorCall, { role: VenueOperatorRole; request: z.ZodType }>;
