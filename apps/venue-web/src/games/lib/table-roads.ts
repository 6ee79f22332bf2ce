import type { TableHandView, TableView } from '@nebula/protocol/venue/games/tables-api';
import type { RoadHand } from '@nebula/protocol/venue/games/tables/roads';
import { BACCARAT_SIDES, DRAGON_TIGER_SIDES, type SideNames } from '../components/roads/road-views';

/** A dealt hand as the roads read it: 庄 / 龙 is side a, 闲 / 虎 side b (docs/contract.md §10.12). */
export function roadHand(h: TableHandView): RoadHand {
  const winner =
    h.winner === 'tie' ? 't' : h.winner === 'banker' || h.winner === 'dragon' ? 'a' : 'b';
  return { winner, bankerPair: h.bankerPair, playerPair: h.playerPair };
}

export const roadHands = (hands: readonly TableHandView[]): RoadHand[] => hands.map(roadHand);

export const sidesOf = (kind: TableView['kind']): SideNames =>
  kind === 'baccarat' ? BACCARAT_SIDES : DRAGON_TIGER_SIDES;

/** The round's state in the member's words at the venue's `now`. */
export function tableClock(
  table: TableView,
  now: number,
): {
  kind: 'betting' | 'sealed' | 'dealing' | 'settled' | 'voided' | 'closed' | 'waiting';
  left: number;
} {
  if (table.status === 'closed') return { kind: 'closed', left: 0 };
  const r = table.round;
  if (!r) return { kind: 'waiting', left: 0 };
  if (r.state === 'betting') {
    const left = Math.max(0, Math.ceil((r.bettingEndsAt - now) / 1000));
    return { kind: now < r.bettingEndsAt ? 'betting' : 'sealed', left };
  }
  return { kind: r.state, left: 0 };
}

export const CLOCK_TEXT: Record<ReturnType<typeof tableClock>['kind'], string> = {
  betting: '下注中',
  sealed: '已封盘',
  dealing: '发牌中',
  settled: '已派彩',
  voided: '本局作废',
  closed: '暂停',
  waiting: '等待开局',
};
