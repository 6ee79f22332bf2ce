import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { periodStart, shanghaiDate } from '../../lib/shanghai-time';
import type { AccountService } from '../auth/account.service';
import type { GrantService } from './grant.service';
import * as repo from './vip.repository';

const DAY = 24 * 3600_000;
/** How long a VIP packet waits to be claimed (领取) before it expires. */
export const PACKET_CLAIM_DAYS = 30;
const RETENTION_DAYS = 90;
const BIRTHDAY_WAIT_DAYS = 60;

export interface VipJobDeps {
  db: Db;
  clock: Clock;
  grants: GrantService;
  accounts: AccountService;
}

export interface VipRun {
  period: string;
  members: number;
  /** The period had run already: nothing was looked at or paid. */
  skipped: boolean;
}

/**
 * The daily VIP job (contract §5 Rewards), keyed by its Shanghai day: levels rise to the
 * highest met on both cumulative deposits and valid turnover (each level's upgrade bonus once,
 * skipped levels included), fall one level when 90 days held brought less than the retention
 * turnover; the monthly packet on the 5th, the birthday packet on the birthday. Each member is
 * one transaction on their VIP row; every packet is a grant unique per (kind, member, period),
 * so a re-run — or a crash half-way — pays nothing twice.
 */
export class VipJobService {
  constructor(private readonly d: VipJobDeps) {}

  async runDaily(): Promise<VipRun> {
    const now = this.d.clock.now();
    const period = shanghaiDate(now);
    if (await repo.hasRun(this.d.db, 'vip', period)) return { period, members: 0, skipped: true };
    const levels = await repo.readLevels(this.d.db);
    let after = 0;
    let members = 0;
    for (;;) {
      const ids = await repo.candidateIds(this.d.db, after, 500);
      if (ids.length === 0) break;
      for (const id of ids) {
        await this.d.db.tx((q) => this.#review(q, id, levels, now, period));
        members += 1;
      }
      after = ids[ids.length - 1]!;
    }
    await repo.markRun(this.d.db, 'vip', period, members, now);
    return { period, members, skipped: false };
  }

  async #review(
    q: Queryable,
    memberId: number,
    levels: repo.VipLevelRow[],
    now: number,
    period: string,
  ): Promise<void> {
    const first = await repo.readFacts(q, memberId);
    if (!first) return;
    await repo.lockMemberVip(q, memberId, first.level, now);
    // Read again under the lock: another node's run may have moved this member meanwhile.
    const f = (await repo.readFacts(q, memberId))!;
    const since = f.levelSince ?? now;
    const recent = await repo.turnoverBetween(q, memberId, now - RETENTION_DAYS * DAY, now);
    let reached = 0;
    for (const l of levels) {
      const met = f.deposits >= l.depositThreshold && f.turnover >= l.turnoverThreshold;
      // A level lost through retention comes back only with its retention turnover met again.
      const regained = l.level > f.peakLevel || recent >= l.retentionTurnover;
      if (met && regained) reached = l.level;
    }
    let level = f.level;
    if (reached > level) {
      for (let l = level + 1; l <= reached; l += 1) {
        const row = levels[l]!;
        await this.d.grants.create(q, {
          kind: 'vipUpgrade',
          sourceId: `${memberId}:${l}`,
          memberId,
          title: `${row.name} 晋级礼金`,
          amount: row.upgradeBonus,
          turnoverMultiple: row.packetMultiple,
          expiresAt: now + PACKET_CLAIM_DAYS * DAY,
          auto: false,
        });
      }
      level = reached;
    } else if (level > 0 && since <= now - RETENTION_DAYS * DAY) {
      if (recent < levels[level]!.retentionTurnover) level -= 1;
    }
    if (level !== f.level) {
      await repo.setMemberLevel(q, memberId, level, now);
      await this.d.accounts.setVipLevel(q, memberId, level);
    }
    const row = levels[level]!;
    if (level > 0 && period.endsWith('-05')) await this.#monthly(q, memberId, row, now, period);
    if (level > 0 && f.birthday && isBirthday(f.birthday, period)) {
      const settled = (f.birthdaySetAt ?? now) <= now - BIRTHDAY_WAIT_DAYS * DAY;
      if (settled && f.registeredAt <= now - BIRTHDAY_WAIT_DAYS * DAY)
        await this.#packet(q, 'vipBirthday', `${memberId}:${period.slice(0, 4)}`, memberId, row, {
          amount: row.birthdayPacket,
          title: `${row.name} 生日礼金`,
          now,
        });
    }
  }

  async #monthly(
    q: Queryable,
    memberId: number,
    row: repo.VipLevelRow,
    now: number,
    period: string,
  ): Promise<void> {
    const monthStart = periodStart('month', now);
    const lastMonth = periodStart('month', monthStart - 1);
    const deposits = await repo.depositsBetween(q, memberId, lastMonth, monthStart);
    if (deposits < row.monthlyMinDeposit) return;
    await this.#packet(q, 'vipMonthly', `${memberId}:${period.slice(0, 7)}`, memberId, row, {
      amount: row.monthlyPacket,
      title: `${row.name} 每月红包`,
      now,
    });
  }

  #packet(
    q: Queryable,
    kind: 'vipMonthly' | 'vipBirthday',
    sourceId: string,
    memberId: number,
    row: repo.VipLevelRow,
    p: { amount: bigint; title: string; now: number },
  ) {
    return this.d.grants.create(q, {
      kind,
      sourceId,
      memberId,
      title: p.title,
      amount: p.amount,
      turnoverMultiple: row.packetMultiple,
      expiresAt: p.now + PACKET_CLAIM_DAYS * DAY,
      auto: false,
    });
  }
}

/** Whether `period` (YYYY-MM-DD) is the birthday; 29 February counts on the 28th in other years. */
export function isBirthday(birthday: string, period: string): boolean {
  const md = birthday.slice(5);
  if (md === period.slice(5)) return true;
  const year = Number(period.slice(0, 4));
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return md === '02-29' && !leap && period.slice(5) === '02-28';
}
