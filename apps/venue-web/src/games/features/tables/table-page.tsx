import { useEffect, useState } from 'react';
import type { TableHandView, TableView } from '@nebula/protocol/venue/games/tables-api';
import type { TableZone } from '@nebula/protocol/venue/games/tables-zones';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/states';
import { money } from '../../../lib/format';
import { useStore } from '../../../lib/store';
import { RoadPanel } from '../../components/roads/road-panel';
import { go } from '../../lib/route';
import { CLOCK_TEXT, roadHands, sidesOf, tableClock } from '../../lib/table-roads';
import { refreshTables, tablesStore, watchTables } from '../../lib/tables-store';
import { useServerNow } from '../../lib/use-server-now';
import { DealView } from './table-cards';
import { chosenChip, TableBetBar } from './table-bet-bar';
import { chipValues, totalsOf, zoneFen, type ChipDrop } from './table-draft';
import { lastRoundFen, roundBets, roundOutcome, useMyTableBets } from './table-mine';
import { TableZones } from './table-zones';

/** The hand on show: the round's once dealt, else the shoe's last one. */
function shownHand(table: TableView | null): TableHandView | null {
  if (!table) return null;
  return table.round?.hand ?? table.hands[table.hands.length - 1] ?? null;
}

/** Rounds this page saw before their cards: their deal is animated, any other shown at once. */
const seenBeforeDeal = new Set<string>();

function ShoeFacts({ table }: { table: TableView }) {
  const shoe = table.shoe;
  if (!shoe) return null;
  return (
    <section className="shoe" aria-label="牌靴">
      <p>
        第 {shoe.shoeNo} 靴 · 已用 <b data-cards-used={shoe.cardsUsed}>{shoe.cardsUsed}</b> / 416 张
        · 剩余 {shoe.cardsLeft} 张
      </p>
      <p>Merkle 根（开靴时公布）：</p>
      <code className="hex" data-merkle-root={shoe.merkleRoot}>
        {shoe.merkleRoot}
      </code>
      <p>
        哈希链 {shoe.chainId} 第 {shoe.chainIndex} 个 · 承诺 s₀：
      </p>
      <code className="hex">{shoe.commitment}</code>
    </section>
  );
}

function RoundResult({
  table,
  roundNo,
  bets,
}: {
  table: TableView;
  roundNo: string;
  bets: ReturnType<typeof roundBets>;
}) {
  const outcome = roundOutcome(bets);
  if (!outcome) return null;
  return (
    <p className="table-result" role="status" data-round={roundNo} data-payout={outcome.payout}>
      本局投注 ¥{money(outcome.stake)} · 派彩 <b>¥{money(outcome.payout)}</b>
      {outcome.net > 0n ? ' · 赢' : outcome.net < 0n ? ' · 输' : ' · 退回'}
      <button
        type="button"
        className="link-btn"
        onClick={() => go({ page: 'tableVerify', game: table.code, roundNo })}
      >
        验证本局
      </button>
    </p>
  );
}

/**
 * A live table (docs/contract.md §10.12): the round and its countdown, the deal, the felt with
 * the table's and the member's totals, chips with 撤销 / 重复 / 确认, every road with 问路, the
 * round's result and what the member won, and the shoe's commitment and used cards.
 */
export function TablePage({ tableCode }: { tableCode: string }) {
  useEffect(() => watchTables(), []);
  const s = useStore(tablesStore);
  const now = useServerNow(200);
  const table = s.tables?.find((t) => t.code === tableCode) ?? null;
  const round = table?.round ?? null;
  const roundNo = round?.roundNo ?? null;
  const { bets, add } = useMyTableBets(
    tableCode,
    `${roundNo}:${round?.state}:${round?.hand ? 1 : 0}`,
    round?.hand ? null : roundNo,
  );
  const [felt, setFelt] = useState<{ roundNo: string | null; drops: ChipDrop[] }>({
    roundNo: null,
    drops: [],
  });
  const [chip, setChip] = useState<bigint | null>(null);
  // The hand being turned joins the roads once its last card is up.
  const [revealed, setRevealed] = useState<string | null>(null);
  const dealing = (h: { roundNo: string }) =>
    seenBeforeDeal.has(h.roundNo) &&
    revealed !== h.roundNo &&
    h.roundNo === shownHand(table)?.roundNo;
  const hands = roadHands((table?.hands ?? []).filter((h) => !dealing(h)));
  const waiting = round !== null && round.hand === null;
  useEffect(() => {
    if (waiting && roundNo) seenBeforeDeal.add(roundNo);
  }, [waiting, roundNo]);

  if (s.tables === null) {
    return s.error ? (
      <ErrorState message={s.error} onRetry={() => void refreshTables()} />
    ) : (
      <ListSkeleton rows={4} />
    );
  }
  if (!table) {
    return (
      <EmptyState
        title="牌桌不存在"
        action={{ label: '返回大厅', onClick: () => go({ page: 'lobby' }) }}
      />
    );
  }
  const clock = tableClock(table, now);
  const open = clock.kind === 'betting';
  // Chips on the felt belong to the round they were put down in.
  const drops = felt.roundNo === roundNo ? felt.drops : [];
  const setDrops = (d: ChipDrop[]) => setFelt({ roundNo, drops: d });
  const mine = roundBets(bets, roundNo);
  const placed = zoneFen(mine);
  const names = sidesOf(table.kind);
  // The hand on show: this round's once dealt, else the shoe's last one (上一局) with the
  // member's result, until the next deal — a short show time never hides a member's payout.
  const shown = shownHand(table);
  const winner = round?.hand && clock.kind === 'settled' ? (round.hand.winner as TableZone) : null;
  const drop = (zone: TableZone) => {
    const c = chosenChip(chipValues(table.limits), chip);
    if (open && c !== null) setDrops([...drops, { zone, fen: c }]);
  };
  return (
    <div
      className="table-page"
      data-table={table.code}
      data-round={roundNo ?? ''}
      data-state={clock.kind}
    >
      <p className="table-banner">电子发牌，无真人荷官</p>
      <header className="table-head">
        <span className="table-head__name">{table.name}</span>
        <span className="table-head__round">
          {round ? `第 ${round.shoeNo} 靴 第 ${round.handNo} 局` : '—'}
        </span>
        <span
          className={`table-head__clock table-head__clock--${clock.kind}`}
          data-clock={clock.kind}
        >
          {CLOCK_TEXT[clock.kind]}
          {clock.kind === 'betting' && <b data-left={clock.left}> {clock.left}s</b>}
        </span>
      </header>
      {shown && !round?.hand && (
        <p className="deal__status" data-clock={clock.kind}>
          {open ? '请下注' : clock.kind === 'sealed' ? '已封盘，即将发牌' : CLOCK_TEXT[clock.kind]}
          {' · 上一局'}
        </p>
      )}
      {shown ? (
        <DealView
          key={shown.roundNo}
          kind={table.kind}
          hand={shown}
          animate={seenBeforeDeal.has(shown.roundNo)}
          onDone={setRevealed}
        >
          <RoundResult
            table={table}
            roundNo={shown.roundNo}
            bets={roundBets(bets, shown.roundNo)}
          />
        </DealView>
      ) : (
        <section className="deal deal--wait" aria-label="发牌">
          {open ? '请下注' : clock.kind === 'sealed' ? '已封盘，即将发牌' : CLOCK_TEXT[clock.kind]}
        </section>
      )}
      <TableZones
        table={table}
        totals={zoneFen(round?.zoneTotals ?? [])}
        placed={placed}
        draft={totalsOf(drops)}
        winner={winner}
        disabled={!open}
        onDrop={drop}
      />
      <TableBetBar
        table={table}
        roundNo={roundNo}
        open={open}
        drops={drops}
        setDrops={setDrops}
        placed={placed}
        last={lastRoundFen(bets, roundNo)}
        onPlaced={add}
        chip={chip}
        onChip={setChip}
      />
      <RoadPanel hands={hands} names={names} pairs={table.kind === 'baccarat'} />
      <ShoeFacts table={table} />
    </div>
  );
}
