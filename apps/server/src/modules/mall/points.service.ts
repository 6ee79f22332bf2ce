import type { PointsEntryType, PointsLedgerPage } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { LedgerService } from '../../ledger/ledger.service';
import type { Clock } from '../../lib/clock';
import { shanghaiDate, shanghaiDayRange } from '../../lib/shanghai-time';
import type { EligibilityService } from '../play-break/eligibility.service';
import { lockMember } from './mall.repository';
import * as repo from './points.repository';

/** Thousandths of a point per ¥1 (100 fen): points = fen × milli / 100 000, rounded down. */
const FEN_MILLI_PER_POINT = 100_000n;
const DAY_MS = 24 * 3600_000;

export interface PointsRun {
  day: string;
  /** Per family: members paid, or skipped when the (day, family) had run already. */
  families: { family: string; members: number; skipped: boolean }[];
  expired: number;
}

/**
 * 积分 (contract §5 Points mall): earned from each Shanghai day's net valid turnover per family
 * at the family's rate, by a daily job keyed by (day, family) — each member's points for it are
 * one ledger transaction `points:earn:{member}:{day}:{family}`, so a re-run, or two nodes at
 * once, pay nothing twice. Points older than the operators' expiry are taken back, oldest first.
 */
export class PointsService {
  constructor(
    private readonly d: {
      db: Db;
      clock: Clock;
      ledger: LedgerService;
      eligibility: EligibilityService;
    },
  ) {}

  /** The job for one past Shanghai day (default: yesterday): every family, then expiry. */
  async runDaily(day = shanghaiDate(this.d.clock.now() - DAY_MS)): Promise<PointsRun> {
    const families = [];
    for (const rate of await repo.readRates(this.d.db))
      families.push(await this.#earnFamily(day, rate));
    return { day, families, expired: await this.#expire(day) };
  }

  async #earnFamily(
    day: string,
    rate: repo.PointsRateRow,
  ): Promise<{ family: string; members: number; skipped: boolean }> {
    const job = `points:${rate.family}`;
    if (await repo.hasRun(this.d.db, job, day))
      return { family: rate.family, members: 0, skipped: true };
    const [from, to] = shanghaiDayRange(day);
    let afterId = 0;
    let members = 0;
    for (;;) {
      const page = await repo.netTurnoverPage(this.d.db, {
        family: rate.family,
        from,
        to,
        afterId,
        limit: 500,
      });
      if (page.length === 0) break;
      for (const { memberId, net } of page) {
        const points = (net * BigInt(rate.rateMilli)) / FEN_MILLI_PER_POINT;
        if (points > 0n && (await this.#earn(memberId, day, rate, points))) members += 1;
      }
      afterId = page[page.length - 1]!.memberId;
    }
    await repo.markRun(this.d.db, job, day, members, this.d.clock.now());
    return { family: rate.family, members, skipped: false };
  }

  /** One member's points for (day, family); a member the reward gate refuses earns none. */
  async #earn(
    memberId: number,
    day: string,
    rate: repo.PointsRateRow,
    points: bigint,
  ): Promise<boolean> {
    return this.d.db.tx(async (q) => {
      const v = await this.d.eligibility.check(q, memberId, 'reward');
      if (!v.eligible) return false;
      const r = await this.d.ledger.post(q, {
        reference: `points:earn:${memberId}:${day}:${rate.family}`,
        kind: 'pointsEarn',
        memo: `${day} ${rate.name}有效投注`,
        memberId,
        postings: [
          { account: { memberId, kind: 'points' }, amount: points },
          { account: { house: 'pointsIssuance' }, amount: -points },
        ],
      });
      return !r.replay;
    });
  }

  /**
   * Takes back points credited before the expiry's cut-off that are still held: with the
   * oldest spent first, that is the balance less what was earned since the cut-off. One
   * transaction per member, `points:expire:{member}:{day}`, under the member's lock (the lock
   * a redemption takes), so an expiry and a redemption never both count the same points.
   */
  async #expire(day: string): Promise<number> {
    const days = await repo.readExpireDays(this.d.db);
    if (days === 0 || (await repo.hasRun(this.d.db, 'pointsExpire', day))) return 0;
    const since = shanghaiDayRange(day)[1] - days * DAY_MS;
    let afterId = 0;
    let members = 0;
    for (;;) {
      const page = await repo.expiringPage(this.d.db, since, afterId, 500);
      if (page.length === 0) break;
      for (const { memberId, excess } of page) {
        if (excess > 0n && (await this.#expireOne(memberId, day, since))) members += 1;
      }
      afterId = page[page.length - 1]!.memberId;
    }
    await repo.markRun(this.d.db, 'pointsExpire', day, members, this.d.clock.now());
    return members;
  }

  async #expireOne(memberId: number, day: string, since: number): Promise<boolean> {
    return this.d.db.tx(async (q) => {
      await lockMember(q, memberId);
      const balance = (await this.d.ledger.balances(q, memberId)).points;
      const excess = balance - (await repo.earnedSince(q, memberId, since));
      if (excess <= 0n) return false;
      const r = await this.d.ledger.post(q, {
        reference: `points:expire:${memberId}:${day}`,
        kind: 'pointsExpire',
        memo: `积分过期（${day} 前 ${Math.round((shanghaiDayRange(day)[1] - since) / DAY_MS)} 天获得）`,
        memberId,
        postings: [
          { account: { memberId, kind: 'points' }, amount: -excess },
          { account: { house: 'pointsIssuance' }, amount: excess },
        ],
      });
      return !r.replay;
    });
  }

  /** 积分记录: the member's points postings, newest first, with the balance after each. */
  async ledgerPage(
    memberId: number,
    f: { type?: PointsEntryType; from?: string; to?: string; page: number; pageSize: number },
  ): Promise<PointsLedgerPage> {
    const [s, b] = await Promise.all([
      this.d.ledger.statement(this.d.db, {
        memberId,
        kind: 'points',
        type: f.type,
        from: f.from ? shanghaiDayRange(f.from)[0] : undefined,
        to: f.to ? shanghaiDayRange(f.to)[1] : undefined,
        limit: f.pageSize,
        offset: (f.page - 1) * f.pageSize,
      }),
      this.d.ledger.balances(this.d.db, memberId),
    ]);
    return {
      balance: b.points.toString(),
      list: s.rows.map((r) => ({
        id: Number(r.id),
        time: r.created_at.getTime(),
        type: r.kind as PointsEntryType,
        amount: r.amount > 0n ? `+${r.amount}` : String(r.amount),
        balance: String(r.balance_after ?? 0n),
        memo: r.memo,
      })),
      total: s.total,
      page: f.page,
      pageSize: f.pageSize,
    };
  }
}
