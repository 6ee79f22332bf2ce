import type { VenueBalance } from '@nebula/protocol/api/wallet/wallet.schemas';
import { formatAmount } from '@nebula/protocol/format/number-format';
import { Button, PullToRefresh, Switch } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { Money } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { showToast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api-errors';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import { MINE_PATH, TRANS_RECORD_PATH } from '../../../site/paths';
import {
  useSetTransferPrefs,
  useTransferOrders,
  useTransferPrefs,
  useTransferRecall,
  useWalletSync,
} from '../api/transfers.api';
import { useWalletBalances } from '../api/wallet-balances.query';
import { TransferSheet } from '../components/transfer-sheet';
import { VenueDebtNotice } from '../components/venue-debt-notice';
import '../components/wallet.css';
import '../components/transfer.css';

/** "N 秒前同步" for a balance the venue answered at `at`. */
function useSyncedAgo(at: number | null): string | null {
  const { t } = useTranslation('wallet');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  if (at === null) return null;
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) return t('transfer.syncedSeconds', { n: s });
  if (s < 3600) return t('transfer.syncedMinutes', { n: Math.floor(s / 60) });
  return t('transfer.syncedAt', { time: shanghaiDateTime(at) });
}

function VenueRow({ v, onPick }: { v: VenueBalance; onPick: (d: 'in' | 'out') => void }) {
  const { t } = useTranslation('wallet');
  const ago = useSyncedAgo(v.syncedAt);
  const pendingIn = v.pendingIn !== '0.00';
  const pendingOut = v.pendingOut !== '0.00';
  return (
    <li className="nb-tvenue" data-venue={v.code}>
      <div className="nb-tvenue__main">
        <span className="nb-tvenue__name">
          {v.name}
          {v.status === 'maintenance' && (
            <StatusBadge tone="warning">{t('transfer.maintenance')}</StatusBadge>
          )}
        </span>
        <Money value={v.balance} className="nb-tvenue__balance" />
      </div>
      <div className="nb-tvenue__meta">
        <span className="nb-tvenue__sync">{ago ?? t('transfer.neverSynced')}</span>
        {pendingIn && (
          <span className="nb-tvenue__pending">
            {t('transfer.pendingIn', { amount: formatAmount(v.pendingIn) })}
          </span>
        )}
        {pendingOut && (
          <span className="nb-tvenue__pending">
            {t('transfer.pendingOut', { amount: formatAmount(v.pendingOut) })}
          </span>
        )}
        {v.debt !== '0.00' && (
          <span className="nb-tvenue__pending">
            {t('debt.tag', { amount: formatAmount(v.debt) })}
          </span>
        )}
      </div>
      <div className="nb-tvenue__actions">
        <button
          type="button"
          className="nb-btn nb-btn--small nb-btn--solid"
          disabled={v.status === 'maintenance'}
          onClick={() => onPick('in')}
        >
          {t('transfer.in')}
        </button>
        <button type="button" className="nb-btn nb-btn--small" onClick={() => onPick('out')}>
          {t('transfer.out')}
        </button>
      </div>
    </li>
  );
}

/**
 * /mine/finance/transfer (contract §6): the main balance and every venue's as it last answered
 * ("N 秒前同步"), transfer in and out with MAX, 一键回收, the 免转 switch, money in flight
 * shown where it is, and any 场馆欠款 (a transfer in to that venue repays it first).
 */
export function TransferPage() {
  const { t } = useTranslation('wallet');
  const balances = useWalletBalances();
  const sync = useWalletSync();
  const recall = useTransferRecall();
  const prefs = useTransferPrefs();
  const setPrefs = useSetTransferPrefs();
  const orders = useTransferOrders(10);
  const [sheet, setSheet] = useState<{ code: string; name: string; d: 'in' | 'out' } | null>(null);
  /** The venues the last 一键回收 could not ask: their money is still there (contract §6). */
  const [unreachable, setUnreachable] = useState<string | null>(null);
  const data = balances.data;
  // The venues answer now: balances a minute old are not what a member moves money by.
  useEffect(() => {
    sync.mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const recallAll = () =>
    recall.mutate(undefined, {
      onSuccess: (r) => {
        const missed =
          r.unreachable.length > 0
            ? t('transfer.recallUnreachable', {
                names: r.unreachable.map((u) => u.venueName).join('、'),
              })
            : null;
        setUnreachable(missed);
        // Nothing recalled because a venue could not be asked is not "nothing to recall".
        if (r.transfers.length > 0)
          showToast(
            t('transfer.recallDone', {
              n: r.transfers.length,
              main: formatAmount(r.balances.main),
            }),
          );
        else showToast(missed ?? t('transfer.recallNothing'));
      },
      onError: (error) => showToast(describeError(error).message),
    });

  const body = !data ? (
    balances.isError ? (
      <ErrorState error={balances.error} onRetry={() => void balances.refetch()} />
    ) : (
      <PageSkeleton lines={6} height={360} />
    )
  ) : (
    <>
      <section className="nb-card nb-tmain" aria-label={t('transfer.mainLabel')}>
        <p className="nb-tmain__label">{t('transfer.mainLabel')}</p>
        <p className="nb-tmain__figure" data-testid="transfer-main">
          ¥<Money value={data.main} />
        </p>
        <p className="nb-tmain__total">
          {t('transfer.total', { amount: formatAmount(data.total) })}
          {data.inFlight !== '0.00' && (
            <span className="nb-tmain__flight">
              {t('transfer.inFlight', { amount: formatAmount(data.inFlight) })}
            </span>
          )}
        </p>
        <div className="nb-tmain__actions">
          <Button
            color="primary"
            shape="rounded"
            size="small"
            loading={recall.isPending}
            onClick={recallAll}
          >
            {t('transfer.recallAll')}
          </Button>
          <Button
            shape="rounded"
            size="small"
            loading={sync.isPending}
            onClick={() => sync.mutate()}
          >
            {t('transfer.sync')}
          </Button>
        </div>
        {unreachable && (
          <p className="nb-tmain__unreachable" role="alert">
            {unreachable}
          </p>
        )}
        <label className="nb-tauto">
          <span className="nb-tauto__text">
            <span className="nb-tauto__title">{t('transfer.auto')}</span>
            <span className="nb-tauto__hint">{t('transfer.autoHint')}</span>
          </span>
          <Switch
            checked={prefs.data?.appSendMoney ?? false}
            loading={setPrefs.isPending}
            onChange={(on) => setPrefs.mutate(on)}
            aria-label={t('transfer.auto')}
          />
        </label>
      </section>
      <VenueDebtNotice balances={data} />
      <section className="nb-card" aria-labelledby="nb-tvenues-title">
        <h2 id="nb-tvenues-title" className="nb-card__title">
          {t('transfer.venues')}
        </h2>
        <ul className="nb-tvenues">
          {data.venues.map((v) => (
            <VenueRow
              key={v.code}
              v={v}
              onPick={(d) => setSheet({ code: v.code, name: v.name, d })}
            />
          ))}
        </ul>
      </section>
      <section className="nb-card" aria-labelledby="nb-torders-title">
        <h2 id="nb-torders-title" className="nb-card__title">
          {t('transfer.recent')}
        </h2>
        {orders.data && orders.data.list.length > 0 ? (
          <ul className="nb-torders">
            {orders.data.list.map((o) => (
              <li key={o.transferId} className="nb-torder" data-status={o.status}>
                <span className="nb-torder__what">
                  {t(o.direction === 'in' ? 'transfer.orderIn' : 'transfer.orderOut', {
                    name: o.venueName,
                  })}
                  <span className="nb-torder__time">{shanghaiDateTime(o.createdAt)}</span>
                </span>
                <span className="nb-torder__side">
                  <Money value={o.amount} />
                  <StatusBadge
                    tone={
                      o.status === 'succeeded'
                        ? 'success'
                        : o.status === 'pending'
                          ? 'warning'
                          : 'danger'
                    }
                  >
                    {t(`transfer.status.${o.status}`)}
                  </StatusBadge>
                  {o.failure && <span className="nb-torder__why">{o.failure.message}</span>}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="nb-torders__empty">{t('transfer.noOrders')}</p>
        )}
        <Link className="nb-wlink" to={`${TRANS_RECORD_PATH}?type=transferIn`}>
          {t('transfer.allRecords')}
        </Link>
      </section>
      {sheet && (
        <TransferSheet
          key={`${sheet.code}:${sheet.d}`}
          venueCode={sheet.code}
          venueName={sheet.name}
          initialDirection={sheet.d}
          visible
          onClose={() => setSheet(null)}
          onDone={() => void orders.refetch()}
        />
      )}
    </>
  );

  return (
    <PageFrame title={t('transfer.title')} backTo={MINE_PATH}>
      <PullToRefresh onRefresh={() => sync.mutateAsync().then(() => void orders.refetch())}>
        {body}
      </PullToRefresh>
    </PageFrame>
  );
}
