import { positionNames, positionValues, type OutcomeKind } from '../../lib/outcome';

/**
 * 走势图's figures, per position and value over the last N draws (newest first): 遗漏 — draws
 * since the value last showed at the position (N when it did not show in the window); 冷热 —
 * how often it showed; 最大连出 — its longest run of consecutive draws. A record of what was
 * drawn, not a forecast: every draw is independent (docs/contract.md §10.7).
 */
export interface TrendCell {
  value: number;
  omission: number;
  count: number;
  maxRun: number;
}

export interface TrendRow {
  position: string;
  cells: TrendCell[];
}

export type TrendMetric = 'omission' | 'count' | 'maxRun';
export const TREND_WINDOWS = [30, 50, 100] as const;

export function trendOf(
  kind: OutcomeKind,
  newestFirst: readonly (readonly number[])[],
  window: number,
): TrendRow[] {
  const draws = newestFirst.slice(0, window);
  const values = positionValues(kind);
  return positionNames(kind).map((position, p) => ({
    position,
    cells: values.map((value) => {
      let omission = -1;
      let count = 0;
      let run = 0;
      let maxRun = 0;
      draws.forEach((d, i) => {
        if (d[p] === value) {
          if (omission < 0) omission = i;
          count += 1;
          run += 1;
          maxRun = Math.max(maxRun, run);
        } else run = 0;
      });
      return { value, omission: omission < 0 ? draws.length : omission, count, maxRun };
    }),
  }));
}

export const metricOf = (c: TrendCell, m: TrendMetric): number =>
  m === 'omission' ? c.omission : m === 'count' ? c.count : c.maxRun;

/** The largest figure of a metric across the rows (at least 1, so a scale never divides by 0). */
export function metricMax(rows: readonly TrendRow[], m: TrendMetric): number {
  let max = 1;
  for (const r of rows) for (const c of r.cells) max = Math.max(max, metricOf(c, m));
  return max;
}
