/**
 * Account input rules for the forms, as plain patterns. They mirror the protocol's zod schemas
 * (validation.ts, auth.ts, member.ts) without pulling zod into the bundle; account-rules.test
 * compares both so they cannot drift apart.
 */

/** 4–16 ASCII letters or digits, starting with a letter. */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9]{3,15}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;
export const FUND_PASSWORD_PATTERN = /^\d{6}$/;
export const SMS_CODE_LENGTH = 6;
/** 2–20 Chinese characters (with ·), or a Latin name. */
export const REAL_NAME_PATTERN = /^[\u4e00-\u9fa5·]{2,20}$|^[A-Za-z][A-Za-z .'-]{1,48}[A-Za-z]$/;
export const PHONE_PATTERN = /^\d{5,15}$/;
/** Mainland mobile numbers: 11 digits starting with 1. */
export const MAINLAND_PHONE_PATTERN = /^1\d{10}$/;
export const NICKNAME_MAX = 16;
export const EMAIL_MAX = 120;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const AVATAR_COUNT = 8;

export function avatarPath(n: number): string {
  return `/static/avatars/avatar-${n}.svg`;
}

export const AVATAR_PATHS: readonly string[] = Array.from({ length: AVATAR_COUNT }, (_, i) =>
  avatarPath(i + 1),
);

/** Password length as the server counts it: by code point. */
export function passwordLength(password: string): number {
  return Array.from(password).length;
}

export function isPasswordLengthOk(password: string): boolean {
  const length = passwordLength(password);
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX;
}

/** Whether a phone number is acceptable for the country code. */
export function isPhoneOk(countryCode: string, phone: string): boolean {
  if (!PHONE_PATTERN.test(phone)) return false;
  return countryCode !== '86' || MAINLAND_PHONE_PATTERN.test(phone);
}
