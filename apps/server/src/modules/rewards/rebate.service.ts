import { ErrorCode, fenToYuanString, type RebateView } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { shanghaiDate, shanghaiDayRange } from '../../lib/shanghai-time';
import type { EligibilityService } from '../play-break/eligibility.service';
import type { GrantService } from './grant.service';
import * as repo from './rebate.repository';
import { accrue, REBATE_MULTIPLE, settleBatch, type Accrual } from './rebate-settle';
import { markRun, hasRun, readFacts, readLevels } from './vip.repository';

/** Members settled per transaction by the daily job. */
const BATCH = 500;

export interface RebateRun {
  period: string;
  members: number;
  skipped: boolean;
}

/**
 * 返水 (contract §5 Rewards): rate per (VIP level, family) of valid turnover not rebated yet,
 * within a daily cap per level. The member claims today's accrual (自助返水) at any time; the
 * job settles each past day for everyone, keyed by that day. Claims and the job serialise on
 * the member (their row, then the day's rebate row); a day the job settled takes no claim;
 * what was rebated is remembered per family, so turnover reversed after a payment is netted
 * from the next rebate.
 */
export class RebateService {
  constructor(
    private readonly d: {
      db: Db;
      clock: Clock;
      grants: GrantService;
      eligibility: EligibilityService;
    },
  ) {}

  async #accrual(q: Queryable, memberId: number, until: number, paid: bigint): Promise<Accrual> {
    const [facts, levels, rates, families, bases] = await Promise.all([
      readFacts(q, memberId),
      readLevels(q),
      repo.readRates(q),
      repo.readFamilies(q),
      repo.readBases(q, memberId, until, false),
    ]);
    return accrue({ levels, rates, families }, facts?.level ?? 0, bases, paid);
  }

  /** Today's accrued rebate by family, with the turnover it came from (`/mine/rebate`). */
  view(memberId: number): Promise<RebateView> {
    const now = this.d.clock.now();
    return this.#viewIn(this.d.db, memberId, shanghaiDate(now), now);
  }

  /** 自助返水: pays today's accrual now as one automatic grant. */
  async claim(q: Queryable, memberId: number): Promise<RebateView> {
    await this.d.eligibility.assert(q, memberId, 'reward');
    const now = this.d.clock.now();
    const day = shanghaiDate(now);
    await repo.lockMemberBases(q, memberId);
    const row = await repo.lockDay(q, memberId, day);
    if (row.settled) throw new AppError(ErrorCode.RebateDayClosed);
    const paid = await this.#pay(q, memberId, day, now, row, `c${row.claims + 1}`, '自助返水');
    if (paid === 0n) throw new AppError(ErrorCode.RebateNothingToClaim);
    return this.#viewIn(q, memberId, day, now);
  }

  async #viewIn(q: Queryable, memberId: number, day: string, now: number): Promise<RebateView> {
    const row = await repo.readDay(q, memberId, day);
    const a = await this.#accrual(q, memberId, now, row?.paid ?? 0n);
    return {
      day,
      level: a.level,
      families: a.lines.map((l) => ({
        family: l.family,
        name: l.name,
        turnover: fenToYuanString(l.turnover),
        ratePercent: percent(l.ratePpm),
        amount: fenToYuanString(l.amount),
      })),
      total: fenToYuanString(a.total),
      cap: fenToYuanString(a.cap),
      paidToday: fenToYuanString(row?.paid ?? 0n),
    };
  }

  /**
   * Pays what has accrued before `until` (capped) as a grant `rebate:{member}:{day}:{tag}` and
   * marks that turnover rebated; the turnover over the cap is passed over for good.
   */
  async #pay(
    q: Queryable,
    memberId: number,
    day: string,
    until: number,
    row: repo.RebateDayRow,
    tag: string,
    title: string,
  ): Promise<bigint> {
    const a = await this.#accrual(q, memberId, until, row.paid);
    let paid = 0n;
    if (a.total > 0n) {
      const g = await this.d.grants.create(q, {
        kind: 'rebate',
        sourceId: `${memberId}:${day}:${tag}`,
        memberId,
        title: `${title} ${day}`,
        amount: a.total,
        turnoverMultiple: REBATE_MULTIPLE,
        expiresAt: null,
        auto: true,
      });
      if (g) paid = a.total;
    }
    const bases = await repo.readBases(q, memberId, until, false);
    for (const l of a.lines) {
      if (l.turnover > 0n)
        await repo.setCredited(q, memberId, l.family, bases.get(l.family)!.turnover);
    }
    await repo.saveDay(q, memberId, day, {
      paid: row.paid + paid,
      claims: row.claims + (tag.startsWith('c') ? 1 : 0),
      settled: row.settled,
    });
    return paid;
  }

  /**
   * The daily job for one past Shanghai day (default: yesterday): every member with turnover
   * that day is settled once; a re-run of the period finds it done and pays nothing.
   */
  async runDaily(day = shanghaiDate(this.d.clock.now() - 24 * 3600_000)): Promise<RebateRun> {
    if (await hasRun(this.d.db, 'rebate', day)) return { period: day, members: 0, skipped: true };
    const [from, to] = shanghaiDayRange(day);
    const [levels, rates, families] = await Promise.all([
      readLevels(this.d.db),
      repo.readRates(this.d.db),
      repo.readFamilies(this.d.db),
    ]);
    const rules = { levels, rates, families };
    let after = 0;
    let members = 0;
    for (;;) {
      const ids = await repo.membersWithTurnover(this.d.db, from, to, after, BATCH);
      if (ids.length === 0) break;
      // One transaction per batch: set-based reads, one ledger batch (rebate-settle.ts).
      await this.d.db.tx((q) => settleBatch(q, this.d.grants, rules, ids, day, to));
      members += ids.length;
      after = ids[ids.length - 1]!;
    }
    await markRun(this.d.db, 'rebate', day, members, this.d.clock.now());
    return { period: day, members, skipped: false };
  }
}

/** Millionths as a percent string with up to four places (3800 → "0.38"). */
export function percent(ppm: number): string {
  const whole = Math.floor(ppm / 10_000);
  const frac = String(ppm % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

/** A percent string ("0.38") as millionths (3800). */
export function ppmOf(ratePercent: string): number {
  const [w, f = ''] = ratePercent.split('.');
  return Number(w) * 10_000 + Number(f.padEnd(4, '0'));
}
