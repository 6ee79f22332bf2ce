import { memo, useEffect, useState } from 'react';
import type { OddsType } from '@nebula/protocol/odds/odds';
import type { Period } from '@nebula/protocol/venue/markets';
import { OddsButton, OddsGap } from '../../components/odds-button';
import { ChevronIcon } from '../../components/icons';
import { follow } from '../../lib/follow';
import { dayOf, lineOf, timeOf } from '../../lib/format';
import { venueApi } from '../../lib/venue-api';
import {
  eventsStore,
  useEventState,
  flashOf,
  useFlashExpiry,
  type EventState,
  type MarketState,
} from '../../store/events-store';
import { rowLines } from './lines';

function Cell({
  ev,
  market,
  index,
  oddsType,
  withLine,
}: {
  ev: EventState;
  market: MarketState | undefined;
  index: number;
  oddsType: OddsType;
  withLine: boolean;
}) {
  const sel = market?.selections[index];
  if (!market || !sel) return <OddsGap />;
  const name = withLine
    ? market.kind === 'ou'
      ? `${sel.label} ${lineOf(market.kind, sel.outcome, market.line100) ?? ''}`
      : lineOf(market.kind, sel.outcome, market.line100)
    : null;
  return (
    <OddsButton
      eventId={ev.eventId}
      market={market}
      sel={sel}
      name={name}
      oddsType={oddsType}
      flash={flashOf(sel)}
      stacked
    />
  );
}

function Lines({ ev, period, oddsType }: { ev: EventState; period: Period; oddsType: OddsType }) {
  const { ah, ou, win } = rowLines(ev, period);
  const draw = win?.kind === '1x2';
  const teams = [ev.home, ev.away];
  const live = ev.status === 'live' && ev.score !== null;
  const score = period === 'ft' ? ev.score : ev.halfTime;
  return (
    <div className="match__grid">
      {teams.map((team, i) => (
        <div className="match__line" key={team}>
          <span className="match__team">
            <span className="match__name">{period === 'ft' ? team : i === 0 ? '半场' : ''}</span>
            {period === 'ft' && live && score && (
              <b className="match__score">{i === 0 ? score.home : score.away}</b>
            )}
          </span>
          <Cell ev={ev} market={ah} index={i} oddsType={oddsType} withLine />
          <Cell ev={ev} market={ou} index={i} oddsType={oddsType} withLine />
          <Cell ev={ev} market={win} index={i} oddsType={oddsType} withLine={false} />
        </div>
      ))}
      {draw && (
        <div className="match__line">
          <span className="match__team match__team--draw">和局</span>
          <OddsGap />
          <OddsGap />
          <Cell ev={ev} market={win} index={2} oddsType={oddsType} withLine={false} />
        </div>
      )}
    </div>
  );
}

function kickoff(ev: EventState, today: boolean): string {
  return today ? timeOf(ev.startsAt) : `${dayOf(ev.startsAt)} ${timeOf(ev.startsAt)}`;
}

/**
 * One match of the list: time or live clock and score, the two teams and the three
 * main lines; football expands to its 半场 lines. Redrawn only when this match changes.
 */
export const MatchRow = memo(function MatchRow({
  id,
  oddsType,
  today,
  onOpen,
}: {
  id: string;
  oddsType: OddsType;
  today: boolean;
  onOpen: (id: string) => void;
}) {
  const ev = useEventState(id);
  useFlashExpiry(ev);
  const [expanded, setExpanded] = useState(false);
  useEffect(() => {
    if (!expanded) return;
    // The half lines are in the whole book: fetch it once and follow it while open.
    void venueApi.event(id).then(
      (view) => eventsStore.put(view, true),
      () => {},
    );
    follow(`row:${id}`, new Map([[id, 'full']]));
    return () => follow(`row:${id}`, null);
  }, [expanded, id]);
  if (!ev) return null;
  const live = ev.status === 'live';
  const over = ev.status === 'finished' || ev.status === 'cancelled';
  return (
    <article className={`match${live ? ' match--live' : ''}`} data-event={id}>
      <header className="match__meta">
        {live ? (
          <span className="match__clock">{ev.clock ?? '滚球'}</span>
        ) : over ? (
          <span className="match__time">{ev.status === 'finished' ? '已结束' : '已取消'}</span>
        ) : (
          <span className="match__time">{kickoff(ev, today)}</span>
        )}
        {ev.suspended && !over && <span className="match__paused">暂停</span>}
        {ev.sport === 'football' && !over && (
          <button
            type="button"
            className={`match__expand${expanded ? ' match__expand--on' : ''}`}
            aria-expanded={expanded}
            onClick={() => setExpanded((x) => !x)}
          >
            半场 <ChevronIcon />
          </button>
        )}
        <button type="button" className="match__more" onClick={() => onOpen(id)}>
          更多玩法 ›
        </button>
      </header>
      <Lines ev={ev} period="ft" oddsType={oddsType} />
      {expanded && !over && (
        <div className="match__half">
          <Lines ev={ev} period="1h" oddsType={oddsType} />
        </div>
      )}
    </article>
  );
});
