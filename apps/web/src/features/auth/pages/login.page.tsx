import { Button } from 'antd-mobile';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation, useSearchParams } from 'react-router';
import { CheckBox } from '../../../components/ui/check-box';
import { FormField, FormMessage } from '../../../components/ui/form-field';
import { PageFrame } from '../../../components/ui/page-frame';
import { PasswordInput } from '../../../components/ui/password-input';
import { DEMO_PATH, PASSWORD_RESET_PATH, REGISTER_PATH, safeRedirect } from '../../../site/paths';
import { usePreInfoStore } from '../../../site/pre-info.store';
import { AuthHero } from '../components/auth-hero';
import { CaptchaField } from '../components/captcha-field';
import { ClosedNotice } from '../components/closed-notice';
import { DeviceAuthDialog } from '../components/device-auth-dialog';
import { useLoginForm } from '../hooks/use-login-form';
import '../components/auth.css';
import { LOGIN_NAME_MAX, PASSWORD_CHECK_MAX } from '@nebula/protocol/rules/account-rules';

/** /user/login (contract §8.1, §4). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const stopLogin = usePreInfoStore((state) => state.preInfo?.stopLogin === true);
  const form = useLoginForm();
  const [params] = useSearchParams();
  // A page that ended the session on purpose (a password change) says why it came here.
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const redirect = safeRedirect(params.get('redirect'));
  const registerTo = redirect
    ? `${REGISTER_PATH}?redirect=${encodeURIComponent(redirect)}`
    : REGISTER_PATH;
  const ids = { user: useId(), password: useId(), captcha: useId() };
  const { fields, set } = form;

  return (
    <PageFrame title={t('login.title')}>
      <div className="nb-auth">
        <AuthHero heading={t('welcome')} sub={t('welcomeHint')} />
        {notice === 'passwordChanged' && (
          <p className="nb-auth__notice" role="status">
            {t('login.passwordChanged')}
          </p>
        )}
        {stopLogin || form.closed ? (
          <ClosedNotice title={t('login.closedTitle')} text={t('login.closedText')} />
        ) : (
          <form
            className="nb-card nb-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void form.submit();
            }}
          >
            <FormField label={t('fields.userName')} htmlFor={ids.user}>
              <input
                id={ids.user}
                className="nb-input"
                value={fields.userName}
                onChange={(event) => set.setUserName(event.target.value)}
                placeholder={t('fields.userNamePlaceholder')}
                autoComplete="username"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={LOGIN_NAME_MAX}
              />
            </FormField>
            <FormField label={t('fields.password')} htmlFor={ids.password}>
              <PasswordInput
                id={ids.password}
                value={fields.password}
                onChange={set.setPassword}
                placeholder={t('fields.passwordPlaceholder')}
                autoComplete="current-password"
                maxLength={PASSWORD_CHECK_MAX}
              />
            </FormField>
            {form.captchaNeeded && (
              <CaptchaField
                id={ids.captcha}
                captcha={form.captcha}
                value={fields.captchaCode}
                onChange={set.setCaptchaCode}
              />
            )}
            <div className="nb-auth__row">
              <CheckBox checked={fields.remember} onChange={set.setRemember}>
                {t('login.remember')}
              </CheckBox>
              <Link to={PASSWORD_RESET_PATH}>{t('login.forgot')}</Link>
            </div>
            <FormMessage>{form.message}</FormMessage>
            <Button
              className="nb-form__submit"
              type="submit"
              block
              color="primary"
              shape="rounded"
              loading={form.pending}
              disabled={!form.canSubmit}
            >
              {t('login.submit')}
            </Button>
          </form>
        )}
        <div className="nb-auth__links">
          <span>
            {t('login.noAccount')}
            <Link to={registerTo}>{t('login.toRegister')}</Link>
          </span>
          <span>
            {t('login.tryFirst')}
            <Link to={DEMO_PATH}>{t('login.toDemo')}</Link>
          </span>
        </div>
      </div>
      {form.challenge && (
        <DeviceAuthDialog
          challenge={form.challenge}
          onVerified={form.verified}
          onCancel={form.closeChallenge}
        />
      )}
    </PageFrame>
  );
}
