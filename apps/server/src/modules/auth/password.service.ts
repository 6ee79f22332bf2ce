import { ErrorCode, isCommonPassword } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { SmsCodeService } from '../sms/sms-code.service';
import * as credentials from './credentials.repository';
import * as handovers from './handover.repository';
import type { SessionService } from './session.service';
import type { StepUpGuard } from './step-up-guard';

export interface PasswordDeps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  sms: SmsCodeService;
  stepUps: StepUpGuard;
}

/** Login passwords: checking, changing, resetting by SMS. */
export class PasswordService {
  constructor(private readonly d: PasswordDeps) {}

  /**
   * Whether this name and password would log in (the member exists, is not blocked and the
   * stored hash verifies). The start-up banner uses it so it never prints a login that fails.
   */
  async credentialsWork(userName: string, password: string): Promise<boolean> {
    const m = await credentials.findMemberByName(this.d.db, userName.trim().toLowerCase());
    return m !== null && !m.blocked && (await verifyPassword(m.passwordHash, password));
  }

  /** Ends every session of the member, this one included: the next call gets 10105. */
  async change(
    memberId: number,
    oldPassword: string,
    newPassword: string,
    ip: string,
  ): Promise<void> {
    const m = await credentials.findMemberById(this.d.db, memberId);
    if (!m) throw new AppError(ErrorCode.AuthRequired);
    await this.d.stepUps.password(m, oldPassword, ip);
    if (oldPassword === newPassword) throw new AppError(ErrorCode.SamePassword);
    await this.#set(m.id, m.userName, newPassword);
  }

  /** Same answer whether or not the name exists or has a phone: nothing to enumerate. */
  async resetCode(userName: string): Promise<{ resendAfter: number }> {
    const lower = userName.trim().toLowerCase();
    const m = await credentials.findMemberByName(this.d.db, lower);
    const target = `reset:${lower}`;
    const phone = m?.phone && m.countryCode ? `${m.countryCode}${m.phone}` : null;
    if (phone)
      return { resendAfter: (await this.d.sms.issue('resetPassword', target, phone)).resendAfter };
    // No phone to send to: answer as if sent, with the same rate limit, so nothing leaks.
    return { resendAfter: (await this.d.sms.issue('resetPassword', target, null)).resendAfter };
  }

  async reset(userName: string, code: string, newPassword: string): Promise<void> {
    const lower = userName.trim().toLowerCase();
    await this.d.sms.require('resetPassword', `reset:${lower}`, code);
    const m = await credentials.findMemberByName(this.d.db, lower);
    if (!m?.phone) throw new AppError(ErrorCode.SmsCodeWrong);
    await this.#set(m.id, m.userName, newPassword);
  }

  async #set(memberId: number, userName: string, password: string): Promise<void> {
    if (isCommonPassword(password) || password.toLowerCase().includes(userName.toLowerCase()))
      throw new AppError(ErrorCode.WeakPassword);
    const hash = await hashPassword(password);
    const ended = await this.d.db.tx(async (q) => {
      await credentials.findMemberById(q, memberId, true);
      await credentials.setMemberPassword(q, memberId, hash);
      await handovers.voidHandovers(q, memberId, this.d.clock.now());
      return this.d.sessions.endAllIn(q, memberId, 'password');
    });
    await this.d.sessions.announceEnded(memberId, ended, 'password');
  }
}
