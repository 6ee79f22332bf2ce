import type { LotteryPaytable } from '@nebula/protocol/venue/games/pk10-paytable';
import {
  SSC_POSITION_NAMES,
  SSC_THREE_KINDS,
  sscOdds,
  sscPickLabel,
  type SscBetType,
} from '@nebula/protocol/venue/games/ssc-paytable';
import { cellKey, type LotteryBet, type LotteryBoard } from './lottery-board';

/**
 * 极速时时彩's board from its paytable: 定位 (a digit at 万 千 百 十 个), 总和 大小单双 (大 23–45),
 * 龙虎和 (万 against 个), and 前三/中三/后三 豹子 顺子 对子 半顺 杂六 (digits cyclic).
 */
const names: Record<SscBetType, string> = {
  position: '定位',
  sum_big: '总和',
  sum_small: '总和',
  sum_odd: '总和',
  sum_even: '总和',
  dragon: '龙虎和',
  tiger: '龙虎和',
  tie: '龙虎和',
  front3: '前三',
  mid3: '中三',
  back3: '后三',
};
const sideLabel: Partial<Record<SscBetType, string>> = {
  sum_big: '大',
  sum_small: '小',
  sum_odd: '单',
  sum_even: '双',
  dragon: '龙',
  tiger: '虎',
  tie: '和',
};

export function sscBoard(table: LotteryPaytable<SscBetType>): LotteryBoard {
  const odds = (t: SscBetType, pick: string) => sscOdds(table, t, pick);
  const side = (t: SscBetType) => ({
    key: cellKey(t, ''),
    label: sideLabel[t]!,
    oddsMilli: odds(t, ''),
  });
  return {
    gameCode: 'JSSSC',
    plays: [
      {
        id: 'position',
        name: '定位',
        hint: '选某一位的数字，该位开出所选数字即中；每个号码一注',
        oddsMilli: odds('position', '1:0'),
        groups: SSC_POSITION_NAMES.map((name, i) => ({
          title: name,
          cells: Array.from({ length: 10 }, (_, d) => ({
            key: cellKey('position', `${i + 1}:${d}`),
            label: String(d),
            oddsMilli: null,
          })),
        })),
      },
      {
        id: 'sum',
        name: '总和',
        hint: '五个数字之和：大 23–45，小 0–22，单双看总和',
        oddsMilli: odds('sum_big', ''),
        groups: [
          {
            title: null,
            cells: (['sum_big', 'sum_small', 'sum_odd', 'sum_even'] as const).map(side),
          },
        ],
      },
      {
        id: 'dt',
        name: '龙虎和',
        hint: '万位对个位：万位大为龙，个位大为虎，相同为和（龙虎遇和不中）',
        oddsMilli: null,
        groups: [{ title: null, cells: (['dragon', 'tiger', 'tie'] as const).map(side) }],
      },
      {
        id: 'three',
        name: '前中后三',
        hint: '三个数字（9 与 0 相邻）：豹子三同，顺子三连，对子两同，半顺两个相邻，杂六其余',
        oddsMilli: null,
        groups: (['front3', 'mid3', 'back3'] as const).map((t) => ({
          title: names[t],
          cells: SSC_THREE_KINDS.map((k) => ({
            key: cellKey(t, k),
            label: sscPickLabel(t, k),
            oddsMilli: odds(t, k),
          })),
        })),
      },
    ],
    describe: (b: LotteryBet) => {
      const t = b.betType as SscBetType;
      return {
        name: names[t] ?? b.betType,
        label: sideLabel[t] ?? sscPickLabel(t, b.pick),
        oddsMilli: odds(t, b.pick),
      };
    },
  };
}
