import type { Db } from '@nebula/db';
import {
  ErrorCode,
  fenToYuanString,
  type Dashboard,
  type Report,
  type ReportDayRow,
  type ReportQuery,
} from '@nebula/protocol';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { shanghaiDate, shanghaiDayRange } from '../../lib/shanghai-time';
import * as repo from './reports.repository';

export const MAX_REPORT_DAYS = 92;
const DAY_MS = 24 * 3600_000;

const signed = (fen: bigint) => (fen < 0n ? `-${fenToYuanString(-fen)}` : fenToYuanString(fen));
type Family = Dashboard['families'][number]['family'];

interface Sums {
  deposits: bigint;
  depositCount: number;
  withdrawals: bigint;
  withdrawCount: number;
  bets: number;
  stakes: bigint;
  payouts: bigint;
  bonuses: bigint;
  newMembers: number;
  activeMembers: number;
}
const zero = (): Sums => ({
  deposits: 0n,
  depositCount: 0,
  withdrawals: 0n,
  withdrawCount: 0,
  bets: 0,
  stakes: 0n,
  payouts: 0n,
  bonuses: 0n,
  newMembers: 0,
  activeMembers: 0,
});

function add(to: Sums, s: Sums): void {
  to.deposits += s.deposits;
  to.depositCount += s.depositCount;
  to.withdrawals += s.withdrawals;
  to.withdrawCount += s.withdrawCount;
  to.bets += s.bets;
  to.stakes += s.stakes;
  to.payouts += s.payouts;
  to.bonuses += s.bonuses;
  to.newMembers += s.newMembers;
}

function totals(s: Sums) {
  const ggr = s.stakes - s.payouts;
  return {
    deposits: fenToYuanString(s.deposits),
    depositCount: s.depositCount,
    withdrawals: fenToYuanString(s.withdrawals),
    withdrawCount: s.withdrawCount,
    bets: s.bets,
    stakes: fenToYuanString(s.stakes),
    payouts: fenToYuanString(s.payouts),
    ggr: signed(ggr),
    bonuses: fenToYuanString(s.bonuses),
    ngr: signed(ggr - s.bonuses),
    newMembers: s.newMembers,
    activeMembers: s.activeMembers,
  };
}

type VenueSums = repo.VenueDay & { bonuses: bigint };

const takings = (t: { bets: number; stakes: bigint; payouts: bigint; bonuses: bigint }) => ({
  bets: t.bets,
  stakes: fenToYuanString(t.stakes),
  payouts: fenToYuanString(t.payouts),
  ggr: signed(t.stakes - t.payouts),
  bonuses: fenToYuanString(t.bonuses),
  ngr: signed(t.stakes - t.payouts - t.bonuses),
});

/**
 * Reports per Shanghai day and today's dashboard (docs/contract.md §Operator console). GGR is
 * stakes − payouts of bets settled that day; NGR is GGR − bonuses paid that day: the site's
 * NGR takes all of them, a venue's or family's the part allocated to it (reports.schemas.ts
 * `VenueTakings`). Active members placed a bet that day.
 */
export class ReportService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The days of a range, checked: from ≤ to, at most 92 days. */
  days(from: string, to: string): string[] {
    const [start] = shanghaiDayRange(from);
    const [end] = shanghaiDayRange(to);
    const n = Math.round((end - start) / DAY_MS) + 1;
    if (!Number.isFinite(n) || n < 1 || n > MAX_REPORT_DAYS || shanghaiDate(start) !== from)
      throw new AppError(ErrorCode.ReportRangeInvalid);
    return Array.from({ length: n }, (_, i) => shanghaiDate(start + i * DAY_MS));
  }

  async report(query: ReportQuery): Promise<Report> {
    const days = this.days(query.from, query.to);
    const from = new Date(shanghaiDayRange(query.from)[0]);
    const to = new Date(shanghaiDayRange(query.to)[1]);
    const filtered = query.family !== undefined || query.venueCode !== undefined;
    const [deposits, withdrawals, bonuses, venues, allocated, members, active] = await Promise.all([
      repo.depositsByDay(this.db, from, to),
      repo.withdrawalsByDay(this.db, from, to),
      repo.bonusesByDay(this.db, from, to),
      repo.takingsByDay(this.db, from, to, query),
      repo.bonusesByVenueDay(this.db, from, to, query),
      repo.membersByDay(this.db, from, to),
      repo.activeMembers(this.db, from, to),
    ]);
    const sums = new Map(days.map((d) => [d, zero()]));
    const at = (day: string) => sums.get(day) ?? zero();
    for (const r of deposits) Object.assign(at(r.day), { deposits: r.amount, depositCount: r.n });
    for (const r of withdrawals)
      Object.assign(at(r.day), { withdrawals: r.amount, withdrawCount: r.n });
    let siteBonuses = 0n;
    for (const r of bonuses) {
      siteBonuses += r.amount;
      // Filtered, a day's bonuses are the filtered venues' allocated ones (added below).
      if (!filtered) at(r.day).bonuses = r.amount;
    }
    for (const r of members)
      Object.assign(at(r.day), { newMembers: r.newMembers, activeMembers: r.activeMembers });
    const share = new Map(allocated.map((b) => [`${b.day}:${b.venueCode}`, b.amount]));
    const families = new Map<string, VenueSums>();
    const venueRows: VenueSums[] = [];
    let allocatedAll = 0n;
    for (const v of venues) {
      const row = { ...v, bonuses: share.get(`${v.day}:${v.venueCode}`) ?? 0n };
      venueRows.push(row);
      const s = at(v.day);
      s.bets += v.bets;
      s.stakes += v.stakes;
      s.payouts += v.payouts;
      if (filtered) s.bonuses += row.bonuses;
      allocatedAll += row.bonuses;
      const key = `${v.day}:${v.family}`;
      const f = families.get(key) ?? { ...v, bets: 0, stakes: 0n, payouts: 0n, bonuses: 0n };
      f.bets += v.bets;
      f.stakes += v.stakes;
      f.payouts += v.payouts;
      f.bonuses += row.bonuses;
      families.set(key, f);
    }
    const all = zero();
    const rows: ReportDayRow[] = days.map((date) => {
      const s = at(date);
      add(all, s);
      return { date, ...totals(s) };
    });
    // A range's active members are counted once each, not summed over its days.
    all.activeMembers = active;
    return {
      from: query.from,
      to: query.to,
      days: rows,
      venues: venueRows.map((v) => ({
        date: v.day,
        family: v.family as Family,
        venueCode: v.venueCode,
        venueName: v.venueName,
        ...takings(v),
      })),
      families: [...families.values()].map((f) => ({
        date: f.day,
        family: f.family as Family,
        ...takings(f),
      })),
      total: totals(all),
      unallocatedBonuses: fenToYuanString(filtered ? 0n : siteBonuses - allocatedAll),
    };
  }

  async dashboard(): Promise<Dashboard> {
    const date = shanghaiDate(this.clock.now());
    const [r, pending] = await Promise.all([
      this.report({ from: date, to: date }),
      repo.pendingWork(this.db, new Date(this.clock.now())),
    ]);
    return {
      date,
      today: r.total,
      families: r.families.map(({ date: _d, ...f }) => f),
      venues: r.venues.map(({ date: _d, ...v }) => v),
      pending: {
        realNameReviews: pending.realNames,
        depositsToConfirm: pending.deposits,
        withdrawalsToReview: pending.withdrawals,
        approvalsPending: pending.approvals,
        transfersStuck: pending.transfers,
        agentApplications: pending.agentApps,
        feedbackToReply: pending.feedback,
      },
    };
  }
}
