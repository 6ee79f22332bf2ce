import {
  ErrorCode,
  fenToYuanString,
  type MallHome,
  type MallItem,
  type MallRedeemRequest,
  type MallRedemption,
  type MallRedemptionPage,
  type RedemptionStatus,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { LedgerService, PostingInput } from '../../ledger/ledger.service';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { EligibilityService } from '../play-break/eligibility.service';
import type { GrantService } from '../rewards/grant.service';
import * as repo from './mall.repository';

export interface MallDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  grants: GrantService;
  eligibility: EligibilityService;
}

/**
 * 积分商城 (contract §5 Points mall). A redemption is one database transaction: the member's
 * lock (their redemptions queue, so a per-member limit holds), one of the item's stock (never
 * below zero: parallel redemptions of the last one queue on the item's row and all but one find
 * none), the points (ledger `points:redeem:{id}`, never below zero) and the redemption row. A
 * 金币 pack is credited in that same ledger transaction; a bonus is a grant of kind 'mall'.
 */
export class MallService {
  constructor(private readonly d: MallDeps) {}

  async home(memberId: number): Promise<MallHome> {
    const [items, b] = await Promise.all([
      repo.listOnSale(this.d.db, this.d.clock.now()),
      this.d.ledger.balances(this.d.db, memberId),
    ]);
    return { points: b.points.toString(), items: items.map(presentItem) };
  }

  async redeem(
    q: Queryable,
    memberId: number,
    itemId: number,
    body: MallRedeemRequest,
  ): Promise<MallRedemption> {
    await this.d.eligibility.assert(q, memberId, 'reward');
    const now = this.d.clock.now();
    const item = await repo.getItem(q, itemId);
    if (!item) throw new AppError(ErrorCode.MallItemNotFound);
    if (!onSale(item, now)) throw new AppError(ErrorCode.MallItemUnavailable);
    if (item.kind === 'physical' && !body.address)
      throw new AppError(ErrorCode.MallAddressRequired);
    await repo.lockMember(q, memberId);
    if (
      item.perMemberLimit !== null &&
      (await repo.countRedeemed(q, memberId, item.id)) >= item.perMemberLimit
    )
      throw new AppError(ErrorCode.MallLimitReached, { limit: item.perMemberLimit });
    const held = (await this.d.ledger.balances(q, memberId)).points;
    if (held < item.price)
      throw new AppError(ErrorCode.MallPointsInsufficient, { points: held.toString() });
    if (!(await repo.takeStock(q, item.id))) throw new AppError(ErrorCode.MallOutOfStock);
    const row = await repo.insertRedemption(q, {
      memberId,
      item,
      status: item.kind === 'physical' ? 'pending' : 'done',
      address: item.kind === 'physical' ? (body.address ?? null) : null,
      now,
    });
    const postings: PostingInput[] = [
      { account: { memberId, kind: 'points' }, amount: -item.price },
      { account: { house: 'pointsIssuance' }, amount: item.price },
    ];
    if (item.kind === 'coins')
      postings.push(
        { account: { house: 'coinIssuance' }, amount: -item.value },
        { account: { memberId, kind: 'coin' }, amount: item.value },
      );
    try {
      await this.d.ledger.post(q, {
        reference: `points:redeem:${row.id}`,
        kind: 'pointsRedeem',
        memo: `兑换 ${item.title}`,
        memberId,
        postings,
      });
    } catch (err) {
      // The balance read above is under the member's lock, so this is a second line of defence.
      if (err instanceof AppError && err.code === ErrorCode.InsufficientBalance)
        throw new AppError(ErrorCode.MallPointsInsufficient);
      throw err;
    }
    if (item.kind === 'bonus') {
      const g = await this.d.grants.create(q, {
        kind: 'mall',
        sourceId: String(row.id),
        memberId,
        title: `积分兑换 ${item.title}`,
        amount: item.value,
        turnoverMultiple: item.turnoverMultiple,
        expiresAt: null,
        auto: true,
      });
      // Eligibility was asserted above in this transaction; a null here would take points for nothing.
      if (!g) throw new AppError(ErrorCode.RewardIneligible);
    }
    return presentRedemption(row);
  }

  async redemptions(
    memberId: number,
    f: { status?: RedemptionStatus; page: number; pageSize: number },
  ): Promise<MallRedemptionPage> {
    const { list, total } = await repo.pageRedemptions(this.d.db, {
      memberId,
      status: f.status,
      limit: f.pageSize,
      offset: (f.page - 1) * f.pageSize,
    });
    return { list: list.map(presentRedemption), total, page: f.page, pageSize: f.pageSize };
  }
}

export const onSale = (i: repo.ItemRow, now: number): boolean =>
  i.active && (i.startsAt === null || i.startsAt <= now) && (i.endsAt === null || i.endsAt > now);

/** An item's value as shown: 金币 units, money in yuan, nothing for a physical item. */
const valueText = (kind: repo.ItemRow['kind'], value: bigint): string =>
  kind === 'bonus' ? fenToYuanString(value) : value.toString();

export function presentItem(i: repo.ItemRow): MallItem {
  return {
    id: i.id,
    kind: i.kind,
    title: i.title,
    description: i.description,
    image: i.image,
    price: i.price.toString(),
    stock: i.stock,
    value: valueText(i.kind, i.value),
    turnoverMultiple: i.turnoverMultiple,
    perMemberLimit: i.perMemberLimit,
    startsAt: i.startsAt,
    endsAt: i.endsAt,
  };
}

export function presentRedemption(r: repo.RedemptionRow): MallRedemption {
  return {
    id: r.id,
    itemId: r.itemId,
    kind: r.kind,
    title: r.title,
    price: r.price.toString(),
    value: valueText(r.kind, r.value),
    status: r.status,
    address: r.address,
    trackingNo: r.trackingNo,
    cancelReason: r.cancelReason,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}
