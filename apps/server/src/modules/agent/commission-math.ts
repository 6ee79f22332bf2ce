import type { DownlineMonth, Tier } from './commission.repository';
import type { Figures } from './statement.repository';

const OFFSET_MS = 8 * 3600_000;
const BP = 10_000n;

/** The Shanghai month `YYYYMM` containing an instant. */
export function monthOf(ms: number): string {
  const d = new Date(ms + OFFSET_MS);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** [start, end) of a Shanghai month `YYYYMM`, epoch ms. */
export function monthRange(month: string): [number, number] {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(4, 6));
  return [Date.UTC(y, m - 1, 1) - OFFSET_MS, Date.UTC(y, m, 1) - OFFSET_MS];
}

export function previousMonth(month: string): string {
  return monthOf(monthRange(month)[0] - 1);
}

/** The rate of the highest tier whose minimums (active members, month NGR) are both met. */
export function tierRate(tiers: readonly Tier[], active: number, ngr: bigint): number {
  let rate = 0;
  for (const t of tiers)
    if (active >= t.minActive && ngr >= t.minNgr) rate = Math.max(rate, t.rateBp);
  return rate;
}

/**
 * One agent's month (contract §5 Agents): NGR = stakes − payouts − grants − rebates − fees
 * (fees = deposits × fee rate); net = NGR + the carry-in (≤ 0); a negative net carries out
 * whole and pays nothing; otherwise the agent earns net × rate less, for each sub-agent one
 * level down, min(rate, the sub-agent's rate) × the sub-agent's positive net — the parent
 * keeps the difference of the rates on the child's NGR. Amounts round down to the fen.
 */
export function computeFigures(i: {
  month: string;
  sums: DownlineMonth;
  tiers: readonly Tier[];
  feeRateBp: number;
  activeMinTurnover: bigint;
  carryIn: bigint;
  children: readonly { net: bigint; rateBp: number }[];
}): Figures {
  const { sums } = i;
  const fees = (sums.deposits * BigInt(i.feeRateBp)) / BP;
  const ngr = sums.stakes - sums.payouts - sums.grants - sums.rebates - fees;
  const net = ngr + i.carryIn;
  const rateBp = tierRate(i.tiers, sums.active, ngr);
  let computed = 0n;
  let subDeduction = 0n;
  if (net > 0n) {
    for (const c of i.children)
      if (c.net > 0n) subDeduction += (c.net * BigInt(Math.min(rateBp, c.rateBp))) / BP;
    const gross = (net * BigInt(rateBp)) / BP;
    computed = gross > subDeduction ? gross - subDeduction : 0n;
  }
  return {
    month: i.month,
    stakes: sums.stakes,
    payouts: sums.payouts,
    grants: sums.grants,
    rebates: sums.rebates,
    deposits: sums.deposits,
    feeRateBp: i.feeRateBp,
    fees,
    ngr,
    members: sums.members,
    active: sums.active,
    activeMinTurnover: i.activeMinTurnover,
    carryIn: i.carryIn,
    net,
    carryOut: net < 0n ? net : 0n,
    rateBp,
    subDeduction,
    computed,
    amount: computed,
  };
}
