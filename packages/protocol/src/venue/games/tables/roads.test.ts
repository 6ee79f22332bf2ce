import { describe, expect, it } from 'vitest';
import {
  askRoad,
  beadPlate,
  bigRoad,
  colourColumns,
  derivedRoad,
  DERIVED_ROADS,
  layoutColumns,
  shoeCounts,
  type RoadHand,
} from './roads';

/**
 * A golden shoe of 32 hands, every road cell worked out by hand (not by the code under test):
 * two leading ties, a run of eight 庄 that turns into a dragon tail, a tie run of two on a 闲,
 * 直落 in the derived roads, and a closing tie.
 */
const SEQUENCE = 'TTBBBBBBBBPTTPBPPPBBPPPPPBPBBBPT';
const PAIRS: Record<number, Partial<RoadHand>> = {
  3: { bankerPair: true },
  13: { playerPair: true },
  19: { bankerPair: true, playerPair: true },
};
const hands: RoadHand[] = SEQUENCE.split('').map((ch, i) => ({
  winner: ch === 'T' ? 't' : ch === 'B' ? 'a' : 'b',
  ...PAIRS[i],
}));
const R = 'red';
const U = 'blue';

describe('the road maps of a golden shoe', () => {
  const road = bigRoad(hands);

  it('珠盘路 fills columns of six with every hand', () => {
    const plate = beadPlate(hands);
    expect(plate).toHaveLength(32);
    expect(plate[0]).toEqual({ x: 0, y: 0, hand: 0 });
    expect(plate[5]).toEqual({ x: 0, y: 5, hand: 5 });
    expect(plate[6]).toEqual({ x: 1, y: 0, hand: 6 });
    expect(plate[31]).toEqual({ x: 5, y: 1, hand: 31 });
  });

  it('大路 keeps logical columns, ties on the cell before them, leading ties apart', () => {
    expect(road.leadingTies).toBe(2);
    expect(road.columns.map((c) => c.map((e) => e.side).join(''))).toEqual([
      'aaaaaaaa',
      'bb',
      'a',
      'bbb',
      'aa',
      'bbbbb',
      'a',
      'b',
      'aaa',
      'b',
    ]);
    const ties = road.columns.flat().filter((e) => e.ties > 0);
    expect(ties.map((e) => [e.hand, e.ties])).toEqual([
      [10, 2],
      [30, 1],
    ]);
    const pairs = road.columns.flat().filter((e) => e.bankerPair || e.playerPair);
    expect(pairs.map((e) => [e.hand, e.bankerPair, e.playerPair])).toEqual([
      [3, true, false],
      [13, false, true],
      [19, true, true],
    ]);
  });

  it('大路 on the grid: the run of eight turns right along the bottom row', () => {
    const cells = layoutColumns(road.columns).map((c) => `${c.x},${c.y}`);
    expect(cells).toEqual([
      ...['0,0', '0,1', '0,2', '0,3', '0,4', '0,5', '1,5', '2,5'],
      ...['1,0', '1,1'],
      '2,0',
      ...['3,0', '3,1', '3,2'],
      ...['4,0', '4,1'],
      ...['5,0', '5,1', '5,2', '5,3', '5,4'],
      '6,0',
      '7,0',
      ...['8,0', '8,1', '8,2'],
      '9,0',
    ]);
  });

  it('大眼仔, 小路 and 曱甴路 cell by cell', () => {
    expect(derivedRoad(road, DERIVED_ROADS.bigEye)).toEqual([
      ...[R, U, U, U, R, U, R, U, R],
      ...[U, R, R, U, U, R, U, R, U],
    ]);
    expect(derivedRoad(road, DERIVED_ROADS.small)).toEqual([
      ...[U, R, U, U, U, U, R, R],
      ...[U, R, U, U, U, U, R, U],
    ]);
    expect(derivedRoad(road, DERIVED_ROADS.cockroach)).toEqual([
      ...[R, R, U, R, R, U, R, R],
      ...[R, U, U, U, R, R, U],
    ]);
    expect(colourColumns(derivedRoad(road, DERIVED_ROADS.cockroach)).map((c) => c.length)).toEqual([
      2, 1, 2, 1, 3, 3, 2, 1,
    ]);
  });

  it('问路 answers opposite colours for 庄 and 闲 on every road', () => {
    expect(askRoad(road, 'a')).toEqual({ bigEye: U, small: R, cockroach: R });
    expect(askRoad(road, 'b')).toEqual({ bigEye: R, small: U, cockroach: U });
  });

  it('counts the shoe', () => {
    expect(shoeCounts(hands)).toEqual({ a: 15, b: 12, t: 5, bankerPair: 2, playerPair: 2 });
  });
});

describe('dragon tails', () => {
  it('a long column turns right early when the cell below is an earlier tail', () => {
    const road = bigRoad(
      'BBBBBBBPPPPPPP'.split('').map((c) => ({ winner: c === 'B' ? 'a' : 'b' })),
    );
    const cells = layoutColumns(road.columns).map((c) => `${c.x},${c.y}`);
    expect(cells).toEqual([
      ...['0,0', '0,1', '0,2', '0,3', '0,4', '0,5', '1,5'],
      ...['1,0', '1,1', '1,2', '1,3', '1,4', '2,4', '3,4'],
    ]);
  });

  it('derived roads do not start before their first compared column', () => {
    const road = bigRoad([{ winner: 'a' }, { winner: 'b' }]);
    expect(derivedRoad(road, 1)).toEqual([]);
    // 闲 again goes under the 闲 beside a one-cell 庄 column (无); 庄 starts a column after two
    // columns as long as each other (齐整).
    expect(askRoad(road, 'b')).toEqual({ bigEye: U, small: null, cockroach: null });
    expect(askRoad(road, 'a')).toEqual({ bigEye: R, small: null, cockroach: null });
  });
});
