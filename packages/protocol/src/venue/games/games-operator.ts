import { z } from 'zod';
import { moneyString } from '../../api/core/common';
import { text } from '../../rules/text';
import type { VenueOperatorRole } from '../roles/operator-roles';
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
  limits: '/operator/v1/games/limits',
  setLimits: '/operator/v1/games/limits/update',
  dailyReport: '/operator/v1/games/reports/daily',
} as const;
export type GamesOperatorCall = keyof typeof gamesOperatorPaths;

const reason = text().min(2).max(200);

/**
 * A game's stake rules and the house's liability cap per (round, bet type, pick), each
 * optional (at least one): the slip's limits (docs/contract.md §10.11) as operators set them.
 */
export const SetGameLimitsRequest = z
  .object({
    gameCode: GameCodeParam,
    unitPrice: moneyString.optional(),
    maxMultiple: z.number().int().min(1).max(100_000).optional(),
    maxStakePerBet: moneyString.optional(),
    maxStakePerRound: moneyString.optional(),
    maxPicksPerSlip: z.number().int().min(1).max(200).optional(),
    liabilityCap: moneyString.optional(),
    reason,
  })
  .strict();
export type SetGameLimitsRequest = z.infer<typeof SetGameLimitsRequest>;

/**
 * The unpaged games answer (§10.10): every game and live table at once, for the console's
 * pickers. The platform passes on only these fields and refuses any other shape (9782).
 */
export const GameOperatorList = z.object({
  games: z.array(
    z.object({
      gameCode: z.string(),
      name: z.string(),
      status: z.enum(['open', 'closed']),
      /** Rounds the game's published chains have left before a new chain is needed. */
      roundsLeft: z.number().int().nonnegative(),
    }),
  ),
});
export type GameOperatorList = z.infer<typeof GameOperatorList>;

/** The limits as operators see them: the slip's and the liability cap. */
export const GameOperatorLimits = z.object({
  gameCode: z.string(),
  unitPrice: moneyString,
  maxMultiple: z.number().int(),
  maxStakePerBet: moneyString,
  maxStakePerRound: moneyString,
  maxPicksPerSlip: z.number().int(),
  liabilityCap: moneyString,
});
export type GameOperatorLimits = z.infer<typeof GameOperatorLimits>;

const signedMoney = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * One game's Shanghai day: bets settled that day, per bet type and in total, with gross gaming
 * revenue (stakes − payouts) and return to player realised (payouts ÷ stakes) against the
 * paytable's stated return for the same stakes, in basis points; rounds voided that day per
 * cause and the bets they refunded.
 */
export const GameDailyReport = z.object({
  gameCode: z.string(),
  date: z.string(),
  rows: z.array(
    z.object({
      betType: z.string(),
      name: z.string(),
      bets: z.number().int(),
      stakes: moneyString,
      payouts: moneyString,
      ggr: signedMoney,
      rtpBp: z.number().int().nullable(),
      statedRtpBp: z.number().int().nullable(),
    }),
  ),
  total: z.object({
    bets: z.number().int(),
    stakes: moneyString,
    payouts: moneyString,
    validStakes: moneyString,
    ggr: signedMoney,
    rtpBp: z.number().int().nullable(),
    statedRtpBp: z.number().int().nullable(),
  }),
  voids: z.array(z.object({ cause: z.string(), rounds: z.number().int() })),
  voidedBets: z.number().int(),
});
export type GameDailyReport = z.infer<typeof GameDailyReport>;

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
  limits: { role: 'viewer', request: z.object({ gameCode: GameCodeParam }).strict() },
  setLimits: { role: 'admin', request: SetGameLimitsRequest },
  dailyReport: {
    role: 'viewer',
    request: z
      .object({ gameCode: GameCodeParam, date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })
      .strict(),
  },
} as const satisfies Record<GamesOperatorCall, { role: VenueOperatorRole; request: z.ZodType }>;
