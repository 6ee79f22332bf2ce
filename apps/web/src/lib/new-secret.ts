import { FUND_PASSWORD_LENGTH, FUND_PASSWORD_PATTERN } from '@nebula/protocol/rules/account-rules';
import {
  isRefusedPassword,
  passwordStrength,
  type Strength,
  type WeakReason,
} from './password-strength';

/** A login password (8–64, not common, not the name) or a fund password (6 digits). */
export type NewSecretKind = 'password' | 'fund';

/** Why a new secret or its confirmation is refused; the form turns each into catalogue text. */
export interface NewSecretProblems {
  secret?: 'required' | 'fundRule' | Exclude<WeakReason, 'simple'>;
  confirm?: 'mismatch';
}

/** What the secret input keeps of a keystroke: a fund password keeps its first six digits. */
export function cleanSecret(kind: NewSecretKind, value: string): string {
  return kind === 'fund' ? value.replace(/\D/g, '').slice(0, FUND_PASSWORD_LENGTH) : value;
}

/**
 * The one check of every "new secret + confirm" form (register, reset, password change, fund
 * password), the same rules the server applies (contract §4): refused passwords by the
 * strength meter's reasons, fund passwords by the protocol's pattern, then the confirmation.
 */
export function newSecretProblems(
  kind: NewSecretKind,
  secret: string,
  confirm: string,
  strength: Strength = passwordStrength(secret),
): NewSecretProblems {
  const found: NewSecretProblems = {};
  if (kind === 'fund') {
    if (!FUND_PASSWORD_PATTERN.test(secret)) found.secret = 'fundRule';
  } else if (isRefusedPassword(strength)) {
    found.secret = strength.reason && strength.reason !== 'simple' ? strength.reason : 'required';
  }
  if (confirm === '' || confirm !== secret) found.confirm = 'mismatch';
  return found;
}
