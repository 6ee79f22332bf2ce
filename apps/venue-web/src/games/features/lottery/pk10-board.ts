import {
  PK10_POSITION_NAMES,
  pk10Odds,
  pk10PickLabel,
  type LotteryPaytable,
  type Pk10BetType,
} from '@nebula/protocol/venue/games/pk10-paytable';
import { cellKey, type LotteryBoard, type LotteryBet } from './lottery-board';

/**
 * 极速PK10's board from its paytable: 定位胆 (a car at a position), each position's 大小单双
 * (大 6–10), 龙虎 of positions 1–5 (position k against 11 − k), 冠亚和 values 3–19 and its 大小.
 */
const POS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const names: Record<Pk10BetType, string> = {
  position: '定位胆',
  pos_big: '大小单双',
  pos_small: '大小单双',
  pos_odd: '大小单双',
  pos_even: '大小单双',
  dragon: '龙虎',
  tiger: '龙虎',
  gy_sum: '冠亚和',
  gy_big: '冠亚和',
  gy_small: '冠亚和',
};
const sideLabel: Partial<Record<Pk10BetType, string>> = {
  pos_big: '大',
  pos_small: '小',
  pos_odd: '单',
  pos_even: '双',
  dragon: '龙',
  tiger: '虎',
  gy_big: '大',
  gy_small: '小',
};

export function pk10Board(table: LotteryPaytable<Pk10BetType>): LotteryBoard {
  const odds = (t: Pk10BetType, pick: string) => pk10Odds(table, t, pick);
  const sides = (types: Pk10BetType[], pick: string) =>
    types.map((t) => ({ key: cellKey(t, pick), label: sideLabel[t]!, oddsMilli: null }));
  return {
    gameCode: 'JSPK10',
    plays: [
      {
        id: 'position',
        name: '定位胆',
        hint: '选某一名次的车号，该名次开出所选车号即中；每个号码一注',
        oddsMilli: odds('position', '1:1'),
        groups: POS.map((p) => ({
          title: PK10_POSITION_NAMES[p - 1]!,
          cells: POS.map((c) => ({
            key: cellKey('position', `${p}:${c}`),
            label: String(c),
            oddsMilli: null,
          })),
        })),
      },
      {
        id: 'bsoe',
        name: '大小单双',
        hint: '某一名次的车号：大 6–10，小 1–5，单双看车号',
        oddsMilli: odds('pos_big', '1'),
        groups: POS.map((p) => ({
          title: PK10_POSITION_NAMES[p - 1]!,
          cells: sides(['pos_big', 'pos_small', 'pos_odd', 'pos_even'], String(p)),
        })),
      },
      {
        id: 'dt',
        name: '龙虎',
        hint: '第 k 名对第 11−k 名：车号大者为龙，小者为虎',
        oddsMilli: odds('dragon', '1'),
        groups: [1, 2, 3, 4, 5].map((p) => ({
          title: `${PK10_POSITION_NAMES[p - 1]} 对 ${PK10_POSITION_NAMES[10 - p]}`,
          cells: sides(['dragon', 'tiger'], String(p)),
        })),
      },
      {
        id: 'gy',
        name: '冠亚和',
        hint: '冠军与亚军车号之和：猜和值，或 大 ≥ 12、小 ≤ 11',
        oddsMilli: null,
        groups: [
          {
            title: '和值',
            cells: Array.from({ length: 17 }, (_, i) => String(i + 3)).map((s) => ({
              key: cellKey('gy_sum', s),
              label: s,
              oddsMilli: odds('gy_sum', s),
            })),
          },
          {
            title: '大小',
            cells: (['gy_big', 'gy_small'] as const).map((t) => ({
              key: cellKey(t, ''),
              label: sideLabel[t]!,
              oddsMilli: odds(t, ''),
            })),
          },
        ],
      },
    ],
    describe: (b: LotteryBet) => {
      const t = b.betType as Pk10BetType;
      const side = sideLabel[t];
      const where = pk10PickLabel(t, b.pick);
      return {
        name: names[t] ?? b.betType,
        label: side ? `${where ? `${where} ` : ''}${side}` : where,
        oddsMilli: odds(t, b.pick),
      };
    },
  };
}
