import { useMemo, useState } from 'react';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/states';
import { dayOf, timeOf } from '../../lib/format';
import { useStore } from '../../lib/store';
import { useLoad } from '../../lib/use-load';
import { venueApi } from '../../lib/venue-api';
import { metaStore } from '../../store/account-store';
import { chipsOf } from '../../lib/chips';

/** 赛果: matches finished in the last two days with their full-time and half-time scores. */
export function ResultsPage({ family }: { family: 'TY' | 'DJ' }) {
  const chips = useMemo(() => chipsOf(family), [family]);
  const [chip, setChip] = useState(0);
  const meta = useStore(metaStore);
  const picked = chips[chip]!;
  const sport = picked.kind === 'sport' ? picked.sport : undefined;
  const { state, reload } = useLoad(`results:${sport ?? ''}`, () => venueApi.results(sport));
  const titleOf = new Map((meta?.leagues ?? []).map((l) => [l.leagueId, l.title]));
  const events =
    state.kind === 'ready'
      ? state.data.events.filter(
          (e) =>
            picked.kind !== 'title' || !picked.title || titleOf.get(e.leagueId) === picked.title,
        )
      : [];
  return (
    <div className="results">
      <header className="bar">
        <h1 className="bar__title">赛果</h1>
      </header>
      <div className="chips" role="group" aria-label="运动">
        {chips.map((c, i) => (
          <button
            type="button"
            key={c.label}
            className={`chip${i === chip ? ' chip--on' : ''}`}
            aria-pressed={i === chip}
            onClick={() => setChip(i)}
          >
            {c.label}
          </button>
        ))}
      </div>
      {state.kind === 'loading' && <ListSkeleton rows={5} />}
      {state.kind === 'error' && <ErrorState message={state.message} onRetry={() => reload()} />}
      {state.kind === 'ready' && events.length === 0 && (
        <EmptyState title="近两天没有已结束的赛事" hint="比赛结束后赛果会出现在这里" />
      )}
      {events.length > 0 && (
        <ul className="result-list">
          {events.map((e) => (
            <li className="result" key={e.eventId} data-event={e.eventId}>
              <div className="result__meta">
                <span>{e.league}</span>
                <span>
                  {dayOf(e.startsAt)} {timeOf(e.startsAt)}
                </span>
              </div>
              <div className="result__row">
                <span className="result__team">{e.home}</span>
                <b className="result__score">
                  {e.status === 'cancelled'
                    ? '取消'
                    : `${e.score?.home ?? 0} - ${e.score?.away ?? 0}`}
                </b>
                <span className="result__team result__team--away">{e.away}</span>
              </div>
              {e.halfTime && (
                <div className="result__half">
                  半场 {e.halfTime.home} - {e.halfTime.away}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
