import type { DepositOrder } from '@nebula/protocol/api/wallet/wallet.schemas';
import { Button, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { Money } from '../../../components/ui/money';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { Timeline } from '../../../components/ui/timeline';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import { DEPOSIT_PATH } from '../../../site/paths';
import { useDepositOrders } from '../api/deposit-orders.query';
import { useCancelDeposit } from '../hooks/use-cancel-deposit';
import { orderSteps, statusLabel, statusTone } from '../model/order-steps';
import { ChannelIcon } from './channel-icon';

function OrderItem({ order }: { order: DepositOrder }) {
  const { t } = useTranslation('wallet');
  const { cancel, busy } = useCancelDeposit();
  const online = order.channelType !== 'bank' && order.channelType !== 'usdt';
  const pending = order.status === 'pending';
  return (
    <li className="nb-card nb-orow" data-order-id={order.orderId}>
      <Link className="nb-orow__main" to={`${DEPOSIT_PATH}?order=${order.orderId}`}>
        <ChannelIcon type={order.channelType} size={36} />
        <span className="nb-orow__text">
          <span className="nb-orow__name">{order.channelName}</span>
          <span className="nb-orow__time">{shanghaiDateTime(order.createdAt)}</span>
        </span>
        <span className="nb-orow__side">
          <Money value={order.amount} unit={order.currency === 'USDT' ? 'USDT' : undefined} />
          <StatusBadge tone={statusTone(order.status)}>
            {statusLabel(t, 'deposit', order.status, online)}
          </StatusBadge>
        </span>
      </Link>
      <div className="nb-orow__foot">
        <details className="nb-orow__more">
          <summary className="nb-orow__summary">{t('order.progress')}</summary>
          <Timeline steps={orderSteps(t, 'deposit', order, online)} label={t('order.progress')} />
        </details>
        {pending && (
          <div className="nb-orow__actions">
            <Button
              size="small"
              shape="rounded"
              fill="outline"
              loading={busy}
              onClick={() => void cancel(order.orderId)}
            >
              {t('order.cancel')}
            </Button>
            {order.payUrl && (
              <Link className="nb-btn nb-btn--small nb-btn--solid" to={order.payUrl}>
                {t('order.pay')}
              </Link>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

/** The member's deposit orders, newest first: status, progress, cancel while pending. */
export function DepositOrderList({ onDeposit }: { onDeposit: () => void }) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const orders = useDepositOrders();
  const refresh = () => orders.refetch().then(() => undefined);
  if (orders.isPending) return <PageSkeleton lines={6} height={360} />;
  if (orders.isError && !orders.data) {
    return <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />;
  }
  const list = orders.data.pages.flatMap((page) => page.list);
  return (
    <PullToRefresh onRefresh={refresh}>
      {list.length === 0 ? (
        <EmptyState
          title={t('order.depositEmpty')}
          hint={t('order.depositEmptyHint')}
          action={
            <Button size="small" color="primary" shape="rounded" onClick={onDeposit}>
              {t('order.goDeposit')}
            </Button>
          }
        />
      ) : (
        <>
          <ul className="nb-olist" aria-label={t('deposit.recordsTab')}>
            {list.map((order) => (
              <OrderItem key={order.orderId} order={order} />
            ))}
          </ul>
          <InfiniteScroll
            hasMore={orders.hasNextPage}
            loadMore={async () => {
              await orders.fetchNextPage({ throwOnError: true });
            }}
          >
            {orders.hasNextPage ? tc('loading') : tc('noMore')}
          </InfiniteScroll>
        </>
      )}
    </PullToRefresh>
  );
}
