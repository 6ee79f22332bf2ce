import { createStream, type FairTrace } from './byte-stream';

/**
 * A live table's 8-deck shoe from its chain element (docs/contract.md §10.12): card `c`
 * (0–415) has rank `(c mod 13) + 1` (1 = A, 11–13 = J Q K) and suit `floor(c / 13) mod 4`. From
 * the stream for (seed, `gameCode:shoeNo`), in this order: the 415 `int` calls of the
 * Fisher–Yates shuffle of `[0..415]`; `int(3)` for the cut; then 416 salts, the next 416
 * integers of the stream in position order, each as 8 lowercase hex digits.
 */

export const SHOE_CARDS = 416;

export const cardRank = (card: number): number => (card % 13) + 1;
export const cardSuit = (card: number): number => Math.floor(card / 13) % 4;

/** A card's face value for the burn: A = 1, 2–9 as printed, 10 J Q K = 10. */
export const burnValue = (card: number): number => Math.min(cardRank(card), 10);

export interface Shoe {
  /** The card at each position 0–415. */
  cards: number[];
  /** 0, 1 or 2. */
  cut: number;
  /** The salt of each position: 8 lowercase hex digits. */
  salts: string[];
  /**
   * Cards burned at the start: the first card (face up) and as many more as its burn value, so
   * dealing starts at position `burned`.
   */
  burned: number;
  /** `416 − (14 + cut)`: the round during which this position is dealt is the shoe's last. */
  cutIndex: number;
  trace: FairTrace | null;
}

export function drawShoe(seed: Uint8Array, message: string, withTrace = false): Shoe {
  const stream = createStream(seed, message, withTrace);
  const cards = stream.shuffle(Array.from({ length: SHOE_CARDS }, (_, c) => c));
  const cut = stream.int(3);
  const salts = cards.map(() => stream.nextUint32().toString(16).padStart(8, '0'));
  return {
    cards,
    cut,
    salts,
    burned: 1 + burnValue(cards[0]!),
    cutIndex: SHOE_CARDS - (14 + cut),
    trace: stream.trace,
  };
}
