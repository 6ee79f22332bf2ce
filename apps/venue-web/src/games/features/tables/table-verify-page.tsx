import { useEffect } from 'react';
import type { TableRoundDetail, TableShoeDetail } from '@nebula/protocol/venue/games/tables-api';
import { ErrorState, ListSkeleton } from '../../../components/states';
import { useStore } from '../../../lib/store';
import { useLoad } from '../../../lib/use-load';
import { go } from '../../lib/route';
import { tablesCalls } from '../../lib/tables-api';
import { tablesStore, watchTables } from '../../lib/tables-store';
import { rankText, suitText } from './table-cards';
import { checkRoundCards, checkShoe } from './table-verify';
import { cardRank, cardSuit } from '@nebula/protocol/fair/shoe';

const cardName = (card: number) => `${suitText(cardSuit(card))}${rankText(cardRank(card))}`;
const Mark = ({ ok }: { ok: boolean }) => (
  <span className={ok ? 'mark mark--ok' : 'mark mark--bad'}>{ok ? '✓' : '✗'}</span>
);

function ShoeCheckView({ tableCode, shoe }: { tableCode: string; shoe: TableShoeDetail }) {
  const c = checkShoe(tableCode, shoe.shoe, shoe.used);
  if (!c) return <p className="verify__note">本靴尚未结束：结束后公布种子，即可在此重算整靴。</p>;
  return (
    <div className="chain" data-shoe-check={c.rootOk && c.usedOk && c.chainOk}>
      <p>种子 s_{shoe.shoe.chainIndex}（本靴结束后公布）：</p>
      <code className="hex">{shoe.shoe.seed}</code>
      <p>
        消息 <code>{c.message}</code> → 洗牌 416 张、切牌、盐值，重算 Merkle 根：
      </p>
      <code className="hex">{c.root}</code>
      <p>
        <Mark ok={c.rootOk} /> 与开靴时公布的根一致 · <Mark ok={c.usedOk} /> 已发的{' '}
        {shoe.used.length} 张牌位置一致 · <Mark ok={c.chainOk} /> 种子经 {shoe.shoe.chainIndex} 次
        SHA-256 回到承诺 s₀
      </p>
    </div>
  );
}

function RoundCheckView({ detail }: { detail: TableRoundDetail }) {
  const c = checkRoundCards(detail);
  const shoeNo = detail.round.shoeNo;
  const shoe = useLoad<TableShoeDetail>(`shoe:${detail.tableCode}:${shoeNo}`, () =>
    tablesCalls.shoe(detail.tableCode, shoeNo),
  );
  return (
    <>
      <div className="chain">
        <p>
          第 {shoeNo} 靴 第 {detail.round.handNo} 局 · Merkle 根（开靴时公布）：
        </p>
        <code className="hex" data-merkle-root={detail.merkleRoot}>
          {detail.merkleRoot}
        </code>
        <p className={c.allOk ? 'mark mark--ok' : 'mark mark--bad'} data-round-check={c.allOk}>
          {c.allOk
            ? `✓ 本局 ${c.cards.length} 张牌均由本页算出的叶哈希和证明路径回到该根`
            : '✗ 有牌与公布的根不符'}
        </p>
        {!c.handMatches && <p className="mark mark--bad">✗ 本局的牌与公开的牌位不一致</p>}
      </div>
      <table className="rtp tverify">
        <thead>
          <tr>
            <th>位置</th>
            <th>牌</th>
            <th>盐值</th>
            <th>叶哈希（本页计算）</th>
            <th>证明</th>
          </tr>
        </thead>
        <tbody>
          {c.cards.map((x) => (
            <tr key={x.position} data-position={x.position} data-ok={x.ok}>
              <td>{x.position}</td>
              <td>{cardName(x.card)}</td>
              <td>
                <code>{x.salt}</code>
              </td>
              <td>
                <code className="tverify__leaf">{x.leaf.slice(0, 16)}…</code>
              </td>
              <td>
                <Mark ok={x.ok} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="rules__note">
        叶 = SHA-256(“位置:牌:盐值”)，节点 = SHA-256(左‖右)；本页逐级计算到根。
      </p>
      <h3 className="page-title page-title--sub">整靴重算</h3>
      {shoe.state.kind === 'ready' ? (
        <ShoeCheckView tableCode={detail.tableCode} shoe={shoe.state.data} />
      ) : shoe.state.kind === 'error' ? (
        <ErrorState message={shoe.state.message} onRetry={() => shoe.reload()} />
      ) : (
        <ListSkeleton rows={2} />
      )}
    </>
  );
}

function PickRound({ tableCode }: { tableCode: string }) {
  useEffect(() => watchTables(), []);
  const table = useStore(tablesStore).tables?.find((t) => t.code === tableCode);
  if (!table) return <ListSkeleton rows={3} />;
  const hands = [...table.hands].reverse();
  if (hands.length === 0) return <p className="verify__note">本靴尚未发牌。</p>;
  return (
    <ul className="tverify__rounds">
      {hands.slice(0, 30).map((h) => (
        <li key={h.roundNo}>
          <button
            type="button"
            className="link-btn"
            onClick={() => go({ page: 'tableVerify', game: tableCode, roundNo: h.roundNo })}
          >
            第 {h.handNo} 局（{h.roundNo}）验证
          </button>
        </li>
      ))}
    </ul>
  );
}

/** 公平验证 of a table: a round's cards against the shoe's root, and the whole shoe after it ends. */
export function TableVerifyPage({
  tableCode,
  roundNo,
}: {
  tableCode: string;
  roundNo: string | null;
}) {
  const detail = useLoad<TableRoundDetail | null>(`tround:${tableCode}:${roundNo}`, () =>
    roundNo ? tablesCalls.round(tableCode, roundNo) : Promise.resolve(null),
  );
  return (
    <section className="verify" aria-label="公平验证">
      <h2 className="page-title">
        公平验证 · {tableCode}
        {roundNo && ` · ${roundNo}`}
      </h2>
      {roundNo === null ? (
        <PickRound tableCode={tableCode} />
      ) : detail.state.kind === 'error' ? (
        <ErrorState message={detail.state.message} onRetry={() => detail.reload()} />
      ) : detail.state.kind === 'loading' || detail.state.data === null ? (
        <ListSkeleton rows={4} />
      ) : detail.state.data.revealed.length === 0 ? (
        <p className="verify__note">本局尚未发牌，发牌后即可验证。</p>
      ) : (
        <RoundCheckView detail={detail.state.data} />
      )}
    </section>
  );
}
