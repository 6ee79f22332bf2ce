import type { MarketKind, Period } from './markets';

interface LineMarket {
  period: Period;
  kind: MarketKind;
  selections: readonly { oddsMilli: number | null }[];
}

/**
 * The main lines of a match for one period: one market per kind (让球, 大小, 独赢), the most
 * balanced of those hung (the smallest gap between its first two prices), 单双 left to the
 * detail. The venue's lists and the page's rows (an expanded row shows the 半场 ones) pick by
 * this one rule, so a pushed book and a listed one show the same lines.
 */
export function mainLines<M extends LineMarket>(markets: readonly M[], period: Period = 'ft'): M[] {
  const best = new Map<MarketKind, M>();
  const gap = (m: M) =>
    Math.abs((m.selections[0]?.oddsMilli ?? 0) - (m.selections[1]?.oddsMilli ?? 0));
  for (const m of markets) {
    if (m.period !== period || m.kind === 'oe') continue;
    const seen = best.get(m.kind);
    if (!seen || gap(m) < gap(seen)) best.set(m.kind, m);
  }
  return [...best.values()];
}
