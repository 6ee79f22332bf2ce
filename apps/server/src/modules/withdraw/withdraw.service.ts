import { setTimeout as sleep } from 'node:timers/promises';
import {
  ErrorCode,
  fenToYuanString,
  parseMoney,
  type WithdrawOrder,
  type WithdrawPrecheck,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { LedgerService } from '../../ledger/ledger.service';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import type { AuditService } from '../audit/audit.service';
import type { MemberService } from '../member/member.service';
import type { PaymentAccountService } from '../payment/payment-account.service';
import type { SettingsService } from '../settings/settings.service';
import type { LedgerUnit, MoneyResult } from '../../idempotency/money-unit';
import { newOrderId } from '../../lib/order-id';
import { periodStart } from '../../lib/shanghai-time';
import type { OrderTimelineService } from '../wallet/order-timeline.service';
import type { TurnoverService } from '../wallet/turnover.service';
import * as tries from './fund-password-try.repository';
import * as repo from './withdraw.repository';
import type { WithdrawRow } from './withdraw.repository';

export const FUND_MAX_FAILURES = 5;
export const FUND_LOCK_MS = 30 * 60 * 1000;
const FUND_WINDOW_MS = 30 * 60 * 1000;
/** How long a try waits for parallel checks to finish (an argon2 verify takes tens of ms). */
const FUND_TRY_WAIT_MS = 15_000;

export interface WithdrawDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  ledger: LedgerService;
  turnover: TurnoverService;
  accounts: PaymentAccountService;
  audit: AuditService;
  members: MemberService;
  timeline: OrderTimelineService;
  /** Venue debts held back from withdrawal (contract §6). */
  debts: {
    /** Asks the venues holding money back again (outside any transaction). */
    refresh(memberId: number): Promise<void>;
    /** 7035 when main less the debts held cannot cover `amount`. */
    assertWithdrawable(q: Queryable, memberId: number, amount: bigint): Promise<void>;
  };
}

/**
 * Withdrawals (contract §5): need an approved real name, a payout account past its cool-off and
 * the fund password (5 wrong tries lock withdrawals for 30 minutes); the turnover requirement
 * must be met. The amount moves from main to locked at once; an operator pays it out or sends
 * it back. No reverse withdrawal.
 */
export class WithdrawService {
  constructor(private readonly d: WithdrawDeps) {}

  /** Withdrawals paid in [from, to) (statements, contract §5). */
  paidBetween(memberId: number, from: number, to: number): Promise<bigint> {
    return repo.paidBetween(this.d.db, memberId, from, to);
  }

  async #lockedUntil(q: Queryable, memberId: number): Promise<number | null> {
    const f = await tries.readFundFailures(q, memberId);
    return f?.lockedUntil && f.lockedUntil > this.d.clock.now() ? f.lockedUntil : null;
  }

  async precheck(memberId: number): Promise<WithdrawPrecheck> {
    const db = this.d.db;
    const s = await this.d.settings.get();
    const now = this.d.clock.now();
    const [facts, lockedUntil, turnover, used, balances] = await Promise.all([
      this.d.members.withdrawFacts(db, memberId),
      this.#lockedUntil(db, memberId),
      this.d.turnover.view(memberId),
      repo.withdrawnSince(db, memberId, periodStart('day', now)),
      this.d.ledger.balances(db, memberId),
    ]);
    return {
      realNameApproved: facts.realNameApproved,
      realNameStatus: facts.realNameStatus,
      fundPasswordSet: facts.fundPasswordHash !== null,
      lockedUntil,
      turnover,
      min: s.withdrawMin,
      max: s.withdrawMax,
      dailyMax: s.withdrawDailyMax,
      dailyUsed: fenToYuanString(used),
      balance: fenToYuanString(balances.main),
    };
  }

  /**
   * Checks the fund password outside any transaction (hashing is slow). The try is reserved
   * first, atomically, so parallel guesses cannot verify more than the tries left; a correct
   * password clears the count.
   */
  async #checkFundPassword(memberId: number, hash: string, password: string): Promise<void> {
    const db = this.d.db;
    await this.#reserveTry(memberId);
    if (await verifyPassword(hash, password)) {
      await tries.clearFundFailures(db, memberId);
      return;
    }
    const now = this.d.clock.now();
    const after = await tries.failFundTry(db, memberId, {
      now,
      max: FUND_MAX_FAILURES,
      lockUntil: now + FUND_LOCK_MS,
    });
    if (after?.lockedUntil && after.lockedUntil > now)
      throw new AppError(ErrorCode.WithdrawLocked, { lockedUntil: after.lockedUntil });
    throw new AppError(ErrorCode.FundPasswordWrong, {
      attemptsLeft: Math.max(FUND_MAX_FAILURES - (after?.failures ?? 0), 0),
    });
  }

  /**
   * Takes one of the tries left, or refuses while locked (7013). When every try is taken by
   * checks still running (parallel requests), waits for their outcome instead of verifying more
   * guesses: a correct one frees the tries, a fifth wrong one locks. Tries lost to a crash stay
   * counted until their window ends, so waiting is bounded.
   */
  async #reserveTry(memberId: number): Promise<void> {
    const giveUpAt = Date.now() + FUND_TRY_WAIT_MS;
    for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
      const now = this.d.clock.now();
      if (
        await tries.reserveFundTry(this.d.db, memberId, {
          now,
          staleBefore: now - FUND_WINDOW_MS,
          max: FUND_MAX_FAILURES,
        })
      )
        return;
      const f = await tries.readFundFailures(this.d.db, memberId);
      if (f?.lockedUntil && f.lockedUntil > now)
        throw new AppError(ErrorCode.WithdrawLocked, { lockedUntil: f.lockedUntil });
      if (Date.now() >= giveUpAt)
        throw new AppError(ErrorCode.WithdrawLocked, {
          lockedUntil: (f?.windowStart ?? now) + FUND_WINDOW_MS,
        });
      await sleep(pause + Math.floor(Math.random() * pause));
    }
  }

  /**
   * Checks run in this order: real name, fund password set, lock, fund password, account,
   * cool-off, amount limits, daily limit, turnover, venue debts, balance. The checks that need no
   * transaction (the fund password's hash above all) run first; the money moves in the unit's
   * one transaction, which also stores the call's answer.
   */
  async create(
    unit: LedgerUnit,
    memberId: number,
    input: { accountId: number; amount: string; fundPassword: string },
  ): Promise<MoneyResult<WithdrawOrder>> {
    const facts = await this.d.members.withdrawFacts(this.d.db, memberId);
    if (!facts.realNameApproved) throw new AppError(ErrorCode.RealNameRequired);
    if (!facts.fundPasswordHash) throw new AppError(ErrorCode.FundPasswordNotSet);
    await this.#checkFundPassword(memberId, facts.fundPasswordHash, input.fundPassword);
    const account = await this.d.accounts.payoutAccount(memberId, input.accountId);
    const s = await this.d.settings.get();
    const amount = parseMoney(input.amount);
    if (amount < parseMoney(s.withdrawMin))
      throw new AppError(ErrorCode.AmountBelowMin, { min: s.withdrawMin });
    if (amount > parseMoney(s.withdrawMax))
      throw new AppError(ErrorCode.AmountAboveMax, { max: s.withdrawMax });
    // A venue debt the member repaid lifts its hold now, not at the next balance question.
    await this.d.debts.refresh(memberId);
    return unit.commit(async (q) => {
      // One order of this member at a time counts the day's total (parallel orders cannot both pass).
      await this.d.members.lock(q, memberId);
      const now = this.d.clock.now();
      const used = await repo.withdrawnSince(q, memberId, periodStart('day', now));
      const dailyMax = parseMoney(s.withdrawDailyMax);
      if (used + amount > dailyMax) {
        throw new AppError(ErrorCode.DailyWithdrawLimit, {
          remaining: fenToYuanString(dailyMax > used ? dailyMax - used : 0n),
        });
      }
      const missing = await this.d.turnover.missing(q, memberId);
      if (missing > 0n)
        throw new AppError(ErrorCode.TurnoverNotMet, { missing: fenToYuanString(missing) });
      await this.d.debts.assertWithdrawable(q, memberId, amount);
      const id = newOrderId('W', now);
      await this.d.ledger.post(q, {
        reference: `withdraw:${id}`,
        kind: 'withdraw',
        memo: account.label,
        memberId,
        postings: [
          { account: { memberId, kind: 'main' }, amount: -amount },
          { account: { memberId, kind: 'locked' }, amount },
        ],
      });
      await repo.insertWithdraw(q, {
        id,
        memberId,
        accountId: account.id,
        accountLabel: account.label,
        amount,
        createdAt: now,
      });
      await this.d.timeline.add(q, id, 'review', '申请已提交，资金已冻结，等待审核出款', now);
      return this.#load(q, id);
    });
  }

  async #load(q: Queryable, id: string): Promise<WithdrawOrder> {
    const row = await repo.readWithdraw(q, id);
    if (!row) throw new AppError(ErrorCode.OrderNotFound);
    return this.present(row, (await this.d.timeline.of(q, [id])).get(id) ?? []);
  }

  present(row: WithdrawRow, timeline: WithdrawOrder['timeline']): WithdrawOrder {
    return {
      orderId: row.id,
      accountId: row.accountId,
      accountLabel: row.accountLabel,
      amount: fenToYuanString(row.amount),
      status: row.status,
      reason: row.reason,
      createdAt: row.createdAt,
      timeline,
    };
  }

  async list(memberId: number, page: number, pageSize: number) {
    const r = await repo.listWithdraws(this.d.db, { memberId }, pageSize, (page - 1) * pageSize);
    const events = await this.d.timeline.of(
      this.d.db,
      r.rows.map((x) => x.id),
    );
    return {
      list: r.rows.map((row) => this.present(row, events.get(row.id) ?? [])),
      page,
      pageSize,
      total: r.total,
    };
  }

  /** Statuses of the member's withdrawal orders (records show a withdrawal in review). */
  statuses(memberId: number, ids: string[]) {
    return repo.readStatuses(this.d.db, memberId, ids);
  }
}
