import { z } from 'zod';
import {
  AVATAR_COUNT,
  AVATAR_PATHS,
  COUNTRY_CODE_PATTERN,
  EMAIL_MAX,
  FUND_PASSWORD_PATTERN,
  NICKNAME_MAX,
  PASSWORD_CHECK_MAX,
  PHONE_PATTERN,
  REAL_NAME_PATTERN,
  avatarPath,
} from '../../rules/account-rules';
import { smsCode } from '../auth/auth.schemas';
import { moneyString } from '../core/common';
import { text } from '../../rules/text';

/** Member info, profile, phone, real name, fund password and the security centre. */

export const MemberInfoRequest = z
  .object({ withLockMoney: z.union([z.literal(0), z.literal(1)]).default(1) })
  .strict();

export const RealNameStatus = z.enum(['none', 'pending', 'approved', 'rejected']);
export type RealNameStatus = z.infer<typeof RealNameStatus>;

export const MemberInfo = z.object({
  memberId: z.number().int(),
  userName: z.string(),
  nickname: z.string(),
  /** A bundled avatar: /static/avatars/avatar-N.svg */
  avatar: z.string(),
  vipLevel: z.number().int(),
  phoneMasked: z.string().nullable(),
  countryCode: z.string().nullable(),
  email: z.string().nullable(),
  realNameMasked: z.string().nullable(),
  realNameStatus: RealNameStatus,
  fundPasswordSet: z.boolean(),
  inviteCode: z.string(),
  registeredAt: z.number().int(),
  lastLoginAt: z.number().int().nullable(),
  /** Main wallet balance and the amount locked by withdrawals in review (wallet issue). */
  balance: moneyString.optional(),
  lockMoney: moneyString.optional(),
});
export type MemberInfo = z.infer<typeof MemberInfo>;

export { AVATAR_COUNT };
export const avatarUrl = avatarPath;

export const ProfileUpdateRequest = z
  .object({
    nickname: text().trim().min(1).max(NICKNAME_MAX).optional(),
    avatar: text()
      .refine((v) => AVATAR_PATHS.includes(v))
      .optional(),
    email: z.email().max(EMAIL_MAX).nullable().optional(),
  })
  .strict();

/** Purposes an SMS code is sent for while logged in. */
export const SmsPurpose = z.enum(['bindPhone', 'stepUp']);
export const SmsSendRequest = z
  .object({
    purpose: SmsPurpose,
    /** For bindPhone: the new number; stepUp codes go to the bound phone. */
    countryCode: z.string().regex(COUNTRY_CODE_PATTERN).optional(),
    phone: z.string().regex(PHONE_PATTERN).optional(),
  })
  .strict();

/**
 * A step-up proves it is the member: the login password, or an SMS code (purpose stepUp) sent
 * to the bound phone (contract §4).
 */
export const StepUp = z
  .object({
    password: text().min(1).max(PASSWORD_CHECK_MAX).optional(),
    smsCode: smsCode.optional(),
  })
  .strict();
export type StepUp = z.infer<typeof StepUp>;

export const PhoneBindRequest = z
  .object({
    countryCode: z.string().regex(COUNTRY_CODE_PATTERN),
    phone: z.string().regex(PHONE_PATTERN),
    /** The code sent to the new number (purpose bindPhone). */
    code: smsCode,
    /** Needed when a phone is already bound. */
    stepUp: StepUp.optional(),
  })
  .strict();

export const RealNameSubmitRequest = z
  .object({
    realName: text().trim().regex(REAL_NAME_PATTERN),
  })
  .strict();
export const RealNameInfo = z.object({
  status: RealNameStatus,
  realNameMasked: z.string().nullable(),
  reason: z.string().nullable(),
  submittedAt: z.number().int().nullable(),
  reviewedAt: z.number().int().nullable(),
});
export type RealNameInfo = z.infer<typeof RealNameInfo>;

export const fundPassword = z.string().regex(FUND_PASSWORD_PATTERN);
export const FundPasswordSetRequest = z.object({ fundPassword, stepUp: StepUp }).strict();

/**
 * The latest launcher/webTerminal report of a device: what the browser said about itself
 * (fingerprint and screen as sent, or null when missing) and the user agent it was sent with.
 */
export const TerminalReport = z.object({
  fingerprint: z.string().nullable(),
  screen: z.string().nullable(),
  userAgent: z.string(),
  reportedAt: z.number().int(),
});
export type TerminalReport = z.infer<typeof TerminalReport>;

export const TrustedDevice = z.object({
  deviceId: z.string(),
  label: z.string(),
  current: z.boolean(),
  firstSeenAt: z.number().int(),
  lastSeenAt: z.number().int(),
  lastIp: z.string(),
  /** null until the device has reported itself. */
  terminal: TerminalReport.nullable(),
});
export type TrustedDevice = z.infer<typeof TrustedDevice>;

export const LoginRecord = z.object({
  id: z.number().int(),
  time: z.number().int(),
  ip: z.string(),
  deviceId: z.string(),
  device: z.string(),
  success: z.boolean(),
  risky: z.boolean(),
  riskReason: z.string().nullable(),
});
export type LoginRecord = z.infer<typeof LoginRecord>;

export const SecurityOverview = z.object({
  phoneBound: z.boolean(),
  fundPasswordSet: z.boolean(),
  realNameStatus: RealNameStatus,
  devices: z.array(TrustedDevice),
  recentLogins: z.array(LoginRecord),
  riskyLoginCount: z.number().int(),
});
export type SecurityOverview = z.infer<typeof SecurityOverview>;

export const DeviceRemoveRequest = z.object({ deviceId: text().max(64) }).strict();
