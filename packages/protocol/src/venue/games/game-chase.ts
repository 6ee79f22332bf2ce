import { z } from 'zod';
import { moneyString } from '../../api/core/common';
import { GameBetType, GamePick } from './game-bets';

/**
 * 追号 (docs/contract.md §10.11, "Chases"): a plan over the next N draws of one game with its
 * picks and multiple. Each draw's slip is placed and debited by the game clock when that draw
 * opens, under the key `chase:{planId}:{期号}`, never all at once. Under `/h5/api/games` with
 * the player's session token.
 */
export const gameChasePaths = {
  /** POST: a new plan on a game. */
  create: '/h5/api/games/:gameCode/chases',
  /** GET: the player's plans, newest first. */
  mine: '/h5/api/games/chases',
  /** POST: cancels the plan's remaining draws. */
  cancel: '/h5/api/games/chases/:planId/cancel',
} as const;

export const CHASE_MAX_DRAWS = 120;

export const ChasePlanId = z.string().regex(/^[A-Za-z0-9]{8,40}$/);

/**
 * 同倍 (`same`): every draw at `multiple`; 翻倍 (`double`): draw k (from 0) at
 * `multiple × 2^k`, never past `maxMultiple`.
 */
export const CreateChaseRequest = z
  .object({
    requestKey: z.string().regex(/^[A-Za-z0-9_:-]{8,80}$/),
    draws: z.number().int().min(1).max(CHASE_MAX_DRAWS),
    multiple: z.number().int().min(1).max(100_000),
    mode: z.enum(['same', 'double']),
    maxMultiple: z.number().int().min(1).max(100_000).optional(),
    stopOnWin: z.boolean(),
    unitPrice: moneyString,
    picks: z
      .array(z.object({ betType: GameBetType, pick: GamePick }).strict())
      .min(1)
      .max(200),
  })
  .strict();
export type CreateChaseRequest = z.infer<typeof CreateChaseRequest>;

export const chaseStatuses = ['active', 'finished', 'won', 'cancelled', 'stopped'] as const;
export const chaseDrawStatuses = ['placed', 'failed', 'voided', 'cancelled'] as const;

export const ChaseDrawView = z.object({
  /** 0 for the plan's first draw. */
  index: z.number().int(),
  roundNo: z.string(),
  multiple: z.number().int(),
  status: z.enum(chaseDrawStatuses),
  /** The slip's total debited ('0.00' when the draw placed nothing). */
  total: moneyString,
  /** The coded reason a draw placed nothing (balance, limits); null otherwise. */
  errorCode: z.number().int().nullable(),
});
export type ChaseDrawView = z.infer<typeof ChaseDrawView>;

export const ChasePlanView = z.object({
  planId: z.string(),
  gameCode: z.string(),
  status: z.enum(chaseStatuses),
  draws: z.number().int(),
  multiple: z.number().int(),
  mode: z.enum(['same', 'double']),
  maxMultiple: z.number().int().nullable(),
  stopOnWin: z.boolean(),
  unitPrice: moneyString,
  picks: z.array(z.object({ betType: z.string(), pick: z.string() })),
  /** Why the plan stopped (an error code: balance, limits, the session ended); null otherwise. */
  stopCode: z.number().int().nullable(),
  createdAt: z.number().int(),
  placed: z.array(ChaseDrawView),
});
export type ChasePlanView = z.infer<typeof ChasePlanView>;

export const MyChases = z.object({ plans: z.array(ChasePlanView) });
export type MyChases = z.infer<typeof MyChases>;

/** The multiple of draw `index` (from 0) of a plan. */
export function chaseMultiple(
  plan: { multiple: number; mode: 'same' | 'double'; maxMultiple: number | null },
  index: number,
): number {
  if (plan.mode === 'same') return plan.multiple;
  const cap = plan.maxMultiple ?? 100_000;
  // 2^17 already passes every cap: no overflow however long the plan.
  return Math.min(cap, plan.multiple * 2 ** Math.min(index, 17));
}
