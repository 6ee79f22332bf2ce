/**
 * Account input rules, the one home of each: plain patterns and lengths with no zod, so the
 * site's forms import them without pulling zod into the bundle, and the protocol's schemas
 * (validation.ts and the auth, member and wallet schemas under api/) are built from them.
 */

export const USERNAME_MIN = 4;
export const USERNAME_MAX = 16;
/** 4–16 ASCII letters or digits, starting with a letter (so it never reads as a phone number). */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9]{3,15}$/;
/** Password policy (contract §4): 8–64 characters counted by code point. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
/**
 * The longest password a login or a step-up accepts to check. Longer than the policy on
 * purpose: a password of an older policy still gets its ordinary "wrong password" answer.
 */
export const PASSWORD_CHECK_MAX = 128;
/** A login or reset names the account with at most this many characters. */
export const LOGIN_NAME_MAX = 32;
/** The name on a bank transfer deposit, as the bank shows it. */
export const DEPOSITOR_NAME_MIN = 2;
export const DEPOSITOR_NAME_MAX = 40;
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;
export const FUND_PASSWORD_PATTERN = /^\d{6}$/;
export const SMS_CODE_LENGTH = 6;
export const FUND_PASSWORD_LENGTH = 6;
/** What a captcha answer box accepts (the server refuses longer answers unread). */
export const CAPTCHA_CODE_MAX = 12;
export const INVITE_CODE_MAX = 16;
/** 2–20 Chinese characters (with ·), or a Latin name. */
/** The longest real name REAL_NAME_PATTERN accepts (a Latin name). */
export const REAL_NAME_MAX = 50;
export const REAL_NAME_PATTERN = /^[\u4e00-\u9fa5·]{2,20}$|^[A-Za-z][A-Za-z .'-]{1,48}[A-Za-z]$/;
export const PHONE_PATTERN = /^\d{5,15}$/;
/** Mainland mobile numbers: 11 digits starting with 1. */
export const MAINLAND_PHONE_PATTERN = /^1\d{10}$/;
export const NICKNAME_MAX = 16;
export const COUNTRY_CODE_PATTERN = /^\d{1,4}$/;
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
