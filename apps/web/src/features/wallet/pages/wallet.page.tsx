import { formatAmount, formatFen } from '@nebula/protocol/format/number-format';
import { parseMoney } from '@nebula/protocol/money/fen';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { Money } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import {
  BALANCE_PATH,
  CURRENCY_PATH,
  DEPOSIT_PATH,
  MINE_PATH,
  TRANS_RECORD_PATH,
  TRANSFER_PATH,
  WITHDRAWAL_PATH,
} from '../../../site/paths';
import { useWalletBalances } from '../api/wallet-balances.query';
import { VenueDebtNotice } from '../components/venue-debt-notice';
import '../components/wallet.css';

/**
 * /mine/finance/wallet: the centre wallet, locked money and COIN, and each venue's balance as
 * the venue last answered (with money on its way shown where it is, and any 场馆欠款).
 */
export function WalletPage() {
  const { t } = useTranslation('wallet');
  const balances = useWalletBalances();
  const data = balances.data;

  const body = !data ? (
    balances.isError ? (
      <ErrorState error={balances.error} onRetry={() => void balances.refetch()} />
    ) : (
      <PageSkeleton lines={6} height={320} />
    )
  ) : (
    <>
      <section className="nb-whero" aria-label={t('wallet.centre')}>
        <p className="nb-whero__label">{t('wallet.centre')}</p>
        <p className="nb-whero__figure" data-testid="wallet-main">
          <span className="nb-whero__currency">¥</span>
          <Money value={data.main} />
        </p>
        <p className="nb-whero__total">
          {t('wallet.total', { amount: formatFen(parseMoney(data.total)) })}
          {data.inFlight !== '0.00' &&
            t('wallet.inFlight', { amount: formatFen(parseMoney(data.inFlight)) })}
        </p>
        <div className="nb-whero__actions">
          <Link className="nb-whero__btn nb-whero__btn--solid" to={DEPOSIT_PATH}>
            {t('summary.deposit')}
          </Link>
          <Link className="nb-whero__btn" to={WITHDRAWAL_PATH}>
            {t('summary.withdraw')}
          </Link>
        </div>
      </section>
      <section className="nb-card nb-wgrid" aria-label={t('wallet.others')}>
        <Link className="nb-wgrid__item" to={BALANCE_PATH}>
          <span className="nb-wgrid__label">{t('summary.locked')}</span>
          <Money value={data.locked} className="nb-wgrid__value" />
          <span className="nb-wgrid__hint">{t('wallet.lockedHint')}</span>
        </Link>
        <Link className="nb-wgrid__item" to={CURRENCY_PATH}>
          <span className="nb-wgrid__label">{t('summary.coin')}</span>
          <Money value={data.coin} coin className="nb-wgrid__value" />
          <span className="nb-wgrid__hint">{t('wallet.coinHint')}</span>
        </Link>
      </section>
      <VenueDebtNotice balances={data} />
      <section className="nb-card" aria-labelledby="nb-venues-title">
        <h2 id="nb-venues-title" className="nb-card__title">
          {t('wallet.venues')}
        </h2>
        {data.venues.length === 0 ? (
          <EmptyState title={t('wallet.venuesEmpty')} hint={t('wallet.venuesEmptyHint')} />
        ) : (
          <ul className="nb-venues">
            {data.venues.map((venue) => (
              <li key={venue.code} className="nb-venues__item" data-venue={venue.code}>
                <span className="nb-venues__name">
                  {venue.name}
                  {venue.pendingIn !== '0.00' && (
                    <span className="nb-venues__pending">
                      {t('wallet.pendingIn', { amount: venue.pendingIn })}
                    </span>
                  )}
                  {venue.pendingOut !== '0.00' && (
                    <span className="nb-venues__pending">
                      {t('wallet.pendingOut', { amount: venue.pendingOut })}
                    </span>
                  )}
                  {venue.debt !== '0.00' && (
                    <span className="nb-venues__pending">
                      {t('debt.tag', { amount: formatAmount(venue.debt) })}
                    </span>
                  )}
                </span>
                <Money value={venue.balance} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <Link className="nb-wlink" to={TRANSFER_PATH}>
        {t('wallet.transfer')}
      </Link>
      <Link className="nb-wlink" to={TRANS_RECORD_PATH}>
        {t('wallet.records')}
      </Link>
    </>
  );

  return (
    <PageFrame title={t('wallet.title')} backTo={MINE_PATH}>
      <PullToRefresh onRefresh={() => balances.refetch().then(() => undefined)}>
        {body}
      </PullToRefresh>
    </PageFrame>
  );
}
