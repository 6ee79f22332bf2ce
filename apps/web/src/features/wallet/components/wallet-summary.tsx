import { Skeleton } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { Money } from '../../../components/ui/money';
import { ErrorState } from '../../../components/ui/page-states';
import {
  BALANCE_PATH,
  CURRENCY_PATH,
  DEPOSIT_PATH,
  WALLET_PATH,
  WITHDRAWAL_PATH,
} from '../../../site/paths';
import { useWalletBalances } from '../api/wallet-balances.query';
import './wallet.css';

/** The member centre's wallet card: main balance, locked, COIN, and the money entries. */
export function WalletSummary() {
  const { t } = useTranslation('wallet');
  const balances = useWalletBalances();
  const data = balances.data;
  return (
    <section className="nb-card nb-wsum" aria-labelledby="nb-wsum-title">
      <Link className="nb-wsum__head" to={WALLET_PATH}>
        <h2 id="nb-wsum-title" className="nb-wsum__title">
          {t('summary.main')}
        </h2>
        <span className="nb-wsum__more">
          {t('summary.details')}
          <RightOutline aria-hidden="true" />
        </span>
      </Link>
      {data ? (
        <>
          <p className="nb-wsum__main" data-testid="mine-main-balance">
            <span className="nb-wsum__currency">¥</span>
            <Money value={data.main} />
          </p>
          <div className="nb-wsum__subs">
            <Link className="nb-wsum__sub" to={BALANCE_PATH}>
              <span className="nb-wsum__sub-label">{t('summary.locked')}</span>
              <Money value={data.locked} className="nb-wsum__sub-value" />
            </Link>
            <Link className="nb-wsum__sub" to={CURRENCY_PATH}>
              <span className="nb-wsum__sub-label">{t('summary.coin')}</span>
              <Money value={data.coin} coin className="nb-wsum__sub-value" />
            </Link>
          </div>
        </>
      ) : balances.isError ? (
        <ErrorState error={balances.error} onRetry={() => void balances.refetch()} compact />
      ) : (
        <div className="nb-wsum__skeleton" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={1} animated />
        </div>
      )}
      <div className="nb-wsum__actions">
        <Link className="nb-wsum__action nb-wsum__action--primary" to={DEPOSIT_PATH}>
          {t('summary.deposit')}
        </Link>
        <Link className="nb-wsum__action" to={WITHDRAWAL_PATH}>
          {t('summary.withdraw')}
        </Link>
      </div>
    </section>
  );
}
