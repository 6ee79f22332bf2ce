import { PullToRefresh } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useLocation } from 'react-router';
import { PLATFORM_COUNT_POLL_MS } from '@nebula/protocol/constants/constants';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { api } from '../../../client/api';
import { useVenueList } from '../api/venue-list.query';
import { useVenueSummary } from '../api/venue-summary.query';
import { FamilyCounts } from '../components/family-counts';
import { HotMatches } from '../components/hot-matches';
import { VenueGrid } from '../components/venue-grid';
import { familyOfGamePath, isPlatformFamily } from '../model/families';
import { refreshPlatformCounts } from '../model/platform-counts';
import '../components/venues.css';

/**
 * The seven `/game/*` pages (contract §8.1): the family's venues with their maintenance badges
 * and 进入, its counts, and for sports and esports the hot matches. An empty family says so.
 */
export function GamePage() {
  const { t } = useTranslation('venues');
  const { pathname } = useLocation();
  const family = familyOfGamePath(pathname) ?? 'TY';
  const venues = useVenueList(family);
  const priced = family === 'TY' || family === 'DJ';
  const summary = useVenueSummary(family);
  const naming = useQuery({
    queryKey: ['namingList'],
    queryFn: () => api.call('namingList'),
    staleTime: 10 * 60_000,
  });
  const name =
    naming.data?.list.find((item) => item.key === family)?.name || t(`families.${family}`);
  useEffect(() => {
    refreshPlatformCounts();
    const id = setInterval(refreshPlatformCounts, PLATFORM_COUNT_POLL_MS);
    return () => clearInterval(id);
  }, []);

  return (
    <PageFrame title={name} className="nb-game">
      <PullToRefresh
        onRefresh={async () => {
          refreshPlatformCounts();
          await Promise.all([venues.refetch(), summary.refetch()]);
        }}
      >
        <section className="nb-game__head" aria-label={t('familyOverview', { name })}>
          <p className="nb-game__tagline">{t(`familyHint.${family}`)}</p>
          {isPlatformFamily(family) && <FamilyCounts family={family} />}
        </section>
        {venues.data ? (
          <VenueGrid venues={venues.data.list} />
        ) : venues.isError ? (
          <ErrorState error={venues.error} onRetry={() => void venues.refetch()} />
        ) : (
          <PageSkeleton lines={5} height={260} />
        )}
        {priced && summary.data && venues.data && (
          <HotMatches matches={summary.data.hot} venues={venues.data.list} />
        )}
      </PullToRefresh>
    </PageFrame>
  );
}
