import { ErrorCode, fenToYuanString, type WithdrawOrder } from '@nebula/protocol';
import type { Queryable } from '@nebula/db';
import { AppError } from '../../lib/errors';
import type { Actor } from '../audit/audit.service';
import type { WithdrawDeps, WithdrawService } from './withdraw.service';
import * as repo from './withdraw.repository';
import type { WithdrawRow } from './withdraw.repository';

/**
 * Operators and withdrawals: the review list with the payout details, paying out (the locked
 * money leaves for the house) or rejecting (it returns to main), each exactly once by
 * compare-and-set and audited in the same unit of work.
 */
export class WithdrawAdminService {
  constructor(
    private readonly d: Pick<
      WithdrawDeps,
      'db' | 'clock' | 'ledger' | 'accounts' | 'audit' | 'members' | 'timeline'
    >,
    private readonly withdrawals: WithdrawService,
  ) {}

  async adminList(status: string | undefined, page: number, pageSize: number) {
    const r = await repo.listWithdraws(
      this.d.db,
      { status: status === 'pending' ? 'review' : status },
      pageSize,
      (page - 1) * pageSize,
    );
    const events = await this.d.timeline.of(
      this.d.db,
      r.rows.map((x) => x.id),
    );
    const list = [];
    for (const row of r.rows)
      list.push(await this.#adminView(this.d.db, row, events.get(row.id) ?? []));
    return { list, page, pageSize, total: r.total };
  }

  async #adminView(q: Queryable, row: WithdrawRow, timeline: WithdrawOrder['timeline']) {
    const payout = await this.d.accounts.payoutDetails(q, row.accountId);
    const names = await this.d.members.userNames(q, [row.memberId]);
    return {
      ...this.withdrawals.present(row, timeline),
      memberId: row.memberId,
      userName: names.get(row.memberId) ?? '',
      accountNo: payout?.accountNo ?? '',
      holder: payout?.holder ?? null,
    };
  }

  async #adminOrder(q: Queryable, id: string) {
    const row = await repo.readWithdraw(q, id);
    if (!row) throw new AppError(ErrorCode.OrderNotFound);
    return this.#adminView(q, row, (await this.d.timeline.of(q, [id])).get(id) ?? []);
  }

  /** Paid out: the locked money leaves for the house withdrawals account, exactly once. */
  /**
   * The amount (fen) of an order waiting for review — the four-eyes value of paying it — or
   * null when there is no such order to pay (approve then answers why).
   */
  async orderAmount(orderId: string): Promise<bigint | null> {
    const row = await repo.readWithdraw(this.d.db, orderId);
    return row?.status === 'review' ? row.amount : null;
  }

  async approve(q: Queryable, op: Actor, orderId: string, reason?: string) {
    const now = this.d.clock.now();
    const row = await repo.casWithdraw(q, orderId, 'paid', reason ?? null, now);
    if (!row)
      throw new AppError(
        (await repo.readWithdraw(q, orderId))
          ? ErrorCode.OrderStateChanged
          : ErrorCode.OrderNotFound,
      );
    await this.d.ledger.post(q, {
      reference: `withdraw-paid:${orderId}`,
      kind: 'withdrawPaid',
      memo: row.accountLabel,
      memberId: row.memberId,
      postings: [
        { account: { memberId: row.memberId, kind: 'locked' }, amount: -row.amount },
        { account: { house: 'withdrawals' }, amount: row.amount },
      ],
    });
    await this.d.timeline.add(q, orderId, 'paid', '已出款，请留意到账', now);
    await this.d.audit.record(q, {
      actor: op.userName,
      action: 'withdraw.approve',
      target: `withdraw:${orderId}`,
      before: { status: 'review' },
      after: { status: 'paid', amount: fenToYuanString(row.amount) },
    });
    return this.#adminOrder(q, orderId);
  }

  /** Rejected: the locked money goes back to main, with the reason shown to the member. */
  async reject(q: Queryable, op: Actor, orderId: string, reason: string) {
    const now = this.d.clock.now();
    const row = await repo.casWithdraw(q, orderId, 'rejected', reason, now);
    if (!row)
      throw new AppError(
        (await repo.readWithdraw(q, orderId))
          ? ErrorCode.OrderStateChanged
          : ErrorCode.OrderNotFound,
      );
    await this.d.ledger.post(q, {
      reference: `withdraw-refund:${orderId}`,
      kind: 'withdrawRefund',
      memo: reason,
      memberId: row.memberId,
      postings: [
        { account: { memberId: row.memberId, kind: 'locked' }, amount: -row.amount },
        { account: { memberId: row.memberId, kind: 'main' }, amount: row.amount },
      ],
    });
    await this.d.timeline.add(q, orderId, 'rejected', `未通过：${reason}（资金已退回钱包）`, now);
    await this.d.audit.record(q, {
      actor: op.userName,
      action: 'withdraw.reject',
      target: `withdraw:${orderId}`,
      before: { status: 'review' },
      after: { status: 'rejected', reason },
    });
    return this.#adminOrder(q, orderId);
  }
}
