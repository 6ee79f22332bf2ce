import { ErrorCode } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { codeHash, safeEqualHex, sixDigitCode } from '../../lib/tokens';
import type { SmsGateway } from './sms.gateway';
import {
  bumpSmsAttempts,
  consumeSmsCode,
  readOutbox,
  readSmsCode,
  upsertSmsCode,
} from './sms.repository';

export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_RESEND_MS = 60 * 1000;
const SMS_WINDOW_MS = 60 * 60 * 1000;
const SMS_MAX_PER_WINDOW = 10;
const SMS_MAX_ATTEMPTS = 5;

export type CodeCheck = 'ok' | 'wrong' | 'expired';

const TEXT: Record<string, string> = {
  bindPhone: '您正在绑定手机号，验证码：{code}，5 分钟内有效。请勿泄露给他人。',
  stepUp: '您正在进行安全验证，验证码：{code}，5 分钟内有效。客服不会向您索取验证码。',
  resetPassword: '您正在找回登录密码，验证码：{code}，5 分钟内有效。如非本人操作请忽略。',
  deviceAuth: '您的账号正在新设备登录，授权码：{code}，5 分钟内有效。如非本人操作请立即修改密码。',
};

/**
 * SMS verification codes: 6 digits, 5 minutes, one live code per purpose and target, a resend
 * gap and an hourly cap, 5 tries. Stored hashed with a server secret.
 */
export class SmsCodeService {
  constructor(
    private readonly db: Db,
    private readonly gateway: SmsGateway,
    private readonly clock: Clock,
    private readonly secret: string,
  ) {}

  /**
   * Sends a code to `phone`; `target` keys the code (the phone, a challenge, a member). With no
   * phone the bookkeeping and rate limits run the same but nothing is sent, so callers can
   * answer identically whether or not a number exists.
   */
  async issue(
    purpose: string,
    target: string,
    phone: string | null,
  ): Promise<{ expiresAt: number; resendAfter: number }> {
    const now = this.clock.now();
    const existing = await readSmsCode(this.db, purpose, target);
    let sends = 1;
    let windowStart = now;
    if (existing) {
      if (now < existing.sentAt + SMS_RESEND_MS) {
        throw new AppError(ErrorCode.SmsTooFrequent, {
          resendAfter: existing.sentAt + SMS_RESEND_MS,
        });
      }
      if (now < existing.windowStart + SMS_WINDOW_MS) {
        if (existing.sendsInWindow >= SMS_MAX_PER_WINDOW) {
          throw new AppError(ErrorCode.SmsTooFrequent, {
            resendAfter: existing.windowStart + SMS_WINDOW_MS,
          });
        }
        sends = existing.sendsInWindow + 1;
        windowStart = existing.windowStart;
      }
    }
    const code = sixDigitCode();
    const expiresAt = now + SMS_CODE_TTL_MS;
    await upsertSmsCode(this.db, purpose, target, {
      codeHash: codeHash(this.secret, purpose, target, code),
      sentAt: now,
      expiresAt,
      sendsInWindow: sends,
      windowStart,
    });
    if (phone)
      await this.gateway.send({
        phone,
        text: (TEXT[purpose] ?? '验证码：{code}').replace('{code}', code),
        purpose,
      });
    return { expiresAt, resendAfter: now + SMS_RESEND_MS };
  }

  /** Checks a code; the right one is used up, five wrong ones void it. */
  async check(purpose: string, target: string, code: string): Promise<CodeCheck> {
    const now = this.clock.now();
    const row = await readSmsCode(this.db, purpose, target);
    if (!row || !row.codeHash || row.expiresAt <= now || row.attempts >= SMS_MAX_ATTEMPTS)
      return row ? 'expired' : 'wrong';
    if (!safeEqualHex(row.codeHash, codeHash(this.secret, purpose, target, code))) {
      await bumpSmsAttempts(this.db, purpose, target);
      return 'wrong';
    }
    await consumeSmsCode(this.db, purpose, target, now);
    return 'ok';
  }

  /** check() that throws 6023 / 6024. */
  async require(purpose: string, target: string, code: string): Promise<void> {
    const result = await this.check(purpose, target, code);
    if (result === 'wrong') throw new AppError(ErrorCode.SmsCodeWrong);
    if (result === 'expired') throw new AppError(ErrorCode.SmsCodeExpired);
  }

  outbox(limit = 100) {
    return readOutbox(this.db, limit);
  }
}
