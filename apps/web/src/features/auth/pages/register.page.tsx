import { Button } from 'antd-mobile';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CheckBox } from '../../../components/ui/check-box';
import { FormField, FormMessage } from '../../../components/ui/form-field';
import { PageFrame } from '../../../components/ui/page-frame';
import { NewSecretFields } from '../../../components/ui/new-secret-fields';
import { LOGIN_PATH, loginPathFor } from '../../../site/paths';
import { usePreInfoStore } from '../../../site/pre-info.store';
import { AuthHero } from '../components/auth-hero';
import { CaptchaField } from '../components/captcha-field';
import { ClosedNotice } from '../components/closed-notice';
import { useRegisterForm } from '../hooks/use-register-form';
import { userNameHint } from '../hooks/username-hint';
import '../components/auth.css';
import { INVITE_CODE_MAX, USERNAME_MAX } from '@nebula/protocol/rules/account-rules';

/** /user/register (contract §8.1, contract §4). */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginTo = loginPathFor(params.get('redirect') ?? undefined);
  const stopRegister = usePreInfoStore((state) => state.preInfo?.stopRegister === true);
  const form = useRegisterForm();
  const { fields, set, errors } = form;
  const ids = {
    user: useId(),
    invite: useId(),
    captcha: useId(),
  };
  const nameHint = userNameHint(fields.userName);
  if (stopRegister || form.closed) {
    return (
      <PageFrame title={t('register.title')}>
        <div className="nb-auth">
          <ClosedNotice
            title={t('register.closedTitle')}
            text={t('register.closedText')}
            action={t('register.toLogin')}
            onAction={() => void navigate(LOGIN_PATH)}
          />
        </div>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t('register.title')}>
      <div className="nb-auth">
        <AuthHero heading={t('joinTitle')} sub={t('joinHint')} />
        <form
          className="nb-card nb-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit();
          }}
        >
          <FormField
            label={t('fields.userName')}
            htmlFor={ids.user}
            tone={errors.userName ? 'error' : nameHint.tone}
            hint={errors.userName ?? t(nameHint.key)}
          >
            <input
              id={ids.user}
              className="nb-input"
              value={fields.userName}
              onChange={(event) => set.setUserName(event.target.value.trim())}
              placeholder={t('fields.userNamePlaceholder')}
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={USERNAME_MAX}
              aria-describedby={`${ids.user}-hint`}
            />
          </FormField>
          <NewSecretFields
            kind="password"
            value={fields.password}
            confirm={fields.confirm}
            onChange={set.setPassword}
            onConfirmChange={set.setConfirm}
            errors={{ secret: errors.password, confirm: errors.confirm }}
            labels={{
              secret: t('fields.password'),
              confirm: t('fields.confirmPassword'),
              secretPlaceholder: t('fields.newPasswordPlaceholder'),
              confirmPlaceholder: t('fields.confirmPasswordPlaceholder'),
            }}
            strength={form.strength}
            liveMatch
          />
          <FormField
            label={t('fields.inviteCode')}
            htmlFor={ids.invite}
            tone={errors.inviteCode ? 'error' : 'neutral'}
            hint={errors.inviteCode}
          >
            <input
              id={ids.invite}
              className="nb-input"
              value={fields.inviteCode}
              onChange={(event) => set.setInviteCode(event.target.value.trim())}
              placeholder={t('fields.inviteCodePlaceholder')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={INVITE_CODE_MAX}
            />
          </FormField>
          {form.captchaNeeded && (
            <CaptchaField
              id={ids.captcha}
              captcha={form.captcha}
              value={fields.captchaCode}
              onChange={set.setCaptchaCode}
              error={errors.captcha}
            />
          )}
          <div>
            <CheckBox checked={fields.age} onChange={set.setAge}>
              {t('register.age')}
            </CheckBox>
            {errors.age && (
              <p className="nb-field__hint nb-field__hint--error" role="alert">
                {errors.age}
              </p>
            )}
          </div>
          <FormMessage>{form.message}</FormMessage>
          <Button
            className="nb-form__submit"
            type="submit"
            block
            color="primary"
            shape="rounded"
            loading={form.pending}
          >
            {t('register.submit')}
          </Button>
        </form>
        <div className="nb-auth__links">
          <span>
            {t('register.hasAccount')}
            <Link to={loginTo}>{t('register.toLogin')}</Link>
          </span>
        </div>
      </div>
    </PageFrame>
  );
}
