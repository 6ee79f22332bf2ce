/**
 * Ledger account kinds. Every account holds one asset: CNY in fen, COIN in whole units, POINT
 * (积分商城 points, never money: no route moves them to CNY) in whole points.
 * Member accounts are one per member and kind; house accounts are sharded so concurrent
 * postings spread over several rows and none of them is ever locked by member traffic.
 */
export type Asset = 'CNY' | 'COIN' | 'POINT';

export const MEMBER_KINDS = {
  main: 'CNY',
  locked: 'CNY',
  coin: 'COIN',
  /**
   * Money on its way into a venue: it left main when the transfer was committed and waits here
   * until the venue's answer moves it on (to the venue's float) or back (to main). A member's
   * venue balances are not accounts: they are what each venue answers (contract §6).
   */
  transit: 'CNY',
  /** 积分: earned from valid turnover, spent in the mall (contract §5 Points mall). */
  points: 'POINT',
} as const satisfies Record<string, Asset>;
export type MemberKind = keyof typeof MEMBER_KINDS;

export const HOUSE_KINDS = {
  /** Where deposited money comes from (the outside world). */
  deposits: 'CNY',
  /** Where paid-out withdrawals go. */
  withdrawals: 'CNY',
  adjustments: 'CNY',
  adjustmentsCoin: 'COIN',
  /** CNY received for COIN sold. */
  coinSales: 'CNY',
  /** COIN issued to members. */
  coinIssuance: 'COIN',
  bonuses: 'CNY',
  bonusesCoin: 'COIN',
  gifts: 'COIN',
  /** Points issued to members (earned) and taken back (spent, expired). */
  pointsIssuance: 'POINT',
} as const satisfies Record<string, Asset>;
/**
 * `venue-float:{code}`: the platform's position with a venue — money sent in less money
 * brought home (negative when members brought home more than they sent: their winnings).
 */
export type HouseKind = keyof typeof HOUSE_KINDS | `venue-float:${string}`;

export const HOUSE_SHARDS = 8;

export function memberAsset(kind: MemberKind): Asset {
  return MEMBER_KINDS[kind];
}

export function houseAsset(kind: HouseKind): Asset {
  return kind.startsWith('venue-float:') ? 'CNY' : HOUSE_KINDS[kind as keyof typeof HOUSE_KINDS];
}

export type AccountRef = { memberId: number; kind: MemberKind } | { house: HouseKind };
