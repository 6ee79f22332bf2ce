import { cardRank } from '../../../fair/shoe';

/**
 * 龙虎 (docs/contract.md §10.12): one card each, 龙 first then 虎; K high, A low; 龙 / 虎 pay 1:1 and lose
 * half the stake on a tie; 和 pays 8:1.
 */

export const DRAGON_TIGER_ZONES = ['dragon', 'tiger', 'tie'] as const;
export type DragonTigerZone = (typeof DRAGON_TIGER_ZONES)[number];
export const DRAGON_TIGER_ZONE_NAMES: Record<DragonTigerZone, string> = {
  dragon: '龙',
  tiger: '虎',
  tie: '和',
};

export interface DragonTigerHand {
  dragon: number;
  tiger: number;
  winner: DragonTigerZone;
}

export function playDragonTiger(dragon: number, tiger: number): DragonTigerHand {
  return {
    dragon,
    tiger,
    winner: dragon === tiger ? 'tie' : dragon > tiger ? 'dragon' : 'tiger',
  };
}

export function dealDragonTiger(
  cards: readonly number[],
  position: number,
): { hand: DragonTigerHand; used: number } {
  const d = cards[position];
  const t = cards[position + 1];
  if (d === undefined || t === undefined) throw new RangeError('the shoe ran out of cards');
  return { hand: playDragonTiger(cardRank(d), cardRank(t)), used: 2 };
}

/** What a zone returns per unit staked, in thousandths, stake included. */
export function dragonTigerReturnMilli(zone: DragonTigerZone, hand: DragonTigerHand): number {
  if (zone === 'tie') return hand.winner === 'tie' ? 9000 : 0;
  if (hand.winner === 'tie') return 500;
  return hand.winner === zone ? 2000 : 0;
}
