import type { MyTableBets, TableBetView } from '@nebula/protocol/venue/games/tables-api';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/states';
import { dateTimeOf, money } from '../../../lib/format';
import { useLoad } from '../../../lib/use-load';
import { go } from '../../lib/route';
import { tablesCalls } from '../../lib/tables-api';

const RESULT: Record<TableBetView['result'], [string, string]> = {
  open: ['待开牌', 'badge--wait'],
  won: ['赢', 'badge--win'],
  lost: ['输', 'badge--lose'],
  push: ['和局退回', 'badge--void'],
  void: ['已退款', 'badge--void'],
};

/** The member's bets grouped by round, newest first. */
export function byRound(bets: readonly TableBetView[]): { key: string; bets: TableBetView[] }[] {
  const groups: { key: string; bets: TableBetView[] }[] = [];
  for (const b of bets) {
    const key = `${b.tableCode}:${b.roundNo}`;
    const g = groups.find((x) => x.key === key);
    if (g) g.bets.push(b);
    else groups.push({ key, bets: [b] });
  }
  return groups;
}

function RoundRecord({ bets }: { bets: TableBetView[] }) {
  const first = bets[0]!;
  return (
    <li className="gbet" data-round={first.roundNo} data-table={first.tableCode}>
      <div className="gbet__top">
        <span>
          {first.tableCode} · 第 {first.roundNo} 局
        </span>
        <span>{dateTimeOf(first.placedAt)}</span>
      </div>
      {bets.map((b) => {
        const [label, tone] = RESULT[b.result];
        return (
          <div className="gbet__mid" key={b.betId} data-bet={b.betId} data-result={b.result}>
            <b className="gbet__pick">{b.zoneName}</b>
            <span>投注 ¥{money(b.amount)}</span>
            <span>派彩 {b.payout === null ? '—' : `¥${money(b.payout)}`}</span>
            <span className={`badge ${tone}`}>{label}</span>
          </div>
        );
      })}
      <div className="gbet__bottom">
        <button
          type="button"
          className="link-btn"
          onClick={() => go({ page: 'tableVerify', game: first.tableCode, roundNo: first.roundNo })}
        >
          牌、盐值与证明
        </button>
      </div>
    </li>
  );
}

/** 游戏记录 of the tables: the member's bets per round, each round's cards and proofs a tap away. */
export function TableRecordsPage() {
  const mine = useLoad<MyTableBets>('table-bets', () => tablesCalls.mine({ limit: 100 }), {
    refreshMs: 5000,
  });
  if (mine.state.kind === 'loading') return <ListSkeleton rows={5} />;
  if (mine.state.kind === 'error') {
    return <ErrorState message={mine.state.message} onRetry={() => mine.reload()} />;
  }
  const groups = byRound(mine.state.data.bets);
  return (
    <section className="records" aria-label="游戏记录">
      <h2 className="page-title">游戏记录</h2>
      {groups.length === 0 ? (
        <EmptyState title="暂无记录" hint="在牌桌下注后，这里会列出每一局" />
      ) : (
        <ul className="gbets">
          {groups.map((g) => (
            <RoundRecord key={g.key} bets={g.bets} />
          ))}
        </ul>
      )}
    </section>
  );
}
