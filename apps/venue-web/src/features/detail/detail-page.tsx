import { useEffect, useState } from 'react';
import type { OddsType } from '@nebula/protocol/odds/odds';
import type { MarketKind, Period } from '@nebula/protocol/venue/markets';
import { BackIcon, LockIcon } from '../../components/icons';
import { OddsButton } from '../../components/odds-button';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/states';
import { follow } from '../../lib/follow';
import { dayOf, lineOf, timeOf } from '../../lib/format';
import { useLoad } from '../../lib/use-load';
import { venueApi } from '../../lib/venue-api';
import {
  eventsStore,
  useEventState,
  flashOf,
  useFlashExpiry,
  type EventState,
  type MarketState,
} from '../../store/events-store';

const KIND_TITLES: Record<MarketKind, string> = {
  ah: '让球',
  ou: '大小',
  '1x2': '独赢',
  ml: '独赢',
  oe: '单双',
};

function Scoreboard({ ev }: { ev: EventState }) {
  const live = ev.status === 'live';
  const started = ev.status !== 'scheduled' && ev.score !== null;
  return (
    <section className="board" aria-label="比分">
      <div className="board__team">{ev.home}</div>
      <div className="board__mid">
        {started ? (
          <b className="board__score">
            {ev.score!.home} - {ev.score!.away}
          </b>
        ) : (
          <b className="board__vs">VS</b>
        )}
        <span className={`board__state${live ? ' board__state--live' : ''}`}>
          {live
            ? (ev.clock ?? '进行中')
            : ev.status === 'finished'
              ? '已结束'
              : ev.status === 'cancelled'
                ? '已取消'
                : `${dayOf(ev.startsAt)} ${timeOf(ev.startsAt)}`}
        </span>
        {ev.halfTime && (
          <span className="board__half">
            半场 {ev.halfTime.home}-{ev.halfTime.away}
          </span>
        )}
      </div>
      <div className="board__team">{ev.away}</div>
    </section>
  );
}

function nameOf(ev: EventState, m: MarketState, i: number): string {
  const s = m.selections[i]!;
  if (m.kind === 'ah')
    return `${i === 0 ? ev.home : ev.away} ${lineOf(m.kind, s.outcome, m.line100)}`;
  if (m.kind === 'ou') return `${s.label} ${lineOf(m.kind, s.outcome, m.line100)}`;
  if (m.kind === '1x2' || m.kind === 'ml') {
    return s.outcome === 'draw' ? '和局' : s.outcome === 'home' ? ev.home : ev.away;
  }
  return s.label;
}

/** 独赢 reads 主 · 和 · 客 across; the rows of the list keep 和 last. */
function inBookOrder(m: MarketState): number[] {
  const idx = m.selections.map((_, i) => i);
  if (m.kind !== '1x2') return idx;
  const rank = { home: 0, draw: 1, away: 2 } as Record<string, number>;
  return idx.sort(
    (a, b) => (rank[m.selections[a]!.outcome] ?? 3) - (rank[m.selections[b]!.outcome] ?? 3),
  );
}

/** Every market of a period, grouped by kind, one line per row. */
function MarketGroups({
  ev,
  period,
  oddsType,
}: {
  ev: EventState;
  period: Period;
  oddsType: OddsType;
}) {
  const markets = ev.markets.filter((m) => m.period === period);
  const kinds = [...new Set(markets.map((m) => m.kind))];
  if (markets.length === 0) {
    return <EmptyState title={period === '1h' ? '半场盘口已关闭' : '暂无可投注的盘口'} />;
  }
  return (
    <>
      {kinds.map((kind) => (
        <section className="market" key={kind} data-kind={kind}>
          <h3 className="market__title">
            {KIND_TITLES[kind]}
            {markets.filter((m) => m.kind === kind).every((m) => m.suspended) && (
              <span className="market__locked">
                <LockIcon /> 暂停投注
              </span>
            )}
          </h3>
          {markets
            .filter((m) => m.kind === kind)
            .map((m) => (
              <div className={`market__line market__line--${m.selections.length}`} key={m.marketId}>
                {inBookOrder(m).map((i) => (
                  <OddsButton
                    key={m.selections[i]!.selectionId}
                    eventId={ev.eventId}
                    market={m}
                    sel={m.selections[i]!}
                    name={nameOf(ev, m, i)}
                    oddsType={oddsType}
                    flash={flashOf(m.selections[i]!)}
                  />
                ))}
              </div>
            ))}
        </section>
      ))}
    </>
  );
}

/** A match's whole book: 全场 / 半场, live score and clock, locked when suspended. */
export function DetailPage({
  id,
  oddsType,
  onBack,
}: {
  id: string;
  oddsType: OddsType;
  onBack: () => void;
}) {
  const ev = useEventState(id);
  useFlashExpiry(ev);
  const [period, setPeriod] = useState<Period>('ft');
  const { state, reload } = useLoad(`event:${id}`, async () => {
    eventsStore.put(await venueApi.event(id), true);
    return true;
  });
  useEffect(() => {
    follow('detail', new Map([[id, 'full']]));
    return () => follow('detail', null);
  }, [id]);
  const ready = ev?.full === true;
  const error = state.kind === 'error' ? state.message : null;
  return (
    <div className="detail">
      <header className="bar">
        <button type="button" className="icon-btn" aria-label="返回" onClick={onBack}>
          <BackIcon />
        </button>
        <h1 className="bar__title">{ev?.league ?? '赛事详情'}</h1>
        <span className="bar__spacer" />
      </header>
      {ev && <Scoreboard ev={ev} />}
      {ev?.sport === 'football' && (
        <div className="segment" role="group" aria-label="时段">
          {(['ft', '1h'] as const).map((p) => (
            <button
              type="button"
              key={p}
              className={`segment__item${p === period ? ' segment__item--on' : ''}`}
              aria-pressed={p === period}
              onClick={() => setPeriod(p)}
            >
              {p === 'ft' ? '全场' : '半场'}
            </button>
          ))}
        </div>
      )}
      {error && !ready && <ErrorState message={error} onRetry={() => reload()} />}
      {!error && !ready && <ListSkeleton rows={4} />}
      {ready && <MarketGroups ev={ev} period={period} oddsType={oddsType} />}
    </div>
  );
}
