import type { DepositOrder } from '@nebula/protocol/api/wallet/wallet.schemas';
import { Button, PullToRefresh } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { CopyButton } from '../../../components/ui/copy-button';
import { KeyValues, Money, type KeyValue } from '../../../components/ui/money';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { Timeline } from '../../../components/ui/timeline';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import { DEPOSIT_PATH } from '../../../site/paths';
import { useDepositChannels } from '../api/deposit-channels.query';
import { useDepositOrderDetail } from '../api/deposit-order-detail.query';
import { useCancelDeposit } from '../hooks/use-cancel-deposit';
import { formatClock, useTimeLeft } from '../hooks/use-time-left';
import { isOpen, orderSteps, statusLabel, statusTone } from '../model/order-steps';
import { ReceivingInfo } from './receiving-info';

function online(order: DepositOrder): boolean {
  return order.channelType !== 'bank' && order.channelType !== 'usdt';
}

function OrderFacts({ order }: { order: DepositOrder }) {
  const { t } = useTranslation('wallet');
  const usdt = order.currency === 'USDT';
  const left = useTimeLeft(order.status === 'pending' ? order.expiresAt : null);
  const rows: KeyValue[] = [
    { key: 'channel', label: t('deposit.channel'), value: order.channelName },
    {
      key: 'id',
      label: t('order.id'),
      value: (
        <span className="nb-order__id">
          <span className="nb-amount">{order.orderId}</span>
          <CopyButton text={order.orderId} label={t('order.id')} />
        </span>
      ),
    },
    { key: 'created', label: t('order.created'), value: shanghaiDateTime(order.createdAt) },
  ];
  if (usdt) {
    rows.splice(1, 0, {
      key: 'credit',
      label: t('deposit.credit'),
      value: <Money value={order.creditAmount} unit="CNY" />,
    });
  }
  if (order.status === 'pending') {
    rows.push({
      key: 'expires',
      label: t('order.expires'),
      value: left > 0 ? t('order.timeLeft', { time: formatClock(left) }) : t('order.expiredNow'),
    });
  }
  return <KeyValues rows={rows} />;
}

/** One deposit order: amount, state, where to send the money, its timeline, what can be done. */
export function DepositOrderView({ orderId, onNew }: { orderId: string; onNew: () => void }) {
  const { t } = useTranslation('wallet');
  const detail = useDepositOrderDetail(orderId);
  const channels = useDepositChannels();
  const { cancel, busy } = useCancelDeposit();
  const order = detail.data;
  if (!order) {
    return detail.isError ? (
      <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
    ) : (
      <PageSkeleton lines={8} height={420} />
    );
  }
  const isOnline = online(order);
  const channel = channels.data?.list.find((c) => c.id === order.channelId);
  const waitingTransfer = !isOnline && order.status === 'pending';

  return (
    <PullToRefresh onRefresh={() => detail.refetch().then(() => undefined)}>
      <section className="nb-card nb-order" aria-label={t('order.title')}>
        <div className="nb-order__head">
          <StatusBadge tone={statusTone(order.status)}>
            {statusLabel(t, 'deposit', order.status, isOnline)}
          </StatusBadge>
        </div>
        <p className="nb-order__figure" data-testid="order-amount">
          <Money value={order.amount} unit={order.currency === 'USDT' ? 'USDT' : 'CNY'} />
        </p>
        {waitingTransfer && <p className="nb-order__note">{t('order.offlineNote')}</p>}
        <OrderFacts order={order} />
        {waitingTransfer && channel && <ReceivingInfo channel={channel} />}
      </section>
      <section className="nb-card" aria-labelledby="nb-order-progress">
        <h2 id="nb-order-progress" className="nb-card__title">
          {t('order.progress')}
        </h2>
        <Timeline steps={orderSteps(t, 'deposit', order, isOnline)} label={t('order.progress')} />
      </section>
      <div className="nb-order__actions">
        {order.status === 'pending' && order.payUrl && (
          <Link className="nb-btn nb-btn--solid" to={order.payUrl}>
            {t('order.pay')}
          </Link>
        )}
        {isOpen(order.status) && order.status === 'pending' && (
          <Button
            block
            shape="rounded"
            fill="outline"
            loading={busy}
            onClick={() => void cancel(order.orderId)}
          >
            {t('order.cancel')}
          </Button>
        )}
        <Link className="nb-btn" to={DEPOSIT_PATH} onClick={onNew}>
          {t('order.newDeposit')}
        </Link>
      </div>
    </PullToRefresh>
  );
}
