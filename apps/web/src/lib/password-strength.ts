import { COMMON_PASSWORDS } from '@nebula/protocol/rules/common-passwords';
import { PASSWORD_MAX, PASSWORD_MIN, passwordLength } from '@nebula/protocol/rules/account-rules';

export type StrengthLevel = 'empty' | 'weak' | 'medium' | 'strong';

/**
 * Why a password is weak. The first four are refused by the server (10003 / 6044), so the
 * form blocks them; `simple` is allowed but worth a nudge.
 */
export type WeakReason = 'tooShort' | 'tooLong' | 'common' | 'containsName' | 'simple';

export interface Strength {
  level: StrengthLevel;
  reason?: WeakReason;
}

const common: ReadonlySet<string> = new Set(COMMON_PASSWORDS);
const CLASSES = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/];

/** Whether the server would refuse it (so the form does not even try). */
export function isRefusedPassword(strength: Strength): boolean {
  return (
    strength.level === 'empty' || (strength.reason !== undefined && strength.reason !== 'simple')
  );
}

/**
 * The meter of the register and reset forms: the server's refusals first (length, common
 * passwords, the user name inside it), then length and character variety.
 */
export function passwordStrength(password: string, userName = ''): Strength {
  if (password === '') return { level: 'empty' };
  const length = passwordLength(password);
  if (length < PASSWORD_MIN) return { level: 'weak', reason: 'tooShort' };
  if (length > PASSWORD_MAX) return { level: 'weak', reason: 'tooLong' };
  const lower = password.toLowerCase();
  if (common.has(lower)) return { level: 'weak', reason: 'common' };
  const name = userName.trim().toLowerCase();
  if (name !== '' && lower.includes(name)) return { level: 'weak', reason: 'containsName' };
  const classes = CLASSES.filter((pattern) => pattern.test(password)).length;
  if ((length >= 12 && classes >= 3) || (length >= 16 && classes >= 2)) return { level: 'strong' };
  if (classes >= 2 || length >= 12) return { level: 'medium' };
  return { level: 'weak', reason: 'simple' };
}
