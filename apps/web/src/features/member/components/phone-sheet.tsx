import { DEFAULT_COUNTRY_CODE } from '@nebula/protocol/constants/constants';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { Toast } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { CountdownButton } from '../../../components/ui/countdown-button';
import { FormField } from '../../../components/ui/form-field';
import { SheetFooter, SheetForm } from '../../../components/ui/sheet-form';
import { isPhoneOk, SMS_CODE_LENGTH, SMS_CODE_PATTERN } from '@nebula/protocol/rules/account-rules';
import { BusinessError, businessNumber, describeError } from '../../../lib/api-errors';
import { serverNow } from '../../../lib/clock';
import { secondsUntil } from '../../../lib/format-time';
import { usePreInfoStore } from '../../../site/pre-info.store';
import { usePhoneBind } from '../api/phone-bind.mutation';
import { useSmsSend } from '../api/sms-send.mutation';
import { stepUpErrorOf } from '../../../components/ui/step-up-error';
import {
  EMPTY_STEP_UP,
  StepUpFields,
  toStepUp,
  type StepUpState,
} from '../../../components/ui/step-up-fields';

const RESEND_SECONDS = 60;

/** Country codes offered (pre-info globePhoneNumber, minus the refused ones), 86 first. */
function useCountries(): { code: string; name: string }[] {
  const preInfo = usePreInfoStore((state) => state.preInfo);
  const refused = new Set(preInfo?.disablePhones ?? []);
  const offered = (preInfo?.globePhoneNumber ?? []).filter((c) => !refused.has(c.code));
  return offered.length > 0 ? offered : [{ code: DEFAULT_COUNTRY_CODE, name: '' }];
}

interface PhoneSheetProps {
  visible: boolean;
  /** The bound phone, masked; null when binding the first one. */
  currentMasked: string | null;
  onClose: () => void;
}

/** Bind a phone, or change it (a change first proves it is the member: contract §4). */
export function PhoneSheet({ visible, currentMasked, onClose }: PhoneSheetProps) {
  const { t } = useTranslation('member');
  return (
    <BottomSheet
      visible={visible}
      title={currentMasked ? t('phone.changeTitle') : t('phone.bindTitle')}
      onClose={onClose}
    >
      {visible && <PhoneForm currentMasked={currentMasked} onDone={onClose} />}
    </BottomSheet>
  );
}

function PhoneForm({
  currentMasked,
  onDone,
}: {
  currentMasked: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('member');
  const countries = useCountries();
  const ids = { country: useId(), phone: useId(), code: useId() };
  const [countryCode, setCountryCode] = useState(countries[0]?.code ?? DEFAULT_COUNTRY_CODE);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [stepUp, setStepUp] = useState<StepUpState>(EMPTY_STEP_UP);
  const [errors, setErrors] = useState<{ phone?: string; code?: string; stepUp?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const sms = useSmsSend();
  const bind = usePhoneBind();
  const phoneOk = isPhoneOk(countryCode, phone);

  const send = async (): Promise<boolean | number> => {
    if (!phoneOk) {
      setErrors({ phone: t('phone.phoneRule') });
      return false;
    }
    try {
      const sent = await sms.mutateAsync({ purpose: 'bindPhone', countryCode, phone });
      Toast.show({ content: t('phone.sent') });
      return secondsUntil(sent.resendAfter, serverNow());
    } catch (error) {
      setMessage(describeError(error).message);
      const resendAfter = businessNumber(error, 'resendAfter');
      return resendAfter ? secondsUntil(resendAfter, serverNow()) : false;
    }
  };

  const proof = toStepUp(stepUp);
  const ready = phoneOk && SMS_CODE_PATTERN.test(code) && (!currentMasked || proof !== null);

  const submit = async () => {
    setMessage(null);
    setErrors({});
    try {
      await bind.mutateAsync({
        countryCode,
        phone,
        code,
        ...(currentMasked && proof ? { stepUp: proof } : {}),
      });
      Toast.show({ content: t('phone.done') });
      onDone();
    } catch (error) {
      const stepUpError = stepUpErrorOf(error);
      const errorCode = error instanceof BusinessError ? error.code : null;
      if (stepUpError) setErrors({ stepUp: stepUpError });
      else if (errorCode === ErrorCode.PhoneInUse)
        setErrors({ phone: describeError(error).message });
      else if (errorCode === ErrorCode.SmsCodeWrong || errorCode === ErrorCode.SmsCodeExpired) {
        setErrors({ code: describeError(error).message });
      } else setMessage(describeError(error).message);
    }
  };

  return (
    <SheetForm
      onSubmit={() => {
        if (ready) void submit();
      }}
    >
      {currentMasked && (
        <>
          <p className="nb-sheet__note">{t('phone.current', { phone: currentMasked })}</p>
          <StepUpFields
            value={stepUp}
            onChange={setStepUp}
            phoneMasked={currentMasked}
            sendCode={() => sms.mutateAsync({ purpose: 'stepUp' })}
            error={errors.stepUp}
            onError={(text) => setErrors({ stepUp: text })}
          />
        </>
      )}
      <FormField
        label={t('phone.newPhone')}
        htmlFor={ids.phone}
        tone={errors.phone ? 'error' : 'neutral'}
        hint={errors.phone}
      >
        <div className="nb-phone">
          <select
            id={ids.country}
            className="nb-input nb-phone__country"
            aria-label={t('phone.countryCode')}
            value={countryCode}
            onChange={(event) => setCountryCode(event.target.value)}
          >
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                +{country.code} {country.name}
              </option>
            ))}
          </select>
          <input
            id={ids.phone}
            className="nb-input"
            value={phone}
            onChange={(event) => setPhone(event.target.value.replace(/\D/g, '').slice(0, 15))}
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t('phone.newPhonePlaceholder')}
          />
        </div>
      </FormField>
      <FormField
        label={t('phone.code')}
        htmlFor={ids.code}
        tone={errors.code ? 'error' : 'neutral'}
        hint={errors.code}
        extra={
          <CountdownButton seconds={RESEND_SECONDS} onStart={send} color="primary" fill="outline">
            {t('phone.send')}
          </CountdownButton>
        }
      >
        <input
          id={ids.code}
          className="nb-input"
          value={code}
          onChange={(event) =>
            setCode(event.target.value.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH))
          }
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={SMS_CODE_LENGTH}
        />
      </FormField>
      <SheetFooter message={message} busy={bind.isPending} disabled={!ready}>
        {t('phone.submit')}
      </SheetFooter>
    </SheetForm>
  );
}
