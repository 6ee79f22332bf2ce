import { Button } from 'antd-mobile';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { CountdownButton } from '../../../components/ui/countdown-button';
import { FormField, FormMessage } from '../../../components/ui/form-field';
import { PageFrame } from '../../../components/ui/page-frame';
import { NewSecretFields } from '../../../components/ui/new-secret-fields';
import { LOGIN_NAME_MAX, SMS_CODE_LENGTH } from '@nebula/protocol/rules/account-rules';
import { LOGIN_PATH } from '../../../site/paths';
import { usePasswordResetForm } from '../hooks/use-password-reset-form';
import '../components/auth.css';
import { CsLink } from '../../../components/ui/cs-link';

const RESEND_SECONDS = 60;

/** /user/password: reset the login password with an SMS code to the bound phone. */
export function PasswordResetPage() {
  const { t } = useTranslation('auth');
  const form = usePasswordResetForm();
  const { fields, set, errors } = form;
  const ids = {
    user: useId(),
    code: useId(),
  };
  const tone = (error: string | undefined) => (error ? 'error' : 'neutral');

  return (
    <PageFrame title={t('reset.title')} backTo={LOGIN_PATH}>
      <div className="nb-auth">
        <section className="nb-card">
          <p className="nb-guide__intro">{t('reset.intro')}</p>
          <form
            className="nb-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void form.submit();
            }}
          >
            <FormField
              label={t('fields.userName')}
              htmlFor={ids.user}
              tone={tone(errors.userName)}
              hint={errors.userName}
            >
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
            <FormField
              label={t('fields.smsCode')}
              htmlFor={ids.code}
              tone={tone(errors.code)}
              hint={errors.code ?? (form.sent ? t('reset.noPhone') : undefined)}
              extra={
                <CountdownButton
                  seconds={RESEND_SECONDS}
                  onStart={form.send}
                  color="primary"
                  fill="outline"
                >
                  {t('reset.sendCode')}
                </CountdownButton>
              }
            >
              <input
                id={ids.code}
                className="nb-input"
                value={fields.code}
                onChange={(event) =>
                  set.setCode(event.target.value.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH))
                }
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder={t('fields.smsCodePlaceholder')}
                maxLength={SMS_CODE_LENGTH}
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
                secret: t('reset.newPassword'),
                confirm: t('fields.confirmPassword'),
                secretPlaceholder: t('fields.newPasswordPlaceholder'),
                confirmPlaceholder: t('fields.confirmPasswordPlaceholder'),
              }}
              strength={form.strength}
            />
            <FormMessage>{form.message}</FormMessage>
            <Button
              className="nb-form__submit"
              type="submit"
              block
              color="primary"
              shape="rounded"
              loading={form.pending}
            >
              {t('reset.submit')}
            </Button>
            <CsLink className="nb-auth__cs" label={t('reset.noPhoneLink')} />
          </form>
        </section>
        <div className="nb-auth__links">
          <Link to={LOGIN_PATH}>{t('reset.backToLogin')}</Link>
        </div>
      </div>
    </PageFrame>
  );
}
