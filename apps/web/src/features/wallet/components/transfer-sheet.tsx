import type { TransferResult } from '@nebula/protocol/api/venues/venues.schemas';
import { formatAmount } from '@nebula/protocol/format/number-format';
import { formatMoney, parseMoney } from '@nebula/protocol/money/fen';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { AmountInput } from '../../../components/ui/amount-input';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { FormMessage } from '../../../components/ui/form-field';
import { amountProblem, amountUnits, wireAmount } from '../../../lib/amount';
import { useTransferOrder } from '../api/transfers.api';
import { useWalletBalances } from '../api/wallet-balances.query';
import { moneyErrorText } from '../model/money-errors';

interface TransferSheetProps {
  venueCode: string;
  venueName: string;
  visible: boolean;
  /** The direction the sheet opens on. */
  initialDirection?: 'in' | 'out';
  onClose: () => void;
  onDone?: (result: TransferResult) => void;
}

const plain = (fen: bigint) => formatMoney(fen).replace(/\.00$/, '');

/**
 * 转入 / 转出 one venue (design "Money screens"): the amount with MAX (main for in, the venue's
 * last answer for out), the exact amount confirmed, then where the money is — done, on its way
 * (pending: the venue has not confirmed; it shows on the transfer page), or refused and why.
 */
export function TransferSheet({
  venueCode,
  venueName,
  visible,
  initialDirection = 'in',
  onClose,
  onDone,
}: TransferSheetProps) {
  const { t } = useTranslation('wallet');
  const balances = useWalletBalances();
  const order = useTransferOrder();
  const [direction, setDirection] = useState<'in' | 'out'>(initialDirection);
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [result, setResult] = useState<TransferResult | null>(null);
  const main = parseMoney(balances.data?.main ?? '0');
  const venue = balances.data?.venues.find((v) => v.code === venueCode);
  const atVenue = parseMoney(venue?.balance ?? '0');
  const most = direction === 'in' ? main : atVenue;
  const units = amountUnits(amount);
  const over = units !== null && units > most;
  const ok = amountProblem(amount) === null && !over;

  const close = () => {
    setAmount('');
    setConfirming(false);
    setMessage(null);
    setResult(null);
    onClose();
  };
  const submit = async () => {
    setMessage(null);
    try {
      const r = await order.mutateAsync({ venueCode, direction, amount: wireAmount(amount) });
      setResult(r);
      setConfirming(false);
      setAmount('');
      onDone?.(r);
    } catch (error) {
      setMessage(moneyErrorText(error));
    }
  };

  return (
    <BottomSheet
      visible={visible}
      title={t('transfer.sheetTitle', { name: venueName })}
      onClose={close}
    >
      {result ? (
        <div className="nb-tresult" role="status" data-status={result.status}>
          <p className="nb-tresult__title">{t(`transfer.result.${result.status}`)}</p>
          <p className="nb-tresult__text">
            {result.status === 'failed' && result.order.failure
              ? result.order.failure.message
              : t(`transfer.resultHint.${result.status}`, {
                  amount: formatAmount(result.order.amount),
                  name: venueName,
                })}
          </p>
          <p className="nb-tresult__main">
            {t('transfer.mainNow', { amount: formatAmount(result.balances.main) })}
          </p>
          <Button block color="primary" shape="rounded" onClick={close}>
            {t('transfer.ok')}
          </Button>
        </div>
      ) : (
        <form
          className="nb-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!ok) return;
            if (!confirming) setConfirming(true);
            else void submit();
          }}
        >
          <div className="nb-tdir" role="group" aria-label={t('transfer.direction')}>
            {(['in', 'out'] as const).map((d) => (
              <button
                key={d}
                type="button"
                aria-pressed={direction === d}
                onClick={() => {
                  setDirection(d);
                  setConfirming(false);
                }}
              >
                {t(`transfer.${d}`)}
              </button>
            ))}
          </div>
          <AmountInput
            label={direction === 'in' ? t('transfer.amountIn') : t('transfer.amountOut')}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setConfirming(false);
            }}
            unit="¥"
            onMax={() => setAmount(plain(most))}
            error={over ? t('transfer.over', { most: formatAmount(formatMoney(most)) }) : null}
            extraHint={t('transfer.balances', {
              main: formatAmount(formatMoney(main)),
              venue: formatAmount(formatMoney(atVenue)),
              name: venueName,
            })}
          />
          {confirming && (
            <p className="nb-tconfirm" data-testid="transfer-confirm">
              {t(direction === 'in' ? 'transfer.confirmIn' : 'transfer.confirmOut', {
                amount: formatAmount(wireAmount(amount)),
                name: venueName,
              })}
            </p>
          )}
          {message && <FormMessage>{message}</FormMessage>}
          <Button
            block
            type="submit"
            color="primary"
            shape="rounded"
            disabled={!ok}
            loading={order.isPending}
          >
            {confirming ? t('transfer.confirm') : t('transfer.next')}
          </Button>
        </form>
      )}
    </BottomSheet>
  );
}
