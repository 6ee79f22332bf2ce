import { ErrorCode, maskPhone, type LoginChallenge, type LoginResult } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { networkOf } from '../../lib/network';
import { dummyHash, verifyPassword } from '../../lib/password';
import { randomId } from '../../lib/tokens';
import type { SettingsService } from '../settings/settings.service';
import type { CaptchaService } from './captcha.service';
import * as challenges from './challenge.repository';
import * as credentials from './credentials.repository';
import type { LoginCompletionService, RequestMeta } from './login-completion.service';
import * as loginRecords from './login-record.repository';
import { RISK_CODE, assessLoginRisk, type RiskReason } from './login-risk';
import { LoginThrottle, type ThrottleRules } from './login-throttle';
import type { SessionService } from './session.service';
import type { SelfExclusionCheck } from './self-exclusion-check.types';

const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export interface LoginDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  sessions: SessionService;
  captcha: CaptchaService;
  completion: LoginCompletionService;
  selfExclusion?: SelfExclusionCheck;
}

/** Password login with throttle, captcha and risk; a risky one becomes a device challenge. */
export class LoginService {
  readonly #throttle: LoginThrottle;

  constructor(private readonly d: LoginDeps) {
    this.#throttle = new LoginThrottle(d.db, d.clock);
  }

  async #rules(): Promise<ThrottleRules> {
    const s = await this.d.settings.get();
    return {
      captchaAfter: s.loginCaptchaAfter,
      lockAfter: s.loginLockAfter,
      lockMs: s.loginLockMinutes * 60_000,
    };
  }

  /**
   * Login (contract §4). Unknown names and wrong passwords give the same 6002 after the same
   * work: the name's counters move either way and a dummy hash is verified for unknown names.
   */
  async login(
    input: {
      userName: string;
      password: string;
      remember: boolean;
      captchaId?: string;
      captchaCode?: string;
    },
    meta: RequestMeta,
  ): Promise<LoginResult> {
    await this.d.sessions.refuseBlockedDevice(meta.deviceId);
    const settings = await this.d.settings.get();
    if (settings.stopLogin) throw new AppError(ErrorCode.LoginClosed);
    const lower = input.userName.trim().toLowerCase();
    const network = networkOf(meta.ip);
    const rules = await this.#rules();
    const state = await this.#throttle.state(lower, network, rules);
    if (state.lockedUntil)
      throw new AppError(ErrorCode.AccountLocked, { lockedUntil: state.lockedUntil });
    if (state.captchaRequired) await this.d.captcha.check(input.captchaId, input.captchaCode);

    const member = await credentials.findMemberByName(this.d.db, lower);
    const ok = await verifyPassword(member?.passwordHash ?? (await dummyHash()), input.password);
    const now = this.d.clock.now();
    if (!member || !ok) {
      const after = await this.#throttle.fail(lower, network, rules);
      await loginRecords.insertLoginRecord(this.d.db, {
        memberId: member?.id ?? null,
        userNameLower: lower,
        ip: meta.ip,
        network,
        deviceId: meta.deviceId,
        userAgent: meta.userAgent,
        success: false,
        risky: false,
        riskReason: null,
        now,
      });
      if (after.lockedUntil)
        throw new AppError(ErrorCode.AccountLocked, { lockedUntil: after.lockedUntil });
      throw new AppError(ErrorCode.NameError, { captchaRequired: after.captchaRequired });
    }
    await this.#throttle.succeed(lower, network);
    if (member.blocked) throw new AppError(ErrorCode.MemberBlocked);
    await this.d.selfExclusion?.assertMayLogin(member.id);

    const risk = await assessLoginRisk(
      this.d.db,
      { memberId: member.id, lastLoginAt: member.lastLoginAt },
      meta.deviceId,
      network,
      now,
    );
    if (risk && member.phone && member.countryCode) {
      const challenge = await this.#challenge(
        member.id,
        member.phone,
        risk,
        input.remember,
        meta,
        network,
        now,
      );
      throw new AppError(RISK_CODE[risk], challenge);
    }
    return this.d.completion.complete({
      memberId: member.id,
      userName: member.userName,
      meta,
      network,
      remember: input.remember,
      risk,
      authorized: false,
    });
  }

  async #challenge(
    memberId: number,
    phone: string,
    reason: RiskReason,
    remember: boolean,
    meta: RequestMeta,
    network: string,
    now: number,
  ): Promise<LoginChallenge> {
    const id = randomId(18);
    await challenges.insertChallenge(this.d.db, {
      id,
      memberId,
      deviceId: meta.deviceId,
      ip: meta.ip,
      network,
      userAgent: meta.userAgent,
      reason,
      remember,
      now,
      expiresAt: now + CHALLENGE_TTL_MS,
    });
    return { challengeId: id, phoneMasked: maskPhone(phone), reason };
  }

  async logout(memberId: number, sessionId: string): Promise<void> {
    await this.d.sessions.end(memberId, sessionId, 'logout');
  }
}
