import { z } from 'zod';
import { moneyString } from '../../api/core/common';
import { GameCodeParam, RoundNoParam } from './games';

/**
 * Betting on the house games' rounds (docs/contract.md §10.11), under `/h5/api/games` with the
 * player's session token as `Authorization: Bearer …`; answers `{ code: 0, data }` or
 * `{ code, message }`. A game bet is a venue bet like a sportsbook single: it sits in the same
 * bets table and the same merchant feed, debited and credited through the venue ledger.
 */
export const gameBetPaths = {
  /** POST: one slip of bets on one round. */
  place: '/h5/api/games/:gameCode/bets',
  /** GET: the game's stake rules as the slip shows them. */
  limits: '/h5/api/games/:gameCode/limits',
  /** GET: the player's own game bets (我的注单), newest first. */
  mine: '/h5/api/games/bets',
} as const;

/** A bet type of a game's paytable (`sum`, `big`, `pos_dragon` …). */
export const GameBetType = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/);
/** A pick on the board as the paytable writes it (`10`, `3`, `56`, `1:7`, or '' for none). */
export const GamePick = z.string().regex(/^[0-9A-Za-z:,_-]{0,40}$/);

/**
 * One slip: 注数 (the picks) × 倍数 (`multiple`) × 单价 (`unitPrice`, the game's, as the slip
 * showed it). Every pick becomes one bet of stake `multiple × unitPrice`; the slip is placed
 * whole or not at all, and its key makes a retry return the first slip.
 */
export const PlaceGameBetsRequest = z
  .object({
    requestKey: z.string().regex(/^[A-Za-z0-9_:-]{8,80}$/),
    roundNo: RoundNoParam,
    multiple: z.number().int().min(1).max(100_000),
    unitPrice: moneyString,
    picks: z
      .array(z.object({ betType: GameBetType, pick: GamePick }).strict())
      .min(1)
      .max(200),
  })
  .strict();
export type PlaceGameBetsRequest = z.infer<typeof PlaceGameBetsRequest>;

export const gameBetStatuses = ['open', 'settled', 'voided', 'refused'] as const;
export const gameBetResults = ['open', 'won', 'lost', 'push', 'void'] as const;

/** A game bet as its player sees it. */
export const GameBetView = z.object({
  betId: z.string(),
  gameCode: z.string(),
  roundNo: z.string(),
  betType: z.string(),
  /** The 玩法 as shown (和值, 大, 定位胆 冠军 …). */
  betTypeName: z.string(),
  pick: z.string(),
  /** The pick as shown ('10', '大', '1 号车' …). */
  pickLabel: z.string(),
  stake: moneyString,
  /** The paytable's decimal odds in thousandths, stake included. */
  oddsMilli: z.number().int(),
  status: z.enum(gameBetStatuses),
  result: z.enum(gameBetResults),
  /** What the bet paid back in total once settled ('0.00' for a loss); null while open. */
  payout: moneyString.nullable(),
  /** 有效投注 computed when the round settled (contract §6); null while open. */
  validStake: moneyString.nullable(),
  placedAt: z.number().int(),
  settledAt: z.number().int().nullable(),
});
export type GameBetView = z.infer<typeof GameBetView>;

export const GameSlipView = z.object({
  requestKey: z.string(),
  gameCode: z.string(),
  roundNo: z.string(),
  bets: z.array(GameBetView),
  total: moneyString,
  /** The player's venue balance after the slip. */
  balance: moneyString,
});
export type GameSlipView = z.infer<typeof GameSlipView>;

/** The stake rules of a game, operator data (per venue code). */
export const GameLimitsView = z.object({
  gameCode: z.string(),
  /** 单价: the stake of one bet at 倍数 1. */
  unitPrice: moneyString,
  maxMultiple: z.number().int(),
  /** The most one bet may stake, and one player may stake on one round in total. */
  maxStakePerBet: moneyString,
  maxStakePerRound: moneyString,
  maxPicksPerSlip: z.number().int(),
});
export type GameLimitsView = z.infer<typeof GameLimitsView>;

export const MyGameBetsQuery = z
  .object({
    gameCode: GameCodeParam.optional(),
    roundNo: RoundNoParam.optional(),
    status: z.enum(['open', 'settled']).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    /** The last betId of the previous page. */
    before: z.string().max(64).optional(),
  })
  .strict();
export type MyGameBetsQuery = z.infer<typeof MyGameBetsQuery>;

export const MyGameBets = z.object({ bets: z.array(GameBetView), more: z.boolean() });
export type MyGameBets = z.infer<typeof MyGameBets>;

export { gameSelectionId, parseGameSelectionId } from './game-selection';
