import { describe, expect, it } from 'vitest';
import { drawShoe, cardRank, cardSuit, SHOE_CARDS } from '../../../fair/shoe';
import { merkleProof, merkleRoot, shoeLevels, verifyMerkleProof } from '../../../fair/merkle';
import { sha256 } from '../../../fair/sha256';
import { utf8Encode } from '../../../fair/bytes';
import {
  bankerDraws,
  baccaratReturnMilli,
  dealBaccarat,
  playBaccarat,
  type BaccaratHand,
} from './baccarat';
import { dragonTigerReturnMilli, playDragonTiger } from './dragon-tiger';
import { tableEdges } from './table-edges';

const seed = sha256(utf8Encode('nebula tables test shoe'));

describe('the shoe', () => {
  const shoe = drawShoe(seed, 'BAC1:1');

  it('is a permutation of 416 cards with a cut, salts and a burn from its first card', () => {
    expect([...shoe.cards].sort((a, b) => a - b)).toEqual(
      Array.from({ length: SHOE_CARDS }, (_, c) => c),
    );
    expect([0, 1, 2]).toContain(shoe.cut);
    expect(shoe.cutIndex).toBe(416 - (14 + shoe.cut));
    expect(shoe.salts).toHaveLength(416);
    for (const s of shoe.salts) expect(s).toMatch(/^[0-9a-f]{8}$/);
    expect(shoe.burned).toBe(1 + Math.min(cardRank(shoe.cards[0]!), 10));
    expect(drawShoe(seed, 'BAC1:1').cards).toEqual(shoe.cards);
    expect(drawShoe(seed, 'BAC1:2').cards).not.toEqual(shoe.cards);
  });

  it('reads ranks and suits from the card number', () => {
    expect([cardRank(0), cardRank(12), cardRank(13), cardRank(415)]).toEqual([1, 13, 1, 13]);
    expect([cardSuit(0), cardSuit(13), cardSuit(51), cardSuit(52)]).toEqual([0, 1, 3, 0]);
  });

  it('proves each card against the root, and a changed card or salt fails', () => {
    const levels = shoeLevels(shoe.cards, shoe.salts);
    const root = merkleRoot(levels[0]!);
    for (const position of [0, 1, 200, 414, 415]) {
      const proof = merkleProof(levels, position);
      const card = shoe.cards[position]!;
      const salt = shoe.salts[position]!;
      expect(verifyMerkleProof(position, card, salt, proof, root)).toBe(true);
      expect(verifyMerkleProof(position, (card + 1) % 416, salt, proof, root)).toBe(false);
      expect(verifyMerkleProof(position, card, '00000000', proof, root)).toBe(salt === '00000000');
      expect(verifyMerkleProof(position + 1, card, salt, proof, root)).toBe(false);
    }
  });

  it('carries an odd last node up unchanged', () => {
    const levels = shoeLevels([5, 6, 7], ['00000001', '00000002', '00000003']);
    expect(levels.map((l) => l.length)).toEqual([3, 2, 1]);
    expect(levels[1]![1]).toEqual(levels[0]![2]);
    expect(merkleProof(levels, 2)).toHaveLength(1);
  });
});

/** The standard banker third-card table: the player's third card values on which the banker draws. */
const BANKER_DRAWS_ON: Record<number, number[]> = {
  0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  1: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  2: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  3: [0, 1, 2, 3, 4, 5, 6, 7, 9],
  4: [2, 3, 4, 5, 6, 7],
  5: [4, 5, 6, 7],
  6: [6, 7],
  7: [],
};

const deal = (...ranks: number[]) => {
  let i = 0;
  return playBaccarat(() => ranks[i++]!);
};

describe('百家乐', () => {
  it('follows the third-card table case by case', () => {
    for (let bt = 0; bt <= 7; bt++) {
      for (let p3 = 0; p3 <= 9; p3++) {
        expect(bankerDraws(bt, p3), `banker ${bt}, player's third ${p3}`).toBe(
          BANKER_DRAWS_ON[bt]!.includes(p3),
        );
      }
      expect(bankerDraws(bt, null)).toBe(bt <= 5);
    }
  });

  it('stands on naturals, draws the player on 0–5, and pays each zone', () => {
    const natural = deal(9, 13, 13, 5); // P 9+K = 9, B K+5 = 5: natural, no draws
    expect([natural.player.length, natural.banker.length, natural.winner]).toEqual([
      2,
      2,
      'player',
    ]);
    const draws = deal(2, 3, 1, 10, 4, 12); // P 3 draws 4 → 7; B 3 sees 4 → draws Q → 3
    expect([draws.playerTotal, draws.bankerTotal, draws.winner]).toEqual([7, 3, 'player']);
    const six = deal(10, 3, 10, 3, 1); // P 0 draws A → 1; B 6 sees 1 → stands on 6
    expect([six.bankerTotal, six.winner, six.bankerPair, six.playerPair]).toEqual([
      6,
      'banker',
      true,
      true,
    ]);
    expect(baccaratReturnMilli('banker', six, false)).toBe(1950);
    expect(baccaratReturnMilli('banker', six, true)).toBe(1500);
    expect(baccaratReturnMilli('banker_pair', six, false)).toBe(12_000);
    const tie: BaccaratHand = deal(7, 7, 13, 13);
    expect([tie.winner, tie.playerPair]).toEqual(['tie', false]);
    expect(baccaratReturnMilli('banker', tie, false)).toBe(1000);
    expect(baccaratReturnMilli('player', tie, false)).toBe(1000);
    expect(baccaratReturnMilli('tie', tie, false)).toBe(9000);
    const tenKing = deal(10, 1, 13, 1);
    expect(tenKing.playerPair).toBe(false);
  });

  it('deals a whole shoe from its cards without running out before the cut', () => {
    const shoe = drawShoe(seed, 'BAC1:7');
    let at = shoe.burned;
    let hands = 0;
    while (at <= shoe.cutIndex) {
      const { used } = dealBaccarat(shoe.cards, at);
      expect(used).toBeGreaterThanOrEqual(4);
      expect(used).toBeLessThanOrEqual(6);
      at += used;
      hands += 1;
    }
    expect(hands).toBeGreaterThan(50);
  });
});

describe('龙虎', () => {
  it('K high, A low; half back on a tie; 和 8:1', () => {
    expect(playDragonTiger(13, 1).winner).toBe('dragon');
    expect(playDragonTiger(1, 2).winner).toBe('tiger');
    const tie = playDragonTiger(5, 5);
    expect(dragonTigerReturnMilli('dragon', tie)).toBe(500);
    expect(dragonTigerReturnMilli('tie', tie)).toBe(9000);
    expect(dragonTigerReturnMilli('tiger', playDragonTiger(1, 2))).toBe(2000);
  });
});

describe('published edges by exact enumeration', () => {
  it('reproduces every edge to 1e-6', () => {
    const e = tableEdges();
    const close = (x: number, percent: number) =>
      expect(Math.abs(x - percent / 100)).toBeLessThan(1e-6);
    close(e.baccarat.banker, 1.0579);
    close(e.baccarat.player, 1.2351);
    close(e.baccarat.tie, 14.3596);
    close(e.baccarat.banker_pair, 10.3614);
    close(e.baccarat.player_pair, 10.3614);
    close(e.noCommission.banker, 1.4581);
    close(e.dragonTiger.dragon, 3.7349);
    close(e.dragonTiger.tiger, 3.7349);
    close(e.dragonTiger.tie, 32.7711);
    expect(e.dragonTiger.tie).toBeCloseTo(136 / 415, 12);
  });
});
