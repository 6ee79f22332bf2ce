/**
 * A leg's market and selection as one label: "全场独赢 · 主胜", but a house game's leg whose
 * market is its selection (a table's 庄, a lottery's 大) reads once, not "庄 · 庄".
 */
export function legLabel(leg: { market: string; selection: string }, sep = ' · '): string {
  return leg.market === leg.selection || leg.market === ''
    ? leg.selection
    : `${leg.market}${sep}${leg.selection}`;
}
