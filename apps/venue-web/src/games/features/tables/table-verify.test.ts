import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '@nebula/protocol/fair/bytes';
import { merkleProof, shoeLevels } from '@nebula/protocol/fair/merkle';
import { sha256 } from '@nebula/protocol/fair/sha256';
import { cardRank, cardSuit, drawShoe } from '@nebula/protocol/fair/shoe';
import type { TableRoundDetail, TableShoeView } from '@nebula/protocol/venue/games/tables-api';
import { checkRoundCards, checkShoe } from './table-verify';

// A chain of three links: s_2 is the shoe's seed (index 2), s_0 the published commitment.
const seedHex = '1b25637d1afdd85899bdd07036b1abbfa478a8656fcc113554cf40c012263648';
const s0 = bytesToHex(sha256(sha256(hexToBytes(seedHex))));
const shoe = drawShoe(hexToBytes(seedHex), 'LH1:7');
const levels = shoeLevels(shoe.cards, shoe.salts);
const root = bytesToHex(levels[levels.length - 1]![0]!);

/** The first 龙虎 round after the burn, as the venue reveals it. */
function detail(): TableRoundDetail {
  const positions = [shoe.burned, shoe.burned + 1];
  const cards = positions.map((position, i) => ({
    position,
    card: shoe.cards[position]!,
    rank: cardRank(shoe.cards[position]!),
    suit: cardSuit(shoe.cards[position]!),
    side: i === 0 ? ('dragon' as const) : ('tiger' as const),
  }));
  return {
    tableCode: 'LH1',
    merkleRoot: root,
    shoeSeed: null,
    round: {
      roundNo: '100',
      shoeNo: '7',
      handNo: 1,
      state: 'settled',
      opensAt: 0,
      bettingEndsAt: 0,
      zoneTotals: [],
      hand: {
        roundNo: '100',
        handNo: 1,
        winner: 'tie',
        bankerPair: false,
        playerPair: false,
        natural: false,
        bankerTotal: 0,
        playerTotal: 0,
        cards,
      },
    },
    revealed: positions.map((position) => ({
      position,
      card: shoe.cards[position]!,
      salt: shoe.salts[position]!,
      proof: merkleProof(levels, position),
    })),
  };
}

const shoeView = (seed: string | null): TableShoeView => ({
  shoeNo: '7',
  chainId: 'LH1-1',
  chainIndex: 2,
  commitment: s0,
  merkleRoot: root,
  startedAt: 0,
  endedAt: seed ? 1 : null,
  burnCard: shoe.cards[0]!,
  cardsUsed: shoe.burned + 2,
  cardsLeft: 416 - shoe.burned - 2,
  seed,
});

describe('公平验证 of a table round', () => {
  it('walks each revealed card up its proof to the shoe’s root', () => {
    const c = checkRoundCards(detail());
    expect(c.cards).toHaveLength(2);
    expect(c.cards.every((x) => x.ok)).toBe(true);
    expect(c.handMatches).toBe(true);
    expect(c.allOk).toBe(true);
  });

  it('fails a changed card, a changed salt and a hand that is not the revealed cards', () => {
    const changed = detail();
    changed.revealed[0]!.card = (changed.revealed[0]!.card + 1) % 416;
    const c = checkRoundCards(changed);
    expect(c.cards[0]!.ok).toBe(false);
    expect(c.handMatches).toBe(false);
    expect(c.allOk).toBe(false);
    const salted = detail();
    salted.revealed[1]!.salt = '00000000';
    expect(checkRoundCards(salted).cards[1]!.ok).toBe(false);
    const swapped = detail();
    swapped.round.hand!.cards[0]!.card = swapped.revealed[1]!.card;
    expect(checkRoundCards(swapped).handMatches).toBe(false);
  });

  it('deals the whole shoe again from the revealed seed and walks it back to s₀', () => {
    const used = detail().revealed.map((r) => ({ position: r.position, card: r.card }));
    expect(checkShoe('LH1', shoeView(null), used)).toBeNull();
    const ok = checkShoe('LH1', shoeView(seedHex), used)!;
    expect(ok).toMatchObject({ message: 'LH1:7', rootOk: true, usedOk: true, chainOk: true });
    expect(ok.cards).toEqual(shoe.cards);
    // Another table's message deals another shoe; a wrong used card is caught.
    expect(checkShoe('LH2', shoeView(seedHex), used)!.rootOk).toBe(false);
    const wrong = [{ position: used[0]!.position, card: (used[0]!.card + 1) % 416 }];
    expect(checkShoe('LH1', shoeView(seedHex), wrong)!.usedOk).toBe(false);
    expect(checkShoe('LH1', { ...shoeView(seedHex), chainIndex: 3 }, used)!.chainOk).toBe(false);
  });
});
