import {
  ErrorCode,
  PLAY_BREAK_HOURS,
  type PlayBreakSetRequest,
  type PlayBreakStatus,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { MemberService } from '../member/member.service';
import * as repo from './play-break.repository';

import type { PlayGuard } from './eligibility.service';

// The guard is the eligibility service's `play` purpose now; callers keep importing it here.
export type { PlayGuard } from './eligibility.service';

export interface PlayBreakDeps {
  db: Db;
  clock: Clock;
  members: MemberService;
  log: FastifyBaseLogger;
  /**
   * A break started: the member's venue sessions end and their venue balances come home
   * (bound late: the venues are wired after this service). `breakId` keys the recall, so a
   * second call finds the same transfers.
   */
  onStart?: (memberId: number, breakId: number) => Promise<void>;
}

/**
 * Time-out and self-exclusion (responsible gambling, contract §5). A member takes a break of a
 * length the protocol offers, confirmed with the login password (a step-up: wrong guesses count
 * towards the login lockout); nobody can lift or shorten it, a longer one replaces it. While it
 * runs the member can log in, recall venue balances and withdraw, but deposits, launches and
 * transfers in are refused with 9202.
 */
export class PlayBreakService implements PlayGuard {
  constructor(private readonly d: PlayBreakDeps) {}

  async status(memberId: number): Promise<PlayBreakStatus> {
    const active = await repo.readActiveBreak(this.d.db, memberId, this.d.clock.now());
    return { active: active && present(active) };
  }

  async start(memberId: number, req: PlayBreakSetRequest, ip: string): Promise<PlayBreakStatus> {
    await this.d.members.verifyStepUp(memberId, { password: req.password }, ip);
    const hours = (PLAY_BREAK_HOURS[req.kind] as Record<string, number>)[req.length];
    // The schema pairs kinds with lengths; a length of the other kind never gets here.
    if (hours === undefined) throw new AppError(ErrorCode.Validation);
    const now = this.d.clock.now();
    const endsAt = now + hours * 3600_000;
    const row = await this.d.db.tx(async (q) => {
      await repo.lockMember(q, memberId);
      const running = await repo.readActiveBreak(q, memberId, now);
      if (running && running.endsAt >= endsAt) {
        throw new AppError(ErrorCode.PlayBreakShorter, { endsAt: running.endsAt });
      }
      return repo.insertBreak(q, { memberId, kind: req.kind, startedAt: now, endsAt });
    });
    try {
      await this.d.onStart?.(memberId, row.id);
    } catch (err) {
      // The break stands whatever a venue answers: launches and transfers in are refused here,
      // and the member can recall what a venue still holds.
      this.d.log.error({ err, memberId }, 'play break: venues not left');
    }
    return { active: present(row) };
  }

  async assertCanPlay(q: Queryable, memberId: number): Promise<void> {
    const active = await repo.readActiveBreak(q, memberId, this.d.clock.now());
    if (active) {
      throw new AppError(ErrorCode.PlayBreakActive, { kind: active.kind, endsAt: active.endsAt });
    }
  }

  /** A break alone: the limits are the eligibility service's (eligibility.service.ts). */
  assertCanWager(q: Queryable, memberId: number): Promise<void> {
    return this.assertCanPlay(q, memberId);
  }
}

const present = (b: repo.PlayBreakRow) => ({
  kind: b.kind,
  startedAt: b.startedAt,
  endsAt: b.endsAt,
});
