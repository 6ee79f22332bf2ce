import { useEffect, useMemo } from 'react';
import type { TableView } from '@nebula/protocol/venue/games/tables-api';
import { bigRoad } from '@nebula/protocol/venue/games/tables/roads';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/states';
import { money } from '../../../lib/format';
import { useStore } from '../../../lib/store';
import { ShoeCountsView } from '../../components/roads/road-panel';
import { BigRoadView } from '../../components/roads/road-views';
import { go } from '../../lib/route';
import { CLOCK_TEXT, roadHands, sidesOf, tableClock } from '../../lib/table-roads';
import { refreshTables, tablesStore, watchTables } from '../../lib/tables-store';
import { useServerNow } from '../../lib/use-server-now';

/** The table's limits in one line: the main zones' range and the round's maximum. */
function limitsText(t: TableView): string {
  const main = t.limits.zones[0];
  return main
    ? `限红 ¥${money(main.min)}–¥${money(main.max)} · 每局 ¥${money(t.limits.maxPerRound)}`
    : `每局 ¥${money(t.limits.maxPerRound)}`;
}

function TableCard({ table, now }: { table: TableView; now: number }) {
  const hands = useMemo(() => roadHands(table.hands), [table.hands]);
  const road = useMemo(() => bigRoad(hands), [hands]);
  const clock = tableClock(table, now);
  return (
    <li className="tlobby__card" data-table={table.code}>
      <button
        type="button"
        className="tlobby__open"
        onClick={() => go({ page: 'table', game: table.code })}
      >
        <span className="tlobby__head">
          <span className="tlobby__name">{table.name}</span>
          {table.noCommission && <span className="badge badge--open">免佣</span>}
          <span className={`tlobby__clock tlobby__clock--${clock.kind}`} data-clock={clock.kind}>
            {CLOCK_TEXT[clock.kind]}
            {clock.kind === 'betting' && <b> {clock.left}s</b>}
          </span>
        </span>
        <BigRoadView road={road} cols={20} cell={12} label={`${table.name}大路`} />
        <ShoeCountsView
          hands={hands}
          names={sidesOf(table.kind)}
          pairs={table.kind === 'baccarat'}
        />
        <span className="tlobby__foot">
          <span>{limitsText(table)}</span>
          {table.shoe && <span>已用 {table.shoe.cardsUsed} 张</span>}
        </span>
      </button>
    </li>
  );
}

/** 真人大厅: every table with its mini 大路, countdown, shoe counts and limits. */
export function TablesLobby() {
  useEffect(() => watchTables(), []);
  const s = useStore(tablesStore);
  const now = useServerNow();
  if (s.tables === null) {
    return s.error ? (
      <ErrorState message={s.error} onRetry={() => void refreshTables()} />
    ) : (
      <ListSkeleton rows={3} />
    );
  }
  if (s.tables.length === 0) return <EmptyState title="暂无牌桌" hint="牌桌即将开放" />;
  return (
    <section className="tlobby" aria-label="牌桌大厅">
      <h2 className="lobby__title">牌桌大厅</h2>
      <p className="table-banner">电子发牌，无真人荷官</p>
      <ul className="tlobby__list">
        {s.tables.map((t) => (
          <TableCard key={t.code} table={t} now={now} />
        ))}
      </ul>
      <p className="lobby__note">每靴开始前公布 Merkle 根，每局的牌都可在「验证」中核对。</p>
    </section>
  );
}
