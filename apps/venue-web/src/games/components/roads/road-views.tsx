import type { ReactElement } from 'react';
import {
  beadPlate,
  colourColumns,
  derivedRoad,
  layoutColumns,
  ROAD_ROWS,
  type BigRoad,
  type BigRoadEntry,
  type DerivedRoad,
  type GridCell,
  type RoadColour,
  type RoadHand,
} from '@nebula/protocol/venue/games/tables/roads';

/**
 * The road maps (路单) drawn as small SVG grids from the pure roads of docs/contract.md
 * §10.12: 珠盘路, 大路 (ties as a slash with their count, dragon tails turning right), and the
 * derived roads 大眼仔 (hollow rings), 小路 (dots) and 曱甴路 (slashes). Each grid shows its
 * newest columns: older ones scroll off to the left as on a real table's board.
 */

/** Side labels: 百家乐 庄/闲, 龙虎 龙/虎. */
export interface SideNames {
  a: string;
  b: string;
  t: string;
}
export const BACCARAT_SIDES: SideNames = { a: '庄', b: '闲', t: '和' };
export const DRAGON_TIGER_SIDES: SideNames = { a: '龙', b: '虎', t: '和' };

const COLOURS = { a: '#e53935', b: '#1e63d6', t: '#1b9e4b' } as const;
const DERIVED_COLOURS: Record<RoadColour, string> = { red: '#e53935', blue: '#1e63d6' };

/** The first grid column shown so that the newest `visible` columns fit. */
export function firstShown(maxX: number, visible: number): number {
  return Math.max(0, maxX - visible + 1);
}

function Grid({
  name,
  label,
  cols,
  cell,
  children,
}: {
  name: string;
  label: string;
  cols: number;
  cell: number;
  children: ReactElement[];
}) {
  const w = cols * cell;
  const h = ROAD_ROWS * cell;
  const lines: ReactElement[] = [];
  for (let x = 1; x < cols; x++) {
    lines.push(<line key={`x${x}`} x1={x * cell} y1={0} x2={x * cell} y2={h} />);
  }
  for (let y = 1; y < ROAD_ROWS; y++) {
    lines.push(<line key={`y${y}`} x1={0} y1={y * cell} x2={w} y2={y * cell} />);
  }
  return (
    <svg
      className="road"
      data-road={name}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${w} ${h}`}
      width="100%"
      preserveAspectRatio="xMinYMin meet"
    >
      <g className="road__lines">{lines}</g>
      {children}
    </svg>
  );
}

/** Pair markers: 庄对 a red dot top-left, 闲对 a blue dot bottom-right. */
function Pairs({
  x,
  y,
  r,
  banker,
  player,
}: {
  x: number;
  y: number;
  r: number;
  banker: boolean;
  player: boolean;
}) {
  return (
    <>
      {banker && (
        <circle
          cx={x - r * 0.7}
          cy={y - r * 0.7}
          r={r * 0.28}
          fill={COLOURS.a}
          data-pair="banker"
        />
      )}
      {player && (
        <circle
          cx={x + r * 0.7}
          cy={y + r * 0.7}
          r={r * 0.28}
          fill={COLOURS.b}
          data-pair="player"
        />
      )}
    </>
  );
}

/** 珠盘路: every hand, its winner's character in a filled disc, columns of six. */
export function BeadPlate({
  hands,
  names,
  cols = 12,
  cell = 20,
}: {
  hands: readonly RoadHand[];
  names: SideNames;
  cols?: number;
  cell?: number;
}) {
  const beads = beadPlate(hands);
  const from = firstShown(beads.length ? beads[beads.length - 1]!.x : 0, cols);
  const r = cell * 0.42;
  return (
    <Grid name="bead" label="珠盘路" cols={cols} cell={cell}>
      {beads
        .filter((b) => b.x >= from)
        .map((b) => {
          const h = hands[b.hand]!;
          const cx = (b.x - from + 0.5) * cell;
          const cy = (b.y + 0.5) * cell;
          return (
            <g key={b.hand} data-cell data-x={b.x} data-y={b.y} data-side={h.winner}>
              <circle cx={cx} cy={cy} r={r} fill={COLOURS[h.winner]} />
              <text x={cx} y={cy} dy="0.35em" textAnchor="middle" fontSize={cell * 0.5} fill="#fff">
                {names[h.winner]}
              </text>
              <Pairs x={cx} y={cy} r={r} banker={!!h.bankerPair} player={!!h.playerPair} />
            </g>
          );
        })}
    </Grid>
  );
}

/** 大路's cells on the grid: each decided hand, with the ties after it (and leading ties on the first). */
export function bigRoadCells(road: BigRoad): GridCell<BigRoadEntry>[] {
  const cells = layoutColumns(road.columns);
  const first = cells[0];
  if (first && road.leadingTies > 0) {
    cells[0] = { ...first, item: { ...first.item, ties: first.item.ties + road.leadingTies } };
  }
  return cells;
}

/** 大路: hollow rings of the side's colour; a tie is a green slash across its cell, its count beside. */
export function BigRoadView({
  road,
  cols = 24,
  cell = 16,
  label = '大路',
}: {
  road: BigRoad;
  cols?: number;
  cell?: number;
  label?: string;
}) {
  const cells = bigRoadCells(road);
  const from = firstShown(Math.max(0, ...cells.map((c) => c.x)), cols);
  const r = cell * 0.38;
  return (
    <Grid name="big" label={label} cols={cols} cell={cell}>
      {cells
        .filter((c) => c.x >= from)
        .map((c) => {
          const cx = (c.x - from + 0.5) * cell;
          const cy = (c.y + 0.5) * cell;
          const e = c.item;
          return (
            <g
              key={e.hand}
              data-cell
              data-x={c.x}
              data-y={c.y}
              data-side={e.side}
              data-ties={e.ties}
            >
              <circle
                cx={cx}
                cy={cy}
                r={r}
                fill="none"
                stroke={COLOURS[e.side]}
                strokeWidth={cell * 0.14}
              />
              {e.ties > 0 && (
                <line
                  x1={cx - r}
                  y1={cy + r}
                  x2={cx + r}
                  y2={cy - r}
                  stroke={COLOURS.t}
                  strokeWidth={cell * 0.12}
                />
              )}
              {e.ties > 1 && (
                <text
                  x={cx}
                  y={cy}
                  dy="0.35em"
                  textAnchor="middle"
                  fontSize={cell * 0.55}
                  fill={COLOURS.t}
                >
                  {e.ties}
                </text>
              )}
              <Pairs x={cx} y={cy} r={r} banker={e.bankerPair} player={e.playerPair} />
            </g>
          );
        })}
    </Grid>
  );
}

export const DERIVED_LABELS: Record<DerivedRoad, string> = {
  bigEye: '大眼仔',
  small: '小路',
  cockroach: '曱甴路',
};

/** One derived-road mark: 大眼仔 a hollow ring, 小路 a dot, 曱甴路 a slash. */
export function DerivedMark({
  road,
  colour,
  cx,
  cy,
  r,
}: {
  road: DerivedRoad;
  colour: RoadColour;
  cx: number;
  cy: number;
  r: number;
}) {
  const c = DERIVED_COLOURS[colour];
  if (road === 'bigEye')
    return <circle cx={cx} cy={cy} r={r} fill="none" stroke={c} strokeWidth={r * 0.45} />;
  if (road === 'small') return <circle cx={cx} cy={cy} r={r} fill={c} />;
  return <line x1={cx - r} y1={cy + r} x2={cx + r} y2={cy - r} stroke={c} strokeWidth={r * 0.5} />;
}

/** 大眼仔, 小路 or 曱甴路 from 大路's logical columns, runs of one colour laid as columns. */
export function DerivedRoadView({
  road,
  kind,
  back,
  cols = 24,
  cell = 8,
}: {
  road: BigRoad;
  kind: DerivedRoad;
  back: number;
  cols?: number;
  cell?: number;
}) {
  const cells = layoutColumns(colourColumns(derivedRoad(road, back)));
  const from = firstShown(Math.max(0, ...cells.map((c) => c.x)), cols);
  return (
    <Grid name={kind} label={DERIVED_LABELS[kind]} cols={cols} cell={cell}>
      {cells
        .filter((c) => c.x >= from)
        .map((c, i) => (
          <g key={i} data-cell data-x={c.x} data-y={c.y} data-colour={c.item}>
            <DerivedMark
              road={kind}
              colour={c.item}
              cx={(c.x - from + 0.5) * cell}
              cy={(c.y + 0.5) * cell}
              r={cell * 0.36}
            />
          </g>
        ))}
    </Grid>
  );
}
