import { describe, expect, it } from 'vitest';
import type { TableLimits } from '@nebula/protocol/venue/games/tables-api';
import {
  chipFace,
  chipValues,
  draftBets,
  draftProblem,
  repeatDrops,
  sumOf,
  totalsOf,
  zoneFen,
  type ChipDrop,
} from './table-draft';

const limits: TableLimits = {
  zones: [
    { zone: 'banker', min: '10.00', max: '5000.00' },
    { zone: 'player', min: '10.00', max: '5000.00' },
    { zone: 'tie', min: '10.00', max: '500.00' },
  ],
  maxPerRound: '8000.00',
  chips: ['100.00', '10.00', '50.00'],
};

describe('the chips on the felt', () => {
  it('orders the table’s chips and names their faces', () => {
    expect(chipValues(limits)).toEqual([1000n, 5000n, 10000n]);
    expect(chipFace(1000n)).toBe('10');
    expect(chipFace(100_000n)).toBe('1千');
    expect(chipFace(1_000_000n)).toBe('1万');
    expect(chipFace(250n)).toBe('2.50');
  });

  it('adds drops per zone, undoes the last and repeats a round', () => {
    const drops: ChipDrop[] = [
      { zone: 'banker', fen: 1000n },
      { zone: 'banker', fen: 5000n },
      { zone: 'tie', fen: 1000n },
    ];
    expect(totalsOf(drops)).toEqual({ banker: 6000n, tie: 1000n });
    expect(totalsOf(drops.slice(0, -1))).toEqual({ banker: 6000n });
    expect(repeatDrops(totalsOf(drops))).toEqual([
      { zone: 'banker', fen: 6000n },
      { zone: 'tie', fen: 1000n },
    ]);
    expect(draftBets(totalsOf(drops))).toEqual([
      { zone: 'banker', amount: '60.00' },
      { zone: 'tie', amount: '10.00' },
    ]);
    expect(sumOf(zoneFen([{ zone: 'player', amount: '12.5' }]))).toBe(1250n);
  });

  it('says what the venue would refuse before anything is sent', () => {
    expect(draftProblem({}, {}, limits)).toBe('请先选择筹码并点击下注区');
    expect(draftProblem({ banker: 500n }, {}, limits)).toBe('「庄」最低投注 ¥10.00');
    expect(draftProblem({ tie: 40_000n }, { tie: 20_000n }, limits)).toBe('「和」最高投注 ¥500.00');
    // Up to the limits exactly is fine: 庄 5,000 with 和 500 already placed.
    expect(
      draftProblem({ banker: 400_000n }, { banker: 100_000n, tie: 50_000n }, limits),
    ).toBeNull();
    expect(draftProblem({ tie: 1n }, { banker: 100_000n, tie: 50_000n }, limits)).toBe(
      '「和」最高投注 ¥500.00',
    );
    expect(draftProblem({ banker: 1000n }, { player: 1000n }, limits)).toBe(
      '同一局不能同时投注「庄」和「闲」',
    );
    expect(draftProblem({ dragon: 1000n }, {}, limits)).toBe('本桌没有「龙」');
    const tight = { ...limits, maxPerRound: '50.00' };
    expect(draftProblem({ banker: 4000n }, { tie: 2000n }, tight)).toBe('每局最高投注 ¥50.00');
  });
});
