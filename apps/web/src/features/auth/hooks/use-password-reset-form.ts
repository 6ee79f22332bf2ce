import { ErrorCode } from '@nebula/protocol/errors/codes';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { SMS_CODE_PATTERN } from '@nebula/protocol/rules/account-rules';
import { BusinessError, businessNumber, describeError } from '../../../lib/api-errors';
import { serverNow } from '../../../lib/clock';
import { secondsUntil } from '../../../lib/format-time';
import { clearSession, isLoggedIn } from '../../../session/session.store';
import { LOGIN_PATH } from '../../../site/paths';
import { usePasswordReset } from '../api/password-reset.mutation';
import { usePasswordResetCode } from '../api/password-reset-code.mutation';
import { passwordStrength } from '../../../lib/password-strength';
import { newSecretProblems } from '../../../lib/new-secret';
import { useNewSecretText } from '../../../components/ui/new-secret-fields';

type ResetField = 'userName' | 'code' | 'password' | 'confirm';
type FieldErrors = Partial<Record<ResetField, string>>;

const FIELD_OF_CODE: Partial<Record<number, ResetField>> = {
  [ErrorCode.SmsCodeWrong]: 'code',
  [ErrorCode.SmsCodeExpired]: 'code',
  [ErrorCode.WeakPassword]: 'password',
};

/**
 * Password reset by SMS (contract §4): the name, a code (the server answers the same for every
 * name, so the page never says whether the name exists), then the new password. A reset ends
 * every session, this device's included.
 */
export function usePasswordResetForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [userName, setUserName] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const sendCode = usePasswordResetCode();
  const reset = usePasswordReset();
  const secretText = useNewSecretText('password');
  const strength = passwordStrength(password, userName);

  const send = async (): Promise<boolean | number> => {
    setMessage(null);
    if (userName.trim() === '') {
      setErrors({ userName: t('rules.required') });
      return false;
    }
    try {
      const answer = await sendCode.mutateAsync(userName.trim());
      setSent(true);
      Toast.show({ content: t('reset.sent') });
      return secondsUntil(answer.resendAfter, serverNow());
    } catch (error) {
      setMessage(describeError(error).message);
      const resendAfter = businessNumber(error, 'resendAfter');
      return resendAfter ? secondsUntil(resendAfter, serverNow()) : false;
    }
  };

  const submit = async () => {
    setMessage(null);
    const found: FieldErrors = {};
    if (userName.trim() === '') found.userName = t('rules.required');
    if (!SMS_CODE_PATTERN.test(code)) found.code = t('rules.smsCode');
    const secret = secretText(newSecretProblems('password', password, confirm, strength));
    if (secret.secret) found.password = secret.secret;
    if (secret.confirm) found.confirm = secret.confirm;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await reset.mutateAsync({ userName: userName.trim(), code, newPassword: password });
      // Every session of the member ended with the reset; this device's token is dead too.
      if (isLoggedIn()) clearSession();
      Toast.show({ content: t('reset.success') });
      void navigate(LOGIN_PATH, { replace: true });
    } catch (error) {
      const errorCode = error instanceof BusinessError ? error.code : null;
      const field = errorCode === null ? undefined : FIELD_OF_CODE[errorCode];
      const text = describeError(error).message;
      if (field) setErrors({ [field]: text });
      else setMessage(text);
    }
  };

  const edit = (field: ResetField, setter: (value: string) => void) => (value: string) => {
    setter(value);
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  return {
    fields: { userName, code, password, confirm },
    set: {
      setUserName: edit('userName', setUserName),
      setCode: edit('code', setCode),
      setPassword: edit('password', setPassword),
      setConfirm: edit('confirm', setConfirm),
    },
    strength,
    errors,
    message,
    sent,
    send,
    submit,
    pending: reset.isPending,
  };
}
