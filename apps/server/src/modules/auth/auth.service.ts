/*
 * Over 300 lines on purpose: registration, login, device authorization and token exchange share
 * one completion path (#completeLogin: risk, trusted device, session, login record) that must not
 * be callable on its own; the parts that stand alone already live beside it (captcha, session,
 * throttle, risk services).
 */
import { randomInt } from 'node:crypto';
import {
  deviceName,
  AVATAR_COUNT,
  ErrorCode,
  avatarUrl,
  isCommonPassword,
  maskPhone,
  type CodeSent,
  type LoginChallenge,
  type LoginResult,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { networkOf, subscriberBlockOf } from '../../lib/network';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password';
import {
  codeHash,
  newToken,
  randomId,
  safeEqualHex,
  sixDigitCode,
  tokenHash,
} from '../../lib/tokens';
import { signChatJwt } from '../../lib/chat-jwt';
import type { SettingsService } from '../settings/settings.service';
import type { SmsCodeService } from '../sms/sms-code.service';
import type { SmsGateway } from '../sms/sms.gateway';
import * as challenges from './challenge.repository';
import * as credentials from './credentials.repository';
import * as devices from './device.repository';
import * as handovers from './handover.repository';
import * as loginRecords from './login-record.repository';
import * as throttles from './throttle.repository';
import type { CaptchaService } from './captcha.service';
import { RISK_CODE, assessLoginRisk, type RiskReason } from './login-risk';
import { LoginThrottle, type ThrottleRules } from './login-throttle';
import type { SessionService } from './session.service';
import type { StepUpGuard } from './step-up-guard';

const HOUR_MS = 60 * 60 * 1000;

export interface RequestMeta {
  deviceId: string;
  ip: string;
  userAgent: string;
}

const CHALLENGE_TTL_MS = 10 * 60 * 1000;
const DEVICE_CODE_TTL_MS = 5 * 60 * 1000;
const DEVICE_CODE_RESEND_MS = 60 * 1000;
const DEVICE_CODE_MAX_SENDS = 5;
const DEVICE_CODE_MAX_ATTEMPTS = 5;
const HANDOVER_TTL_MS = 5 * 60 * 1000;
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  sessions: SessionService;
  captcha: CaptchaService;
  sms: SmsCodeService;
  smsGateway: SmsGateway;
  codeSecret: string;
  jwtSecret: string;
  stepUps: StepUpGuard;
}

/** "iPhone · Safari" (protocol `deviceName`: the site names login records the same way). */
function deviceLabel(userAgent: string): string {
  return deviceName(userAgent);
}

/** Accounts: registration, login with throttle, captcha, risk and step-up, passwords. */
export class AuthService {
  readonly #throttle: LoginThrottle;

  constructor(private readonly d: AuthDeps) {
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

  async register(
    input: {
      userName: string;
      password: string;
      inviteCode?: string;
      ageConfirmed: boolean;
      captchaId?: string;
      captchaCode?: string;
    },
    meta: RequestMeta,
  ): Promise<LoginResult> {
    await this.d.sessions.refuseBlockedDevice(meta.deviceId);
    const settings = await this.d.settings.get();
    if (settings.stopRegister) throw new AppError(ErrorCode.RegistrationClosed);
    if (!input.ageConfirmed) throw new AppError(ErrorCode.AgeNotConfirmed);
    if (settings.registerCaptcha) await this.d.captcha.check(input.captchaId, input.captchaCode);
    return this.registerTrusted(input, meta, {
      perAddress: settings.registerPerAddressHour,
      perBlock: settings.registerPerBlockHour,
    });
  }

  /** Bots farm accounts: a registration past the hour's budget of its address or block is 6056. */
  async #countRegistration(
    q: Queryable,
    ip: string,
    now: number,
    rate: { perAddress: number; perBlock: number },
  ): Promise<void> {
    const byAddress = await throttles.bumpThrottle(q, `register:ip:${ip}`, now, HOUR_MS);
    const byBlock = await throttles.bumpThrottle(
      q,
      `register:block:${subscriberBlockOf(ip)}`,
      now,
      HOUR_MS,
    );
    if (byAddress.failures > rate.perAddress || byBlock.failures > rate.perBlock) {
      throw new AppError(ErrorCode.RegisterTooFrequent);
    }
  }

  /** Registration after the public checks (stopRegister, age, captcha): the seed uses it too. */
  async registerTrusted(
    input: { userName: string; password: string; inviteCode?: string },
    meta: RequestMeta,
    rate?: { perAddress: number; perBlock: number },
  ): Promise<LoginResult> {
    // Everything about the request before the name's availability: a taken name must not be
    // told apart from a free one by a request that could never register (bogus invite code).
    if (
      isCommonPassword(input.password) ||
      input.password.toLowerCase().includes(input.userName.toLowerCase())
    ) {
      throw new AppError(ErrorCode.WeakPassword);
    }
    let inviterId: number | null = null;
    if (input.inviteCode) {
      inviterId = await credentials.findMemberIdByInviteCode(this.d.db, input.inviteCode);
      if (inviterId === null) throw new AppError(ErrorCode.InviteCodeInvalid);
    }
    const lower = input.userName.toLowerCase();
    if (await credentials.findMemberByName(this.d.db, lower))
      throw new AppError(ErrorCode.UsernameTaken);
    const passwordHash = await hashPassword(input.password);
    const now = this.d.clock.now();
    const network = networkOf(meta.ip);
    const result = await this.d.db.tx(async (q) => {
      // Counted in the member's own transaction: the counter row serializes parallel sign-ups
      // from one address, and a refused or failed one rolls its count back.
      if (rate) await this.#countRegistration(q, meta.ip, now, rate);
      const inviteCode = await this.#newInviteCode(q);
      const memberId = await credentials.insertMember(q, {
        userName: input.userName,
        passwordHash,
        nickname: input.userName,
        avatar: avatarUrl(randomInt(1, AVATAR_COUNT + 1)),
        inviteCode,
        inviterId,
        ip: meta.ip,
        deviceId: meta.deviceId,
        now,
      });
      if (memberId === null) throw new AppError(ErrorCode.UsernameTaken);
      await devices.upsertDevice(q, {
        memberId,
        deviceId: meta.deviceId,
        label: deviceLabel(meta.userAgent),
        trusted: true,
        ip: meta.ip,
        now,
      });
      await loginRecords.insertLoginRecord(q, {
        memberId,
        userNameLower: lower,
        ip: meta.ip,
        network,
        deviceId: meta.deviceId,
        userAgent: meta.userAgent,
        success: true,
        risky: false,
        riskReason: null,
        now,
      });
      await credentials.setLastLogin(q, memberId, now);
      const session = await this.d.sessions.open(q, {
        memberId,
        deviceId: meta.deviceId,
        ip: meta.ip,
        userAgent: meta.userAgent,
        remember: false,
      });
      return { token: session.token, userName: input.userName, expiresAt: session.expiresAt };
    });
    return result;
  }

  async #newInviteCode(q: Parameters<typeof credentials.inviteCodeExists>[0]): Promise<string> {
    for (;;) {
      let code = '';
      for (let i = 0; i < 8; i += 1) code += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
      if (!(await credentials.inviteCodeExists(q, code))) return code;
    }
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
    return this.#completeLogin(
      member.id,
      member.userName,
      meta,
      network,
      input.remember,
      risk,
      false,
    );
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

  /** Opens the session of a successful login, records it, trusts the device when it may. */
  async #completeLogin(
    memberId: number,
    userName: string,
    meta: RequestMeta,
    network: string,
    remember: boolean,
    risk: RiskReason | null,
    authorized: boolean,
  ): Promise<LoginResult> {
    const now = this.d.clock.now();
    const session = await this.d.db.tx(async (q) => {
      const m = await credentials.findMemberById(q, memberId, true);
      if (!m || m.blocked) throw new AppError(ErrorCode.MemberBlocked);
      await devices.upsertDevice(q, {
        memberId,
        deviceId: meta.deviceId,
        label: deviceLabel(meta.userAgent),
        trusted: risk === null || authorized,
        ip: meta.ip,
        now,
      });
      await loginRecords.insertLoginRecord(q, {
        memberId,
        userNameLower: userName.toLowerCase(),
        ip: meta.ip,
        network,
        deviceId: meta.deviceId,
        userAgent: meta.userAgent,
        success: true,
        risky: risk !== null,
        riskReason: risk,
        now,
      });
      await credentials.setLastLogin(q, memberId, now);
      return this.d.sessions.open(q, {
        memberId,
        deviceId: meta.deviceId,
        ip: meta.ip,
        userAgent: meta.userAgent,
        remember,
      });
    });
    await this.d.sessions.announceEnded(memberId, session.ended, 'replaced');
    return { token: session.token, userName, expiresAt: session.expiresAt };
  }

  /** Device authorization, step 1: an SMS code to the member's phone (6038, 6039). */
  async deviceSendCode(challengeId: string, meta: RequestMeta): Promise<CodeSent> {
    await this.d.sessions.refuseBlockedDevice(meta.deviceId);
    const now = this.d.clock.now();
    const c = await challenges.readChallenge(this.d.db, challengeId);
    if (!c || c.completedAt || c.expiresAt <= now || c.deviceId !== meta.deviceId)
      throw new AppError(ErrorCode.DeviceAuthExpired);
    if (
      c.sends >= DEVICE_CODE_MAX_SENDS ||
      (c.codeSentAt !== null && now < c.codeSentAt + DEVICE_CODE_RESEND_MS)
    ) {
      throw new AppError(ErrorCode.DeviceAuthTooMany, {
        resendAfter: (c.codeSentAt ?? now) + DEVICE_CODE_RESEND_MS,
      });
    }
    const member = await credentials.findMemberById(this.d.db, c.memberId);
    if (!member?.phone) throw new AppError(ErrorCode.DeviceAuthExpired);
    const code = sixDigitCode();
    const expiresAt = now + DEVICE_CODE_TTL_MS;
    await challenges.setChallengeCode(
      this.d.db,
      c.id,
      codeHash(this.d.codeSecret, 'deviceAuth', c.id, code),
      now,
      expiresAt,
    );
    await this.d.smsGateway.send({
      phone: `${member.countryCode ?? ''}${member.phone}`,
      text: `您的账号正在新设备登录，授权码：${code}，5 分钟内有效。如非本人操作请立即修改密码。`,
      purpose: 'deviceAuth',
    });
    return { expiresAt, resendAfter: now + DEVICE_CODE_RESEND_MS };
  }

  /** Device authorization, step 2 (6035 required, 6036 wrong, 6037 locked, 6038 expired). */
  async deviceVerify(challengeId: string, code: string, meta: RequestMeta): Promise<LoginResult> {
    // Before the challenge is completed: a blocked device must not use up the member's code.
    await this.d.sessions.refuseBlockedDevice(meta.deviceId);
    const now = this.d.clock.now();
    const c = await challenges.readChallenge(this.d.db, challengeId);
    if (!c || c.completedAt || c.expiresAt <= now || c.deviceId !== meta.deviceId)
      throw new AppError(ErrorCode.DeviceAuthExpired);
    if (!c.codeHash || c.codeExpiresAt === null) throw new AppError(ErrorCode.DeviceAuthRequired);
    if (c.attempts >= DEVICE_CODE_MAX_ATTEMPTS) throw new AppError(ErrorCode.DeviceAuthLocked);
    if (c.codeExpiresAt <= now) throw new AppError(ErrorCode.DeviceAuthExpired);
    if (!safeEqualHex(c.codeHash, codeHash(this.d.codeSecret, 'deviceAuth', c.id, code))) {
      const attempts = await challenges.bumpChallengeAttempts(this.d.db, c.id);
      throw new AppError(
        attempts >= DEVICE_CODE_MAX_ATTEMPTS
          ? ErrorCode.DeviceAuthLocked
          : ErrorCode.DeviceAuthCodeWrong,
        {
          attemptsLeft: Math.max(0, DEVICE_CODE_MAX_ATTEMPTS - attempts),
        },
      );
    }
    if (!(await challenges.completeChallenge(this.d.db, c.id, now)))
      throw new AppError(ErrorCode.DeviceAuthExpired);
    const member = await credentials.findMemberById(this.d.db, c.memberId);
    if (!member) throw new AppError(ErrorCode.DeviceAuthExpired);
    return this.#completeLogin(
      member.id,
      member.userName,
      meta,
      c.network,
      c.remember,
      c.reason as RiskReason,
      true,
    );
  }

  /**
   * Whether this name and password would log in (the member exists, is not blocked and the
   * stored hash verifies). The start-up banner uses it so it never prints a login that fails.
   */
  async credentialsWork(userName: string, password: string): Promise<boolean> {
    const m = await credentials.findMemberByName(this.d.db, userName.trim().toLowerCase());
    return m !== null && !m.blocked && (await verifyPassword(m.passwordHash, password));
  }

  async logout(memberId: number, sessionId: string): Promise<void> {
    await this.d.sessions.end(memberId, sessionId, 'logout');
  }

  /** Ends every session of the member, this one included: the next call gets 10105. */
  async changePassword(
    memberId: number,
    oldPassword: string,
    newPassword: string,
    ip: string,
  ): Promise<void> {
    const m = await credentials.findMemberById(this.d.db, memberId);
    if (!m) throw new AppError(ErrorCode.AuthRequired);
    await this.d.stepUps.password(m, oldPassword, ip);
    if (oldPassword === newPassword) throw new AppError(ErrorCode.SamePassword);
    await this.#setPassword(m.id, m.userName, newPassword);
  }

  async #setPassword(memberId: number, userName: string, password: string): Promise<void> {
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

  /** Same answer whether or not the name exists or has a phone: nothing to enumerate. */
  async passwordResetCode(userName: string): Promise<{ resendAfter: number }> {
    const lower = userName.trim().toLowerCase();
    const m = await credentials.findMemberByName(this.d.db, lower);
    const target = `reset:${lower}`;
    const phone = m?.phone && m.countryCode ? `${m.countryCode}${m.phone}` : null;
    if (phone)
      return { resendAfter: (await this.d.sms.issue('resetPassword', target, phone)).resendAfter };
    // No phone to send to: answer as if sent, with the same rate limit, so nothing leaks.
    return { resendAfter: (await this.d.sms.issue('resetPassword', target, null)).resendAfter };
  }

  async passwordReset(userName: string, code: string, newPassword: string): Promise<void> {
    const lower = userName.trim().toLowerCase();
    await this.d.sms.require('resetPassword', `reset:${lower}`, code);
    const m = await credentials.findMemberByName(this.d.db, lower);
    if (!m?.phone) throw new AppError(ErrorCode.SmsCodeWrong);
    await this.#setPassword(m.id, m.userName, newPassword);
  }

  async tokenHandover(memberId: number): Promise<{ token: string; expiresAt: number }> {
    const now = this.d.clock.now();
    const { token, hash } = newToken();
    await handovers.insertHandover(this.d.db, {
      hash,
      memberId,
      now,
      expiresAt: now + HANDOVER_TTL_MS,
    });
    return { token, expiresAt: now + HANDOVER_TTL_MS };
  }

  /** A URL-handed token, once, for a session bound to this device (contract §2). */
  async tokenExchange(token: string, meta: RequestMeta): Promise<LoginResult> {
    // Before the token is used: a blocked device must not void the member's handover.
    await this.d.sessions.refuseBlockedDevice(meta.deviceId);
    const memberId = await handovers.useHandover(this.d.db, tokenHash(token), this.d.clock.now());
    if (memberId === null) throw new AppError(ErrorCode.TokenExchangeInvalid);
    const m = await credentials.findMemberById(this.d.db, memberId);
    if (!m || m.blocked) throw new AppError(ErrorCode.MemberBlocked);
    return this.#completeLogin(m.id, m.userName, meta, networkOf(meta.ip), false, null, true);
  }

  /** The chat JWT for this session (contract §4). */
  async chatJwt(
    memberId: number,
    sessionId: string,
  ): Promise<{ token: string; expiresAt: number }> {
    const m = await credentials.findMemberById(this.d.db, memberId);
    if (!m) throw new AppError(ErrorCode.AuthRequired);
    return signChatJwt(
      this.d.jwtSecret,
      { memberId, vipLevel: m.vipLevel, sessionId },
      this.d.clock.now(),
    );
  }

  async logoutAll(memberId: number): Promise<void> {
    const ended = await this.d.db.tx(async (q) => {
      await handovers.voidHandovers(q, memberId, this.d.clock.now());
      return this.d.sessions.endAllIn(q, memberId, 'logoutAll');
    });
    await this.d.sessions.announceEnded(memberId, ended, 'logoutAll');
  }
}
