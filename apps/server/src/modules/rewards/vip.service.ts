import {
  ErrorCode,
  fenToYuanString,
  parseMoney,
  type VipLevel,
  type VipStatus,
  type VipTable,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { periodStart, shanghaiDate } from '../../lib/shanghai-time';
import type { Actor, AuditService } from '../audit/audit.service';
import * as repo from './vip.repository';
import { readFamilies, readRates } from './rebate.repository';
import { percent } from './rebate.service';

const DAY = 24 * 3600_000;
/** The daily VIP job runs at 04:00 Asia/Shanghai (contract §5 Rewards). */
export const VIP_REVIEW_HOUR = 4;

export const presentLevel = (l: repo.VipLevelRow): VipLevel => ({
  level: l.level,
  name: l.name,
  depositThreshold: fenToYuanString(l.depositThreshold),
  turnoverThreshold: fenToYuanString(l.turnoverThreshold),
  upgradeBonus: fenToYuanString(l.upgradeBonus),
  monthlyPacket: fenToYuanString(l.monthlyPacket),
  monthlyMinDeposit: fenToYuanString(l.monthlyMinDeposit),
  birthdayPacket: fenToYuanString(l.birthdayPacket),
  retentionTurnover: fenToYuanString(l.retentionTurnover),
  packetMultiple: l.packetMultiple,
  rebateDailyCap: fenToYuanString(l.rebateDailyCap),
});

/** The member's VIP page, the level table, the birthday (set once) and the operators' edits. */
export class VipService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  levels(): Promise<repo.VipLevelRow[]> {
    return repo.readLevels(this.db);
  }

  async table(): Promise<VipTable> {
    const [levels, rates, families] = await Promise.all([
      this.levels(),
      readRates(this.db),
      readFamilies(this.db),
    ]);
    return {
      list: levels.map(presentLevel),
      rates: rates.map((r) => ({
        level: r.level,
        family: r.family,
        ratePercent: percent(r.ratePpm),
      })),
      families: families.map((f) => ({ family: f.family, name: f.name })),
    };
  }

  async status(memberId: number): Promise<VipStatus> {
    const [levels, f] = await Promise.all([this.levels(), repo.readFacts(this.db, memberId)]);
    if (!f) throw new AppError(ErrorCode.AuthRequired);
    const current = levels.find((l) => l.level === f.level) ?? levels[0]!;
    const next = levels.find((l) => l.level === f.level + 1) ?? null;
    const now = this.clock.now();
    const todayReview = periodStart('day', now) + VIP_REVIEW_HOUR * 3600_000;
    return {
      level: f.level,
      name: current.name,
      deposits: fenToYuanString(f.deposits),
      turnover: fenToYuanString(f.turnover),
      current: presentLevel(current),
      next: next && presentLevel(next),
      birthday: f.birthday,
      nextReviewAt: todayReview > now ? todayReview : todayReview + DAY,
    };
  }

  /** The member sets their birthday once (an adult's date); never edited by them after. */
  async setBirthday(memberId: number, birthday: string): Promise<VipStatus> {
    const now = this.clock.now();
    const today = shanghaiDate(now);
    const adult = `${Number(today.slice(0, 4)) - 18}${today.slice(4)}`;
    if (birthday > adult || birthday < '1900-01-01')
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'birthday', message: 'must be an adult' }],
      });
    const set = await this.db.tx(async (q) => {
      const f = await repo.readFacts(q, memberId);
      await repo.lockMemberVip(q, memberId, f?.level ?? 0, now);
      return repo.setBirthday(q, memberId, birthday, now);
    });
    if (!set) throw new AppError(ErrorCode.BirthdayAlreadySet);
    return this.status(memberId);
  }

  /**
   * An operator sets one level (audited). Thresholds never fall as levels rise, and VIP0 needs
   * nothing: a table that breaks either is refused (9405) and changes nothing.
   */
  async setLevel(op: Actor, level: number, input: Omit<VipLevel, 'level'>): Promise<VipLevel> {
    return this.db.tx((q) => this.setLevelIn(q, op, level, input));
  }

  /** `setLevel` inside the caller's transaction (an approved request's). */
  async setLevelIn(
    q: Queryable,
    op: Actor,
    level: number,
    input: Omit<VipLevel, 'level'>,
  ): Promise<VipLevel> {
    const row = rowOf(level, input);
    await repo.lockLevels(q);
    const before = checkedTable(await repo.readLevels(q), row);
    await repo.writeLevel(q, row);
    await this.audit.record(q, {
      actor: op.userName,
      action: 'vip.level.set',
      target: `vip:${level}`,
      before: presentLevel(before),
      after: presentLevel(row),
    });
    return presentLevel(row);
  }

  /**
   * Whether the change raises a reward of the level — its upgrade bonus, monthly or birthday
   * packet, or daily rebate cap (contract §4.1: a raise waits for a second operator). The table
   * is checked as setting it would (9405), so a bad change is refused before anything is filed.
   */
  async raises(level: number, input: Omit<VipLevel, 'level'>): Promise<boolean> {
    const row = rowOf(level, input);
    const before = checkedTable(await repo.readLevels(this.db), row);
    return VIP_REWARDS.some((k) => row[k] > before[k]);
  }
}

/** The level's rewards and caps; its thresholds and multiples ask more, never give more. */
const VIP_REWARDS = ['upgradeBonus', 'monthlyPacket', 'birthdayPacket', 'rebateDailyCap'] as const;

function rowOf(level: number, input: Omit<VipLevel, 'level'>): repo.VipLevelRow {
  return {
    level,
    name: input.name,
    depositThreshold: parseMoney(input.depositThreshold),
    turnoverThreshold: parseMoney(input.turnoverThreshold),
    upgradeBonus: parseMoney(input.upgradeBonus),
    monthlyPacket: parseMoney(input.monthlyPacket),
    monthlyMinDeposit: parseMoney(input.monthlyMinDeposit),
    birthdayPacket: parseMoney(input.birthdayPacket),
    retentionTurnover: parseMoney(input.retentionTurnover),
    packetMultiple: input.packetMultiple,
    rebateDailyCap: parseMoney(input.rebateDailyCap),
  };
}

/** The stored level `row` replaces; 9405 when there is none or the table would break. */
function checkedTable(levels: repo.VipLevelRow[], row: repo.VipLevelRow): repo.VipLevelRow {
  const before = levels.find((l) => l.level === row.level);
  const table = levels.map((l) => (l.level === row.level ? row : l));
  if (!before || !ordered(table)) throw new AppError(ErrorCode.VipLevelInvalid);
  return before;
}

function ordered(table: repo.VipLevelRow[]): boolean {
  const zero = table[0];
  if (!zero || zero.depositThreshold !== 0n || zero.turnoverThreshold !== 0n) return false;
  return table.every((l, i) => {
    const prev = table[i - 1];
    return (
      !prev ||
      (l.depositThreshold >= prev.depositThreshold && l.turnoverThreshold >= prev.turnoverThreshold)
    );
  });
}
