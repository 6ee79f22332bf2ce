import type { DepositChannel } from '@nebula/protocol/api/wallet/wallet.schemas';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { formatAmount } from '@nebula/protocol/format/number-format';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { MoneyConfirmSheet } from '../../../components/ui/money-confirm-sheet';
import type { KeyValue } from '../../../components/ui/money';
import { DEPOSIT_LIMIT_PATH, PLAY_BREAK_PATH } from '../../../site/paths';
import { useDepositOrder } from '../api/deposit-order.mutation';
import { isCode, moneyErrorText } from '../model/money-errors';
import { creditPreview, type DepositRequest } from './deposit-form';

export interface DepositCreated {
  orderId: string;
  payUrl: string | null;
}

interface DepositConfirmProps {
  channel: DepositChannel;
  request: DepositRequest | null;
  onClose: () => void;
  onCreated: (created: DepositCreated) => void;
}

/** The exact amount and channel, confirmed once; then the order is created (one key). */
export function DepositConfirm({ channel, request, onClose, onCreated }: DepositConfirmProps) {
  const { t } = useTranslation('wallet');
  const create = useDepositOrder();
  const [message, setMessage] = useState<ReactNode>(null);
  const usdt = channel.currency === 'USDT';

  const details: KeyValue[] = [
    { key: 'channel', label: t('deposit.channel'), value: channel.name },
  ];
  if (request && usdt && channel.rate) {
    details.push({
      key: 'rate',
      label: t('deposit.rate'),
      value: t('deposit.rateText', { rate: channel.rate }),
    });
    details.push({
      key: 'credit',
      label: t('deposit.credit'),
      value: `¥${creditPreview(channel, request.amount) ?? '--'}`,
    });
  }
  if (request?.depositorName) {
    details.push({ key: 'name', label: t('deposit.depositorName'), value: request.depositorName });
  }

  const confirm = async () => {
    if (!request) return;
    setMessage(null);
    try {
      const created = await create.mutateAsync({ channelId: channel.id, ...request });
      onCreated({ orderId: created.orderId, payUrl: created.payUrl });
    } catch (error) {
      const text = moneyErrorText(error);
      const more = isCode(error, ErrorCode.DepositLimitExceeded)
        ? { to: DEPOSIT_LIMIT_PATH, label: t('deposit.viewLimits') }
        : isCode(error, ErrorCode.PlayBreakActive)
          ? { to: PLAY_BREAK_PATH, label: t('deposit.viewBreak') }
          : null;
      setMessage(
        more ? (
          <>
            {text}
            <Link className="nb-inline-link" to={more.to}>
              {more.label}
            </Link>
          </>
        ) : (
          text
        ),
      );
    }
  };

  return (
    <MoneyConfirmSheet
      visible={request !== null}
      title={t('deposit.confirmTitle')}
      amountLabel={t('deposit.confirmAmount')}
      amount={request ? formatAmount(request.amount) : ''}
      unit={usdt ? 'USDT' : 'CNY'}
      details={details}
      message={message}
      confirmText={channel.online ? t('deposit.confirmOnline') : t('deposit.confirmOffline')}
      loading={create.isPending}
      onConfirm={() => void confirm()}
      onClose={() => {
        setMessage(null);
        onClose();
      }}
    />
  );
}
