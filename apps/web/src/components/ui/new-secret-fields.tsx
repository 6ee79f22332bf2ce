import { FUND_PASSWORD_LENGTH, PASSWORD_MAX } from '@nebula/protocol/rules/account-rules';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { cleanSecret, type NewSecretKind, type NewSecretProblems } from '../../lib/new-secret';
import type { Strength } from '../../lib/password-strength';
import { FormField, type FieldTone } from './form-field';
import { PasswordInput } from './password-input';
import { PinInput } from './pin-input';
import { StrengthMeter } from './strength-meter';

export interface NewSecretErrors {
  secret?: string;
  confirm?: string;
}

interface NewSecretFieldsProps {
  kind: NewSecretKind;
  value: string;
  confirm: string;
  onChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** Field messages: from `useNewSecretText` or what the server answered. */
  errors: NewSecretErrors;
  labels: {
    secret: string;
    confirm: string;
    secretPlaceholder?: string;
    confirmPlaceholder?: string;
  };
  /** A login password's meter under the field (register, reset, password change). */
  strength?: Strength;
  /** Say "一致 / 不一致" under the confirmation as it is typed. */
  liveMatch?: boolean;
}

/** Catalogue text for the problems `newSecretProblems` found. */
export function useNewSecretText(kind: NewSecretKind) {
  const { t } = useTranslation('auth');
  const { t: tm } = useTranslation('member');
  return (problems: NewSecretProblems): NewSecretErrors => {
    const { secret, confirm } = problems;
    const errors: NewSecretErrors = {};
    if (secret === 'fundRule') errors.secret = tm('fund.rule');
    else if (secret === 'required') errors.secret = t('rules.required');
    else if (secret) errors.secret = t(`strength.${secret}`);
    if (confirm)
      errors.confirm = kind === 'fund' ? tm('fund.mismatch') : t('rules.passwordMismatch');
    return errors;
  };
}

/**
 * The "new secret + confirm" block every such form shares: the input rules of its kind
 * (length, digits only for a fund password), the strength meter, and one way of showing a
 * refusal, so register, reset, password change and fund password cannot drift apart.
 */
export function NewSecretFields({
  kind,
  value,
  confirm,
  onChange,
  onConfirmChange,
  errors,
  labels,
  strength,
  liveMatch = false,
}: NewSecretFieldsProps) {
  const { t } = useTranslation('auth');
  const { t: tm } = useTranslation('member');
  const ids = { secret: useId(), confirm: useId(), strength: useId() };
  const fund = kind === 'fund';
  const input = {
    maxLength: fund ? FUND_PASSWORD_LENGTH : PASSWORD_MAX,
    autoComplete: fund ? 'off' : 'new-password',
    inputMode: fund ? ('numeric' as const) : undefined,
  };
  // The meter already says why a password is refused: the hint repeats only other reasons.
  const meterSays =
    strength?.reason !== undefined && errors.secret === t(`strength.${strength.reason}`);
  const secretHint = meterSays ? undefined : errors.secret;
  const mismatch = fund ? tm('fund.mismatch') : t('rules.passwordMismatch');
  let confirmTone: FieldTone = errors.confirm ? 'error' : 'neutral';
  let confirmHint = errors.confirm;
  if (liveMatch && !errors.confirm && confirm !== '') {
    confirmTone = confirm === value ? 'ok' : 'error';
    confirmHint = confirm === value ? t('rules.passwordMatch') : mismatch;
  }
  return (
    <>
      <FormField
        label={labels.secret}
        htmlFor={ids.secret}
        tone={errors.secret ? 'error' : 'neutral'}
        hint={secretHint}
      >
        {fund ? (
          <PinInput
            id={ids.secret}
            value={value}
            onChange={(next) => onChange(cleanSecret(kind, next))}
          />
        ) : (
          <PasswordInput
            id={ids.secret}
            value={value}
            onChange={(next) => onChange(cleanSecret(kind, next))}
            placeholder={labels.secretPlaceholder}
            aria-describedby={strength ? ids.strength : undefined}
            {...input}
          />
        )}
        {strength && !fund && <StrengthMeter strength={strength} id={ids.strength} />}
      </FormField>
      <FormField label={labels.confirm} htmlFor={ids.confirm} tone={confirmTone} hint={confirmHint}>
        {fund ? (
          <PinInput
            id={ids.confirm}
            value={confirm}
            onChange={(next) => onConfirmChange(cleanSecret(kind, next))}
          />
        ) : (
          <PasswordInput
            id={ids.confirm}
            value={confirm}
            onChange={(next) => onConfirmChange(cleanSecret(kind, next))}
            placeholder={labels.confirmPlaceholder}
            {...input}
          />
        )}
      </FormField>
    </>
  );
}
