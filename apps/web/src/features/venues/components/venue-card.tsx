import type { VenueView } from '@nebula/protocol/api/venues/venues.schemas';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { StatusBadge } from '../../../components/ui/status-badge';
import { showToast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api-errors';
import { launchError } from '../../../lib/venue-sessions';
import { useEnterVenue } from '../hooks/use-enter-venue';

/** A venue on a game page or the home rail: logo, name, maintenance badge, 进入. */
export function VenueCard({ venue, compact }: { venue: VenueView; compact?: boolean }) {
  const { t } = useTranslation('venues');
  const enter = useEnterVenue();
  const [busy, setBusy] = useState(false);
  const closed = venue.status === 'maintenance';
  const lastError = launchError(venue.code);
  const onEnter = () => {
    if (closed) {
      showToast(t('maintenanceToast', { name: venue.name }));
      return;
    }
    setBusy(true);
    enter(venue)
      .catch((error: unknown) => showToast(describeError(error).message))
      .finally(() => setBusy(false));
  };
  const stateId = `nb-venue-state-${venue.code}`;
  // The whole row is the target (as the family card is): a thumb anywhere on it enters, so
  // nothing laid over its edge (the floating activity icon) keeps a member out.
  return (
    <li
      className={`nb-venue${compact ? ' nb-venue--compact' : ''}${closed ? ' nb-venue--closed' : ''}`}
      data-venue={venue.code}
    >
      <button
        type="button"
        className="nb-venue__open"
        onClick={onEnter}
        disabled={busy}
        aria-label={t('enterVenue', { name: venue.name })}
        aria-describedby={stateId}
      >
        <img className="nb-venue__logo" src={venue.logo} alt="" width={48} height={48} />
        <span className="nb-venue__text">
          <span className="nb-venue__name">{venue.name}</span>
          <span id={stateId} className="nb-venue__state">
            {closed ? (
              <StatusBadge tone="warning">{t('maintenance')}</StatusBadge>
            ) : lastError ? (
              <span className="nb-venue__error" title={lastError}>
                {t('lastError', { message: lastError })}
              </span>
            ) : (
              <span className="nb-venue__hint">{t(`familyHint.${venue.family}`)}</span>
            )}
          </span>
        </span>
        <span className="nb-venue__enter" aria-hidden="true">
          {busy ? t('entering') : t('enter')}
        </span>
      </button>
    </li>
  );
}
