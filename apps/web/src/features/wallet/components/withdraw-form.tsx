import type { PaymentAccount } from '@nebula/protocol/api/wallet/payment-accounts.schemas';
import type { WithdrawOrder, WithdrawPrecheck } from '@nebula/protocol/api/wallet/wallet.schemas';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { formatAmount, formatFen } from '@nebula/protocol/format/number-format';
import { formatMoney, parseMoney } from '@nebula/protocol/money/fen';
import { Button } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { AmountInput } from '../../../components/ui/amount-input';
import { FormField } from '../../../components/ui/form-field';
import { MoneyConfirmSheet } from '../../../components/ui/money-confirm-sheet';
import { PinInput } from '../../../components/ui/pin-input';
import { amountProblem, amountUnits, minAmount, wireAmount } from '../../../lib/amount';
import { FUND_PASSWORD_PATTERN } from '@nebula/protocol/rules/account-rules';
import { useWithdrawOrder } from '../api/withdraw-order.mutation';
import { isCode, moneyErrorText } from '../model/money-errors';
import { AddAccountSheet } from './add-account-sheet';
import { isUsable, PayoutPicker } from './payout-picker';

interface WithdrawFormProps {
  check: WithdrawPrecheck;
  accounts: PaymentAccount[];
  blocked: boolean;
  onDone: (order: WithdrawOrder) => void;
  onRecheck: () => void;
}

/** What is left for today and the most this request may be (balance, per-request, per-day). */
function ceilings(check: WithdrawPrecheck) {
  const daily = parseMoney(check.dailyMax) - parseMoney(check.dailyUsed);
  const dailyLeft = daily > 0n ? daily : 0n;
  const balance = parseMoney(check.balance);
  return { dailyLeft, balance, most: minAmount(balance, parseMoney(check.max), dailyLeft) };
}

/**
 * Payout account, amount (contract §8.4 sanitizer, min/max, today's remaining, MAX), then a sheet
 * with the exact amount and the 6-digit fund password.
 */
export function WithdrawForm({ check, accounts, blocked, onDone, onRecheck }: WithdrawFormProps) {
  const { t } = useTranslation('wallet');
  const fundId = useId();
  const withdraw = useWithdrawOrder();
  const firstUsable = accounts.find((a) => isUsable(a))?.id ?? null;
  const [accountId, setAccountId] = useState<number | null>(firstUsable);
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [fund, setFund] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const { dailyLeft, balance, most } = ceilings(check);
  const units = amountUnits(amount);
  const outer =
    units !== null && units > balance
      ? t('withdraw.overBalance', { balance: formatFen(balance) })
      : units !== null && units > dailyLeft
        ? t('withdraw.overDaily', { remaining: formatFen(dailyLeft) })
        : null;
  const amountOk = amountProblem(amount, { min: check.min, max: check.max }) === null && !outer;
  const account = accounts.find((a) => a.id === accountId && isUsable(a));
  const canSubmit = !blocked && amountOk && account !== undefined;

  const submit = async () => {
    if (!account || !FUND_PASSWORD_PATTERN.test(fund)) return;
    setMessage(null);
    try {
      const order = await withdraw.mutateAsync({
        accountId: account.id,
        amount: wireAmount(amount),
        fundPassword: fund,
      });
      setConfirming(false);
      setFund('');
      setAmount('');
      onDone(order);
    } catch (error) {
      setMessage(moneyErrorText(error));
      setFund('');
      if (isCode(error, ErrorCode.WithdrawLocked) || isCode(error, ErrorCode.TurnoverNotMet))
        onRecheck();
    }
  };

  return (
    <section className="nb-card" aria-labelledby="nb-wd-form">
      <h2 id="nb-wd-form" className="nb-card__title">
        {t('withdraw.formTitle')}
      </h2>
      <form
        className="nb-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit) setConfirming(true);
        }}
      >
        <div className="nb-field">
          <div className="nb-field__label nb-wd__account-head">
            <span id="nb-wd-account">{t('withdraw.account')}</span>
            <button type="button" className="nb-inline-link" onClick={() => setAdding(true)}>
              {t('withdraw.addAccount')}
            </button>
          </div>
          {accounts.length === 0 ? (
            <p className="nb-wd__none">{t('withdraw.noAccounts')}</p>
          ) : (
            <PayoutPicker accounts={accounts} value={accountId} onChange={setAccountId} />
          )}
        </div>
        <AmountInput
          label={t('withdraw.amount')}
          value={amount}
          onChange={setAmount}
          min={check.min}
          max={check.max}
          unit="¥"
          onMax={() => setAmount(formatMoney(most).replace(/\.00$/, ''))}
          error={outer}
          extraHint={t('withdraw.limits', {
            balance: formatFen(balance),
            remaining: formatFen(dailyLeft),
            daily: formatAmount(check.dailyMax),
          })}
          disabled={blocked}
        />
        <Button
          className="nb-form__submit"
          type="submit"
          block
          color="primary"
          shape="rounded"
          disabled={!canSubmit}
        >
          {blocked ? t('withdraw.blocked') : t('withdraw.submit')}
        </Button>
      </form>
      <MoneyConfirmSheet
        visible={confirming}
        title={t('withdraw.confirmTitle')}
        amountLabel={t('withdraw.confirmAmount')}
        amount={amount ? formatAmount(wireAmount(amount)) : ''}
        unit="CNY"
        details={
          account
            ? [
                {
                  key: 'to',
                  label: t('withdraw.to'),
                  value: `${account.label}（${account.accountMasked}）`,
                },
                { key: 'after', label: t('withdraw.after'), value: t('withdraw.afterText') },
              ]
            : []
        }
        message={message}
        confirmText={t('withdraw.confirm')}
        confirmDisabled={!FUND_PASSWORD_PATTERN.test(fund)}
        loading={withdraw.isPending}
        onConfirm={() => void submit()}
        onClose={() => {
          setConfirming(false);
          setFund('');
          setMessage(null);
        }}
      >
        <FormField
          label={t('withdraw.fundPassword')}
          htmlFor={fundId}
          hint={t('withdraw.fundHint')}
        >
          <PinInput id={fundId} value={fund} onChange={setFund} autoFocus />
        </FormField>
      </MoneyConfirmSheet>
      <AddAccountSheet visible={adding} onClose={() => setAdding(false)} />
    </section>
  );
}
