import { z } from 'zod';
import { moneyString } from '../core/common';
import { Eligibility } from '../rewards/rewards.schemas';

/**
 * 幸运翻牌 (contract §5 Rewards, 幸运翻牌): the activity's rule (the `rule` JSONB of an activity
 * of kind 'luckyFlip'), the member's view, a flip and the seed pair its draw came from.
 */

export const LUCKY_FLIP_MAX_PRIZES = 12;
/** Turnover multiple of a flip prize: at most 10× (contract §5 Rewards). */
export const LUCKY_FLIP_MAX_MULTIPLE = 10;

const positiveMoney = moneyString.refine((s) => !/^0(\.0{1,2})?$/.test(s), 'must be positive');

export const LuckyFlipPrize = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,32}$/),
    label: z.string().min(1).max(20),
    /** '0' is a 谢谢参与 card. */
    amount: moneyString,
    weight: z.number().int().min(1).max(1_000_000),
    /** How many may be drawn in all; null is unlimited. */
    stock: z.number().int().min(0).max(1_000_000).nullable(),
  })
  .strict();
export type LuckyFlipPrize = z.infer<typeof LuckyFlipPrize>;

export const LuckyFlipRule = z
  .object({
    /** One chance per this much credited deposit in the activity window (null: not by deposit). */
    depositPerChance: positiveMoney.nullable(),
    /** One chance per this much valid turnover in the activity window (null: not by turnover). */
    turnoverPerChance: positiveMoney.nullable(),
    /** At most this many chances per member in the activity (null: no cap). */
    maxChances: z.number().int().min(1).max(10_000).nullable(),
    turnoverMultiple: z.number().int().min(0).max(LUCKY_FLIP_MAX_MULTIPLE),
    prizes: z.array(LuckyFlipPrize).min(2).max(LUCKY_FLIP_MAX_PRIZES),
  })
  .strict()
  .refine((r) => r.depositPerChance !== null || r.turnoverPerChance !== null, {
    message: 'chances come from deposits or turnover',
  })
  .refine((r) => new Set(r.prizes.map((p) => p.id)).size === r.prizes.length, {
    message: 'prize ids are unique',
  });
export type LuckyFlipRule = z.infer<typeof LuckyFlipRule>;

/** An activity as its member page heads it. */
export const ActivityHeading = z.object({
  id: z.number().int(),
  title: z.string(),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
});
export type ActivityHeading = z.infer<typeof ActivityHeading>;

export const LuckyFlipRecord = z.object({
  nonce: z.number().int(),
  /** The prize the draw gave (its index in the activity's prize list). */
  drawnIndex: z.number().int(),
  drawnPrizeId: z.string(),
  roll: z.number().int(),
  /** What was paid: the drawn prize, or 谢谢参与 ('0') when its stock had run out. */
  label: z.string(),
  amount: moneyString,
  outOfStock: z.boolean(),
  clientSeed: z.string(),
  serverSeedCommitment: z.string(),
  /** Shown once the pair is rotated; then the flip can be verified. */
  serverSeed: z.string().nullable(),
  /** The weights the draw used, in prize order (verify recomputes with them). */
  weights: z.array(z.number().int()),
  createdAt: z.number().int(),
});
export type LuckyFlipRecord = z.infer<typeof LuckyFlipRecord>;

export const LuckyFlipSeeds = z.object({
  serverSeedCommitment: z.string(),
  clientSeed: z.string(),
  /** The nonce of the next flip. */
  nonce: z.number().int(),
});
export type LuckyFlipSeeds = z.infer<typeof LuckyFlipSeeds>;

export const LuckyFlipView = z.object({
  activity: ActivityHeading.nullable(),
  eligibility: Eligibility,
  chances: z.object({
    earned: z.number().int(),
    used: z.number().int(),
    remaining: z.number().int(),
  }),
  deposited: moneyString,
  turnover: moneyString,
  depositPerChance: moneyString.nullable(),
  turnoverPerChance: moneyString.nullable(),
  prizes: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      amount: moneyString,
      weight: z.number().int(),
      stockLeft: z.number().int().nullable(),
    }),
  ),
  seeds: LuckyFlipSeeds,
  flips: z.array(LuckyFlipRecord),
});
export type LuckyFlipView = z.infer<typeof LuckyFlipView>;

export const LuckyFlipQuery = z
  .object({ activityId: z.coerce.number().int().positive().optional() })
  .strict();
export const LuckyFlipRequest = z.object({ activityId: z.number().int().positive() }).strict();
/**
 * Printable ASCII only (no control characters); the service then holds it to the client-seed
 * alphabet and answers 9431, so the page can say what is wrong.
 */
export const LuckyFlipClientSeedRequest = z
  .object({ clientSeed: z.string().regex(/^[\x20-\x7e]{0,200}$/, 'invalid client seed') })
  .strict();
export const LuckyFlipRotateResult = z.object({
  revealed: z.object({
    serverSeed: z.string(),
    serverSeedCommitment: z.string(),
    clientSeed: z.string(),
  }),
  seeds: LuckyFlipSeeds,
});
export type LuckyFlipRotateResult = z.infer<typeof LuckyFlipRotateResult>;
