import type { PaymentAccount } from '@nebula/protocol/api/wallet/payment-accounts.schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { serverNow } from '../../../lib/clock';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import { ChannelIcon } from './channel-icon';

export function isUsable(account: PaymentAccount, now: number = serverNow()): boolean {
  return account.usableAt <= now;
}

interface PayoutPickerProps {
  accounts: PaymentAccount[];
  value: number | null;
  onChange: (id: number) => void;
}

/**
 * The payout accounts as radio rows; one still cooling off is shown but disabled, with the
 * time it becomes usable (contract §4: a new account receives withdrawals only after it).
 */
export function PayoutPicker({ accounts, value, onChange }: PayoutPickerProps) {
  const { t } = useTranslation('wallet');
  const now = serverNow();
  return (
    <div className="nb-payouts" role="radiogroup" aria-label={t('withdraw.account')}>
      {accounts.map((account) => {
        const usable = isUsable(account, now);
        const checked = account.id === value;
        return (
          <button
            key={account.id}
            type="button"
            role="radio"
            aria-checked={checked}
            disabled={!usable}
            className={`nb-payouts__item${checked ? ' nb-payouts__item--on' : ''}`}
            onClick={() => onChange(account.id)}
          >
            <ChannelIcon type={account.type} size={32} />
            <span className="nb-payouts__text">
              <span className="nb-payouts__label">{account.label}</span>
              <span className="nb-payouts__no nb-amount">{account.accountMasked}</span>
              {!usable && (
                <span className="nb-payouts__cool">
                  {t('payout.usableAt', { time: shanghaiDateTime(account.usableAt) })}
                </span>
              )}
            </span>
            <span className="nb-payouts__radio" aria-hidden="true" />
          </button>
        );
      })}
    </div>
  );
}
