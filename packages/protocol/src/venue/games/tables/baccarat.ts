import { cardRank } from '../../../fair/shoe';

/**
 * 百家乐 (punto banco) on an 8-deck shoe (docs/contract.md §10.12): card values A = 1, 2–9, 10 J Q K = 0;
 * a natural 8 or 9 on either side stands both; the player draws on 0–5; the banker follows the
 * third-card table. Deal order P1 B1 P2 B2, then P3 and B3 when the rules call for them.
 */

export const BACCARAT_ZONES = ['banker', 'player', 'tie', 'banker_pair', 'player_pair'] as const;
export type BaccaratZone = (typeof BACCARAT_ZONES)[number];
export const BACCARAT_ZONE_NAMES: Record<BaccaratZone, string> = {
  banker: '庄',
  player: '闲',
  tie: '和',
  banker_pair: '庄对',
  player_pair: '闲对',
};

/** A rank's baccarat value: A = 1, 2–9, 10 J Q K = 0. */
export const baccaratValue = (rank: number): number => (rank >= 10 ? 0 : rank);

/**
 * Whether the banker draws a third card, from the banker's two-card total and the player's third
 * card's value (null when the player stood).
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

export interface BaccaratHand {
  /** Ranks 1–13 as dealt. */
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'banker' | 'player' | 'tie';
  playerPair: boolean;
  bankerPair: boolean;
}

const total = (ranks: readonly number[]) => ranks.reduce((s, r) => s + baccaratValue(r), 0) % 10;

/** Plays one hand from ranks in dealing order; `next` gives the next rank. */
export function playBaccarat(next: () => number): BaccaratHand {
  const p1 = next();
  const b1 = next();
  const p2 = next();
  const b2 = next();
  const player = [p1, p2];
  const banker = [b1, b2];
  const natural = total(player) >= 8 || total(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (total(player) <= 5) {
      const p3 = next();
      player.push(p3);
      playerThird = baccaratValue(p3);
    }
    if (bankerDraws(total(banker), playerThird)) banker.push(next());
  }
  const playerTotal = total(player);
  const bankerTotal = total(banker);
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: playerTotal === bankerTotal ? 'tie' : bankerTotal > playerTotal ? 'banker' : 'player',
    playerPair: p1 === p2,
    bankerPair: b1 === b2,
  };
}

/** Deals one hand from a shoe's cards starting at `position`; answers the hand and the cards used. */
export function dealBaccarat(
  cards: readonly number[],
  position: number,
): { hand: BaccaratHand; used: number } {
  let at = position;
  const hand = playBaccarat(() => {
    const card = cards[at];
    if (card === undefined) throw new RangeError('the shoe ran out of cards');
    at += 1;
    return cardRank(card);
  });
  return { hand, used: at - position };
}

/**
 * What a zone returns per unit staked, in thousandths, stake included: 庄 0.95:1 (免佣: 1:1, or
 * 1:2 on a banker win with 6), 闲 1:1, both pushed on a tie; 和 8:1; 庄对 / 闲对 11:1.
 */
export function baccaratReturnMilli(
  zone: BaccaratZone,
  hand: BaccaratHand,
  noCommission: boolean,
): number {
  switch (zone) {
    case 'banker':
      if (hand.winner === 'tie') return 1000;
      if (hand.winner !== 'banker') return 0;
      if (!noCommission) return 1950;
      return hand.bankerTotal === 6 ? 1500 : 2000;
    case 'player':
      return hand.winner === 'player' ? 2000 : hand.winner === 'tie' ? 1000 : 0;
    case 'tie':
      return hand.winner === 'tie' ? 9000 : 0;
    case 'banker_pair':
      return hand.bankerPair ? 12_000 : 0;
    case 'player_pair':
      return hand.playerPair ? 12_000 : 0;
  }
}
