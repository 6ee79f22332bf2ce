import { ErrorCode, fenToYuanString, parseMoney, type DepositLimits } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { periodStart } from '../../lib/shanghai-time';
import type { MemberService } from '../member/member.service';
import { presentRequest, type LimitsService } from '../responsible-gaming/limits.service';
import { depositedSince } from './deposit.repository';

/**
 * Deposit limits (responsible gambling, contract §5): day / week / month, gross, in Shanghai
 * periods, counted at order time with pending orders; the lowest remaining applies. The limits
 * themselves are kept by `LimitsService`, where loosening one is two-step: lowering applies at
 * once, a raise or a removal only when the member confirms it after the cooling-off.
 */
export class DepositLimitsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly members: MemberService,
    private readonly limits: LimitsService,
  ) {}

  async view(memberId: number): Promise<DepositLimits> {
    const now = this.clock.now();
    const list = [];
    for (const s of await this.limits.states(this.db, memberId, 'deposit')) {
      const used = await depositedSince(this.db, memberId, periodStart(s.period, now));
      list.push({
        period: s.period,
        amount: s.amount === null ? null : fenToYuanString(s.amount),
        used: fenToYuanString(used),
        request: s.request && presentRequest(s.request),
      });
    }
    return { list, coolingOffHours: await this.limits.coolingOffHours(), serverTime: now };
  }

  async set(
    memberId: number,
    period: 'day' | 'week' | 'month',
    amountText: string | null,
  ): Promise<DepositLimits> {
    const amount = amountText === null ? null : parseMoney(amountText);
    await this.limits.set(memberId, 'deposit', period, amount);
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
    const amounts = await this.limits.amounts(q, memberId, 'deposit');
    let remaining: bigint | null = null;
    for (const [period, limit] of amounts) {
      const used = await depositedSince(q, memberId, periodStart(period, now));
      const left = limit - used > 0n ? limit - used : 0n;
      if (remaining === null || left < remaining) remaining = left;
    }
    if (remaining !== null && creditFen > remaining) {
      throw new AppError(ErrorCode.DepositLimitExceeded, { remaining: fenToYuanString(remaining) });
    }
  }
}
