import { z } from 'zod';
import {
  CAPTCHA_CODE_MAX,
  INVITE_CODE_PATTERN,
  LOGIN_NAME_MAX,
  PASSWORD_CHECK_MAX,
  SMS_CODE_PATTERN,
} from '../../rules/account-rules';
import { passwordSchema, usernameSchema } from '../../rules/validation';
import { isCleanJson, text } from '../../rules/text';

/** Accounts and sessions (contract §4): register, login, step-up, logout, passwords. */

export const CaptchaRequest = z
  .object({ purpose: z.enum(['register', 'login']).default('login') })
  .strict();
/** A server-drawn PNG data URI; single use, valid 2 minutes. */
export const Captcha = z.object({
  captchaId: z.string(),
  image: z.string(),
  expiresAt: z.number().int(),
});
export type Captcha = z.infer<typeof Captcha>;

const captchaFields = {
  captchaId: text().max(64).optional(),
  captchaCode: text().max(CAPTCHA_CODE_MAX).optional(),
};

export const RegisterRequest = z
  .object({
    userName: usernameSchema,
    password: passwordSchema,
    inviteCode: z.string().regex(INVITE_CODE_PATTERN).optional(),
    /** An approved agent's code (contract §5 Agents): the new member joins that downline. */
    agentCode: z.string().regex(INVITE_CODE_PATTERN).optional(),
    ageConfirmed: z.boolean(),
    ...captchaFields,
  })
  .strict();
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const LoginRequest = z
  .object({
    userName: text().min(1).max(LOGIN_NAME_MAX),
    password: text().min(1).max(PASSWORD_CHECK_MAX),
    remember: z.boolean().default(false),
    ...captchaFields,
  })
  .strict();
export type LoginRequest = z.input<typeof LoginRequest>;

export const LoginResult = z.object({
  token: z.string(),
  userName: z.string(),
  /** Epoch ms: when the session ends at the latest. */
  expiresAt: z.number().int(),
});
export type LoginResult = z.infer<typeof LoginResult>;

/**
 * `data` of a login answered 6025–6029: the step-up to complete before a session is given.
 * Also carried by 10409 and 6040 answers in their own shapes (see the error table).
 */
export const LoginChallenge = z.object({
  challengeId: z.string(),
  phoneMasked: z.string(),
  reason: z.enum(['ip', 'device', 'ipAndDevice', 'longAbsence', 'risk']),
});
export type LoginChallenge = z.infer<typeof LoginChallenge>;

export const DeviceCodeSendRequest = z.object({ challengeId: text().max(64) }).strict();
export const CodeSent = z.object({
  /** Epoch ms when the code stops working. */
  expiresAt: z.number().int(),
  /** Epoch ms before which another code is refused (6039). */
  resendAfter: z.number().int(),
});
export type CodeSent = z.infer<typeof CodeSent>;

export const smsCode = z.string().regex(SMS_CODE_PATTERN);
export const DeviceVerifyRequest = z
  .object({ challengeId: text().max(64), code: smsCode })
  .strict();

export const PasswordChangeRequest = z
  .object({ oldPassword: text().min(1).max(PASSWORD_CHECK_MAX), newPassword: passwordSchema })
  .strict();

export const PasswordResetCodeRequest = z
  .object({ userName: text().min(1).max(LOGIN_NAME_MAX) })
  .strict();
/** Always the same answer, whether or not the name exists or has a phone (no enumeration). */
export const PasswordResetCodeSent = z.object({ resendAfter: z.number().int() });
export const PasswordResetRequest = z
  .object({
    userName: text().min(1).max(LOGIN_NAME_MAX),
    code: smsCode,
    newPassword: passwordSchema,
  })
  .strict();

export const TokenExchangeRequest = z.object({ token: text().min(16).max(128) }).strict();
export const HandoverToken = z.object({ token: z.string(), expiresAt: z.number().int() });
export type HandoverToken = z.infer<typeof HandoverToken>;

/** The chat JWT (contract §4): HS256, exp 5 minutes, aud chat. */
export const MemberJwt = z.object({ token: z.string(), expiresAt: z.number().int() });
export type MemberJwt = z.infer<typeof MemberJwt>;

/** launcher/webTerminal: any JSON object up to 8 KB (the one non-strict request, by design). */
export const WebTerminalRequest = z
  .record(text().max(64), z.unknown())
  .refine(isCleanJson, '含有不允许的控制字符');
