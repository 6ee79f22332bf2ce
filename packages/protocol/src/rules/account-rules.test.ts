import { RegisterRequest, smsCode } from '../api/auth/auth.schemas';
import {
  AVATAR_COUNT as PROTOCOL_AVATAR_COUNT,
  avatarUrl,
  fundPassword,
  PhoneBindRequest,
  RealNameSubmitRequest,
} from '../api/member/member.schemas';
import {
  PASSWORD_MAX as PROTOCOL_PASSWORD_MAX,
  PASSWORD_MIN as PROTOCOL_PASSWORD_MIN,
  USERNAME_PATTERN as PROTOCOL_USERNAME_PATTERN,
  passwordSchema,
} from './validation';
import { describe, expect, it } from 'vitest';
import {
  AVATAR_COUNT,
  AVATAR_PATHS,
  FUND_PASSWORD_PATTERN,
  INVITE_CODE_PATTERN,
  isPasswordLengthOk,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_PATTERN,
  REAL_NAME_PATTERN,
  SMS_CODE_PATTERN,
  USERNAME_PATTERN,
} from './account-rules';

// The forms' zod-free rules must accept exactly what the server's schemas accept.
describe('account rules mirror the protocol schemas', () => {
  it('username and password', () => {
    expect(USERNAME_PATTERN.source).toBe(PROTOCOL_USERNAME_PATTERN.source);
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([PROTOCOL_PASSWORD_MIN, PROTOCOL_PASSWORD_MAX]);
    for (const value of ['short7!', 'exactly8', '😀'.repeat(8), 'x'.repeat(64), 'x'.repeat(65)]) {
      expect(isPasswordLengthOk(value)).toBe(passwordSchema.safeParse(value).success);
    }
  });

  it('invite code', () => {
    for (const inviteCode of ['AB12', 'ABCDEFGH', 'ab-12', 'A'.repeat(17), 'abc']) {
      const server = RegisterRequest.safeParse({
        userName: 'tester01',
        password: 'long-enough-1',
        inviteCode,
        ageConfirmed: true,
      }).success;
      expect(INVITE_CODE_PATTERN.test(inviteCode)).toBe(server);
    }
  });

  it('codes, fund password, phone and real name', () => {
    for (const value of ['123456', '12345', '1234567', 'abcdef']) {
      expect(SMS_CODE_PATTERN.test(value)).toBe(smsCode.safeParse(value).success);
      expect(FUND_PASSWORD_PATTERN.test(value)).toBe(fundPassword.safeParse(value).success);
    }
    for (const phone of ['13800138000', '1234', '1234567890123456', '12a45']) {
      const server = PhoneBindRequest.safeParse({ countryCode: '86', phone, code: '123456' });
      expect(PHONE_PATTERN.test(phone)).toBe(server.success);
    }
    for (const realName of ['张三', '欧阳·娜娜', '张', 'John Smith', 'x', '张3']) {
      expect(REAL_NAME_PATTERN.test(realName)).toBe(
        RealNameSubmitRequest.safeParse({ realName }).success,
      );
    }
  });

  it('avatars', () => {
    expect(AVATAR_COUNT).toBe(PROTOCOL_AVATAR_COUNT);
    expect(AVATAR_PATHS).toEqual(
      Array.from({ length: PROTOCOL_AVATAR_COUNT }, (_, i) => avatarUrl(i + 1)),
    );
  });
});
