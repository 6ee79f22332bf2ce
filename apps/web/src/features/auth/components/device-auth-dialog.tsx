import type { LoginChallenge, LoginResult } from '@nebula/protocol/api/auth/auth.schemas';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { Button, CenterPopup, Toast } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { CountdownButton } from '../../../components/ui/countdown-button';
import { FormField, FormMessage } from '../../../components/ui/form-field';
import { SMS_CODE_LENGTH, SMS_CODE_PATTERN } from '@nebula/protocol/rules/account-rules';
import { businessNumber, describeError } from '../../../lib/api-errors';
import { serverNow } from '../../../lib/clock';
import { secondsUntil } from '../../../lib/format-time';
import { useDeviceSendCode } from '../api/device-send-code.mutation';
import { useDeviceVerify } from '../api/device-verify.mutation';

const RESEND_SECONDS = 60;

interface DeviceAuthDialogProps {
  challenge: LoginChallenge;
  onVerified: (result: LoginResult) => void | Promise<void>;
  onCancel: () => void;
}

/**
 * The step-up of a risky login (6025–6029): why, where the code goes, a send-code countdown
 * and the 6-digit code → deviceVerify, which answers like a login.
 */
export function DeviceAuthDialog({ challenge, onVerified, onCancel }: DeviceAuthDialogProps) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const titleId = useId();
  const codeId = useId();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const sendCode = useDeviceSendCode();
  const verify = useDeviceVerify();

  const send = async (): Promise<boolean | number> => {
    setMessage(null);
    try {
      const sent = await sendCode.mutateAsync(challenge.challengeId);
      Toast.show({ content: t('deviceAuth.sent') });
      return secondsUntil(sent.resendAfter, serverNow());
    } catch (error) {
      setMessage(describeError(error).message);
      const resendAfter = businessNumber(error, 'resendAfter');
      return resendAfter ? secondsUntil(resendAfter, serverNow()) : false;
    }
  };

  const submit = async () => {
    setMessage(null);
    try {
      const result = await verify.mutateAsync({ challengeId: challenge.challengeId, code });
      await onVerified(result);
    } catch (error) {
      const { message: text, code: errorCode } = describeError(error);
      const left = businessNumber(error, 'attemptsLeft');
      if (errorCode === ErrorCode.DeviceAuthCodeWrong && left !== null) {
        setMessage(t('deviceAuth.attemptsLeft', { count: left }));
      } else {
        setMessage(text);
      }
      if (errorCode === ErrorCode.DeviceAuthLocked || errorCode === ErrorCode.DeviceAuthExpired) {
        setLocked(true);
      }
    }
  };

  return (
    <CenterPopup
      visible
      role="dialog"
      aria-label={t('deviceAuth.title')}
      className="nb-device-auth-popup"
      destroyOnClose
    >
      <div className="nb-device-auth" aria-labelledby={titleId}>
        <h2 id={titleId} className="nb-device-auth__title">
          {t('deviceAuth.title')}
        </h2>
        <p className="nb-device-auth__reason">{t(`deviceAuth.reason.${challenge.reason}`)}</p>
        <p className="nb-device-auth__phone">
          {t('deviceAuth.phone')}
          <strong>{challenge.phoneMasked}</strong>
        </p>
        <FormField
          label={t('fields.smsCode')}
          htmlFor={codeId}
          extra={
            <CountdownButton
              seconds={RESEND_SECONDS}
              onStart={send}
              color="primary"
              fill="outline"
              disabled={locked}
            >
              {t('deviceAuth.send')}
            </CountdownButton>
          }
        >
          <input
            id={codeId}
            className="nb-input"
            value={code}
            onChange={(event) =>
              setCode(event.target.value.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH))
            }
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('fields.smsCodePlaceholder')}
            maxLength={SMS_CODE_LENGTH}
          />
        </FormField>
        <FormMessage>{message}</FormMessage>
        <p className="nb-device-auth__note">{t('deviceAuth.trustNote')}</p>
        <div className="nb-device-auth__actions">
          <Button block fill="outline" shape="rounded" onClick={onCancel}>
            {tc('cancel')}
          </Button>
          <Button
            block
            color="primary"
            shape="rounded"
            loading={verify.isPending}
            disabled={locked || !SMS_CODE_PATTERN.test(code)}
            onClick={() => void submit()}
          >
            {t('deviceAuth.verify')}
          </Button>
        </div>
      </div>
    </CenterPopup>
  );
}
