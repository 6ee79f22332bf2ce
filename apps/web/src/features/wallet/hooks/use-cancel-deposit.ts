import { Toast } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { confirmModal } from '../../../components/ui/modal.store';
import { useDepositCancel } from '../api/deposit-cancel.mutation';
import { moneyErrorText } from '../model/money-errors';

/** Cancelling a pending deposit asks once (design "States"), then closes the order. */
export function useCancelDeposit(): {
  cancel: (orderId: string) => Promise<boolean>;
  busy: boolean;
} {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const mutation = useDepositCancel();
  const cancel = async (orderId: string): Promise<boolean> => {
    const yes = await confirmModal({
      title: t('order.cancelTitle'),
      content: t('order.cancelText'),
      confirmText: t('order.cancelConfirm'),
      cancelText: tc('cancel'),
    });
    if (!yes) return false;
    try {
      await mutation.mutateAsync(orderId);
      Toast.show({ content: t('order.cancelled') });
      return true;
    } catch (error) {
      Toast.show({ content: moneyErrorText(error) });
      return false;
    }
  };
  return { cancel, busy: mutation.isPending };
}
