import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { SheetFooter, SheetForm } from '../../../components/ui/sheet-form';
import { FUND_PASSWORD_LENGTH } from '@nebula/protocol/rules/account-rules';
import { NewSecretFields, useNewSecretText } from '../../../components/ui/new-secret-fields';
import { newSecretProblems } from '../../../lib/new-secret';
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

function FundPasswordForm({
  phoneMasked,
  onDone,
}: {
  phoneMasked: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('member');
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
  const secretText = useNewSecretText('fund');

  const submit = async () => {
    setMessage(null);
    const found: typeof errors = {};
    const secret = secretText(newSecretProblems('fund', password, confirm));
    if (secret.secret) found.password = secret.secret;
    if (secret.confirm) found.confirm = secret.confirm;
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
    <SheetForm onSubmit={() => void submit()}>
      <p className="nb-sheet__note">{t('fund.intro')}</p>
      <NewSecretFields
        kind="fund"
        value={password}
        confirm={confirm}
        onChange={setPassword}
        onConfirmChange={setConfirm}
        errors={{ secret: errors.password, confirm: errors.confirm }}
        labels={{
          secret: t('fund.password'),
          confirm: t('fund.confirm'),
          secretPlaceholder: t('fund.passwordPlaceholder'),
          confirmPlaceholder: t('fund.confirmPlaceholder'),
        }}
      />
      <StepUpFields
        value={stepUp}
        onChange={setStepUp}
        phoneMasked={phoneMasked}
        sendCode={() => sms.mutateAsync({ purpose: 'stepUp' })}
        error={errors.stepUp}
        onError={(text) => setErrors({ stepUp: text })}
      />
      <SheetFooter
        message={message}
        busy={save.isPending}
        disabled={
          password.length !== FUND_PASSWORD_LENGTH ||
          confirm.length !== FUND_PASSWORD_LENGTH ||
          proof === null
        }
      >
        {t('fund.submit')}
      </SheetFooter>
    </SheetForm>
  );
}
