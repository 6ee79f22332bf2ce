import type { PlatformFamily } from '@nebula/protocol/constants/constants';
import { useTranslation } from '../../../i18n/use-translation';
import { usePlatformCounts } from '../model/platform-counts';

/** A family's live and today counts (contract §6's platform counts), or nothing while unknown. */
export function FamilyCounts({ family }: { family: string }) {
  const { t } = useTranslation('venues');
  const counts = usePlatformCounts((s) => s.counts);
  const c = counts?.[family as PlatformFamily];
  if (!c) return null;
  return (
    <p className="nb-fcounts" data-family-counts={family}>
      <span className="nb-fcounts__live">
        {t(family === 'TY' || family === 'DJ' ? 'counts.live' : 'counts.running', { n: c.live })}
      </span>
      <span className="nb-fcounts__today">{t('counts.today', { n: c.today })}</span>
      <span className="nb-fcounts__open">{t('counts.open', { n: c.open })}</span>
    </p>
  );
}
