import type { PaymentAccount } from '@nebula/protocol/api/wallet/payment-accounts.schemas';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { confirmModal } from '../../../components/ui/modal.store';
import { StatusBadge } from '../../../components/ui/status-badge';
import { describeError } from '../../../lib/api-errors';
import { serverNow } from '../../../lib/clock';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import { usePaymentAccountRemove } from '../api/payment-account-remove.mutation';
import { ChannelIcon } from './channel-icon';

/** One payout account: masked number, holder, cool-off, a kept warning, remove (asks once). */
export function PayoutAccountCard({ account }: { account: PaymentAccount }) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const remove = usePaymentAccountRemove();
  const usable = account.usableAt <= serverNow();

  const askRemove = async () => {
    const yes = await confirmModal({
      title: t('payout.removeTitle'),
      content: t('payout.removeText', { label: account.label }),
      confirmText: t('payout.remove'),
      cancelText: tc('cancel'),
    });
    if (!yes) return;
    try {
      await remove.mutateAsync(account.id);
      Toast.show({ content: t('payout.removed') });
    } catch (error) {
      Toast.show({ content: describeError(error).message });
    }
  };

  return (
    <li className="nb-card nb-pacct" data-account-id={account.id}>
      <div className="nb-pacct__head">
        <ChannelIcon type={account.type} size={40} />
        <div className="nb-pacct__text">
          <p className="nb-pacct__label">{account.label}</p>
          <p className="nb-pacct__no nb-amount">{account.accountMasked}</p>
        </div>
        <StatusBadge tone={usable ? 'success' : 'warning'}>
          {usable ? t('payout.usable') : t('payout.coolingOff')}
        </StatusBadge>
      </div>
      <dl className="nb-pacct__facts">
        {account.bankName && (
          <div>
            <dt>{t('payout.bank')}</dt>
            <dd>{account.bankName}</dd>
          </div>
        )}
        {account.network && (
          <div>
            <dt>{t('payout.network')}</dt>
            <dd>{account.network}</dd>
          </div>
        )}
        {account.holderMasked && (
          <div>
            <dt>{t('payout.holder')}</dt>
            <dd>{account.holderMasked}</dd>
          </div>
        )}
        <div>
          <dt>{t('payout.usableFrom')}</dt>
          <dd className="nb-amount">{shanghaiDateTime(account.usableAt)}</dd>
        </div>
      </dl>
      {account.warning && (
        <p className="nb-pacct__warn" role="note">
          {account.warning}
        </p>
      )}
      <div className="nb-pacct__actions">
        <Button
          size="small"
          shape="rounded"
          color="danger"
          fill="outline"
          loading={remove.isPending}
          onClick={() => void askRemove()}
        >
          {t('payout.remove')}
        </Button>
      </div>
    </li>
  );
}
