import { ActionSheet } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { PAYOUT_ORDER, PAYOUT_TYPES } from '../model/payout-types';

/** Which kind of payout account to add: each opens its own contract §8.1 page. */
export function AddAccountSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  return (
    <ActionSheet
      visible={visible}
      onClose={onClose}
      cancelText={tc('cancel')}
      extra={t('withdraw.addAccountTitle')}
      actions={PAYOUT_ORDER.map((type) => ({
        key: type,
        text: t(`payout.types.${type}`),
        onClick: () => {
          onClose();
          const config = PAYOUT_TYPES[type];
          void navigate(config.addPath ?? config.listPath);
        },
      }))}
    />
  );
}
