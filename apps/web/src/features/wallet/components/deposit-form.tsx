import type { DepositChannel } from '@nebula/protocol/api/wallet/wallet.schemas';
import { formatFen } from '@nebula/protocol/format/number-format';
import { Button } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { AmountInput } from '../../../components/ui/amount-input';
import { FormField } from '../../../components/ui/form-field';
import { amountProblem, wireAmount } from '../../../lib/amount';
import { usdtCreditFen } from '../model/conversions';
import { DEPOSITOR_NAME_MAX, DEPOSITOR_NAME_MIN } from '@nebula/protocol/rules/account-rules';

export interface DepositRequest {
  amount: string;
  depositorName?: string;
}

/** The server takes 2–40 characters (protocol DepositOrderRequest). */

function nameOk(name: string): boolean {
  const length = Array.from(name.trim()).length;
  return length >= DEPOSITOR_NAME_MIN && length <= DEPOSITOR_NAME_MAX;
}

/** The CNY a USDT amount will credit, or null until the amount is valid. */
export function creditPreview(channel: DepositChannel, amount: string): string | null {
  if (channel.type !== 'usdt' || !channel.rate) return null;
  if (amountProblem(amount, { min: '0.01' }) !== null) return null;
  return formatFen(usdtCreditFen(wireAmount(amount), channel.rate));
}

interface DepositFormProps {
  channel: DepositChannel;
  onSubmit: (request: DepositRequest) => void;
}

/**
 * Amount (contract §8.4 sanitizer, the channel's min/max and quick amounts) and, for a bank
 * transfer, the depositor's name. The button stays disabled until both are acceptable.
 */
export function DepositForm({ channel, onSubmit }: DepositFormProps) {
  const { t } = useTranslation('wallet');
  const nameId = useId();
  const [amount, setAmount] = useState('');
  const [name, setName] = useState('');
  const usdt = channel.currency === 'USDT';
  const amountOk = amountProblem(amount, { min: channel.min, max: channel.max }) === null;
  const nameValid = !channel.needsDepositorName || nameOk(name);
  const credit = creditPreview(channel, amount);

  return (
    <form
      className="nb-form"
      noValidate
      aria-label={t('deposit.formTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!amountOk || !nameValid) return;
        onSubmit({
          amount: wireAmount(amount),
          depositorName: channel.needsDepositorName ? name.trim() : undefined,
        });
      }}
    >
      <AmountInput
        label={usdt ? t('deposit.amountUsdt') : t('deposit.amount')}
        value={amount}
        onChange={setAmount}
        min={channel.min}
        max={channel.max}
        unit={usdt ? 'USDT' : '¥'}
        quickAmounts={channel.quickAmounts}
        extraHint={
          usdt && channel.rate ? (
            <span className="nb-credit" data-testid="usdt-credit">
              {credit
                ? t('deposit.creditPreview', { amount: credit, rate: channel.rate })
                : t('deposit.creditRate', { rate: channel.rate })}
            </span>
          ) : undefined
        }
      />
      {channel.needsDepositorName && (
        <FormField
          label={t('deposit.depositorName')}
          htmlFor={nameId}
          tone={name !== '' && !nameValid ? 'error' : 'neutral'}
          hint={name !== '' && !nameValid ? t('deposit.depositorRule') : t('deposit.depositorHint')}
        >
          <input
            id={nameId}
            className="nb-input"
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder={t('deposit.depositorPlaceholder')}
            autoComplete="name"
            maxLength={DEPOSITOR_NAME_MAX}
          />
        </FormField>
      )}
      <Button
        className="nb-form__submit"
        type="submit"
        block
        color="primary"
        shape="rounded"
        disabled={!amountOk || !nameValid}
      >
        {t('deposit.submit')}
      </Button>
    </form>
  );
}
