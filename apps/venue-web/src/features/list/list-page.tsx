import { startTransition, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import type { OddsType } from '@nebula/protocol/odds/odds';
import { marketLabel, type Sport } from '@nebula/protocol/venue/markets';
import { ChevronIcon, FilterIcon } from '../../components/icons';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/states';
import { chipsOf } from '../../lib/chips';
import { follow } from '../../lib/follow';
import { useStore } from '../../lib/store';
import type { Tab } from '../../lib/venue-api';
import { metaStore } from '../../store/account-store';
import { LeagueFilter } from './league-filter';
import { MatchRow } from './match-row';
import { useEventList, type ListData, type ListItem } from './use-event-list';

const ROWS_STEP = 24;

/** The leagues and rows drawn so far: `limit` rows, in order, collapsed leagues as headers. */
function windowRows(groups: readonly Group[], collapsed: ReadonlySet<string>, limit: number) {
  let left = limit;
  const rendered: { group: Group; ids: string[]; closed: boolean }[] = [];
  for (const group of groups) {
    if (left <= 0) break;
    const closed = collapsed.has(group.leagueId);
    const ids = closed ? [] : group.ids.slice(0, left);
    left -= ids.length;
    rendered.push({ group, ids, closed });
  }
  const total = groups.reduce((n, g) => n + (collapsed.has(g.leagueId) ? 0 : g.ids.length), 0);
  const drawnGroups = rendered.length;
  return { rendered, more: total > limit || drawnGroups < groups.length };
}

/** Asks for more rows when it comes near the screen. */
function MoreRows({ onMore }: { onMore: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const more = useEffectEvent(onMore);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) more();
      },
      { rootMargin: '800px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return (
    <div ref={ref} className="list__more" aria-hidden="true">
      加载中…
    </div>
  );
}

const TABS: { tab: Tab; label: string }[] = [
  { tab: 'live', label: '滚球' },
  { tab: 'today', label: '今日' },
  { tab: 'early', label: '早盘' },
];
const EMPTY: Record<Tab, string> = {
  live: '当前没有滚球赛事',
  today: '今日没有更多赛事',
  early: '暂无早盘赛事',
};

interface Group {
  leagueId: string;
  league: string;
  sport: Sport;
  ids: string[];
}

function groupByLeague(items: readonly ListItem[], order: ReadonlyMap<string, number>): Group[] {
  const groups = new Map<string, Group>();
  for (const it of items) {
    let g = groups.get(it.leagueId);
    if (!g) {
      g = { leagueId: it.leagueId, league: it.league, sport: it.sport, ids: [] };
      groups.set(it.leagueId, g);
    }
    g.ids.push(it.eventId);
  }
  return [...groups.values()].sort(
    (a, b) => (order.get(a.leagueId) ?? 99) - (order.get(b.leagueId) ?? 99),
  );
}

/** The match list: 早盘 / 今日 / 滚球 with counts, sport chips, leagues grouped and filterable. */
export function ListPage({
  family,
  oddsType,
  active,
  onOpen,
}: {
  family: 'TY' | 'DJ';
  oddsType: OddsType;
  active: boolean;
  onOpen: (id: string) => void;
}) {
  const chips = useMemo(() => chipsOf(family), [family]);
  const [tab, setTab] = useState<Tab>('today');
  const [chip, setChip] = useState(0);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [filterOpen, setFilterOpen] = useState(false);
  const meta = useStore(metaStore);
  const picked = chips[chip]!;
  const sport = picked.kind === 'sport' ? picked.sport : undefined;
  const { state, reload } = useEventList(tab, sport, active);
  // The counts stay on the tabs while another tab loads.
  const [counts, setCounts] = useState<ListData['counts'] | null>(null);
  if (state.kind === 'ready' && state.data.counts !== counts) setCounts(state.data.counts);

  const titleOf = useMemo(
    () => new Map((meta?.leagues ?? []).map((l) => [l.leagueId, l.title])),
    [meta],
  );
  const order = useMemo(
    () => new Map((meta?.leagues ?? []).map((l, i) => [l.leagueId, i])),
    [meta],
  );
  const items = useMemo(() => {
    if (state.kind !== 'ready') return [];
    return state.data.items.filter(
      (it) => picked.kind !== 'title' || !picked.title || titleOf.get(it.leagueId) === picked.title,
    );
  }, [state, picked, titleOf]);
  const groups = useMemo(() => groupByLeague(items, order), [items, order]);
  const shown = useMemo(() => groups.filter((g) => !hidden.has(g.leagueId)), [groups, hidden]);
  // Rows are drawn a screenful at a time as the member scrolls (a long 早盘 list stays quick).
  const [limit, setLimit] = useState(ROWS_STEP);
  const { rendered, more } = useMemo(
    () => windowRows(shown, collapsed, limit),
    [shown, collapsed, limit],
  );

  // Follow the listed matches live (main lines), the collapsed ones too: they are a tap away.
  useEffect(() => {
    follow('list', active ? new Map(items.map((it) => [it.eventId, 'main' as const])) : null);
  }, [items, active]);
  useEffect(() => () => follow('list', null), []);

  const toggle = (leagueId: string) =>
    setCollapsed((s) => {
      const next = new Set(s);
      if (next.has(leagueId)) next.delete(leagueId);
      else next.add(leagueId);
      return next;
    });

  return (
    <div className="list">
      <nav className="tabs" aria-label="赛事分类">
        {TABS.map((t) => (
          <button
            type="button"
            key={t.tab}
            className={`tabs__tab${t.tab === tab ? ' tabs__tab--on' : ''}`}
            aria-pressed={t.tab === tab}
            onClick={() => {
              setTab(t.tab);
              setHidden(new Set());
              setLimit(ROWS_STEP);
            }}
          >
            {t.label}
            <span className="tabs__count">{counts ? counts[t.tab] : ''}</span>
          </button>
        ))}
        <button
          type="button"
          className="tabs__filter"
          aria-label="联赛筛选"
          onClick={() => setFilterOpen(true)}
        >
          <FilterIcon />
          联赛{hidden.size > 0 ? ` (${groups.length - hidden.size})` : ''}
        </button>
      </nav>
      <div className="chips" role="group" aria-label="运动">
        {chips.map((c, i) => (
          <button
            type="button"
            key={c.label}
            className={`chip${i === chip ? ' chip--on' : ''}`}
            aria-pressed={i === chip}
            onClick={() => {
              setChip(i);
              setHidden(new Set());
              setLimit(ROWS_STEP);
            }}
          >
            {c.label}
          </button>
        ))}
      </div>
      {state.kind === 'loading' && <ListSkeleton />}
      {state.kind === 'error' && <ErrorState message={state.message} onRetry={reload} />}
      {state.kind === 'ready' && shown.length === 0 && (
        <EmptyState
          title={EMPTY[tab]}
          hint={tab === 'live' ? '比赛开始后会出现在这里' : '换个分类看看'}
          action={
            tab === 'live'
              ? { label: '去看今日赛事', onClick: () => setTab('today') }
              : tab === 'today'
                ? { label: '去看早盘', onClick: () => setTab('early') }
                : undefined
          }
        />
      )}
      {rendered.map(({ group: g, ids, closed }) => (
        <section className="league" key={g.leagueId} data-league={g.leagueId}>
          <button
            type="button"
            className={`league__head${closed ? ' league__head--closed' : ''}`}
            aria-expanded={!closed}
            onClick={() => toggle(g.leagueId)}
          >
            <span className="league__name">{g.league}</span>
            <span className="league__count">{g.ids.length}</span>
            <span className="league__cols" aria-hidden="true">
              <span>{marketLabel(g.sport, 'ft', 'ah')}</span>
              <span>{marketLabel(g.sport, 'ft', 'ou')}</span>
              <span>{marketLabel(g.sport, 'ft', g.sport === 'football' ? '1x2' : 'ml')}</span>
            </span>
            <ChevronIcon />
          </button>
          {!closed && (
            <div className="league__body">
              {ids.map((id) => (
                <MatchRow
                  key={id}
                  id={id}
                  oddsType={oddsType}
                  today={tab !== 'early'}
                  onOpen={onOpen}
                />
              ))}
            </div>
          )}
        </section>
      ))}
      {more && <MoreRows onMore={() => startTransition(() => setLimit((l) => l + ROWS_STEP))} />}
      <LeagueFilter
        open={filterOpen}
        groups={groups}
        hidden={hidden}
        onClose={() => setFilterOpen(false)}
        onApply={(next) => {
          setHidden(next);
          setFilterOpen(false);
        }}
      />
    </div>
  );
}
