import { useEffect, useMemo } from 'react';
import type { ParSheet } from '@nebula/protocol/venue/games/slots/par-sheet';
import { slotFigures } from '@nebula/protocol/venue/games/slots/slot-calculator';
import { ErrorState, ListSkeleton } from '../../../components/states';
import { useStore } from '../../../lib/store';
import { useParSheet } from '../../lib/par-sheet';
import { useSlotSpread } from '../../lib/slot-spread';
import { loadSlotGames, slotsStore } from '../../lib/slots-store';
import { SlotSymbolArt } from './slot-art';
import { capProbability, topLineOdds } from './slot-odds';
import { every, percent } from './slot-lobby-page';

function Figures({ sheet, url }: { sheet: ParSheet; url: string }) {
  // Computed here from the served par sheet with the protocol's exact calculator.
  const f = useMemo(() => slotFigures(sheet), [sheet]);
  const spread = useSlotSpread(url);
  const top = useMemo(() => topLineOdds(sheet), [sheet]);
  const cap = capProbability(f.maxWinBound, sheet.maxWinMultiple);
  const rows: [string, string, string][] = [
    ['rtp', '总返还率', percent(f.rtp)],
    ['base', '基础游戏连线', percent(f.baseLineRtp)],
    ['scatter', '基础游戏散布', percent(f.baseScatterRtp)],
    ['feature', '免费旋转', percent(f.featureRtp)],
    ['hit', '中奖频率', `每 ${every(f.hitFrequency)} 次（${percent(f.hitFrequency)}）`],
    ['feature-freq', '触发免费旋转', `每 ${every(f.featureFrequency)} 次`],
    ['spins', '每次免费旋转平均局数', f.spinsPerFeature.toFixed(2)],
    ['sd', '标准差（每单位总投注）', spread ? spread.sd.toFixed(2) : '计算中'],
    ['vi', '波动指数（1.645 × 标准差）', spread ? spread.volatilityIndex.toFixed(2) : '计算中'],
    ['max', '单次最高（证明的上界）', `${f.maxWinBound.toLocaleString('zh-CN')} 倍总投注`],
    [
      'cap',
      `达到 ${sheet.maxWinMultiple.toLocaleString('zh-CN')} 倍上限的概率`,
      cap === 0 ? '0（上界低于上限）' : '—',
    ],
    [
      'top',
      `最高单线奖 ${top.pay} 倍线注（每条线）`,
      `约每 ${Math.round(1 / top.perLine).toLocaleString('zh-CN')} 次一次（${(top.perLine * 100).toPrecision(3)}%）`,
    ],
  ];
  return (
    <table className="rtp slot-figures">
      <tbody>
        {rows.map(([key, name, value]) => (
          <tr key={key} data-figure={key}>
            <td>{name}</td>
            <td data-value>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PayTable({ gameCode, sheet }: { gameCode: string; sheet: ParSheet }) {
  return (
    <table className="rtp slot-pays">
      <thead>
        <tr>
          <th>符号</th>
          <th>×3</th>
          <th>×4</th>
          <th>×5</th>
        </tr>
      </thead>
      <tbody>
        {sheet.symbols
          .filter((s) => s.kind !== 'scatter')
          .map((s) => (
            <tr key={s.id} data-symbol={s.id}>
              <td>
                <SlotSymbolArt gameCode={gameCode} id={s.id} name={s.name} size={32} /> {s.name}
                {s.kind === 'wild' ? '（百搭）' : ''}
              </td>
              {(sheet.pays[s.id] ?? [0, 0, 0]).map((x, i) => (
                <td key={i}>{x}</td>
              ))}
            </tr>
          ))}
      </tbody>
    </table>
  );
}

function Lines({ lines }: { lines: number[][] }) {
  return (
    <ol className="slot-lines">
      {lines.map((rows, i) => (
        <li key={i} aria-label={`线 ${i + 1}`}>
          <svg viewBox="0 0 50 30" width="50" height="30" aria-hidden="true">
            {[0, 1, 2].map((row) =>
              [0, 1, 2, 3, 4].map((reel) => (
                <rect
                  key={`${reel}${row}`}
                  x={reel * 10 + 1}
                  y={row * 10 + 1}
                  width="8"
                  height="8"
                  rx="1.5"
                  fill={rows[reel] === row ? 'var(--primary)' : '#e8eaee'}
                />
              )),
            )}
          </svg>
          <span>{i + 1}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * 规则 for a slot: the par sheet as served (hash computed here against the one the venue states
 * and stores on every spin), its pay table, paylines, scatter and free spins, and the exact
 * figures computed on this page with the protocol's calculator — never typed by hand.
 */
export function SlotRulesPage({ gameCode }: { gameCode: string }) {
  const s = useStore(slotsStore);
  useEffect(() => void loadSlotGames(), []);
  const game = s.games?.find((g) => g.gameCode === gameCode) ?? null;
  const p = useParSheet(game?.parSheetUrl ?? null);
  if (!game || p.kind === 'loading') return <ListSkeleton rows={6} />;
  if (p.kind === 'error') return <ErrorState message={p.message} onRetry={p.retry} />;
  const { sheet, hash, url } = p.loaded;
  const scatter = sheet.symbols.find((x) => x.kind === 'scatter')!;
  return (
    <section className="rules" aria-label="规则">
      <h2 className="page-title">{game.name} · 规则与返还率</h2>
      <h3 className="page-title page-title--sub">精确计算（本页按规则表计算）</h3>
      <Figures sheet={sheet} url={url} />
      <p className="rules__note">
        按各转轴符号数逐一组合精确计算，不用模拟；结果不随玩家或场馆的输赢调整。
      </p>
      <h3 className="page-title page-title--sub">赔付表（× 线注，从左起连续）</h3>
      <PayTable gameCode={gameCode} sheet={sheet} />
      <ul className="rules__defs">
        <li>
          {sheet.symbols.find((x) => x.kind === 'wild')?.name}
          为百搭，可代替除{scatter.name}外的所有符号；每条线只取最高的一个中奖。
        </li>
        <li>
          {scatter.name}出现在任意位置：3 / 4 / 5 个赔 {sheet.scatter.pays.join(' / ')} 倍总投注，
          并获得 {sheet.scatter.freeSpins.join(' / ')} 次免费旋转（免费旋转中可再次触发，每轮最多{' '}
          {sheet.maxFreeSpins} 次）。
        </li>
        <li>
          免费旋转使用专用转轴
          {sheet.freeMultiplier > 1 ? `，所有奖金 × ${sheet.freeMultiplier}` : ''}。
        </li>
        <li>
          总投注 = {sheet.lines.length} 线 × 线注；单次转动连同其免费旋转最高 {sheet.maxWinMultiple}{' '}
          倍总投注。
        </li>
      </ul>
      <h3 className="page-title page-title--sub">{sheet.lines.length} 条连线</h3>
      <Lines lines={sheet.lines} />
      <h3 className="page-title page-title--sub">规则表</h3>
      <div className="chain">
        <p>
          版本 v{sheet.version} · <code>{url}</code>
        </p>
        <p>SHA-256（本页计算）：</p>
        <code className="hex" data-par-sheet-hash={hash}>
          {hash}
        </code>
        <p className={hash === game.parSheetHash ? 'mark mark--ok' : 'mark mark--bad'}>
          {hash === game.parSheetHash
            ? '✓ 与场馆公布并记录在每次转动上的哈希一致'
            : '✗ 与场馆公布的哈希不一致'}
        </p>
      </div>
    </section>
  );
}
