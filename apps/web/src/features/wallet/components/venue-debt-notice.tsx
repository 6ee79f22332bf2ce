import type { WalletBalances } from '@nebula/protocol/api/wallet/wallet.schemas';
import { formatAmount, formatFen } from '@nebula/protocol/format/number-format';
import { parseMoney } from '@nebula/protocol/money/fen';
import { useTranslation } from '../../../i18n/use-translation';
import './venue-debt.css';

/**
 * 场馆欠款 (contract §6): what the member owes venues that took back a win after the money had
 * left them, what of it is held back from withdrawal, and why, in plain words. Nothing when
 * no venue says the member owes it anything.
 */
export function VenueDebtNotice({ balances }: { balances: WalletBalances }) {
  const { t } = useTranslation('wallet');
  const owed = balances.venues.filter((v) => parseMoney(v.debt) > 0n);
  if (owed.length === 0) return null;
  const total = owed.reduce((s, v) => s + parseMoney(v.debt), 0n);
  return (
    <section className="nb-card nb-vdebt" aria-labelledby="nb-vdebt-title" data-testid="venue-debt">
      <h2 id="nb-vdebt-title" className="nb-card__title nb-vdebt__title">
        {t('debt.title')}
        <span className="nb-vdebt__amount">¥{formatFen(total)}</span>
      </h2>
      {balances.debtHeld !== '0.00' && (
        <p className="nb-vdebt__held">
          {t('debt.held', { amount: formatAmount(balances.debtHeld) })}
        </p>
      )}
      <ul className="nb-vdebt__venues">
        {owed.map((v) => (
          <li key={v.code} data-venue={v.code}>
            {t(v.debtHeld === '0.00' ? 'debt.writtenOff' : 'debt.venue', {
              name: v.name,
              amount: formatAmount(v.debt),
            })}
          </li>
        ))}
      </ul>
      <p className="nb-vdebt__explain">{t('debt.explain')}</p>
    </section>
  );
}
