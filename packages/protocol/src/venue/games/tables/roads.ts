/**
 * The road maps (路单) of a baccarat or 龙虎 shoe (docs/contract.md §10.12), pure functions of its hands:
 * 珠盘路 (every hand in order), 大路 (logical columns of one side, ties counted on the cell
 * before them, a column longer than the grid turning right — the dragon tail), and the three
 * derived roads read off 大路's logical columns — 大眼仔 (compare one column back), 小路 (two),
 * 曱甴路 (three): a new column is red when the two columns before it are as long as each
 * other (齐整) and blue otherwise; a cell further down its column is red when the compared
 * column has a cell in that row (有), blue when the compared column ended one row above (无),
 * and red when it ended earlier still (直落). 问路 gives each derived road's next colour for a
 * hypothetical next 庄 (or 龙) and 闲 (or 虎).
 */

/** `a`: 庄 or 龙; `b`: 闲 or 虎; `t`: 和. */
export type RoadSide = 'a' | 'b';
export interface RoadHand {
  winner: RoadSide | 't';
  bankerPair?: boolean;
  playerPair?: boolean;
}

export interface BigRoadEntry {
  side: RoadSide;
  /** Ties dealt after this hand and before the next decided one. */
  ties: number;
  bankerPair: boolean;
  playerPair: boolean;
  /** The hand's index in the shoe (0-based). */
  hand: number;
}

export interface BigRoad {
  columns: BigRoadEntry[][];
  /** Ties before the shoe's first decided hand (drawn on its first cell). */
  leadingTies: number;
}

export const ROAD_ROWS = 6;

/** 珠盘路: every hand, ties included, filling columns of six from the top. */
export function beadPlate(hands: readonly RoadHand[]): { x: number; y: number; hand: number }[] {
  return hands.map((_, i) => ({ x: Math.floor(i / ROAD_ROWS), y: i % ROAD_ROWS, hand: i }));
}

export function bigRoad(hands: readonly RoadHand[]): BigRoad {
  const columns: BigRoadEntry[][] = [];
  let leadingTies = 0;
  let last: BigRoadEntry | null = null;
  hands.forEach((h, hand) => {
    if (h.winner === 't') {
      if (last) last.ties += 1;
      else leadingTies += 1;
      return;
    }
    const entry: BigRoadEntry = {
      side: h.winner,
      ties: 0,
      bankerPair: h.bankerPair ?? false,
      playerPair: h.playerPair ?? false,
      hand,
    };
    if (last && last.side === h.winner) columns[columns.length - 1]!.push(entry);
    else columns.push([entry]);
    last = entry;
  });
  return { columns, leadingTies };
}

export interface GridCell<T> {
  x: number;
  y: number;
  item: T;
}

/**
 * Lays logical columns on a grid of `rows`: each column starts one grid column right of the
 * previous one's start, goes down while the cell below is free and inside the grid, then turns
 * right along its row (the dragon tail) for the rest.
 */
export function layoutColumns<T>(columns: readonly T[][], rows = ROAD_ROWS): GridCell<T>[] {
  const taken = new Set<string>();
  const cells: GridCell<T>[] = [];
  const key = (x: number, y: number) => `${x},${y}`;
  let start = 0;
  columns.forEach((column, c) => {
    if (c > 0) start += 1;
    while (taken.has(key(start, 0))) start += 1;
    let x = start;
    let y = 0;
    let turned = false;
    column.forEach((item, i) => {
      if (i > 0) {
        if (!turned && y + 1 < rows && !taken.has(key(x, y + 1))) y += 1;
        else {
          turned = true;
          x += 1;
        }
      }
      taken.add(key(x, y));
      cells.push({ x, y, item });
    });
  });
  return cells;
}

export type RoadColour = 'red' | 'blue';
/** 大眼仔, 小路, 曱甴路: how many columns back each compares. */
export const DERIVED_ROADS = { bigEye: 1, small: 2, cockroach: 3 } as const;
export type DerivedRoad = keyof typeof DERIVED_ROADS;

/** The colour a derived road gives the big-road cell at logical (column, row), or null before it starts. */
function colourAt(lengths: readonly number[], k: number, c: number, r: number): RoadColour | null {
  if (c < k || (c === k && r === 0)) return null;
  if (r === 0) return lengths[c - 1] === lengths[c - 1 - k] ? 'red' : 'blue';
  const compared = lengths[c - k]!;
  if (compared > r) return 'red';
  return compared === r ? 'blue' : 'red';
}

/** A derived road's colours in order, one per big-road cell from where it starts. */
export function derivedRoad(road: BigRoad, k: number): RoadColour[] {
  const lengths = road.columns.map((col) => col.length);
  const out: RoadColour[] = [];
  road.columns.forEach((col, c) =>
    col.forEach((_, r) => {
      const colour = colourAt(lengths, k, c, r);
      if (colour) out.push(colour);
    }),
  );
  return out;
}

/** Consecutive equal colours as logical columns, ready for `layoutColumns`. */
export function colourColumns(colours: readonly RoadColour[]): RoadColour[][] {
  const columns: RoadColour[][] = [];
  colours.forEach((colour, i) => {
    if (i > 0 && colours[i - 1] === colour) columns[columns.length - 1]!.push(colour);
    else columns.push([colour]);
  });
  return columns;
}

/** 问路: each derived road's next colour if the next decided hand went to `side`. */
export function askRoad(road: BigRoad, side: RoadSide): Record<DerivedRoad, RoadColour | null> {
  const lengths = road.columns.map((col) => col.length);
  const last = road.columns[road.columns.length - 1];
  let c: number;
  let r: number;
  if (last && last[0]!.side === side) {
    c = lengths.length - 1;
    r = lengths[c]!;
    lengths[c] = r + 1;
  } else {
    c = lengths.length;
    r = 0;
    lengths.push(1);
  }
  return {
    bigEye: colourAt(lengths, DERIVED_ROADS.bigEye, c, r),
    small: colourAt(lengths, DERIVED_ROADS.small, c, r),
    cockroach: colourAt(lengths, DERIVED_ROADS.cockroach, c, r),
  };
}

export interface ShoeCounts {
  a: number;
  b: number;
  t: number;
  bankerPair: number;
  playerPair: number;
}

export function shoeCounts(hands: readonly RoadHand[]): ShoeCounts {
  const n: ShoeCounts = { a: 0, b: 0, t: 0, bankerPair: 0, playerPair: 0 };
  for (const h of hands) {
    n[h.winner] += 1;
    if (h.bankerPair) n.bankerPair += 1;
    if (h.playerPair) n.playerPair += 1;
  }
  return n;
}
