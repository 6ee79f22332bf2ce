import type {
  PaymentAccount,
  PaymentAccountType,
} from '@nebula/protocol/api/wallet/payment-accounts.schemas';
import { Button, Segmented } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { FormField, FormMessage } from '../../../components/ui/form-field';
import { stepUpErrorOf } from '../../../components/ui/step-up-error';
import {
  EMPTY_STEP_UP,
  StepUpFields,
  toStepUp,
  type StepUpState,
} from '../../../components/ui/step-up-fields';
import { describeError } from '../../../lib/api-errors';
import { AUTHENTICATION_PATH } from '../../../site/paths';
import { useBanks } from '../api/banks.query';
import { usePaymentAccountAdd } from '../api/payment-account-add.mutation';
import { useStepUpSms } from '../api/step-up-sms.mutation';
import type { PayoutIdentity } from '../model/payout-identity';
import {
  accountNoValid,
  groupCardNumber,
  normalizeAccountNo,
  PAYOUT_TYPES,
  type UsdtNetwork,
} from '../model/payout-types';

const ALIAS_MAX = 20;

interface PayoutAccountFormProps {
  type: PaymentAccountType;
  identity: PayoutIdentity;
  onAdded: (account: PaymentAccount) => void;
}

/** The fields of one payout type, a step-up, and the add call (contract §4). */
export function PayoutAccountForm({ type, identity, onAdded }: PayoutAccountFormProps) {
  const { t } = useTranslation('wallet');
  const ids = { bank: useId(), no: useId(), alias: useId() };
  const field = PAYOUT_TYPES[type].field;
  const banks = useBanks(field === 'bank');
  const add = usePaymentAccountAdd();
  const sms = useStepUpSms();
  const [bankCode, setBankCode] = useState('');
  const [network, setNetwork] = useState<UsdtNetwork>('TRC20');
  const [accountNo, setAccountNo] = useState('');
  const [alias, setAlias] = useState('');
  const [stepUp, setStepUp] = useState<StepUpState>(EMPTY_STEP_UP);
  const [stepUpError, setStepUpError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const proof = toStepUp(stepUp);
  const numberOk = accountNoValid(type, accountNo, network);
  const needsName = field === 'bank' && identity.realNameMasked === null;
  const ready = numberOk && proof !== null && !needsName && (field !== 'bank' || bankCode !== '');

  const submit = async () => {
    if (!ready || !proof) return;
    setMessage(null);
    setStepUpError(null);
    try {
      const account = await add.mutateAsync({
        type,
        accountNo: normalizeAccountNo(type, accountNo),
        bankCode: field === 'bank' ? bankCode : undefined,
        network: field === 'usdt' ? network : undefined,
        alias: alias.trim() || undefined,
        stepUp: proof,
      });
      onAdded(account);
    } catch (error) {
      const stepUpText = stepUpErrorOf(error);
      if (stepUpText) setStepUpError(stepUpText);
      else setMessage(describeError(error).message);
    }
  };

  return (
    <form
      className="nb-form"
      noValidate
      aria-label={t(`payout.addTitle.${type}`)}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {field === 'bank' && (
        <>
          <div className="nb-holder" role="note">
            <span className="nb-holder__label">{t('payout.holder')}</span>
            {identity.realNameMasked ? (
              <span className="nb-holder__name">{identity.realNameMasked}</span>
            ) : (
              <Link className="nb-inline-link" to={AUTHENTICATION_PATH}>
                {t('payout.needRealName')}
              </Link>
            )}
          </div>
          <FormField
            label={t('payout.bank')}
            htmlFor={ids.bank}
            hint={banks.isError ? describeError(banks.error).message : undefined}
            tone={banks.isError ? 'error' : 'neutral'}
          >
            <select
              id={ids.bank}
              className="nb-input nb-select"
              value={bankCode}
              onChange={(event) => setBankCode(event.target.value)}
            >
              <option value="">
                {banks.isPending ? t('payout.banksLoading') : t('payout.bankPlaceholder')}
              </option>
              {banks.data?.list.map((bank) => (
                <option key={bank.code} value={bank.code}>
                  {bank.name}
                </option>
              ))}
            </select>
          </FormField>
        </>
      )}
      {field === 'usdt' && (
        <div className="nb-field">
          <span className="nb-field__label">{t('payout.network')}</span>
          <Segmented
            block
            value={network}
            onChange={(value) => setNetwork(value as UsdtNetwork)}
            options={['TRC20', 'ERC20']}
          />
          <p className="nb-field__hint nb-field__hint--warn">
            {t(`payout.networkWarn.${network}`)}
          </p>
        </div>
      )}
      <FormField
        label={t(`payout.numberLabel.${type}`)}
        htmlFor={ids.no}
        tone={accountNo !== '' && !numberOk ? 'error' : 'neutral'}
        hint={t(`payout.numberRule.${type}`)}
      >
        <input
          id={ids.no}
          className="nb-input nb-amount"
          value={accountNo}
          onChange={(event) =>
            setAccountNo(
              field === 'bank' ? groupCardNumber(event.target.value) : event.target.value.trim(),
            )
          }
          inputMode={field === 'bank' || type === 'digital' ? 'numeric' : 'text'}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t(`payout.numberPlaceholder.${type}`)}
          maxLength={field === 'bank' ? 23 : 64}
        />
      </FormField>
      <FormField label={t('payout.alias')} htmlFor={ids.alias}>
        <input
          id={ids.alias}
          className="nb-input"
          value={alias}
          onChange={(event) => setAlias(event.target.value)}
          maxLength={ALIAS_MAX}
          placeholder={t('payout.aliasPlaceholder')}
        />
      </FormField>
      <StepUpFields
        value={stepUp}
        onChange={setStepUp}
        phoneMasked={identity.phoneMasked}
        sendCode={() => sms.mutateAsync()}
        error={stepUpError}
        onError={setStepUpError}
      />
      <FormMessage>{message}</FormMessage>
      <Button
        className="nb-form__submit"
        type="submit"
        block
        color="primary"
        shape="rounded"
        disabled={!ready}
        loading={add.isPending}
      >
        {t('payout.submit')}
      </Button>
      <p className="nb-payout-note">{t('payout.coolOffNote')}</p>
    </form>
  );
}
