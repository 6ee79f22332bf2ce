import type { LoginChallenge, LoginResult } from '@nebula/protocol/api/auth/auth.schemas';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import {
  businessData,
  businessNumber,
  BusinessError,
  describeError,
} from '../../../lib/api-errors';
import { formatMoment } from '../../../lib/format-time';
import { readLoginInfo } from '../../../session/login-info';
import { useCaptcha } from '../api/captcha.query';
import { useLoginMutation } from '../api/login.mutation';
import { loginChallengeOf } from './login-challenge';
import { useCompleteLogin } from './use-complete-login';

/** Answers after which the next attempt must carry a captcha. */
const CAPTCHA_CODES: ReadonlySet<number> = new Set([
  ErrorCode.VerificationRequired,
  ErrorCode.CaptchaWrong,
  ErrorCode.CaptchaExpired,
]);

/**
 * The login form's state (contract §8.3, contract §4): remembered name, captcha only when the server
 * asks for it (10409, `data.captchaRequired`, 6021/6022), the lockout time of 6040, the
 * closed notice of 6043, and the device-authorization step of 6025–6029.
 */
export function useLoginForm() {
  const { t } = useTranslation('auth');
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [captchaCode, setCaptchaCode] = useState('');
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  const captcha = useCaptcha('login', captchaNeeded);
  const login = useLoginMutation();
  const complete = useCompleteLogin();

  useEffect(() => {
    let live = true;
    void readLoginInfo().then((info) => {
      if (!live || !info?.isChecked) return;
      setUserName((typed) => typed || info.userName);
      setRemember(true);
    });
    return () => {
      live = false;
    };
  }, []);

  const canSubmit =
    userName.trim() !== '' &&
    password !== '' &&
    (!captchaNeeded || (captchaCode !== '' && captcha.data !== undefined)) &&
    !login.isPending;

  const fail = (error: unknown, usedCaptcha: boolean) => {
    const code = error instanceof BusinessError ? error.code : null;
    if (code === ErrorCode.LoginClosed) {
      setClosed(true);
      return;
    }
    const lockedUntil =
      code === ErrorCode.AccountLocked ? businessNumber(error, 'lockedUntil') : null;
    setMessage(
      lockedUntil !== null
        ? t('login.lockedUntil', { time: formatMoment(lockedUntil) })
        : describeError(error).message,
    );
    const needed =
      captchaNeeded ||
      businessData(error)?.captchaRequired === true ||
      (code !== null && CAPTCHA_CODES.has(code));
    if (!needed) return;
    setCaptchaNeeded(true);
    setCaptchaCode('');
    // Captchas are single use: the one just sent is spent whatever the answer was.
    if (usedCaptcha) void captcha.refetch();
  };

  const submit = async () => {
    if (!canSubmit) return;
    setMessage(null);
    const usedCaptcha = captchaNeeded && captcha.data !== undefined;
    try {
      const result = await login.mutateAsync({
        userName: userName.trim(),
        password,
        remember,
        ...(usedCaptcha && captcha.data ? { captchaId: captcha.data.captchaId, captchaCode } : {}),
      });
      await complete(result, { remember, toast: t('login.success') });
    } catch (error) {
      const step = loginChallengeOf(error);
      if (step) setChallenge(step);
      else fail(error, usedCaptcha);
    }
  };

  const verified = (result: LoginResult) =>
    complete(result, { remember, toast: t('login.success') });

  return {
    fields: { userName, password, remember, captchaCode },
    set: { setUserName, setPassword, setRemember, setCaptchaCode },
    captcha,
    captchaNeeded,
    message,
    closed,
    challenge,
    closeChallenge: () => setChallenge(null),
    verified,
    canSubmit,
    pending: login.isPending,
    submit,
  };
}
