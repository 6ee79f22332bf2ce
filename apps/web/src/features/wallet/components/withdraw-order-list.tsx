import type { WithdrawOrder } from '@nebula/protocol/api/wallet/wallet.schemas';
import { Button, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { Money } from '../../../components/ui/money';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { Timeline } from '../../../components/ui/timeline';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import { useWithdrawOrders } from '../api/withdraw-orders.query';
import { orderSteps, statusLabel, statusTone } from '../model/order-steps';

/** One withdrawal: amount, account, state, the plain reason of a refusal, its timeline. */
export function WithdrawOrderCard({ order, open }: { order: WithdrawOrder; open?: boolean }) {
  const { t } = useTranslation('wallet');
  return (
    <li className="nb-card nb-orow" data-order-id={order.orderId}>
      <div className="nb-orow__main">
        <span className="nb-orow__text">
          <span className="nb-orow__name">{order.accountLabel}</span>
          <span className="nb-orow__time">
            {shanghaiDateTime(order.createdAt)} · {order.orderId}
          </span>
        </span>
        <span className="nb-orow__side">
          <Money value={order.amount} />
          <StatusBadge tone={statusTone(order.status)}>
            {statusLabel(t, 'withdraw', order.status)}
          </StatusBadge>
        </span>
      </div>
      {order.status === 'rejected' && order.reason && (
        <p className="nb-orow__reason" role="note">
          {t('withdraw.rejectedReason', { reason: order.reason })}
        </p>
      )}
      <details className="nb-orow__more" open={open}>
        <summary className="nb-orow__summary">{t('order.progress')}</summary>
        <Timeline steps={orderSteps(t, 'withdraw', order)} label={t('order.progress')} />
      </details>
    </li>
  );
}

/** The member's withdrawals, newest first, with their progress. */
export function WithdrawOrderList({ onWithdraw }: { onWithdraw: () => void }) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const orders = useWithdrawOrders();
  if (orders.isPending) return <PageSkeleton lines={6} height={360} />;
  if (orders.isError && !orders.data) {
    return <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />;
  }
  const list = orders.data.pages.flatMap((page) => page.list);
  return (
    <PullToRefresh onRefresh={() => orders.refetch().then(() => undefined)}>
      {list.length === 0 ? (
        <EmptyState
          title={t('withdraw.empty')}
          hint={t('withdraw.emptyHint')}
          action={
            <Button size="small" color="primary" shape="rounded" onClick={onWithdraw}>
              {t('withdraw.goWithdraw')}
            </Button>
          }
        />
      ) : (
        <>
          <ul className="nb-olist" aria-label={t('withdraw.recordsTab')}>
            {list.map((order, index) => (
              <WithdrawOrderCard key={order.orderId} order={order} open={index === 0} />
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
