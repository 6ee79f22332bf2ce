import { z } from 'zod';
import { dateString, paging, pageOf } from '../core/common';
import { text } from '../../rules/text';
import { MALL_ITEM_KINDS, POINTS_ENTRY_TYPES, REDEMPTION_STATUSES } from './mall.constants';

export { MALL_ITEM_KINDS, POINTS_ENTRY_TYPES, REDEMPTION_STATUSES };

/**
 * 积分商城 (contract §5 Points mall): points are whole numbers (decimal strings on the wire, like
 * 金币); items cost points; a redemption takes stock and points in one transaction.
 */
export const pointsString = z.string().regex(/^(0|[1-9]\d{0,15})$/, 'invalid points');
export const MallItemKind = z.enum(MALL_ITEM_KINDS);
export type MallItemKind = z.infer<typeof MallItemKind>;
export const RedemptionStatus = z.enum(REDEMPTION_STATUSES);
export type RedemptionStatus = z.infer<typeof RedemptionStatus>;
export const PointsEntryType = z.enum(POINTS_ENTRY_TYPES);
export type PointsEntryType = z.infer<typeof PointsEntryType>;

export const MallItem = z.object({
  id: z.number().int(),
  kind: MallItemKind,
  title: z.string(),
  description: z.string(),
  image: z.string(),
  price: pointsString,
  stock: z.number().int(),
  /** coins: 金币 units; bonus: money (yuan, two places); physical: "0". */
  value: z.string(),
  turnoverMultiple: z.number().int(),
  perMemberLimit: z.number().int().nullable(),
  startsAt: z.number().int().nullable(),
  endsAt: z.number().int().nullable(),
});
export type MallItem = z.infer<typeof MallItem>;
export const MallHome = z.object({ points: pointsString, items: z.array(MallItem) });
export type MallHome = z.infer<typeof MallHome>;

export const MallItemIdParams = z.object({ itemId: z.coerce.number().int().positive() }).strict();
export const MallAddress = z
  .object({
    name: text().trim().min(1).max(20),
    phone: z.string().regex(/^1\d{10}$/, 'invalid phone'),
    address: text().trim().min(5).max(120),
  })
  .strict();
export type MallAddress = z.infer<typeof MallAddress>;
export const MallRedeemRequest = z.object({ address: MallAddress.optional() }).strict();
export type MallRedeemRequest = z.infer<typeof MallRedeemRequest>;

export const MallRedemption = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  kind: MallItemKind,
  title: z.string(),
  price: pointsString,
  value: z.string(),
  status: RedemptionStatus,
  address: MallAddress.nullable(),
  trackingNo: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type MallRedemption = z.infer<typeof MallRedemption>;
export const MallRedemptionQuery = z
  .object({ status: RedemptionStatus.optional(), ...paging })
  .strict();
export const MallRedemptionPage = pageOf(MallRedemption);
export type MallRedemptionPage = z.infer<typeof MallRedemptionPage>;

export const PointsLedgerQuery = z
  .object({
    type: PointsEntryType.optional(),
    from: dateString.optional(),
    to: dateString.optional(),
    ...paging,
  })
  .strict();
export const PointsEntry = z.object({
  id: z.number().int(),
  time: z.number().int(),
  type: PointsEntryType,
  /** Signed: "+120" earned, "-100" spent. */
  amount: z.string(),
  balance: pointsString,
  memo: z.string(),
});
export type PointsEntry = z.infer<typeof PointsEntry>;
export const PointsLedgerPage = pageOf(PointsEntry).extend({ balance: pointsString });
export type PointsLedgerPage = z.infer<typeof PointsLedgerPage>;

// --- operators
export const AdminMallItem = MallItem.extend({
  active: z.boolean(),
  sort: z.number().int(),
});
export type AdminMallItem = z.infer<typeof AdminMallItem>;
export const AdminMallItems = z.object({ list: z.array(AdminMallItem) });
export type AdminMallItems = z.infer<typeof AdminMallItems>;
/** Creates an item (no id) or replaces one's fields (id). */
export const MallItemSaveRequest = z
  .object({
    id: z.number().int().positive().optional(),
    kind: MallItemKind,
    title: text().trim().min(1).max(40),
    description: text().trim().max(200).default(''),
    image: text().trim().max(300).default(''),
    price: pointsString,
    stock: z.number().int().min(0).max(10_000_000),
    value: z.string().regex(/^(0|[1-9]\d{0,13})(\.\d{1,2})?$/, 'invalid value'),
    turnoverMultiple: z.number().int().min(0).max(100).default(0),
    perMemberLimit: z.number().int().min(1).max(10_000).nullable().default(null),
    active: z.boolean().default(true),
    startsAt: z.number().int().nonnegative().nullable().default(null),
    endsAt: z.number().int().nonnegative().nullable().default(null),
    sort: z.number().int().min(0).max(10_000).default(0),
  })
  .strict();
export type MallItemSaveRequest = z.infer<typeof MallItemSaveRequest>;
export const AdminRedemption = MallRedemption.extend({ memberId: z.number().int() });
export const AdminRedemptionPage = pageOf(AdminRedemption);
export type AdminRedemptionPage = z.infer<typeof AdminRedemptionPage>;
export const RedemptionIdParams = z
  .object({ redemptionId: z.coerce.number().int().positive() })
  .strict();
export const RedemptionShipRequest = z
  .object({ trackingNo: z.string().regex(/^[A-Za-z0-9-]{4,40}$/, 'invalid tracking number') })
  .strict();
export const RedemptionCancelRequest = z.object({ reason: text().trim().min(1).max(200) }).strict();
export const PointsRates = z.object({
  list: z.array(
    z.object({
      family: z.string(),
      name: z.string(),
      /** Points per ¥1 of valid turnover, up to three places ("1", "0.5"). */
      pointsPerYuan: z.string(),
    }),
  ),
  expireDays: z.number().int(),
});
export type PointsRates = z.infer<typeof PointsRates>;
export const PointsRateSetRequest = z
  .object({
    family: z.enum(['TY', 'ZR', 'DJ', 'CP', 'QP', 'DZ', 'BY']),
    pointsPerYuan: z.string().regex(/^(0|[1-9]\d{0,2})(\.\d{1,3})?$/, 'invalid rate'),
  })
  .strict();
export const PointsAdjustRequest = z
  .object({
    direction: z.enum(['credit', 'debit']),
    points: pointsString,
    reason: text().trim().min(1).max(200),
  })
  .strict();
export const PointsAdjustResult = z.object({ reference: z.string(), points: pointsString });
export type PointsAdjustResult = z.infer<typeof PointsAdjustResult>;
