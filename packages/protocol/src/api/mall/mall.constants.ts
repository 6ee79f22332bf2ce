/**
 * The mall's enumerations as plain data (no zod), so the member site can import them at run
 * time without pulling schema code into its bundle.
 */
export const MALL_ITEM_KINDS = ['coins', 'bonus', 'physical'] as const;
export const REDEMPTION_STATUSES = [
  'done',
  'pending',
  'shipped',
  'delivered',
  'cancelled',
] as const;
/** What a points ledger line was: earned from turnover, spent, refunded, expired, adjusted. */
export const POINTS_ENTRY_TYPES = [
  'pointsEarn',
  'pointsRedeem',
  'pointsRefund',
  'pointsExpire',
  'pointsAdjust',
] as const;
