import {
  fenToYuanString,
  formatMoney,
  type RealityCheck,
  type RealityCheckMinutes,
} from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import type { SessionService } from '../auth/session.service';
import type { BetTotalsService } from '../bets/bet-totals.service';
import type { SettingsService } from '../settings/settings.service';
import * as repo from './rg-prefs.repository';

export interface RealityCheckDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  sessions: SessionService;
  bets: BetTotalsService;
  /** 退出: the member's venue sessions end, as for a break (bound late: venues are wired later). */
  leaveVenues: (memberId: number) => Promise<void>;
  /** The member site checked in: a stretch of play time goes on (play-limits.service.ts). */
  onSeen?: (memberId: number) => Promise<void>;
}

/**
 * Reality checks (contract §5). The server keeps the session clock: a check is due one interval
 * (the member's choice, else the `rgRealityCheckMinutes` setting; 0 is off) after the session
 * began or after the member last answered one in this session. The member site asks when the
 * next is due and, once it is, shows the time played and this session's stakes, payouts and
 * net from the platform's bet copies until the member answers 继续 or 退出.
 */
export class RealityCheckService {
  constructor(private readonly d: RealityCheckDeps) {}

  async status(memberId: number, sessionId: string): Promise<RealityCheck> {
    const now = this.d.clock.now();
    await this.d.onSeen?.(memberId);
    const prefs = await repo.readPrefs(this.d.db, memberId);
    const minutes: RealityCheckMinutes =
      prefs.realityCheckMinutes ?? (await this.d.settings.get()).rgRealityCheckMinutes;
    const started = (await this.d.sessions.startedAt(sessionId)) ?? now;
    const answered = await repo.readAnswer(this.d.db, sessionId);
    const from = Math.max(started, answered ?? started);
    const dueAt = minutes === 0 ? null : from + minutes * 60_000;
    // Venues stamp bets with their own clock: anything placed since the session began counts.
    const t = await this.d.bets.placedSince(memberId, started, Math.max(now, started) + 86_400_000);
    return {
      minutes,
      chosen: prefs.realityCheckMinutes !== null,
      sessionStartedAt: started,
      dueAt,
      due: dueAt !== null && now >= dueAt,
      serverTime: now,
      stakes: fenToYuanString(t.stake),
      payouts: fenToYuanString(t.payout),
      net: formatMoney(t.payout - t.stake),
    };
  }

  /** The member chooses an interval; the next check is one interval from the last answer. */
  async choose(memberId: number, sessionId: string, minutes: RealityCheckMinutes) {
    await repo.writeRealityCheckMinutes(this.d.db, memberId, minutes, this.d.clock.now());
    return this.status(memberId, sessionId);
  }

  /** 继续: the next check is one interval from now. */
  async carryOn(memberId: number, sessionId: string): Promise<RealityCheck> {
    await repo.writeAnswer(this.d.db, memberId, sessionId, this.d.clock.now());
    return this.status(memberId, sessionId);
  }

  /** 退出: the member's venue sessions end (the site then goes home); the check is answered. */
  async exit(memberId: number, sessionId: string): Promise<RealityCheck> {
    await repo.writeAnswer(this.d.db, memberId, sessionId, this.d.clock.now());
    await this.d.leaveVenues(memberId);
    return this.status(memberId, sessionId);
  }
}
