import type { MallRedemption, RedemptionStatus } from '@nebula/protocol/api/mall/mall.schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { formatFigure } from '../../../components/ui/money';
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge';
import { shanghaiDateTime } from '../../../lib/shanghai-date';

const TONE: Record<RedemptionStatus, BadgeTone> = {
  done: 'success',
  pending: 'warning',
  shipped: 'primary',
  delivered: 'success',
  cancelled: 'muted',
};

/** 兑换记录: each redemption with its status, and a physical one's delivery. */
export function RedemptionList({ list }: { list: MallRedemption[] }) {
  const { t } = useTranslation('mall');
  return (
    <ul className="nb-mall__list">
      {list.map((r) => (
        <li key={r.id} className="nb-card nb-mall__row" data-testid="mall-redemption">
          <div className="nb-mall__line">
            <span className="nb-mall__title">{r.title}</span>
            <StatusBadge tone={TONE[r.status]}>{t(`status.${r.status}`)}</StatusBadge>
          </div>
          <div className="nb-mall__line nb-mall__muted">
            <span>-{t('pointsUnit', { points: formatFigure(r.price, true) })}</span>
            <span>{shanghaiDateTime(r.createdAt)}</span>
          </div>
          {r.address && (
            <div className="nb-mall__muted">
              {t('record.receiver', { name: r.address.name, phone: r.address.phone })} ·{' '}
              {r.address.address}
            </div>
          )}
          {r.trackingNo && (
            <div className="nb-mall__muted" data-testid="mall-tracking">
              {t('record.tracking', { no: r.trackingNo })}
            </div>
          )}
          {r.status === 'cancelled' && (
            <div className="nb-mall__muted">
              {t('record.cancelled', { reason: r.cancelReason ?? '' })}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
