import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { askRoad, bigRoad, type RoadHand } from '@nebula/protocol/venue/games/tables/roads';
import { AskRoad, RoadPanel, ShoeCountsView } from './road-panel';
import {
  BACCARAT_SIDES,
  BeadPlate,
  BigRoadView,
  DerivedRoadView,
  DRAGON_TIGER_SIDES,
  firstShown,
} from './road-views';

/** Two leading ties, eight 庄 turning into a dragon tail, a tie run on a 闲, pairs, a closing tie. */
const SEQUENCE = 'TTBBBBBBBBPTTPBPPPBBPPPPPBPBBBPT';
const hands: RoadHand[] = SEQUENCE.split('').map((ch, i) => ({
  winner: ch === 'T' ? 't' : ch === 'B' ? 'a' : 'b',
  bankerPair: i === 3 || i === 19,
  playerPair: i === 13 || i === 19,
}));

const cells = (root: Element, road: string) =>
  [...root.querySelectorAll(`[data-road="${road}"] [data-cell]`)].map((g) => ({
    x: Number(g.getAttribute('data-x')),
    y: Number(g.getAttribute('data-y')),
    side: g.getAttribute('data-side'),
    ties: g.getAttribute('data-ties'),
    colour: g.getAttribute('data-colour'),
  }));

describe('the road components', () => {
  it('珠盘路 draws every hand with its side character, columns of six', () => {
    const { container } = render(<BeadPlate hands={hands} names={BACCARAT_SIDES} cols={12} />);
    const beads = cells(container, 'bead');
    expect(beads).toHaveLength(32);
    expect(beads[6]).toMatchObject({ x: 1, y: 0, side: 'a' });
    expect(container.querySelector('[data-road="bead"]')!.textContent).toContain('和');
    expect(container.querySelectorAll('[data-road="bead"] [data-pair]')).toHaveLength(4);
  });

  it('珠盘路 shows only the newest columns when the shoe is longer than the grid', () => {
    const { container } = render(<BeadPlate hands={hands} names={BACCARAT_SIDES} cols={3} />);
    // 32 hands fill columns 0–5; the newest three are 3, 4 and 5.
    const xs = new Set(cells(container, 'bead').map((c) => c.x));
    expect([...xs]).toEqual([3, 4, 5]);
    expect(firstShown(5, 3)).toBe(3);
    expect(firstShown(1, 3)).toBe(0);
  });

  it('大路 turns a long run into a dragon tail and counts ties on the cell before them', () => {
    const { container } = render(<BigRoadView road={bigRoad(hands)} />);
    const big = cells(container, 'big');
    expect(big).toHaveLength(27);
    // The run of eight 庄: six down, then right along the bottom row.
    expect(big.slice(0, 8).map((c) => [c.x, c.y])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
      [1, 5],
      [2, 5],
    ]);
    // The two leading ties are drawn on the first cell.
    expect(big[0]!.ties).toBe('2');
    // Hand 10 (闲) carries the tie run of two after it, drawn as a slash and the number 2.
    expect(big[8]).toMatchObject({ x: 1, y: 0, side: 'b', ties: '2' });
    const tieText = [...container.querySelectorAll('[data-road="big"] text')].map(
      (t) => t.textContent,
    );
    expect(tieText).toEqual(['2', '2']);
  });

  it('大眼仔, 小路 and 曱甴路 start on the right cells and use their own marks', () => {
    const road = bigRoad(hands);
    const { container } = render(
      <>
        <DerivedRoadView road={road} kind="bigEye" back={1} />
        <DerivedRoadView road={road} kind="small" back={2} />
        <DerivedRoadView road={road} kind="cockroach" back={3} />
      </>,
    );
    // 大眼仔 starts at 大路's second column, second cell (hand 13): 8 columns' cells follow.
    const eye = cells(container, 'bigEye');
    expect(eye.length).toBe(27 - 8 - 1);
    expect(container.querySelectorAll('[data-road="bigEye"] circle[fill="none"]').length).toBe(
      eye.length,
    );
    expect(container.querySelectorAll('[data-road="cockroach"] [data-cell] line').length).toBe(
      cells(container, 'cockroach').length,
    );
    for (const c of [...eye, ...cells(container, 'small')]) {
      expect(['red', 'blue']).toContain(c.colour);
    }
  });

  it('问路 shows what each derived road would add for 庄 and for 闲', () => {
    const { container } = render(
      <>
        <AskRoad hands={hands} side="a" names={BACCARAT_SIDES} />
        <AskRoad hands={hands} side="b" names={BACCARAT_SIDES} />
      </>,
    );
    const ask = (side: string) =>
      [...container.querySelectorAll(`[data-ask="${side}"] svg`)].map((s) =>
        s.getAttribute('data-colour'),
      );
    const road = bigRoad(hands);
    const a = askRoad(road, 'a');
    const b = askRoad(road, 'b');
    expect(ask('a')).toEqual([a.bigEye, a.small, a.cockroach]);
    expect(ask('b')).toEqual([b.bigEye, b.small, b.cockroach]);
    // A next 庄 and a next 闲 always give opposite colours on a started road.
    expect(ask('a')[0]).not.toBe(ask('b')[0]);
  });

  it('问路 on an empty shoe shows no colour', () => {
    const { container } = render(<AskRoad hands={[]} side="a" names={DRAGON_TIGER_SIDES} />);
    expect(container.textContent).toContain('龙问路');
    expect(
      [...container.querySelectorAll('svg')].map((s) => s.getAttribute('data-colour')),
    ).toEqual(['none', 'none', 'none']);
  });

  it('the shoe counts add up the hands, with pairs on a baccarat table only', () => {
    const { container, rerender } = render(
      <ShoeCountsView hands={hands} names={BACCARAT_SIDES} pairs />,
    );
    const count = (k: string) => container.querySelector(`[data-count="${k}"]`)?.textContent;
    expect(count('a')).toBe('庄 15');
    expect(count('b')).toBe('闲 12');
    expect(count('t')).toBe('和 5');
    expect(count('bankerPair')).toBe('庄对 2');
    expect(count('playerPair')).toBe('闲对 2');
    expect(count('hands')).toBe('局数 32');
    rerender(<ShoeCountsView hands={hands} names={DRAGON_TIGER_SIDES} pairs={false} />);
    expect(count('a')).toBe('龙 15');
    expect(count('bankerPair')).toBeUndefined();
  });

  it('the panel draws every road of the shoe', () => {
    const { container } = render(<RoadPanel hands={hands} names={BACCARAT_SIDES} pairs />);
    for (const r of ['big', 'bigEye', 'small', 'cockroach', 'bead']) {
      expect(container.querySelector(`[data-road="${r}"]`)).not.toBeNull();
    }
    expect(container.querySelectorAll('[data-ask]')).toHaveLength(2);
  });
});
