import { useEffect } from 'react';
import type { TableView } from '@nebula/protocol/venue/games/tables-api';
import { tableEdges } from '@nebula/protocol/venue/games/tables/table-edges';
import { TABLE_ZONE_NAMES, zonesOfKind } from '@nebula/protocol/venue/games/tables-zones';
import { ListSkeleton } from '../../../components/states';
import { money } from '../../../lib/format';
import { useStore } from '../../../lib/store';
import { tablesStore, watchTables } from '../../lib/tables-store';
import { payText } from './table-zones';

const BACCARAT_RULES = [
  '8 副牌共 416 张，开靴时先翻开第一张并按其点数烧牌（10、J、Q、K 计 10）。',
  '点数：A 计 1，2–9 按牌面，10、J、Q、K 计 0；两张或三张牌之和取个位。',
  '任一方前两张为 8 或 9 点（天牌）即停牌；闲 0–5 点补第三张；庄按标准补牌表补牌。',
  '庄：0–2 点补；3 点除闲第三张为 8 外补；4 点对 2–7 补；5 点对 4–7 补；6 点对 6–7 补；7 点不补；闲不补牌时庄 0–5 点补。',
  '和局时庄、闲退回本金；庄对 / 闲对：前两张同点数（10 与 K 不算对子）。',
  '同一局不能同时投注庄和闲。',
];
const DRAGON_TIGER_RULES = [
  '龙、虎各发一张牌，比点数：K 最大，A 最小，不比花色。',
  '龙 / 虎 赔 1:1，和局时退回一半本金；和 赔 1:8。',
  '同一局不能同时投注龙和虎。',
];

let edges: ReturnType<typeof tableEdges> | null = null;
/** The published edges, by exact enumeration over the 8-deck shoe (computed here once). */
const edgesOnce = () => (edges ??= tableEdges());

function edgeOf(t: TableView, zone: string): number | null {
  const e = edgesOnce();
  if (t.kind === 'dragon_tiger') return e.dragonTiger[zone as keyof typeof e.dragonTiger] ?? null;
  if (zone === 'banker' && t.noCommission) return e.noCommission.banker;
  return e.baccarat[zone as keyof typeof e.baccarat] ?? null;
}

const percent = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(4)}%`);

/**
 * 规则 of a table (docs/contract.md §10.12): the pay table, each zone's house edge computed in
 * the browser by exact enumeration, the table's limits and chips, and the dealing rules.
 */
export function TableRulesPage({ tableCode }: { tableCode: string }) {
  useEffect(() => watchTables(), []);
  const table = useStore(tablesStore).tables?.find((t) => t.code === tableCode);
  if (!table) return <ListSkeleton rows={6} />;
  const rules = table.kind === 'baccarat' ? BACCARAT_RULES : DRAGON_TIGER_RULES;
  return (
    <section className="rules" aria-label="规则">
      <h2 className="page-title">{table.name} · 规则与赔率</h2>
      <p className="table-banner">电子发牌，无真人荷官</p>
      <table className="rtp">
        <thead>
          <tr>
            <th>投注</th>
            <th>赔率</th>
            <th>庄家优势</th>
            <th>限红</th>
          </tr>
        </thead>
        <tbody>
          {zonesOfKind(table.kind).map((zone) => {
            const lim = table.limits.zones.find((z) => z.zone === zone);
            return (
              <tr key={zone} data-zone={zone}>
                <td>{TABLE_ZONE_NAMES[zone]}</td>
                <td>{payText(zone, table.noCommission, table.kind)}</td>
                <td data-edge={edgeOf(table, zone)}>{percent(edgeOf(table, zone))}</td>
                <td>{lim ? `¥${money(lim.min)}–¥${money(lim.max)}` : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="rules__note">
        庄家优势按 8 副牌逐一枚举所有发牌组合精确计算（本页计算）。每局最高投注 ¥
        {money(table.limits.maxPerRound)}；筹码{' '}
        {table.limits.chips.map((c) => `¥${money(c)}`).join('、')}。
      </p>
      <h3 className="page-title page-title--sub">玩法说明</h3>
      <ul className="rules__defs">
        {rules.map((d) => (
          <li key={d}>{d}</li>
        ))}
        <li>每局下注 {table.bettingSeconds} 秒，封盘后发牌、派彩，然后开始下一局。</li>
        <li>
          开靴时公布全靴 416 个牌位的 Merkle
          根；每局公开牌、盐值与证明，靴结束后公布种子，均可在「验证」中核对。
        </li>
      </ul>
    </section>
  );
}
