import {
  ErrorCode,
  MoneyFormatError,
  parseMoney,
  type AdminMallItem,
  type AdminMallItems,
  type AdminRedemptionPage,
  type MallItemSaveRequest,
  type MallRedemption,
  type RedemptionStatus,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { LedgerService } from '../../ledger/ledger.service';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Actor, AuditService } from '../audit/audit.service';
import * as repo from './mall.repository';
import * as mallExport from './mall-export.repository';
import type { ExportSource } from '../../lib/export-source';
import { presentItem, presentRedemption } from './mall.service';

type AdminRedemption = MallRedemption & { memberId: number };

/**
 * Operators' side of the mall (contract §5 Points mall): items, the physical orders' status
 * (pending → shipped with a tracking number → delivered; a pending one may be cancelled, its
 * points given back once by the reversal `points:refund:{id}`). Every change
 * is audited with the before and after, in the change's transaction. (Rates and adjustments:
 * points-admin.service.ts.)
 */
export class MallAdminService {
  constructor(
    private readonly d: { db: Db; clock: Clock; ledger: LedgerService; audit: AuditService },
  ) {}

  async items(): Promise<AdminMallItems> {
    return { list: (await repo.listAll(this.d.db)).map(presentAdminItem) };
  }

  async saveItem(op: Actor, input: MallItemSaveRequest): Promise<AdminMallItem> {
    return this.d.db.tx((q) => this.saveItemIn(q, op, input));
  }

  /** `saveItem` inside the caller's transaction (an approved request's). */
  async saveItemIn(q: Queryable, op: Actor, input: MallItemSaveRequest): Promise<AdminMallItem> {
    const fields = itemFields(input);
    const now = this.d.clock.now();
    let id = input.id;
    let before: repo.ItemRow | null = null;
    if (id === undefined) id = await repo.insertItem(q, fields, now);
    else {
      before = await repo.updateItem(q, id, fields, now);
      if (!before) throw new AppError(ErrorCode.MallItemNotFound);
    }
    const after = (await repo.getItem(q, id))!;
    await this.d.audit.record(q, {
      actor: op.userName,
      action: before ? 'mall.item.update' : 'mall.item.create',
      target: `mall-item:${id}`,
      before: before && presentAdminItem(before),
      after: presentAdminItem(after),
    });
    return presentAdminItem(after);
  }

  /**
   * Whether saving the item makes the mall pay more money for points (contract §4.1: a reward
   * raise waits for a second operator): a 金币 or bonus item that will be on offer and was not
   * (new, inactive, another kind), gives more per point than before, or lets a member take it
   * more times (null: no limit). Stock, text and a physical item are no raise. Checked as
   * saving would (9528, 9527), so a bad item is refused before anything is filed.
   */
  async itemRaises(input: MallItemSaveRequest): Promise<boolean> {
    const after = itemFields(input);
    const before = input.id === undefined ? null : await repo.getItem(this.d.db, input.id);
    if (input.id !== undefined && !before) throw new AppError(ErrorCode.MallItemNotFound);
    if (after.kind === 'physical' || !after.active) return false;
    if (!before?.active || before.kind !== after.kind) return true;
    const limit = (n: number | null) => (n === null ? Infinity : n);
    return (
      after.value * before.price > before.value * after.price ||
      limit(after.perMemberLimit) > limit(before.perMemberLimit)
    );
  }

  async redemptions(f: {
    status?: RedemptionStatus;
    page: number;
    pageSize: number;
  }): Promise<AdminRedemptionPage> {
    const { list, total } = await repo.pageRedemptions(this.d.db, {
      status: f.status,
      limit: f.pageSize,
      offset: (f.page - 1) * f.pageSize,
    });
    return { list: list.map(presentAdmin), total, page: f.page, pageSize: f.pageSize };
  }

  ship(op: Actor, id: number, trackingNo: string): Promise<AdminRedemption> {
    return this.#move(op, id, 'pending', 'mall.redemption.ship', (q) =>
      repo.setStatus(q, id, { status: 'shipped', trackingNo, now: this.d.clock.now() }),
    );
  }

  deliver(op: Actor, id: number): Promise<AdminRedemption> {
    return this.#move(op, id, 'shipped', 'mall.redemption.deliver', (q) =>
      repo.setStatus(q, id, { status: 'delivered', now: this.d.clock.now() }),
    );
  }

  /** Cancels a pending physical order: its points back (one reversal), its stock back. */
  cancel(op: Actor, id: number, reason: string): Promise<AdminRedemption> {
    return this.#move(op, id, 'pending', 'mall.redemption.cancel', async (q, r) => {
      await this.d.ledger.post(q, {
        reference: `points:refund:${r.id}`,
        kind: 'pointsRefund',
        memo: `兑换取消退回：${r.title}`,
        memberId: r.memberId,
        postings: [
          { account: { memberId: r.memberId, kind: 'points' }, amount: r.price },
          { account: { house: 'pointsIssuance' }, amount: -r.price },
        ],
      });
      await repo.returnStock(q, r.itemId);
      return repo.setStatus(q, id, {
        status: 'cancelled',
        cancelReason: reason,
        now: this.d.clock.now(),
      });
    });
  }

  /** One status step under the redemption's lock: only from `from`, audited. */
  #move(
    op: Actor,
    id: number,
    from: RedemptionStatus,
    action: string,
    step: (q: Queryable, r: repo.RedemptionRow) => Promise<repo.RedemptionRow>,
  ): Promise<AdminRedemption> {
    return this.d.db.tx(async (q) => {
      const r = await repo.lockRedemption(q, id);
      if (!r) throw new AppError(ErrorCode.MallRedemptionNotFound);
      if (r.kind !== 'physical' || r.status !== from)
        throw new AppError(ErrorCode.MallRedemptionStatus, { status: r.status });
      const after = await step(q, r);
      await this.d.audit.record(q, {
        actor: op.userName,
        action,
        target: `mall-redemption:${id}`,
        before: { status: r.status, trackingNo: r.trackingNo },
        after: { status: after.status, trackingNo: after.trackingNo, reason: after.cancelReason },
      });
      return presentAdmin(after);
    });
  }

  /** The redemptions CSV export's rows (reports/list-exports.service.ts), in id order. */
  exportSource(f: { status?: RedemptionStatus }): ExportSource<repo.RedemptionRow, number> {
    return {
      count: () => mallExport.countRedemptions(this.d.db, f),
      page: (after, limit) => mallExport.redemptionsAfter(this.d.db, f, after, limit),
      first: 0,
      keyOf: (r) => r.id,
    };
  }
}

const presentAdmin = (r: repo.RedemptionRow): AdminRedemption => ({
  ...presentRedemption(r),
  memberId: r.memberId,
});

const presentAdminItem = (i: repo.ItemRow): AdminMallItem => ({
  ...presentItem(i),
  active: i.active,
  sort: i.sort,
});

/**
 * The item's row from an operator's input: a 金币 pack's value is whole units, a bonus's is
 * money, a physical item has none; the window opens before it closes. Else 9528.
 */
function itemFields(i: MallItemSaveRequest): repo.ItemInput {
  const invalid = (path: string) => new AppError(ErrorCode.MallItemInvalid, { path });
  let value: bigint;
  if (i.kind === 'physical') {
    if (i.value !== '0') throw invalid('value');
    value = 0n;
  } else if (i.kind === 'coins') {
    if (!/^[1-9]\d{0,11}$/.test(i.value)) throw invalid('value');
    value = BigInt(i.value);
  } else {
    try {
      value = parseMoney(i.value);
    } catch (err) {
      if (err instanceof MoneyFormatError) throw invalid('value');
      throw err;
    }
    if (value <= 0n) throw invalid('value');
  }
  const price = BigInt(i.price);
  if (price <= 0n) throw invalid('price');
  if (i.startsAt !== null && i.endsAt !== null && i.startsAt >= i.endsAt) throw invalid('endsAt');
  return {
    kind: i.kind,
    title: i.title,
    description: i.description,
    image: i.image,
    price,
    stock: i.stock,
    value,
    turnoverMultiple: i.kind === 'bonus' ? i.turnoverMultiple : 0,
    perMemberLimit: i.perMemberLimit,
    active: i.active,
    startsAt: i.startsAt,
    endsAt: i.endsAt,
    sort: i.sort,
  };
}
