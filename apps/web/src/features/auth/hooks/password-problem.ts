import type { TFunction } from 'i18next';
import type { Strength } from '../components/password-strength';

/** The field message for a refused password: 请填写此项 when empty, else the meter's reason. */
export function passwordProblem(strength: Strength, t: TFunction<'auth'>): string {
  return strength.reason ? t(`strength.${strength.reason}`) : t('rules.required');
}

/**
 * The password field's own hint line: only what the meter does not already say (a server
 * answer such as 6044), so one reason is never printed twice.
 */
export function passwordFieldHint(
  error: string | undefined,
  strength: Strength,
  t: TFunction<'auth'>,
): string | undefined {
  if (!error) return undefined;
  return strength.reason && error === t(`strength.${strength.reason}`) ? undefined : error;
}
