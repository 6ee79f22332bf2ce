import { ErrorCode } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { networkOf } from '../../lib/network';
import { verifyPassword } from '../../lib/password';
import type { SettingsService } from '../settings/settings.service';
import { LoginThrottle } from './login-throttle';
import type { SessionService } from './session.service';

export interface StepUpGuardDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  sessions: SessionService;
}

/**
 * A password asked again of a logged-in member (password change, fund password, phone change,
 * payout accounts) is a password oracle for whoever holds the session: each try is counted
 * with the member's login lockout on that network (reserved before the verify, so parallel
 * guesses get no more tries than sequential ones). When the budget is spent the answer is 6040
 * with `lockedUntil`, and every session of the member ends (the next call gets 10004): a stolen
 * session must not keep guessing, and the member logs in again once the lock has passed.
 */
export class StepUpGuard {
  readonly #throttle: LoginThrottle;

  constructor(private readonly d: StepUpGuardDeps) {
    this.#throttle = new LoginThrottle(d.db, d.clock);
  }

  async password(
    member: { id: number; userName: string; passwordHash: string },
    password: string,
    ip: string,
  ): Promise<void> {
    const s = await this.d.settings.get();
    const rules = {
      captchaAfter: 0,
      lockAfter: s.loginLockAfter,
      lockMs: s.loginLockMinutes * 60_000,
    };
    const name = member.userName.toLowerCase();
    const network = networkOf(ip);
    const reserved = await this.#throttle.reserve(name, network, rules);
    if (reserved.lockedUntil !== null) await this.#lockOut(member.id, reserved.lockedUntil);
    if (await verifyPassword(member.passwordHash, password)) {
      await this.#throttle.succeed(name, network);
      return;
    }
    const lockedUntil = await this.#throttle.lockIfSpent(name, network, rules, reserved.tries);
    if (lockedUntil !== null) await this.#lockOut(member.id, lockedUntil);
    throw new AppError(ErrorCode.NameError);
  }

  async #lockOut(memberId: number, lockedUntil: number): Promise<never> {
    const ended = await this.d.db.tx((q) => this.d.sessions.endAllIn(q, memberId, 'locked'));
    await this.d.sessions.announceEnded(memberId, ended, 'locked');
    throw new AppError(ErrorCode.AccountLocked, { lockedUntil });
  }
}
