import { Button, Toast } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { FormField, FormMessage } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { FUND_PASSWORD_LENGTH, FUND_PASSWORD_PATTERN } from '@nebula/protocol/rules/account-rules';
import { describeError } from '../../../lib/api-errors';
import { useFundPasswordSet } from '../api/fund-password-set.mutation';
import { useSmsSend } from '../api/sms-send.mutation';
import { stepUpErrorOf } from '../../../components/ui/step-up-error';
import {
  EMPTY_STEP_UP,
  StepUpFields,
  toStepUp,
  type StepUpState,
} from '../../../components/ui/step-up-fields';

interface FundPasswordSheetProps {
  visible: boolean;
  isSet: boolean;
  phoneMasked: string | null;
  onClose: () => void;
}

/** Set or change the 6-digit fund password, with a step-up (contract §4). */
export function FundPasswordSheet({
  visible,
  isSet,
  phoneMasked,
  onClose,
}: FundPasswordSheetProps) {
  const { t } = useTranslation('member');
  return (
    <BottomSheet
      visible={visible}
      title={isSet ? t('fund.changeTitle') : t('fund.setTitle')}
      onClose={onClose}
    >
      {visible && <FundPasswordForm phoneMasked={phoneMasked} onDone={onClose} />}
    </BottomSheet>
  );
}

const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

function FundPasswordForm({
  phoneMasked,
  onDone,
}: {
  phoneMasked: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('member');
  const ids = { password: useId(), confirm: useId() };
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [stepUp, setStepUp] = useState<StepUpState>(EMPTY_STEP_UP);
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; stepUp?: string }>(
    {},
  );
  const [message, setMessage] = useState<string | null>(null);
  const save = useFundPasswordSet();
  const sms = useSmsSend();
  const proof = toStepUp(stepUp);

  const submit = async () => {
    setMessage(null);
    const found: typeof errors = {};
    if (!FUND_PASSWORD_PATTERN.test(password)) found.password = t('fund.rule');
    if (confirm !== password) found.confirm = t('fund.mismatch');
    setErrors(found);
    if (Object.keys(found).length > 0 || !proof) return;
    try {
      await save.mutateAsync({ fundPassword: password, stepUp: proof });
      Toast.show({ content: t('fund.done') });
      onDone();
    } catch (error) {
      const stepUpError = stepUpErrorOf(error);
      if (stepUpError) setErrors({ stepUp: stepUpError });
      else setMessage(describeError(error).message);
    }
  };

  return (
    <form
      className="nb-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="nb-sheet__note">{t('fund.intro')}</p>
      <FormField
        label={t('fund.password')}
        htmlFor={ids.password}
        tone={errors.password ? 'error' : 'neutral'}
        hint={errors.password}
      >
        <PasswordInput
          id={ids.password}
          value={password}
          onChange={(value) => setPassword(digits(value))}
          inputMode="numeric"
          autoComplete="off"
          maxLength={FUND_PASSWORD_LENGTH}
          placeholder={t('fund.passwordPlaceholder')}
        />
      </FormField>
      <FormField
        label={t('fund.confirm')}
        htmlFor={ids.confirm}
        tone={errors.confirm ? 'error' : 'neutral'}
        hint={errors.confirm}
      >
        <PasswordInput
          id={ids.confirm}
          value={confirm}
          onChange={(value) => setConfirm(digits(value))}
          inputMode="numeric"
          autoComplete="off"
          maxLength={FUND_PASSWORD_LENGTH}
          placeholder={t('fund.confirmPlaceholder')}
        />
      </FormField>
      <StepUpFields
        value={stepUp}
        onChange={setStepUp}
        phoneMasked={phoneMasked}
        sendCode={() => sms.mutateAsync({ purpose: 'stepUp' })}
        error={errors.stepUp}
        onError={(text) => setErrors({ stepUp: text })}
      />
      <FormMessage>{message}</FormMessage>
      <Button
        type="submit"
        block
        color="primary"
        shape="rounded"
        loading={save.isPending}
        disabled={password.length !== 6 || confirm.length !== 6 || proof === null}
      >
        {t('fund.submit')}
      </Button>
    </form>
  );
}
