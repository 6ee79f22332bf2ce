import { ErrorCode, type CodeSent, type LoginResult } from '@nebula/protocol';
import type { SelfExclusionCheck } from './self-exclusion-check.types';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { codeHash, safeEqualHex, sixDigitCode } from '../../lib/tokens';
import type { SmsGateway } from '../sms/sms.gateway';
import * as challenges from './challenge.repository';
import type { ChallengeRow } from './challenge.repository';
import * as credentials from './credentials.repository';
import type { LoginCompletionService, RequestMeta } from './login-completion.service';
import type { RiskReason } from './login-risk';
import type { SessionService } from './session.service';

const DEVICE_CODE_TTL_MS = 5 * 60 * 1000;
const DEVICE_CODE_RESEND_MS = 60 * 1000;
const DEVICE_CODE_MAX_SENDS = 5;
const DEVICE_CODE_MAX_ATTEMPTS = 5;

export interface DeviceAuthorizationDeps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  smsGateway: SmsGateway;
  codeSecret: string;
  completion: LoginCompletionService;
  /** The self-exclusion register: asked again when the login completes (bound late). */
  selfExclusion?: SelfExclusionCheck;
}

/** A risky login's challenge answered with an SMS code to the member's phone. */
export class DeviceAuthorizationService {
  constructor(private readonly d: DeviceAuthorizationDeps) {}

  /** The challenge this device may still answer; 6038 otherwise. */
  async #open(challengeId: string, meta: RequestMeta, now: number): Promise<ChallengeRow> {
    const c = await challenges.readChallenge(this.d.db, challengeId);
    if (!c || c.completedAt || c.expiresAt <= now || c.deviceId !== meta.deviceId)
      throw new AppError(ErrorCode.DeviceAuthExpired);
    return c;
  }

  /** Step 1: an SMS code to the member's phone (6038, 6039). */
  async sendCode(challengeId: string, meta: RequestMeta): Promise<CodeSent> {
    await this.d.sessions.refuseBlockedDevice(meta.deviceId);
    const now = this.d.clock.now();
    const c = await this.#open(challengeId, meta, now);
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

  /** Step 2 (6035 required, 6036 wrong, 6037 locked, 6038 expired). */
  async verify(challengeId: string, code: string, meta: RequestMeta): Promise<LoginResult> {
    // Before the challenge is completed: a blocked device must not use up the member's code.
    await this.d.sessions.refuseBlockedDevice(meta.deviceId);
    const now = this.d.clock.now();
    const c = await this.#open(challengeId, meta, now);
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
    // Blocked or listed since the password step: no session.
    if (member.blocked) throw new AppError(ErrorCode.MemberBlocked);
    await this.d.selfExclusion?.assertMayLogin(member.id);
    return this.d.completion.complete({
      memberId: member.id,
      userName: member.userName,
      meta,
      network: c.network,
      remember: c.remember,
      risk: c.reason as RiskReason,
      authorized: true,
    });
  }
}
