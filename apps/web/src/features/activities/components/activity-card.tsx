import type { MemberActivity } from '@nebula/protocol/api/activity/activity.schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDate } from '../../../lib/format-time';

/** One activity in the 优惠 list: picture, title, dates and phase; a tap opens its sheet. */
export function ActivityCard({ a, onOpen }: { a: MemberActivity; onOpen: () => void }) {
  const { t } = useTranslation('activities');
  return (
    <button
      type="button"
      className="nb-card nb-act__card"
      data-testid={`activity-${a.kind}`}
      onClick={onOpen}
    >
      <img className="nb-act__pic" src={a.pictureUrl} alt="" loading="lazy" />
      <div className="nb-act__meta">
        <span className="nb-act__title">{a.title}</span>
        <span className={`nb-act__phase nb-act__phase--${a.phase}`}>{t(`phase.${a.phase}`)}</span>
      </div>
      <p className="nb-act__dates">
        {t('discount.dates', { from: formatDate(a.startsAt), to: formatDate(a.endsAt) })}
      </p>
    </button>
  );
}
