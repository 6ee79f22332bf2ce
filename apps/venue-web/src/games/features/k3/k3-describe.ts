import { k3Odds, type K3BetType, type Paytable } from '@nebula/protocol/venue/games/k3-paytable';
import type { DescribeBet, SlipBet } from '../slip/slip';
import { pickLabel } from './k3-board';

const playNames: Record<string, string> = {
  sum: '和值',
  big: '大小单双',
  small: '大小单双',
  odd: '大小单双',
  even: '大小单双',
  triple_single: '三同号单选',
  triple_any: '三同号通选',
  pair_multi: '二同号复选',
  two_distinct: '二不同号',
  three_distinct: '三不同号',
  straight_any: '三连号通选',
};

/** A 快3 bet as the confirm sheet writes it. */
export function k3Describe(table: Paytable): DescribeBet {
  return (b: SlipBet) => ({
    name: playNames[b.betType] ?? b.betType,
    label: pickLabel(b.betType, b.pick),
    oddsMilli: k3Odds(table, b.betType as K3BetType, b.pick),
  });
}
