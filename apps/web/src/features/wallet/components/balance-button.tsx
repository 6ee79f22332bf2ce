import { formatAmount } from '@nebula/protocol/format/number-format';
import { RedoOutline } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { useWalletBalances } from '../api/wallet-balances.query';
import './wallet.css';

/**
 * The member's main balance in the top bar (design "Frame"): tap to refresh. Keeps its width
 * while loading so the bar does not shift when the figure arrives.
 */
export function BalanceButton() {
  // The shell's catalogue: the top bar is on the first route, the wallet's catalogue is not.
  const { t } = useTranslation('shell');
  const balances = useWalletBalances();
  const figure = balances.data ? formatAmount(balances.data.main) : '--';
  return (
    <button
      type="button"
      className="nb-balance-btn"
      onClick={() => void balances.refetch()}
      aria-label={t('topBarBalance', { amount: figure })}
      aria-busy={balances.isFetching}
    >
      <span className="nb-balance-btn__currency" aria-hidden="true">
        ¥
      </span>
      <span className="nb-balance-btn__figure nb-amount">{figure}</span>
      <RedoOutline
        className={`nb-balance-btn__icon${balances.isFetching ? ' nb-spin' : ''}`}
        aria-hidden="true"
      />
    </button>
  );
}
