import type { HotMatch, VenueView } from '@nebula/protocol/api/venues/venues.schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { showToast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api-errors';
import { showOdds, useOddsType } from '../../../lib/odds-type';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import { useEnterVenue } from '../hooks/use-enter-venue';

/**
 * Hot matches of a family (design "Home"), priced by the venue: live ones first with their
 * score; a tap on a price opens the venue with that selection on the slip.
 */
export function HotMatches({
  matches,
  venues,
  limit,
}: {
  matches: HotMatch[];
  venues: VenueView[];
  /** At most this many (the home rail keeps it short). */
  limit?: number;
}) {
  const { t } = useTranslation('venues');
  const oddsType = useOddsType((s) => s.oddsType);
  const enter = useEnterVenue();
  if (matches.length === 0) return null;
  const open = (m: HotMatch, selectionId?: string) => {
    const venue = venues.find((v) => v.code === m.venueCode);
    if (!venue) return;
    enter(venue, selectionId ? [selectionId] : undefined).catch((error: unknown) =>
      showToast(describeError(error).message),
    );
  };
  return (
    <section className="nb-hot" aria-labelledby="nb-hot-title">
      <h3 id="nb-hot-title" className="nb-hot__title">
        {t('hot')}
      </h3>
      <ul className="nb-hot__list">
        {matches.slice(0, limit ?? matches.length).map((m) => (
          <li key={`${m.venueCode}:${m.eventId}`} className="nb-hot__match" data-event={m.eventId}>
            <button type="button" className="nb-hot__head" onClick={() => open(m)}>
              <span className="nb-hot__league">{m.league}</span>
              {m.live ? (
                <span className="nb-hot__live">{t('live')}</span>
              ) : (
                <span className="nb-hot__time">{shanghaiDateTime(m.startsAt).slice(5)}</span>
              )}
            </button>
            <div className="nb-hot__teams">
              <span className="nb-hot__team">{m.home}</span>
              <span className="nb-hot__score">{m.live && m.score ? m.score : 'VS'}</span>
              <span className="nb-hot__team">{m.away}</span>
            </div>
            <div className="nb-hot__prices">
              {m.prices.map((p) => (
                <button
                  key={p.selectionId}
                  type="button"
                  className="nb-hot__price"
                  onClick={() => open(m, p.selectionId)}
                  aria-label={t('betOn', { label: p.label, odds: showOdds(p.oddsMilli, oddsType) })}
                >
                  <span className="nb-hot__plabel">{p.label}</span>
                  <span className="nb-hot__odds">{showOdds(p.oddsMilli, oddsType)}</span>
                </button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
