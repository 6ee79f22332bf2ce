import { z } from 'zod';
import { dateString, moneyString, paging, pageOf } from '../core/common';
import { text } from '../../rules/text';

/** Rewards (contract §5 Rewards): grants, their turnover buckets, eligibility, VIP. */

export const GRANT_KINDS = [
  'activity',
  'vipUpgrade',
  'vipMonthly',
  'vipBirthday',
  'rebate',
  'checkin',
  'flip',
  'invite',
  'peakBet',
  'mall',
  'commission',
  'manual',
] as const;
export const GrantKind = z.enum(GRANT_KINDS);
export type GrantKind = z.infer<typeof GrantKind>;
export const GrantStatus = z.enum(['available', 'paid', 'expired', 'revoked']);
export type GrantStatus = z.infer<typeof GrantStatus>;
/** A grant's turnover bucket: open until filled; waived by an operator; given up (放弃优惠). */
export const BucketStatus = z.enum(['open', 'done', 'waived', 'given_up']);
export type BucketStatus = z.infer<typeof BucketStatus>;

export const Grant = z.object({
  id: z.number().int(),
  kind: GrantKind,
  title: z.string(),
  amount: moneyString,
  turnoverMultiple: z.number().int(),
  /** The bucket once paid with a multiple: what it needs and what valid turnover filled. */
  bucket: z.object({ required: moneyString, filled: moneyString, status: BucketStatus }).nullable(),
  status: GrantStatus,
  createdAt: z.number().int(),
  expiresAt: z.number().int().nullable(),
  paidAt: z.number().int().nullable(),
  /** 放弃优惠: what was taken back from the main balance. */
  forfeited: moneyString.nullable(),
});
export type Grant = z.infer<typeof Grant>;
export const GrantPage = pageOf(Grant);
export type GrantPage = z.infer<typeof GrantPage>;
export const GrantQuery = z
  .object({
    status: GrantStatus.optional(),
    kind: GrantKind.optional(),
    ...paging,
  })
  .strict();
export const GrantIdParams = z.object({ grantId: z.coerce.number().int().positive() }).strict();

export const IneligibleReason = z.enum([
  'playBreak',
  'blocked',
  'realNameRequired',
  'unknownMember',
  // Marketing only: named on the self-exclusion register, or the register unreachable.
  'selfExclusionRegister',
  // Reward and marketing: a loss, wager or time limit the member set is reached.
  'limitReached',
]);
export const Eligibility = z.object({
  eligible: z.boolean(),
  reason: IneligibleReason.nullable(),
  endsAt: z.number().int().nullable(),
});
export type Eligibility = z.infer<typeof Eligibility>;

// --- VIP (operator data: thresholds and packets in money; the level is reached on both)
export const VipLevel = z.object({
  level: z.number().int().min(0).max(10),
  name: text().trim().min(1).max(20),
  depositThreshold: moneyString,
  turnoverThreshold: moneyString,
  upgradeBonus: moneyString,
  monthlyPacket: moneyString,
  monthlyMinDeposit: moneyString,
  birthdayPacket: moneyString,
  retentionTurnover: moneyString,
  packetMultiple: z.number().int().min(0).max(100),
  rebateDailyCap: moneyString,
});
export type VipLevel = z.infer<typeof VipLevel>;
export const VipTable = z.object({
  list: z.array(VipLevel),
  /** 返水 per (level, family) in percent, and the families' names (the details page). */
  rates: z.array(
    z.object({ level: z.number().int(), family: z.string(), ratePercent: z.string() }),
  ),
  families: z.array(z.object({ family: z.string(), name: z.string() })),
});
export type VipTable = z.infer<typeof VipTable>;
export const VipLevelParams = z.object({ level: z.coerce.number().int().min(0).max(10) }).strict();
export const VipLevelSetRequest = VipLevel.omit({ level: true }).strict();

export const VipStatus = z.object({
  level: z.number().int(),
  name: z.string(),
  /** Cumulative credited deposits and valid turnover: the two measures of the table. */
  deposits: moneyString,
  turnover: moneyString,
  next: VipLevel.nullable(),
  current: VipLevel,
  birthday: dateString.nullable(),
  /** When the level is next judged: the daily job at 04:00 Asia/Shanghai. */
  nextReviewAt: z.number().int(),
});
export type VipStatus = z.infer<typeof VipStatus>;
export const BirthdaySetRequest = z.object({ birthday: dateString }).strict();

// --- operators
export const RevokeRequest = z.object({ reason: text().trim().min(1).max(200) }).strict();
/**
 * An operator's manual grant (人工发放): paid at once to main with its turnover multiple; above
 * the promo threshold it waits for a second operator (contract §4.1).
 */
export const ManualGrantRequest = z
  .object({
    amount: moneyString.refine((s) => !/^0(\.0{1,2})?$/.test(s), 'must be positive'),
    title: text().trim().min(1).max(40),
    turnoverMultiple: z.number().int().min(0).max(10),
    reason: text().trim().min(1).max(200),
  })
  .strict();
export type ManualGrantRequest = z.infer<typeof ManualGrantRequest>;
export const AdminGrant = Grant.extend({ memberId: z.number().int() });
export type AdminGrant = z.infer<typeof AdminGrant>;
export const AdminGrantPage = pageOf(AdminGrant);
export const GrantReportQuery = z.object({ from: dateString, to: dateString }).strict();
export const GrantReport = z.object({
  list: z.array(
    z.object({
      day: dateString,
      kind: GrantKind,
      count: z.number().int(),
      amount: moneyString,
    }),
  ),
});
export type GrantReport = z.infer<typeof GrantReport>;

// --- 返水 (rates in percent strings of up to four places: "0.38" is 0.38 %)
export const ratePercent = z.string().regex(/^(0|[1-9]\d?)(\.\d{1,4})?$/, 'invalid rate');
export const RebateView = z.object({
  day: dateString,
  level: z.number().int(),
  families: z.array(
    z.object({
      family: z.string(),
      name: z.string(),
      /** Valid turnover not rebated yet, and what it accrues at the member's rate. */
      turnover: moneyString,
      ratePercent,
      amount: moneyString,
    }),
  ),
  /** What a claim pays now: the families' sum within what the daily cap leaves. */
  total: moneyString,
  cap: moneyString,
  paidToday: moneyString,
});
export type RebateView = z.infer<typeof RebateView>;
export const RebateRates = z.object({
  families: z.array(
    z.object({ family: z.string(), name: z.string(), minEdgePercent: ratePercent }),
  ),
  list: z.array(z.object({ level: z.number().int(), family: z.string(), ratePercent })),
});
export type RebateRates = z.infer<typeof RebateRates>;
export const RebateRateSetRequest = z
  .object({
    level: z.number().int().min(0).max(10),
    family: z.enum(['TY', 'ZR', 'DJ', 'CP', 'QP', 'DZ', 'BY']),
    ratePercent,
  })
  .strict();

// --- 礼物记录: chat gifts from the chat's gift ledger (a gift goes to the room, not a member)
export const GiftRecordQuery = z
  .object({ from: dateString.optional(), to: dateString.optional(), ...paging })
  .strict();
export const GiftRecord = z.object({
  id: z.number().int(),
  time: z.number().int(),
  roomName: z.string(),
  giftName: z.string(),
  icon: z.string(),
  count: z.number().int(),
  /** Whole units of the site currency (金币). */
  coin: z.string(),
});
export type GiftRecord = z.infer<typeof GiftRecord>;
export const GiftRecordPage = pageOf(GiftRecord);
export type GiftRecordPage = z.infer<typeof GiftRecordPage>;
