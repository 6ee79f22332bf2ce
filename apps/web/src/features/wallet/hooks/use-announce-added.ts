import type { PaymentAccount } from '@nebula/protocol/api/wallet/payment-accounts.schemas';
import { Toast } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { showModal } from '../../../components/ui/modal.store';
import { serverNow } from '../../../lib/clock';
import { shanghaiDateTime } from '../../../lib/shanghai-date';

/**
 * Tells the member a payout account was added: when it can receive withdrawals, and any
 * warning the server kept with it (a card failing Luhn is accepted, not refused: some UnionPay
 * cards fail it) — shown for them to check, not as an error.
 */
export function useAnnounceAdded(): (account: PaymentAccount) => Promise<void> {
  const { t } = useTranslation('wallet');
  return async (account) => {
    if (account.warning) {
      await showModal({
        title: t('payout.warningTitle'),
        content: account.warning,
        confirmText: t('payout.warningOk'),
      });
    }
    Toast.show({
      content:
        account.usableAt <= serverNow()
          ? t('payout.addedNow')
          : t('payout.addedLater', { time: shanghaiDateTime(account.usableAt) }),
    });
  };
}
