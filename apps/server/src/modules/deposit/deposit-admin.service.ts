import { ErrorCode, fenToYuanString } from '@nebula/protocol';
import type { Queryable } from '@nebula/db';
import { AppError } from '../../lib/errors';
import type { Actor } from '../audit/audit.service';
import type { DepositDeps, DepositService } from './deposit.service';
import * as repo from './deposit.repository';

/**
 * Operators and deposits: the review list, confirming money received on offline channels,
 * rejecting, and resolving payments that arrived late or with another amount. Every action is
 * a compare-and-set on the order, audited in the same unit of work.
 */
export class DepositAdminService {
  constructor(
    private readonly d: Pick<DepositDeps, 'db' | 'clock' | 'audit' | 'members' | 'timeline'>,
    private readonly deposits: DepositService,
  ) {}

  async adminList(status: string | undefined, page: number, pageSize: number) {
    await this.deposits.expireDue();
    const r = await repo.listDeposits(this.d.db, { status }, pageSize, (page - 1) * pageSize);
    const events = await this.d.timeline.of(
      this.d.db,
      r.rows.map((x) => x.id),
    );
    const members = await this.d.members.userNames(
      this.d.db,
      r.rows.map((x) => x.memberId),
    );
    return {
      list: r.rows.map((row) => ({
        ...this.deposits.presentOrder(row, events.get(row.id) ?? []),
        memberId: row.memberId,
        userName: members.get(row.memberId) ?? '',
        depositorName: row.depositorName,
        receivedAmount: row.receivedAmount === null ? null : fenToYuanString(row.receivedAmount),
      })),
      page,
      pageSize,
      total: r.total,
    };
  }

  async adminOrder(q: Queryable, orderId: string) {
    const row = await repo.readDeposit(q, orderId);
    if (!row) throw new AppError(ErrorCode.OrderNotFound);
    const events = await this.d.timeline.of(q, [orderId]);
    const names = await this.d.members.userNames(q, [row.memberId]);
    return {
      ...this.deposits.presentOrder(row, events.get(orderId) ?? []),
      memberId: row.memberId,
      userName: names.get(row.memberId) ?? '',
      depositorName: row.depositorName,
      receivedAmount: row.receivedAmount === null ? null : fenToYuanString(row.receivedAmount),
    };
  }

  /** An operator confirms money received on an offline channel: credited exactly once. */
  async confirm(q: Queryable, op: Actor, orderId: string, reason?: string) {
    const row = await repo.readDeposit(q, orderId, true);
    if (!row) throw new AppError(ErrorCode.OrderNotFound);
    const now = this.d.clock.now();
    // Offline money can arrive after the 30 minutes: an expired order can still be confirmed.
    await this.deposits.credit(
      q,
      row,
      row.creditAmount,
      now,
      reason ? `人工确认到账：${reason}` : '人工确认到账',
      ['pending', 'expired'],
    );
    await this.d.audit.record(q, {
      actor: op.userName,
      action: 'deposit.confirm',
      target: `deposit:${orderId}`,
      before: { status: row.status },
      after: { status: 'credited', amount: fenToYuanString(row.creditAmount) },
    });
    return this.adminOrder(q, orderId);
  }

  async reject(q: Queryable, op: Actor, orderId: string, reason: string) {
    const now = this.d.clock.now();
    const moved = await repo.casDeposit(q, orderId, ['pending'], 'rejected', now, { reason });
    if (!moved)
      throw new AppError(
        (await repo.readDeposit(q, orderId))
          ? ErrorCode.OrderStateChanged
          : ErrorCode.OrderNotFound,
      );
    await this.d.timeline.add(q, orderId, 'rejected', `已拒绝：${reason}`, now);
    await this.d.audit.record(q, {
      actor: op.userName,
      action: 'deposit.reject',
      target: `deposit:${orderId}`,
      before: { status: 'pending' },
      after: { status: 'rejected', reason },
    });
    return this.adminOrder(q, orderId);
  }

  /** A deposit in review: credit what was really received, or close it with a reason. */
  async resolve(q: Queryable, op: Actor, orderId: string, credit: boolean, reason: string) {
    const row = await repo.readDeposit(q, orderId, true);
    if (!row) throw new AppError(ErrorCode.OrderNotFound);
    if (row.status !== 'review' || row.receivedAmount === null)
      throw new AppError(ErrorCode.OrderStateChanged);
    const now = this.d.clock.now();
    if (credit) {
      await this.deposits.credit(q, row, row.receivedAmount, now, `人工审核入账：${reason}`, [
        'review',
      ]);
    } else {
      if (!(await repo.casDeposit(q, orderId, ['review'], 'rejected', now, { reason })))
        throw new AppError(ErrorCode.OrderStateChanged);
      await this.d.timeline.add(q, orderId, 'rejected', `审核关闭：${reason}`, now);
    }
    await this.d.audit.record(q, {
      actor: op.userName,
      action: credit ? 'deposit.resolve.credit' : 'deposit.resolve.close',
      target: `deposit:${orderId}`,
      before: { status: 'review', received: fenToYuanString(row.receivedAmount) },
      after: { reason },
    });
    return this.adminOrder(q, orderId);
  }
}
