import { ErrorCode, fenToYuanString, parseMoney, type DepositLimits } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { periodStart, type Period } from '../../lib/shanghai-time';
import type { MemberService } from '../member/member.service';
import { readLimits, writeLimit, type LimitRow } from './deposit-limit.repository';
import { depositedSince } from './deposit.repository';

export const RAISE_DELAY_MS = 24 * 3600 * 1000;
const PERIODS: Period[] = ['day', 'week', 'month'];

/**
 * Deposit limits (responsible gambling, contract §5): day / week / month, gross, in Shanghai
 * periods, counted at order time with pending orders; the lowest remaining applies; lowering
 * takes effect at once, raising or removing after 24 hours.
 */
export class DepositLimitsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly members: MemberService,
  ) {}

  /** A limit row with any raise whose 24 h have passed applied. */
  #effective(row: LimitRow, now: number): LimitRow {
    if (row.pendingAt !== null && row.pendingAt <= now) {
      return {
        ...row,
        amount: row.pendingClear ? null : row.pendingAmount,
        pendingAmount: null,
        pendingClear: false,
        pendingAt: null,
      };
    }
    return row;
  }

  async #rows(q: Queryable, memberId: number): Promise<Map<Period, LimitRow>> {
    const now = this.clock.now();
    const rows = new Map<Period, LimitRow>();
    for (const r of await readLimits(q, memberId)) rows.set(r.period, this.#effective(r, now));
    return rows;
  }

  async view(memberId: number): Promise<DepositLimits> {
    const now = this.clock.now();
    const rows = await this.#rows(this.db, memberId);
    const list = [];
    for (const period of PERIODS) {
      const r = rows.get(period);
      const used = await depositedSince(this.db, memberId, periodStart(period, now));
      list.push({
        period,
        amount: r?.amount != null ? fenToYuanString(r.amount) : null,
        used: fenToYuanString(used),
        pendingAmount: r?.pendingAt
          ? r.pendingClear
            ? null
            : fenToYuanString(r.pendingAmount ?? 0n)
          : null,
        pendingAt: r?.pendingAt ?? null,
      });
    }
    return { list };
  }

  async set(memberId: number, period: Period, amountText: string | null): Promise<DepositLimits> {
    const now = this.clock.now();
    const amount = amountText === null ? null : parseMoney(amountText);
    if (amount !== null && amount <= 0n)
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'amount', message: 'must be positive' }],
      });
    await this.db.tx(async (q) => {
      const current = (await this.#rows(q, memberId)).get(period) ?? {
        period,
        amount: null,
        pendingAmount: null,
        pendingClear: false,
        pendingAt: null,
      };
      const lowering = amount !== null && (current.amount === null || amount <= current.amount);
      const next: LimitRow = lowering
        ? { period, amount, pendingAmount: null, pendingClear: false, pendingAt: null }
        : {
            period,
            amount: current.amount,
            pendingAmount: amount,
            pendingClear: amount === null,
            pendingAt: now + RAISE_DELAY_MS,
          };
      await writeLimit(q, memberId, next);
    });
    return this.view(memberId);
  }

  /**
   * Refuses an order that would pass any limit (9201 with data.remaining). Runs in the order's
   * transaction and first locks the member's orders, so parallel orders are counted one after
   * another and cannot pass a limit together.
   */
  async check(q: Queryable, memberId: number, creditFen: bigint): Promise<void> {
    await this.members.lock(q, memberId);
    const now = this.clock.now();
    const rows = await this.#rows(q, memberId);
    let remaining: bigint | null = null;
    for (const period of PERIODS) {
      const limit = rows.get(period)?.amount;
      if (limit === null || limit === undefined) continue;
      const used = await depositedSince(q, memberId, periodStart(period, now));
      const left = limit - used > 0n ? limit - used : 0n;
      if (remaining === null || left < remaining) remaining = left;
    }
    if (remaining !== null && creditFen > remaining) {
      throw new AppError(ErrorCode.DepositLimitExceeded, { remaining: fenToYuanString(remaining) });
    }
  }
}
