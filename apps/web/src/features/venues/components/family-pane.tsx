import { isPlatformFamily } from '../model/families';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { VenueFamily } from '@nebula/protocol/venue/registry';
import { PLATFORM_COUNT_POLL_MS } from '@nebula/protocol/constants/constants';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { useVenueList } from '../api/venue-list.query';
import { useVenueSummary } from '../api/venue-summary.query';
import { refreshPlatformCounts } from '../model/platform-counts';
import { FamilyCounts } from './family-counts';
import { HotMatches } from './hot-matches';
import { VenueGrid } from './venue-grid';
import './venues.css';

/**
 * The home rail's pane for a family: its venues (logo, name, maintenance badge, 进入), its live
 * and today counts, and, for sports and esports, the hot matches with the venue's prices.
 */
export function FamilyPane({ family }: { family: VenueFamily }) {
  const { t } = useTranslation('venues');
  const venues = useVenueList(family);
  const priced = family === 'TY' || family === 'DJ';
  const summary = useVenueSummary(family);
  // contract §6: the counts are polled every 60 s while they are on screen.
  useEffect(() => {
    refreshPlatformCounts();
    const id = setInterval(refreshPlatformCounts, PLATFORM_COUNT_POLL_MS);
    return () => clearInterval(id);
  }, []);
  return (
    <div className="nb-fpane" aria-label={t('paneLabel')}>
      {isPlatformFamily(family) && <FamilyCounts family={family} />}
      {venues.data ? (
        <VenueGrid venues={venues.data.list} compact />
      ) : venues.isError ? (
        <ErrorState error={venues.error} onRetry={() => void venues.refetch()} compact />
      ) : (
        <PageSkeleton lines={3} height={160} />
      )}
      {priced && summary.data && venues.data && (
        <HotMatches matches={summary.data.hot} venues={venues.data.list} limit={3} />
      )}
    </div>
  );
}
