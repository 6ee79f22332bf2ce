import type { RegisterRequest } from '@nebula/protocol/api/auth/auth.schemas';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { INVITE_CODE_PATTERN, USERNAME_PATTERN } from '@nebula/protocol/rules/account-rules';
import { BusinessError, describeError } from '../../../lib/api-errors';
import { usePreInfoStore } from '../../../site/pre-info.store';
import { registrationAgentCode, registrationInviteCode } from '../../../site/referral-codes';
import { useCaptcha } from '../api/captcha.query';
import { useRegisterMutation } from '../api/register.mutation';
import { passwordStrength } from '../../../lib/password-strength';
import { newSecretProblems } from '../../../lib/new-secret';
import { useNewSecretText } from '../../../components/ui/new-secret-fields';
import { useCompleteLogin } from './use-complete-login';
import { userNameHint } from './username-hint';

export type RegisterField = 'userName' | 'password' | 'confirm' | 'inviteCode' | 'captcha' | 'age';
type FieldErrors = Partial<Record<RegisterField, string>>;

/** Server answers that belong to one field rather than to the whole form. */
const FIELD_OF_CODE: Partial<Record<number, RegisterField>> = {
  [ErrorCode.UsernameTaken]: 'userName',
  [ErrorCode.WeakPassword]: 'password',
  [ErrorCode.InviteCodeInvalid]: 'inviteCode',
  [ErrorCode.AgeNotConfirmed]: 'age',
  [ErrorCode.VerificationRequired]: 'captcha',
  [ErrorCode.CaptchaWrong]: 'captcha',
  [ErrorCode.CaptchaExpired]: 'captcha',
};

/**
 * The registration form (contract §4): rules checked as typed, the invite code prefilled from a
 * valid stored invite_code or i_code (contract §8.2), the captcha asked for only when pre-info says
 * the site requires one (unknown counts as required), or when the server answers 10409 because
 * an operator switched it on since pre-info was read.
 */
export function useRegisterForm() {
  const { t } = useTranslation('auth');
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [inviteCode, setInviteCode] = useState(() => registrationInviteCode() ?? '');
  const [age, setAge] = useState(false);
  const [captchaCode, setCaptchaCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);
  const siteWantsCaptcha = usePreInfoStore((state) => state.preInfo?.registerCaptcha !== false);
  const [serverWantsCaptcha, setServerWantsCaptcha] = useState(false);
  const captchaNeeded = siteWantsCaptcha || serverWantsCaptcha;
  const captcha = useCaptcha('register', captchaNeeded);
  const register = useRegisterMutation();
  const complete = useCompleteLogin();
  const secretText = useNewSecretText('password');
  const strength = passwordStrength(password, userName);

  /** Editing a field clears what the server said about it. */
  const edit =
    <T>(field: RegisterField, setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    };

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    if (userName === '') found.userName = t('rules.required');
    else if (!USERNAME_PATTERN.test(userName)) found.userName = t(userNameHint(userName).key);
    const secret = secretText(newSecretProblems('password', password, confirm, strength));
    if (secret.secret) found.password = secret.secret;
    if (secret.confirm) found.confirm = secret.confirm;
    if (inviteCode !== '' && !INVITE_CODE_PATTERN.test(inviteCode)) {
      found.inviteCode = t('rules.inviteCode');
    }
    if (!age) found.age = t('register.ageRequired');
    return found;
  };

  const fail = (error: unknown) => {
    const code = error instanceof BusinessError ? error.code : null;
    if (code === ErrorCode.RegistrationClosed) {
      setClosed(true);
      return;
    }
    if (code === ErrorCode.VerificationRequired) setServerWantsCaptcha(true);
    const field = code === null ? undefined : FIELD_OF_CODE[code];
    const text =
      code === ErrorCode.VerificationRequired
        ? t('captcha.required')
        : describeError(error).message;
    if (field) setErrors({ [field]: text });
    else setMessage(text);
  };

  const submit = async () => {
    setMessage(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: RegisterRequest = { userName, password, ageConfirmed: true };
    if (inviteCode !== '') body.inviteCode = inviteCode;
    // The agent's link of this visit: the member joins that downline (contract §5 Agents).
    const agentCode = registrationAgentCode();
    if (agentCode !== null) body.agentCode = agentCode;
    if (captchaNeeded && captcha.data && captchaCode !== '') {
      body.captchaId = captcha.data.captchaId;
      body.captchaCode = captchaCode;
    }
    try {
      const result = await register.mutateAsync(body);
      await complete(result, { toast: t('register.success') });
    } catch (error) {
      fail(error);
      // The captcha sent was used up (or was missing): always a fresh one for the next try. A
      // captcha newly asked for by the server is fetched as the query switches on.
      setCaptchaCode('');
      if (captchaNeeded) void captcha.refetch();
    }
  };

  return {
    fields: { userName, password, confirm, inviteCode, age, captchaCode },
    set: {
      setUserName: edit('userName', setUserName),
      setPassword: edit('password', setPassword),
      setConfirm: edit('confirm', setConfirm),
      setInviteCode: edit('inviteCode', setInviteCode),
      setAge: edit('age', setAge),
      setCaptchaCode: edit('captcha', setCaptchaCode),
    },
    strength,
    captcha,
    captchaNeeded,
    errors,
    message,
    closed,
    pending: register.isPending,
    submit,
  };
}
