import { useState } from 'react';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/states';
import { useStore } from '../../../lib/store';
import { useLoad } from '../../../lib/use-load';
import { gamesCalls } from '../../lib/games-api';
import { gamesStore } from '../../lib/games-store';
import { outcomeKind } from '../../lib/outcome';
import { go } from '../../lib/route';
import {
  metricMax,
  metricOf,
  TREND_WINDOWS,
  trendOf,
  type TrendMetric,
  type TrendRow,
} from './trend';

const METRICS: [TrendMetric, string, string][] = [
  ['omission', '遗漏', '自上次开出以来的期数'],
  ['count', '冷热', '窗口内开出的次数'],
  ['maxRun', '最大连出', '窗口内连续开出的最多期数'],
];
const HUE: Record<TrendMetric, string> = {
  omission: '#3b6fd8',
  count: '#e5303f',
  maxRun: '#f08c00',
};

/** Every position × value as a heat cell: the deeper the colour, the larger the figure. */
function HeatMap({
  rows,
  metric,
  selected,
  onSelect,
}: {
  rows: TrendRow[];
  metric: TrendMetric;
  selected: number;
  onSelect: (i: number) => void;
}) {
  const max = metricMax(rows, metric);
  const values = rows[0]?.cells.map((c) => c.value) ?? [];
  const left = 52;
  const cw = (360 - left) / Math.max(1, values.length);
  const rh = 24;
  return (
    <svg
      className="trend__heat"
      viewBox={`0 0 360 ${18 + rows.length * rh}`}
      role="img"
      aria-label="走势热图"
    >
      {values.map((v, j) => (
        <text key={v} x={left + j * cw + cw / 2} y={12} textAnchor="middle" className="trend__axis">
          {v}
        </text>
      ))}
      {rows.map((r, i) => (
        <g
          key={r.position}
          data-position={i + 1}
          onClick={() => onSelect(i)}
          className="trend__row"
        >
          <text
            x={0}
            y={18 + i * rh + 16}
            className={`trend__axis${i === selected ? ' trend__axis--on' : ''}`}
          >
            {r.position}
          </text>
          {r.cells.map((c, j) => {
            const f = metricOf(c, metric);
            return (
              <rect
                key={c.value}
                x={left + j * cw + 1}
                y={18 + i * rh + 1}
                width={cw - 2}
                height={rh - 2}
                rx={3}
                fill={HUE[metric]}
                fillOpacity={0.08 + (0.92 * f) / max}
                data-value={c.value}
                data-figure={f}
              >
                <title>{`${r.position} ${c.value}：${f}`}</title>
              </rect>
            );
          })}
        </g>
      ))}
    </svg>
  );
}

/** One position's values as bars (height the figure), the figure above each bar. */
function Bars({ row, metric, max }: { row: TrendRow; metric: TrendMetric; max: number }) {
  const w = 360 / row.cells.length;
  const h = 120;
  return (
    <svg
      className="trend__bars"
      viewBox={`0 0 360 ${h + 36}`}
      role="img"
      aria-label={`${row.position} 柱状图`}
    >
      {row.cells.map((c, j) => {
        const f = metricOf(c, metric);
        const bh = (h * f) / max;
        return (
          <g key={c.value} data-value={c.value}>
            <rect
              x={j * w + w * 0.2}
              y={14 + h - bh}
              width={w * 0.6}
              height={Math.max(bh, 1)}
              rx={3}
              fill={HUE[metric]}
            />
            <text x={j * w + w / 2} y={10 + h - bh} textAnchor="middle" className="trend__fig">
              {f}
            </text>
            <text x={j * w + w / 2} y={h + 30} textAnchor="middle" className="trend__axis">
              {c.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/**
 * 走势图: 遗漏, 冷热 and 最大连出 per position over the last 30/50/100 draws, from the venue's
 * results (voided rounds left out), as a heat map of every position and bars of the one chosen.
 * It records what was drawn; each draw is independent and nothing here forecasts the next.
 */
export function TrendPage({ gameCode }: { gameCode: string }) {
  const { state, reload } = useLoad(`trend:${gameCode}`, () => gamesCalls.results(gameCode, 100), {
    refreshMs: 5000,
  });
  const games = useStore(gamesStore).games?.filter((g) => g.family === 'CP') ?? [];
  const [metric, setMetric] = useState<TrendMetric>('omission');
  const [span, setSpan] = useState<number>(30);
  const [selected, setSelected] = useState(0);
  const name = games.find((g) => g.gameCode === gameCode)?.name ?? gameCode;
  const draws =
    state.kind === 'ready'
      ? state.data.rounds.filter((r) => r.outcome && !r.voided).map((r) => r.outcome!)
      : [];
  const rows = trendOf(outcomeKind(gameCode, draws[0]), draws, span);
  const row = rows[Math.min(selected, rows.length - 1)];
  return (
    <section className="trend" aria-label="走势图" data-game={gameCode}>
      <h2 className="page-title">{name} · 走势图</h2>
      <div className="chips" role="tablist" aria-label="游戏">
        {games.map((g) => (
          <button
            type="button"
            role="tab"
            key={g.gameCode}
            aria-selected={g.gameCode === gameCode}
            className={`chip${g.gameCode === gameCode ? ' chip--on' : ''}`}
            onClick={() => go({ page: 'trend', game: g.gameCode })}
          >
            {g.name}
          </button>
        ))}
      </div>
      <div className="chips" role="tablist" aria-label="指标">
        {METRICS.map(([m, label]) => (
          <button
            type="button"
            role="tab"
            key={m}
            aria-selected={m === metric}
            className={`chip${m === metric ? ' chip--on' : ''}`}
            onClick={() => setMetric(m)}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="chips" role="tablist" aria-label="期数">
        {TREND_WINDOWS.map((w) => (
          <button
            type="button"
            role="tab"
            key={w}
            aria-selected={w === span}
            className={`chip${w === span ? ' chip--on' : ''}`}
            onClick={() => setSpan(w)}
          >
            近 {w} 期
          </button>
        ))}
      </div>
      {state.kind === 'loading' && <ListSkeleton rows={4} />}
      {state.kind === 'error' && <ErrorState message={state.message} onRetry={() => reload()} />}
      {state.kind === 'ready' && draws.length === 0 && (
        <EmptyState title="暂无开奖" hint="开奖后显示走势" />
      )}
      {state.kind === 'ready' && draws.length > 0 && row && (
        <>
          <p className="trend__note" data-draws={Math.min(span, draws.length)}>
            {METRICS.find(([m]) => m === metric)![2]} · 共 {Math.min(span, draws.length)} 期 ·
            颜色越深数值越大
          </p>
          <HeatMap rows={rows} metric={metric} selected={selected} onSelect={setSelected} />
          <h3 className="page-title page-title--sub">{row.position}</h3>
          <Bars row={row} metric={metric} max={metricMax([row], metric)} />
          <p className="trend__note">每期开奖相互独立，走势只记录已开出的结果，不预示下一期。</p>
        </>
      )}
    </section>
  );
}
