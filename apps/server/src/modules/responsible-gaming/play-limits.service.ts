import {
  ErrorCode,
  PLAY_LIMIT_KINDS,
  PLAY_LIMIT_WINDOW_MS,
  PLAY_TIME_GAP_MS,
  fenToYuanString,
  parseMoney,
  type LimitKind,
  type LimitPeriod,
  type PlayLimitSetRequest,
  type PlayLimits,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { LIMIT_PERIODS, presentRequest, type LimitsService } from './limits.service';
import * as repo from './play-limits.repository';

export type PlayLimitKind = (typeof PLAY_LIMIT_KINDS)[number];

/** One loss, wager or time limit with what its window has used (time in hundredths of a minute). */
export interface PlayLimitUse {
  kind: PlayLimitKind;
  period: LimitPeriod;
  limit: bigint | null;
  used: bigint;
}

export interface PlayLimitsDeps {
  db: Db;
  clock: Clock;
  limits: Pick<LimitsService, 'allAmounts' | 'states' | 'set' | 'coolingOffHours'>;
  /** The loss and wager since a time, from the platform's bet copies (bet-totals.service.ts). */
  bets: {
    lossAndWagerSince(
      memberId: number,
      from: number,
      q?: Queryable,
    ): Promise<{ loss: bigint; wager: bigint }>;
  };
  log: FastifyBaseLogger;
  /**
   * A limit was reached during play: the member's venue sessions end with reason `limit` and
   * their venue balances come home, as for a break (bound late: the venues are wired later).
   * `key` keys the recall, so a second call finds the same transfers.
   */
  stop?: (memberId: number, key: string) => Promise<void>;
  /** Tells the venues the member used the remaining loss and wager allowance (contract §6). */
  push?: (
    memberId: number,
    a: { loss: string | null; wager: string | null; computedAt: number },
  ) => Promise<void>;
  /** Tells the member why their play stopped (a mail from the site). */
  notify?: (memberId: number, title: string, body: string) => Promise<void>;
}

/** While a member plays, their allowance is pushed at least this often. */
const ALLOWANCE_REFRESH_MS = 5 * 60_000;

const KIND_NAMES: Record<PlayLimitKind, string> = { loss: '亏损', wager: '投注', time: '游戏时长' };
const PERIOD_NAMES: Record<LimitPeriod, string> = { day: '24小时', week: '7天', month: '30天' };

/**
 * Loss, wager and time limits (contract §5): each over a rolling window (24 h, 7 d, 30 d; the
 * lowest applies, as each is checked). The loss counts settled stakes less payouts in the
 * window plus every open stake; the wager the stakes placed in the window; the time the minutes
 * of the member's stretches of play in the window — a stretch opens with a venue launch or a bet
 * placed, the member site's minute check-ins and later bets extend it, and a gap of more than
 * PLAY_TIME_GAP_MS closes it. A reached limit refuses launch, transfer in and 免转 (9220,
 * through the eligibility gate); reached during play it ends the member's venue sessions.
 */
export class PlayLimitsService {
  /** When each member's allowance was last pushed from this node (the 5-minute refresh). */
  readonly #pushed = new Map<number, number>();

  constructor(private readonly d: PlayLimitsDeps) {}

  /**
   * Pushes the member's remaining loss and wager allowance — the smallest of each kind's
   * periods, limit less use, never below zero; null for a kind without a limit — to every venue
   * they used. `always` false: only a member with such a limit, and only when 5 minutes have
   * passed since the last push from this node (the refresh while they play).
   */
  async pushAllowance(memberId: number, always = true): Promise<void> {
    if (!this.d.push) return;
    const now = this.d.clock.now();
    if (!always && now - (this.#pushed.get(memberId) ?? 0) < ALLOWANCE_REFRESH_MS) return;
    if (!always && !(await this.#hasLimit(this.d.db, memberId, ['loss', 'wager']))) return;
    const use = await this.usage(this.d.db, memberId);
    const left = (kind: PlayLimitKind): string | null => {
      const rest = use
        .filter((u) => u.kind === kind && u.limit !== null)
        .map((u) => (u.limit! > u.used ? u.limit! - u.used : 0n));
      if (rest.length === 0) return null;
      return fenToYuanString(rest.reduce((m, x) => (x < m ? x : m)));
    };
    const loss = left('loss');
    const wager = left('wager');
    if (!always && loss === null && wager === null) return;
    this.#pushed.set(memberId, now);
    try {
      await this.d.push(memberId, { loss, wager, computedAt: now });
    } catch (err) {
      this.d.log.warn({ err, memberId }, 'allowance not pushed');
    }
  }

  /** Every loss, wager and time limit by period, with what its window has used. */
  async usage(q: Queryable, memberId: number): Promise<PlayLimitUse[]> {
    const now = this.d.clock.now();
    const out: PlayLimitUse[] = [];
    const amounts = await this.d.limits.allAmounts(q, memberId);
    for (const period of LIMIT_PERIODS) {
      const from = now - PLAY_LIMIT_WINDOW_MS[period];
      const money = await this.d.bets.lossAndWagerSince(memberId, from, q);
      const minutes100 = BigInt(Math.floor((await repo.playedMs(q, memberId, from, now)) / 600));
      const used: Record<PlayLimitKind, bigint> = {
        loss: money.loss > 0n ? money.loss : 0n,
        wager: money.wager,
        time: minutes100,
      };
      for (const kind of PLAY_LIMIT_KINDS)
        out.push({ kind, period, limit: amounts.get(kind)?.get(period) ?? null, used: used[kind] });
    }
    return out;
  }

  /** The member's loss, wager and time limits with what each window used and any request. */
  async view(memberId: number): Promise<PlayLimits> {
    const use = await this.usage(this.d.db, memberId);
    const list = [];
    for (const kind of PLAY_LIMIT_KINDS) {
      for (const s of await this.d.limits.states(this.d.db, memberId, kind)) {
        const used = use.find((u) => u.kind === kind && u.period === s.period)?.used ?? 0n;
        list.push({
          kind,
          period: s.period,
          amount: s.amount === null ? null : fenToYuanString(s.amount),
          used: fenToYuanString(used),
          request: s.request && presentRequest(s.request),
        });
      }
    }
    return {
      list,
      coolingOffHours: await this.d.limits.coolingOffHours(),
      serverTime: this.d.clock.now(),
    };
  }

  /**
   * The member sets, lowers, raises or removes one (two-step loosening: limits.service.ts, whose
   * `changed` hook pushes the allowance when a limit in force changed).
   */
  async set(memberId: number, req: PlayLimitSetRequest): Promise<PlayLimits> {
    const amount = req.amount === null ? null : parseMoney(req.amount);
    await this.d.limits.set(memberId, req.kind, req.period, amount);
    return this.view(memberId);
  }

  /**
   * A limit in force changed, however (the member's change or confirmation, an operator's
   * change): a loss or wager limit moves the allowance, so the venues hear it now, nulls
   * included once the last such limit is gone; and a limit set or lowered below what the
   * member used while they play is a limit reached during play — they are stopped now, not
   * at the next check-in. Never throws: the change is committed already.
   */
  async limitChanged(memberId: number, kind: LimitKind): Promise<void> {
    if (kind === 'deposit') return;
    try {
      if (kind !== 'time') await this.pushAllowance(memberId);
      const from = this.d.clock.now() - PLAY_TIME_GAP_MS;
      if (await repo.playingSince(this.d.db, memberId, from)) await this.#judge(memberId);
    } catch (err) {
      this.d.log.warn({ err, memberId }, 'play limit change not carried to the venues');
    }
  }

  /** The first limit whose window has used it up, or null. */
  async reached(q: Queryable, memberId: number): Promise<PlayLimitUse | null> {
    // Most members keep no such limit: one cheap read spares them the windows' sums.
    if (!(await this.#hasLimit(q, memberId, PLAY_LIMIT_KINDS))) return null;
    const all = await this.usage(q, memberId);
    return all.find((u) => u.limit !== null && u.used >= u.limit) ?? null;
  }

  /** 9220 naming the limit, its period, the limit and what was used, when one is reached. */
  async assertWithin(q: Queryable, memberId: number): Promise<void> {
    const r = await this.reached(q, memberId);
    if (!r || r.limit === null) return;
    throw new AppError(
      ErrorCode.PlayLimitReached,
      {
        kind: r.kind,
        period: r.period,
        limit: fenToYuanString(r.limit),
        used: fenToYuanString(r.used),
      },
      `${describe(r)}，暂不能进入场馆或转入`,
    );
  }

  /** A venue launched: a stretch of play opens (or goes on) and a past stop is cleared. */
  async launched(memberId: number): Promise<void> {
    await this.d.db.tx(async (q) => {
      await repo.notePlay(q, memberId, this.d.clock.now(), PLAY_TIME_GAP_MS, true);
      await repo.clearStop(q, memberId);
    });
    // The venue launched may be new to the member and never told: not throttled.
    this.#pushed.delete(memberId);
    await this.pushAllowance(memberId, false);
  }

  /** The member site checked in: an open stretch of play goes on (none is opened). */
  async seen(memberId: number): Promise<void> {
    if (!(await repo.notePlay(this.d.db, memberId, this.d.clock.now(), PLAY_TIME_GAP_MS, false)))
      return;
    // Play time runs without bets: a time limit is judged here too.
    await this.#judge(memberId);
    await this.pushAllowance(memberId, false);
  }

  /**
   * Bet copies of these members arrived or settled: bets placed are signs of play, and a member
   * whose limit is now reached is stopped once (sessions ended, balances recalled, told why).
   */
  async afterBets(placed: Map<number, number[]>): Promise<void> {
    for (const [memberId, times] of placed) {
      try {
        for (const at of times)
          await repo.notePlay(this.d.db, memberId, at, PLAY_TIME_GAP_MS, true);
        // Every change the bets make moves the allowance: the venues hear it at once.
        this.#pushed.delete(memberId);
        await this.pushAllowance(memberId, false);
        await this.#judge(memberId);
      } catch (err) {
        this.d.log.error({ err, memberId }, 'play limit not enforced after bets');
      }
    }
  }

  /** A reached limit stops the member once: sessions ended, balances recalled, told why. */
  async #judge(memberId: number): Promise<void> {
    const r = await this.reached(this.d.db, memberId);
    if (!r) return;
    const now = this.d.clock.now();
    if (!(await repo.recordStop(this.d.db, memberId, r, now))) return;
    await this.d.stop?.(memberId, `limit:${memberId}:${now}`);
    await this.d.notify?.(
      memberId,
      '已达到您设置的限额',
      `${describe(r)}。您在各场馆的会话已结束，场馆余额已转回中心钱包；窗口期内的用量回落到限额以下后方可继续游戏。`,
    );
  }

  async #hasLimit(q: Queryable, memberId: number, kinds: readonly PlayLimitKind[]) {
    const amounts = await this.d.limits.allAmounts(q, memberId);
    return kinds.some((k) => (amounts.get(k)?.size ?? 0) > 0);
  }
}

/** 已达到您的亏损限额（24小时 ¥100.00，已用 ¥120.00）. */
function describe(r: PlayLimitUse): string {
  const show = (v: bigint) => (r.kind === 'time' ? `${v / 100n} 分钟` : `¥${fenToYuanString(v)}`);
  const limit = r.limit === null ? '' : show(r.limit);
  return `已达到您的${KIND_NAMES[r.kind]}限额（${PERIOD_NAMES[r.period]} ${limit}，已用 ${show(r.used)}）`;
}
