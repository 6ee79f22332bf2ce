import type { VenueView } from '@nebula/protocol/api/venues/venues.schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { EmptyState } from '../../../components/ui/page-states';
import { VenueCard } from './venue-card';

/** A family's venues; a family with none says so plainly. */
export function VenueGrid({ venues, compact }: { venues: VenueView[]; compact?: boolean }) {
  const { t } = useTranslation('venues');
  if (venues.length === 0)
    return <EmptyState title={t('emptyFamily')} hint={t('emptyFamilyHint')} />;
  return (
    <ul className="nb-venues-grid">
      {venues.map((v) => (
        <VenueCard key={v.code} venue={v} compact={compact} />
      ))}
    </ul>
  );
}
