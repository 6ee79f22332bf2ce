import { ErrorCode } from '@nebula/protocol/errors/codes';
import { Toast } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { FormField } from '../../../components/ui/form-field';
import { SheetFooter, SheetForm } from '../../../components/ui/sheet-form';
import { PasswordInput } from '../../../components/ui/password-input';
import { PASSWORD_CHECK_MAX } from '@nebula/protocol/rules/account-rules';
import { NewSecretFields, useNewSecretText } from '../../../components/ui/new-secret-fields';
import { newSecretProblems } from '../../../lib/new-secret';
import { passwordStrength } from '../../../lib/password-strength';
import { BusinessError, describeError } from '../../../lib/api-errors';
import { clearSession, setLeavingForLogin } from '../../../session/session.store';
import { LOGIN_PATH } from '../../../site/paths';
import { usePasswordChange } from '../api/password-change.mutation';

/** Change the login password; every session ends, this one too, so login follows. */
export function PasswordChangeSheet({
  visible,
  onClose,
}: {
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('member');
  return (
    <BottomSheet visible={visible} title={t('security.changePassword')} onClose={onClose}>
      {visible && <PasswordChangeForm />}
    </BottomSheet>
  );
}

function PasswordChangeForm() {
  const { t } = useTranslation('member');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const ids = { old: useId() };
  const [oldPassword, setOld] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ old?: string; next?: string; confirm?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const change = usePasswordChange();
  const secretText = useNewSecretText('password');
  const strength = passwordStrength(next);

  const submit = async () => {
    setMessage(null);
    const found: typeof errors = {};
    const secret = secretText(newSecretProblems('password', next, confirm, strength));
    if (secret.secret) found.next = secret.secret;
    if (secret.confirm) found.confirm = secret.confirm;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await change.mutateAsync({ oldPassword, newPassword: next });
      Toast.show({ icon: 'success', content: t('security.passwordChanged') });
      setLeavingForLogin(true);
      clearSession();
      // The login page says it too: a toast can be missed, the change must not be.
      void navigate(LOGIN_PATH, { replace: true, state: { notice: 'passwordChanged' } });
    } catch (error) {
      const code = error instanceof BusinessError ? error.code : null;
      if (code === ErrorCode.NameError) setErrors({ old: tc('stepUp.wrongPassword') });
      else if (code === ErrorCode.WeakPassword || code === ErrorCode.SamePassword) {
        setErrors({ next: describeError(error).message });
      } else setMessage(describeError(error).message);
    }
  };

  const tone = (error?: string) => (error ? 'error' : 'neutral');
  return (
    <SheetForm onSubmit={() => void submit()}>
      <p className="nb-sheet__note">{t('security.changePasswordHint')}</p>
      <FormField
        label={t('security.oldPassword')}
        htmlFor={ids.old}
        tone={tone(errors.old)}
        hint={errors.old}
      >
        <PasswordInput
          id={ids.old}
          value={oldPassword}
          onChange={setOld}
          placeholder={t('security.oldPasswordPlaceholder')}
          autoComplete="current-password"
          maxLength={PASSWORD_CHECK_MAX}
        />
      </FormField>
      <NewSecretFields
        kind="password"
        value={next}
        confirm={confirm}
        onChange={setNext}
        onConfirmChange={setConfirm}
        errors={{ secret: errors.next, confirm: errors.confirm }}
        labels={{
          secret: t('security.newPassword'),
          confirm: t('security.confirmPassword'),
          secretPlaceholder: t('security.newPasswordPlaceholder'),
        }}
        strength={strength}
      />
      <SheetFooter
        message={message}
        busy={change.isPending}
        disabled={oldPassword === '' || next === '' || confirm === ''}
      >
        {t('security.changePassword')}
      </SheetFooter>
    </SheetForm>
  );
}
