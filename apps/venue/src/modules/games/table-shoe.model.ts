import {
  bytesToHex,
  cardRank,
  cardSuit,
  drawShoe,
  merkleProof,
  roundMessage,
  shoeLevels,
  type MerkleStep,
  type Shoe,
} from '@nebula/protocol';
import type { DealtCard, TableHandView } from '@nebula/protocol/venue/games/tables-api';
import type { TableKind, TableZone } from '@nebula/protocol/venue/games/tables-zones';
import {
  baccaratReturnMilli,
  dealBaccarat,
  dealDragonTiger,
  dragonTigerReturnMilli,
  type BaccaratHand,
} from '@nebula/protocol/venue/games/tables/index';

/**
 * A table's shoe as the venue deals it (docs/contract.md §10.12): drawn from the shoe's chain
 * element with message `tableCode:shoeNo`, its Merkle tree over the 416 positions, and hands
 * dealt from a fixed start position — so a round dealt late, or again after a crash, gets the
 * same cards.
 */
export interface TableShoe {
  shoe: Shoe;
  levels: Uint8Array[][];
  root: string;
}

export function buildTableShoe(seed: Uint8Array, tableCode: string, shoeNo: string): TableShoe {
  const shoe = drawShoe(seed, roundMessage(tableCode, shoeNo));
  const levels = shoeLevels(shoe.cards, shoe.salts);
  return { shoe, levels, root: bytesToHex(levels[levels.length - 1]![0]!) };
}

/** A dealt hand as stored on its round (the view without the round's numbers). */
export type StoredHand = Omit<TableHandView, 'roundNo' | 'handNo'>;

const dealt = (position: number, card: number, side: DealtCard['side']): DealtCard => ({
  position,
  card,
  rank: cardRank(card),
  suit: cardSuit(card),
  side,
});

/** Deals one hand from `position`; answers it and the number of cards it used. */
export function dealHand(
  kind: TableKind,
  cards: readonly number[],
  position: number,
): { hand: StoredHand; used: number } {
  if (kind === 'dragon_tiger') {
    const { hand, used } = dealDragonTiger(cards, position);
    return {
      used,
      hand: {
        winner: hand.winner,
        bankerPair: false,
        playerPair: false,
        natural: false,
        bankerTotal: hand.dragon,
        playerTotal: hand.tiger,
        cards: [
          dealt(position, cards[position]!, 'dragon'),
          dealt(position + 1, cards[position + 1]!, 'tiger'),
        ],
      },
    };
  }
  const { hand, used } = dealBaccarat(cards, position);
  // Deal order P1 B1 P2 B2, then P3 and B3 as drawn.
  const sides: DealtCard['side'][] = ['player', 'banker', 'player', 'banker'];
  if (hand.player.length === 3) sides.push('player');
  if (hand.banker.length === 3) sides.push('banker');
  const twoCard = (ranks: number[]) =>
    ranks.slice(0, 2).reduce((s, r) => s + (r >= 10 ? 0 : r), 0) % 10;
  return {
    used,
    hand: {
      winner: hand.winner,
      bankerPair: hand.bankerPair,
      playerPair: hand.playerPair,
      natural: twoCard(hand.player) >= 8 || twoCard(hand.banker) >= 8,
      bankerTotal: hand.bankerTotal,
      playerTotal: hand.playerTotal,
      cards: sides.map((side, i) => dealt(position + i, cards[position + i]!, side)),
    },
  };
}

/** What a zone returns per unit staked, in thousandths, stake included, for a dealt hand. */
export function zoneReturnMilli(
  kind: TableKind,
  noCommission: boolean,
  hand: StoredHand,
  zone: TableZone,
): number {
  if (kind === 'dragon_tiger') {
    if (zone !== 'dragon' && zone !== 'tiger' && zone !== 'tie') return 0;
    const winner = hand.winner === 'dragon' || hand.winner === 'tiger' ? hand.winner : 'tie';
    return dragonTigerReturnMilli(zone, {
      dragon: hand.bankerTotal,
      tiger: hand.playerTotal,
      winner,
    });
  }
  if (zone === 'dragon' || zone === 'tiger') return 0;
  const ranks = (side: DealtCard['side']) =>
    hand.cards.filter((c) => c.side === side).map((c) => c.rank);
  const b: BaccaratHand = {
    player: ranks('player'),
    banker: ranks('banker'),
    playerTotal: hand.playerTotal,
    bankerTotal: hand.bankerTotal,
    winner: hand.winner === 'banker' || hand.winner === 'player' ? hand.winner : 'tie',
    playerPair: hand.playerPair,
    bankerPair: hand.bankerPair,
  };
  return baccaratReturnMilli(zone, b, noCommission);
}

/** The odds shown on a zone's bet (its win, stake included), in thousandths. */
export function zoneOddsMilli(kind: TableKind, noCommission: boolean, zone: TableZone): number {
  if (zone === 'tie') return 9000;
  if (zone === 'banker_pair' || zone === 'player_pair') return 12_000;
  if (zone === 'banker' && kind === 'baccarat') return noCommission ? 2000 : 1950;
  return 2000;
}

/** A position's card, salt and path to the root. */
export function revealPosition(
  t: TableShoe,
  position: number,
): { position: number; card: number; salt: string; proof: MerkleStep[] } {
  return {
    position,
    card: t.shoe.cards[position]!,
    salt: t.shoe.salts[position]!,
    proof: merkleProof(t.levels, position),
  };
}

/** Whether a hand dealt from `start` with `used` cards reached the cut index: the shoe's last. */
export const reachesCut = (t: TableShoe, start: number, used: number): boolean =>
  start + used > t.shoe.cutIndex;
