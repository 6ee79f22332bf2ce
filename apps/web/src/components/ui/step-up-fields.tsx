import type { StepUp } from '@nebula/protocol/api/member/member.schemas';
import { Segmented, Toast } from 'antd-mobile';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import {
  PASSWORD_CHECK_MAX,
  SMS_CODE_LENGTH,
  SMS_CODE_PATTERN,
} from '@nebula/protocol/rules/account-rules';
import { businessNumber, describeError } from '../../lib/api-errors';
import { serverNow } from '../../lib/clock';
import { secondsUntil } from '../../lib/format-time';
import { CountdownButton } from './countdown-button';
import { FormField } from './form-field';
import { PasswordInput } from './password-input';
import './step-up.css';

const RESEND_SECONDS = 60;

export interface StepUpState {
  mode: 'password' | 'sms';
  password: string;
  smsCode: string;
}

export const EMPTY_STEP_UP: StepUpState = { mode: 'password', password: '', smsCode: '' };

/** The step-up to send, or null while incomplete. */
export function toStepUp(state: StepUpState): StepUp | null {
  if (state.mode === 'password') return state.password ? { password: state.password } : null;
  return SMS_CODE_PATTERN.test(state.smsCode) ? { smsCode: state.smsCode } : null;
}

interface StepUpFieldsProps {
  value: StepUpState;
  onChange: (value: StepUpState) => void;
  /** The bound phone, masked; SMS proof is offered only when there is one. */
  phoneMasked: string | null;
  /** Sends a step-up code to the bound phone (smsSend, purpose stepUp). */
  sendCode: () => Promise<{ resendAfter: number }>;
  error?: string | null;
  onError: (message: string) => void;
}

/**
 * Proof that it is the member (contract §4) before a sensitive change — a phone, the fund
 * password, a payout account: the login password, or an SMS code sent to the bound phone.
 * Shared by the features that need it; each passes its own call for sending the code.
 */
export function StepUpFields({
  value,
  onChange,
  phoneMasked,
  sendCode,
  error,
  onError,
}: StepUpFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const tone = error ? 'error' : 'neutral';

  const send = async (): Promise<boolean | number> => {
    try {
      const sent = await sendCode();
      Toast.show({ content: t('stepUp.sent') });
      return secondsUntil(sent.resendAfter, serverNow());
    } catch (failure) {
      onError(describeError(failure).message);
      const resendAfter = businessNumber(failure, 'resendAfter');
      return resendAfter ? secondsUntil(resendAfter, serverNow()) : false;
    }
  };

  return (
    <fieldset className="nb-stepup">
      <legend className="nb-stepup__legend">{t('stepUp.intro')}</legend>
      {phoneMasked && (
        <Segmented
          block
          value={value.mode}
          onChange={(mode) => onChange({ ...value, mode: mode as StepUpState['mode'] })}
          options={[
            { label: t('stepUp.byPassword'), value: 'password' },
            { label: t('stepUp.bySms'), value: 'sms' },
          ]}
        />
      )}
      {value.mode === 'password' || !phoneMasked ? (
        <FormField label={t('stepUp.password')} htmlFor={id} tone={tone} hint={error}>
          <PasswordInput
            id={id}
            value={value.password}
            onChange={(password) => onChange({ ...value, password })}
            placeholder={t('stepUp.passwordPlaceholder')}
            autoComplete="current-password"
            maxLength={PASSWORD_CHECK_MAX}
          />
        </FormField>
      ) : (
        <FormField
          label={t('stepUp.smsCode')}
          htmlFor={id}
          tone={tone}
          hint={error ?? t('stepUp.smsTo', { phone: phoneMasked })}
          extra={
            <CountdownButton seconds={RESEND_SECONDS} onStart={send} color="primary" fill="outline">
              {t('stepUp.send')}
            </CountdownButton>
          }
        >
          <input
            id={id}
            className="nb-input"
            value={value.smsCode}
            onChange={(event) =>
              onChange({
                ...value,
                smsCode: event.target.value.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH),
              })
            }
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
          />
        </FormField>
      )}
    </fieldset>
  );
}
