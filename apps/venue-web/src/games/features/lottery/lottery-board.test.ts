import { describe, expect, it } from 'vitest';
import {
  PK10_PAYTABLE_V1,
  pk10PickValid,
  type Pk10BetType,
} from '@nebula/protocol/venue/games/pk10-paytable';
import {
  SSC_PAYTABLE_V1,
  sscPickValid,
  type SscBetType,
} from '@nebula/protocol/venue/games/ssc-paytable';
import { outcomeSummary } from '../../lib/outcome';
import { cellKey, lotteryBets, lotteryQuickPick } from './lottery-board';
import { pk10Board } from './pk10-board';
import { sscBoard } from './ssc-board';

const pk10 = pk10Board(PK10_PAYTABLE_V1);
const ssc = sscBoard(SSC_PAYTABLE_V1);

describe('the PK10 and 时时彩 boards', () => {
  it('offer only bets the paytable accepts, each with its odds', () => {
    let n = 0;
    for (const play of pk10.plays) {
      const keys = play.groups.flatMap((g) => g.cells.map((c) => c.key));
      for (const b of lotteryBets(pk10, play.id, keys)) {
        expect(pk10PickValid(b.betType as Pk10BetType, b.pick), `${b.betType} ${b.pick}`).toBe(
          true,
        );
        expect(pk10.describe(b).oddsMilli).not.toBeNull();
        n += 1;
      }
    }
    // 定位胆 100, 大小单双 40, 龙虎 10, 冠亚和 17 + 2.
    expect(n).toBe(169);
    n = 0;
    for (const play of ssc.plays) {
      const keys = play.groups.flatMap((g) => g.cells.map((c) => c.key));
      for (const b of lotteryBets(ssc, play.id, keys)) {
        expect(sscPickValid(b.betType as SscBetType, b.pick), `${b.betType} ${b.pick}`).toBe(true);
        expect(ssc.describe(b).oddsMilli).not.toBeNull();
        n += 1;
      }
    }
    // 定位 50, 总和 4, 龙虎和 3, 前中后三 15.
    expect(n).toBe(72);
  });

  it('counts 注数 as the cells chosen on the play shown, in board order', () => {
    const chosen = [
      cellKey('position', '1:7'),
      cellKey('gy_sum', '11'),
      cellKey('position', '3:2'),
    ];
    expect(lotteryBets(pk10, 'position', chosen)).toEqual([
      { betType: 'position', pick: '1:7' },
      { betType: 'position', pick: '3:2' },
    ]);
    expect(lotteryBets(pk10, 'gy', chosen)).toEqual([{ betType: 'gy_sum', pick: '11' }]);
    expect(pk10.describe({ betType: 'position', pick: '1:7' })).toEqual({
      name: '定位胆',
      label: '冠军 7号',
      oddsMilli: 9700,
    });
    expect(pk10.describe({ betType: 'gy_sum', pick: '11' }).oddsMilli).toBe(8730);
    expect(pk10.describe({ betType: 'dragon', pick: '2' }).label).toBe('亚军 对 第九名 龙');
    expect(pk10.describe({ betType: 'gy_big', pick: '' })).toEqual({
      name: '冠亚和',
      label: '大',
      oddsMilli: 2180,
    });
    expect(ssc.describe({ betType: 'mid3', pick: 'half_straight' })).toEqual({
      name: '中三',
      label: '半顺',
      oddsMilli: 2690,
    });
    expect(ssc.describe({ betType: 'tie', pick: '' }).oddsMilli).toBe(9700);
  });

  it('机选 takes one cell of the play from the random source given', () => {
    expect(lotteryQuickPick(pk10, 'position', () => 0)).toEqual(['position|1:1']);
    expect(lotteryQuickPick(pk10, 'position', () => 0.999)).toEqual(['position|10:10']);
    expect(lotteryQuickPick(ssc, 'three', () => 0.5)).toHaveLength(1);
    for (const board of [pk10, ssc])
      for (const play of board.plays)
        expect(lotteryBets(board, play.id, lotteryQuickPick(board, play.id))).toHaveLength(1);
  });
});

describe('the line under an outcome', () => {
  it('reads each game by its rules', () => {
    expect(outcomeSummary('dice', [1, 2, 5])).toBe('和值 8 · 小 双');
    expect(outcomeSummary('dice', [4, 4, 4])).toBe('和值 12 · 豹子');
    // 冠亚和 3 + 9 = 12 大 双; 龙虎: 3>1, 9<10, 2<6, 8>7, 4<5.
    expect(outcomeSummary('cars', [3, 9, 2, 8, 4, 5, 7, 6, 10, 1])).toBe(
      '冠亚和 12 · 大 双 · 龙虎虎龙虎',
    );
    expect(outcomeSummary('digits', [9, 0, 5, 4, 9])).toBe('总和 27 · 大 单 · 和');
    expect(outcomeSummary('digits', [0, 0, 0, 0, 1])).toBe('总和 1 · 小 单 · 虎');
  });
});
