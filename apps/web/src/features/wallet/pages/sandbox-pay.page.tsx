import type { DepositOrder } from '@nebula/protocol/api/wallet/wallet.schemas';
import { Button } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill, LockOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useParams } from 'react-router';
import { confirmModal } from '../../../components/ui/modal.store';
import { Money } from '../../../components/ui/money';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { DEPOSIT_PATH, WALLET_PATH } from '../../../site/paths';
import { useDepositCancel } from '../api/deposit-cancel.mutation';
import { useSandboxOrder } from '../api/sandbox-order.query';
import { useSandboxPay } from '../api/sandbox-pay.mutation';
import { useWalletBalances } from '../api/wallet-balances.query';
import { ChannelIcon } from '../components/channel-icon';
import { formatClock, useTimeLeft } from '../hooks/use-time-left';
import { moneyErrorText } from '../model/money-errors';
import '../components/cashier.css';

/** After paying: the result, the amount credited and the new balance (design "States"). */
function PaidResult({ order }: { order: DepositOrder }) {
  const { t } = useTranslation('wallet');
  const balances = useWalletBalances();
  return (
    <div className="nb-cashier__result" role="status">
      <CheckCircleFill
        className="nb-cashier__result-icon nb-cashier__result-icon--ok"
        aria-hidden="true"
      />
      <h2 className="nb-cashier__result-title">{t('cashier.paid')}</h2>
      <p className="nb-cashier__result-text">
        {t('cashier.credited')}
        <Money value={order.creditAmount} unit="CNY" />
      </p>
      <p className="nb-cashier__result-text" data-testid="cashier-new-balance">
        {t('cashier.newBalance')}
        {balances.data ? <Money value={balances.data.main} unit="CNY" /> : '--'}
      </p>
      <Link className="nb-btn nb-btn--solid nb-cashier__done" to={WALLET_PATH}>
        {t('cashier.done')}
      </Link>
    </div>
  );
}

function ClosedResult({ order }: { order: DepositOrder }) {
  const { t } = useTranslation('wallet');
  const text =
    order.status === 'cancelled'
      ? t('cashier.cancelled')
      : order.status === 'expired'
        ? t('cashier.expired')
        : order.status === 'review'
          ? t('cashier.review')
          : t('cashier.closed');
  return (
    <div className="nb-cashier__result" role="status">
      <CloseCircleFill className="nb-cashier__result-icon" aria-hidden="true" />
      <h2 className="nb-cashier__result-title">{text}</h2>
    </div>
  );
}

/**
 * /pay/sandbox/:orderId: the sandbox gateway's hosted cashier (contract §5). 支付 asks the
 * gateway to pay, which calls the platform back, signed; 取消 closes the order.
 */
export function SandboxPayPage() {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const { orderId = '' } = useParams();
  const query = useSandboxOrder(orderId);
  const pay = useSandboxPay();
  const cancel = useDepositCancel();
  const [message, setMessage] = useState<string | null>(null);
  const order = query.data;
  const left = useTimeLeft(order?.status === 'pending' ? order.expiresAt : null);
  const payable = order?.status === 'pending' && left > 0;

  const doPay = async () => {
    setMessage(null);
    try {
      await pay.mutateAsync(orderId);
    } catch (error) {
      setMessage(moneyErrorText(error));
      void query.refetch();
    }
  };
  const doCancel = async () => {
    const yes = await confirmModal({
      title: t('order.cancelTitle'),
      content: t('order.cancelText'),
      confirmText: t('order.cancelConfirm'),
      cancelText: tc('cancel'),
    });
    if (!yes) return;
    setMessage(null);
    try {
      const closed = await cancel.mutateAsync(orderId);
      await query.refetch();
      if (closed.status !== 'cancelled') setMessage(t('cashier.closed'));
    } catch (error) {
      setMessage(moneyErrorText(error));
    }
  };

  return (
    <div className="nb-cashier">
      <header className="nb-cashier__bar">
        <LockOutline aria-hidden="true" />
        <h1 className="nb-cashier__brand">{t('cashier.title')}</h1>
        <span className="nb-cashier__sandbox">{t('cashier.sandbox')}</span>
      </header>
      <main className="nb-cashier__body">
        {!order ? (
          query.isError ? (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <PageSkeleton lines={6} height={360} />
          )
        ) : (
          <section className="nb-cashier__card" aria-label={t('cashier.order')}>
            <p className="nb-cashier__label">{t('cashier.amount')}</p>
            <p className="nb-cashier__figure" data-testid="cashier-amount">
              <span className="nb-cashier__currency">¥</span>
              <Money value={order.creditAmount} />
            </p>
            <dl className="nb-cashier__facts">
              <div>
                <dt>{t('cashier.channel')}</dt>
                <dd className="nb-cashier__channel">
                  <ChannelIcon type={order.channelType} size={22} />
                  {order.channelName}
                </dd>
              </div>
              <div>
                <dt>{t('order.id')}</dt>
                <dd className="nb-amount">{order.orderId}</dd>
              </div>
              {order.status === 'pending' && (
                <div>
                  <dt>{t('cashier.countdown')}</dt>
                  <dd className="nb-cashier__clock nb-amount" aria-live="off">
                    {left > 0 ? formatClock(left) : t('order.expiredNow')}
                  </dd>
                </div>
              )}
            </dl>
            {order.status === 'credited' ? (
              <PaidResult order={order} />
            ) : order.status !== 'pending' ? (
              <ClosedResult order={order} />
            ) : null}
            {message && (
              <p className="nb-form-message" role="alert">
                {message}
              </p>
            )}
            {order.status === 'pending' && (
              <div className="nb-cashier__actions">
                <Button
                  block
                  color="primary"
                  shape="rounded"
                  size="large"
                  disabled={!payable || cancel.isPending}
                  loading={pay.isPending}
                  onClick={() => void doPay()}
                >
                  {t('cashier.pay')}
                </Button>
                <Button
                  block
                  shape="rounded"
                  fill="outline"
                  disabled={pay.isPending}
                  loading={cancel.isPending}
                  onClick={() => void doCancel()}
                >
                  {t('cashier.cancel')}
                </Button>
              </div>
            )}
            {order.status === 'pending' && <p className="nb-cashier__hint">{t('cashier.hint')}</p>}
          </section>
        )}
        <nav className="nb-cashier__links">
          <Link to={`${DEPOSIT_PATH}?order=${orderId}`}>{t('cashier.backOrder')}</Link>
          <Link to={WALLET_PATH}>{t('cashier.toWallet')}</Link>
        </nav>
      </main>
    </div>
  );
}
