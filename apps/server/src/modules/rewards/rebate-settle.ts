import type { Queryable } from '@nebula/db';
import type { GrantService } from './grant.service';
import * as batch from './rebate-batch.repository';
import type { RateRow } from './rebate.repository';
import type { VipLevelRow } from './vip.repository';

const PPM = 1_000_000n;
/** 返水 carries the lightest turnover multiple: once its amount. */
export const REBATE_MULTIPLE = 1;

const NO_BASES: ReadonlyMap<string, { turnover: bigint; credited: bigint }> = new Map();

export interface RebateRules {
  levels: VipLevelRow[];
  rates: RateRow[];
  families: { family: string; name: string }[];
}

export interface Accrual {
  lines: { family: string; name: string; turnover: bigint; ratePpm: number; amount: bigint }[];
  /** What would be paid now: the lines' sum within what the daily cap leaves. */
  total: bigint;
  cap: bigint;
  level: number;
}

/**
 * The rebate rule (contract §5 Rewards), one member: per family the turnover not rebated yet at
 * the level's rate, rounded down to the fen, the sum within what the day's cap leaves.
 */
export function accrue(
  rules: RebateRules,
  level: number,
  bases: ReadonlyMap<string, { turnover: bigint; credited: bigint }>,
  paid: bigint,
): Accrual {
  const cap = rules.levels.find((l) => l.level === level)?.rebateDailyCap ?? 0n;
  const lines = rules.families.map((f) => {
    const b = bases.get(f.family) ?? { turnover: 0n, credited: 0n };
    const turnover = b.turnover > b.credited ? b.turnover - b.credited : 0n;
    const ratePpm =
      rules.rates.find((r) => r.level === level && r.family === f.family)?.ratePpm ?? 0;
    const amount = (turnover * BigInt(ratePpm)) / PPM;
    return { family: f.family, name: f.name, turnover, ratePpm, amount };
  });
  const sum = lines.reduce((s, l) => s + l.amount, 0n);
  const room = cap > paid ? cap - paid : 0n;
  return { lines, total: sum < room ? sum : room, cap, level };
}

/**
 * Settles one batch of members for a past day inside the caller's transaction, as the
 * one-member path does for each (rebate.service.ts `#pay`): members, then their day rows,
 * locked in id order; a day already settled is left alone; every member's accrual is paid as
 * an automatic grant `rebate:{member}:{day}:job` — one ledger batch with a posting per member —
 * and the turnover it came from (or the cap passed over) is marked rebated. A re-run finds the
 * days settled and the grants made: nothing is paid twice.
 */
export async function settleBatch(
  q: Queryable,
  grants: GrantService,
  rules: RebateRules,
  ids: number[],
  day: string,
  until: number,
): Promise<void> {
  const levels = await batch.lockMembers(q, ids);
  const days = await batch.lockDays(q, ids, day);
  const open = ids.filter((id) => days.get(id) && !days.get(id)!.settled && levels.has(id));
  if (open.length === 0) return;
  type Bases = Map<string, { turnover: bigint; credited: bigint }>;
  const byMember = new Map<number, Bases>();
  for (const b of await batch.readBasesMany(q, open, until)) {
    let m = byMember.get(b.memberId);
    if (!m) {
      m = new Map() as Bases;
      byMember.set(b.memberId, m);
    }
    m.set(b.family, { turnover: b.turnover, credited: b.credited });
  }
  const accruals = new Map<number, Accrual>();
  for (const id of open)
    accruals.set(
      id,
      accrue(rules, levels.get(id)!, byMember.get(id) ?? NO_BASES, days.get(id)!.paid),
    );
  const paid = await grants.createAutoMany(
    q,
    open
      .filter((id) => accruals.get(id)!.total > 0n)
      .map((id) => ({
        kind: 'rebate' as const,
        sourceId: `${id}:${day}:job`,
        memberId: id,
        title: `返水 ${day}`,
        amount: accruals.get(id)!.total,
        turnoverMultiple: REBATE_MULTIPLE,
      })),
  );
  const credited: { memberId: number; family: string; credited: bigint }[] = [];
  for (const id of open)
    for (const l of accruals.get(id)!.lines)
      if (l.turnover > 0n)
        credited.push({
          memberId: id,
          family: l.family,
          credited: byMember.get(id)!.get(l.family)!.turnover,
        });
  await batch.setCreditedMany(q, credited);
  await batch.settleDays(
    q,
    day,
    open.map((id) => ({
      memberId: id,
      paid: days.get(id)!.paid + (paid.has(id) ? accruals.get(id)!.total : 0n),
    })),
  );
}
