import { z } from 'zod';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  passwordLength,
} from './account-rules';
import { COMMON_PASSWORDS } from './common-passwords';
import { text } from './text';

export { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN };

/**
 * Registration rules (contract §4). Schemas carry Chinese messages because the web shows them
 * as field hints; the server maps any failure to 10003, except a common password, which is
 * the distinct business code 6044 (weak password) and is therefore a separate check.
 */

export const usernameSchema = z
  .string()
  .regex(USERNAME_PATTERN, '用户名须为 4–16 位字母或数字，并以字母开头');

/**
 * 8–64 characters, counted by code point (an emoji is one character, not two UTF-16 units);
 * any character is allowed, since a passphrase is stronger than a composition rule.
 */
export const passwordSchema = text().refine(
  (value) => {
    const length = passwordLength(value);
    return length >= PASSWORD_MIN && length <= PASSWORD_MAX;
  },
  { message: `密码长度须为 ${PASSWORD_MIN}–${PASSWORD_MAX} 位` },
);

const common: ReadonlySet<string> = new Set(COMMON_PASSWORDS);

/** Whether the password is on the common list; case does not make a password uncommon. */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

/** passwordSchema plus the common-password check, for forms that want a single hint. */
export const strongPasswordSchema = passwordSchema.refine((value) => !isCommonPassword(value), {
  message: '密码过于常见，请更换',
});
