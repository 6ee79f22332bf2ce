import type { ActivityHeading } from '@nebula/protocol/api/activity/lucky-flip.schemas';
import type { Eligibility } from '@nebula/protocol/api/rewards/rewards.schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDate } from '../../../lib/format-time';

/** The activity's window, and why the member cannot take part now (the eligibility gate). */
export function ActivityHead({
  activity,
  eligibility,
}: {
  activity: ActivityHeading | null;
  eligibility: Eligibility;
}) {
  const { t } = useTranslation('flipFriends');
  return (
    <>
      {eligibility.reason && (
        <p className="nb-ff__notice" role="alert" data-testid="activity-ineligible">
          {t(`ineligible.${eligibility.reason}`)}
        </p>
      )}
      {activity ? (
        <p className="nb-ff__rule">
          {t('window', { from: formatDate(activity.startsAt), to: formatDate(activity.endsAt) })}
        </p>
      ) : (
        <p className="nb-ff__rule" data-testid="activity-none">
          {t('noActivity')}
        </p>
      )}
    </>
  );
}
