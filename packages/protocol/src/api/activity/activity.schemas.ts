import { z } from 'zod';
import { moneyString, paging, pageOf } from '../core/common';
import { isCleanJson, multilineText, text } from '../../rules/text';
import { IneligibleReason } from '../rewards/rewards.schemas';
import { ActivityKind } from './activity-rules';

export * from './activity-rules';

/** Activities (contract §5 Activities): operator-defined, each with its kind's reward rule. */

export const ActivityStatus = z.enum(['draft', 'active', 'ended']);
export type ActivityStatus = z.infer<typeof ActivityStatus>;
/** What a member sees: a draft is never shown; an active one before its start is upcoming. */
export const ActivityPhase = z.enum(['upcoming', 'running', 'ended']);
export type ActivityPhase = z.infer<typeof ActivityPhase>;

export const ActivityEligibility = z
  .object({
    requireRealName: z.boolean().default(false),
    minVipLevel: z.number().int().min(0).max(10).default(0),
  })
  .strict();
export type ActivityEligibility = z.infer<typeof ActivityEligibility>;

const picturePath = text()
  .trim()
  .max(300)
  .regex(
    /^(https:\/\/[^\s"'<>\\]+|\/static\/[A-Za-z0-9/_.-]+)$/,
    '图片地址须为 https 或站内 /static/ 路径',
  );
const epochMs = z.number().int().min(0).max(8_640_000_000_000);

/**
 * The kind's rule, as JSON: checked against `activityRuleSchemas[kind]` by the server (which
 * answers 9412); clean text throughout, as jsonb stores it.
 */
const ruleJson = z.record(text().max(64), z.unknown()).refine(isCleanJson, '含有不允许的控制字符');

const activityFields = {
  title: text().trim().min(1).max(40),
  pictureUrl: picturePath,
  rulesText: multilineText().trim().min(1).max(4000),
  startsAt: epochMs,
  endsAt: epochMs,
  rule: ruleJson,
  eligibility: ActivityEligibility,
};
export const ActivityCreateRequest = z
  .object({
    kind: ActivityKind,
    ...activityFields,
    status: z.enum(['draft', 'active']).default('active'),
  })
  .strict();
export type ActivityCreateRequest = z.infer<typeof ActivityCreateRequest>;
/** An update replaces everything but the kind; an ended activity is not edited. */
export const ActivityUpdateRequest = z
  .object({ ...activityFields, status: z.enum(['draft', 'active']) })
  .strict();
export type ActivityUpdateRequest = z.infer<typeof ActivityUpdateRequest>;
export const ActivityIdParams = z
  .object({ activityId: z.coerce.number().int().positive().max(2_147_483_647) })
  .strict();

export const Activity = z.object({
  id: z.number().int(),
  kind: ActivityKind,
  title: z.string(),
  pictureUrl: z.string(),
  rulesText: z.string(),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  rule: z.record(z.string(), z.unknown()),
  eligibility: z.object({ requireRealName: z.boolean(), minVipLevel: z.number().int() }),
  status: ActivityStatus,
  phase: ActivityPhase,
});
export type Activity = z.infer<typeof Activity>;
export const AdminActivity = Activity.extend({
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  createdBy: z.string(),
});
export type AdminActivity = z.infer<typeof AdminActivity>;
export const AdminActivityQuery = z
  .object({ kind: ActivityKind.optional(), status: ActivityStatus.optional(), ...paging })
  .strict();
export const AdminActivityPage = pageOf(AdminActivity);
export type AdminActivityPage = z.infer<typeof AdminActivityPage>;

/**
 * Why the member cannot act on an activity now, if anything: its dates, the eligibility gate
 * (with the gate's reason), its VIP minimum, or because it is done for them (for now).
 */
export const ActivityBlocker = z.enum([
  'notStarted',
  'ended',
  'ineligible',
  'vipTooLow',
  'done',
  'noQualifyingDeposit',
]);
export type ActivityBlocker = z.infer<typeof ActivityBlocker>;
/** What the member may do: 申请 before depositing, 领取 after, 签到, or open its own page. */
export const ActivityAction = z.enum(['apply', 'claim', 'checkin', 'open']);
export type ActivityAction = z.infer<typeof ActivityAction>;
export const ActivityMemberState = z.object({
  /** The actions open to the member now (empty when blocked). */
  actions: z.array(ActivityAction),
  blocker: ActivityBlocker.nullable(),
  /** The eligibility gate's reason and its end, when the gate refuses. */
  reason: IneligibleReason.nullable(),
  endsAt: z.number().int().nullable(),
  /** A 申请 waiting for the next qualifying deposit. */
  applied: z.boolean(),
  /** What a claim would pay now (deposit bonuses), else null. */
  claimable: moneyString.nullable(),
});
export type ActivityMemberState = z.infer<typeof ActivityMemberState>;
export const MemberActivity = Activity.extend({
  /** Null for a visitor: the list is public, acting needs a session. */
  me: ActivityMemberState.nullable(),
});
export type MemberActivity = z.infer<typeof MemberActivity>;
export const MemberActivityList = z.object({ list: z.array(MemberActivity) });
export type MemberActivityList = z.infer<typeof MemberActivityList>;

/** 签到 month calendar. */
export const CheckinQuery = z
  .object({
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid month')
      .optional(),
  })
  .strict();
export const CheckinBlocker = z.enum([
  'noActivity',
  'ineligible',
  'vipTooLow',
  'done',
  'notQualified',
]);
export const CheckinCalendar = z.object({
  activity: MemberActivity.nullable(),
  month: z.string(),
  /** `YYYY-MM-DD` (Asia/Shanghai) of the month's check-ins, with their streak day. */
  days: z.array(
    z.object({ day: z.string(), streak: z.number().int(), reward: moneyString.nullable() }),
  ),
  today: z.object({
    day: z.string(),
    checkedIn: z.boolean(),
    canCheckIn: z.boolean(),
    blocker: CheckinBlocker.nullable(),
    reason: IneligibleReason.nullable(),
    /** Today's valid turnover and credited deposits, against the activity's minimum. */
    turnover: moneyString,
    deposits: moneyString,
    minDaily: moneyString,
  }),
  /** The streak as of today (or yesterday, when today is not checked in yet). */
  streak: z.number().int(),
});
export type CheckinCalendar = z.infer<typeof CheckinCalendar>;
export const CheckinResult = z.object({
  day: z.string(),
  streak: z.number().int(),
  reward: moneyString.nullable(),
  grantId: z.number().int().nullable(),
});
export type CheckinResult = z.infer<typeof CheckinResult>;
export const ActivityClaimResult = z.object({
  activityId: z.number().int(),
  amount: moneyString,
  grantId: z.number().int(),
});
export type ActivityClaimResult = z.infer<typeof ActivityClaimResult>;
