import { fenToYuanString, formatMoney, type Statement } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { periodStart } from '../../lib/shanghai-time';
import type { BetTotalsService } from '../bets/bet-totals.service';
import type { MemberService } from '../member/member.service';

const OFFSET_MS = 8 * 3600_000;
/** How many months back the picker offers (a statement of any month can still be asked for). */
const PICKER_MONTHS = 24;

export interface StatementDeps {
  db: Db;
  clock: Clock;
  members: MemberService;
  bets: BetTotalsService;
  credited: (memberId: number, from: number, to: number) => Promise<bigint>;
  paid: (memberId: number, from: number, to: number) => Promise<bigint>;
}

/** `YYYY-MM` → [start, end) of that Asia/Shanghai month as epoch ms. */
export function monthRange(month: string): [number, number] {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return [Date.UTC(y, m - 1, 1) - OFFSET_MS, Date.UTC(y, m, 1) - OFFSET_MS];
}
/** The Asia/Shanghai month of an instant, `YYYY-MM`. */
export function monthOf(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 7);
}

/**
 * Monthly statements (contract §5): per Asia/Shanghai month, deposits credited, withdrawals
 * paid, their difference, and the bets settled that month per game family (stakes, payouts,
 * net = payouts − stakes), with the lifetime net deposit (everything credited minus everything
 * paid out, to the end of the month).
 */
export class StatementService {
  constructor(private readonly d: StatementDeps) {}

  async month(memberId: number, month: string): Promise<Statement> {
    const [from, to] = monthRange(month);
    const deposits = await this.d.credited(memberId, from, to);
    const withdrawals = await this.d.paid(memberId, from, to);
    const lifetime =
      (await this.d.credited(memberId, 0, to)) - (await this.d.paid(memberId, 0, to));
    const families = await this.d.bets.settledByFamily(memberId, from, to);
    const stake = families.reduce((a, f) => a + f.stake, 0n);
    const payout = families.reduce((a, f) => a + f.payout, 0n);
    return {
      month,
      months: await this.#months(memberId),
      deposits: fenToYuanString(deposits),
      withdrawals: fenToYuanString(withdrawals),
      netDeposits: formatMoney(deposits - withdrawals),
      families: families.map((f) => ({
        family: f.family,
        bets: f.bets,
        stakes: fenToYuanString(f.stake),
        payouts: fenToYuanString(f.payout),
        net: formatMoney(f.payout - f.stake),
      })),
      stakes: fenToYuanString(stake),
      payouts: fenToYuanString(payout),
      net: formatMoney(payout - stake),
      lifetimeNetDeposits: formatMoney(lifetime),
    };
  }

  /** The months since the member registered, newest first (at most PICKER_MONTHS). */
  async #months(memberId: number): Promise<string[]> {
    const now = this.d.clock.now();
    const facts = (await this.d.members.audienceFacts(this.d.db, [memberId])).get(memberId);
    const first = monthOf(facts?.registeredAt ?? now);
    const months: string[] = [];
    let at = periodStart('month', now);
    while (months.length < PICKER_MONTHS) {
      const m = monthOf(at);
      months.push(m);
      if (m <= first) break;
      at = periodStart('month', at - 1);
    }
    return months;
  }
}
