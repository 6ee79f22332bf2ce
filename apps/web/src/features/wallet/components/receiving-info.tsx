import type { DepositChannel } from '@nebula/protocol/api/wallet/wallet.schemas';
import { ExclamationTriangleOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/use-translation';
import { CopyButton } from '../../../components/ui/copy-button';

function Line({ label, value, copy }: { label: string; value: string; copy?: boolean }) {
  return (
    <div className="nb-recv__row">
      <dt className="nb-recv__label">{label}</dt>
      <dd className="nb-recv__value">
        <span className="nb-recv__text">{value}</span>
        {copy && <CopyButton text={value.replace(/\s+/g, '')} label={label} />}
      </dd>
    </div>
  );
}

/**
 * Where an offline deposit is sent: the receiving bank account, or the USDT network and
 * address with the network warning (a transfer on another network is lost).
 */
export function ReceivingInfo({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation('wallet');
  const r = channel.receiving;
  if (!r) return null;
  if (channel.type === 'usdt') {
    return (
      <section className="nb-recv" aria-label={t('deposit.receiving')}>
        <dl className="nb-recv__list">
          {r.network && <Line label={t('deposit.network')} value={r.network} />}
          {r.address && <Line label={t('deposit.address')} value={r.address} copy />}
          {channel.rate && (
            <Line label={t('deposit.rate')} value={t('deposit.rateText', { rate: channel.rate })} />
          )}
        </dl>
        <p className="nb-recv__warn" role="note">
          <ExclamationTriangleOutline aria-hidden="true" />
          {t('deposit.networkWarning', { network: r.network ?? '' })}
        </p>
      </section>
    );
  }
  return (
    <section className="nb-recv" aria-label={t('deposit.receiving')}>
      <dl className="nb-recv__list">
        {r.bankName && <Line label={t('deposit.bankName')} value={r.bankName} />}
        {r.accountNo && <Line label={t('deposit.accountNo')} value={r.accountNo} copy />}
        {r.accountName && <Line label={t('deposit.accountName')} value={r.accountName} copy />}
      </dl>
      <p className="nb-recv__warn" role="note">
        <ExclamationTriangleOutline aria-hidden="true" />
        {t('deposit.bankWarning')}
      </p>
    </section>
  );
}
