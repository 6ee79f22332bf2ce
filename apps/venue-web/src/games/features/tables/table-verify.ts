import { bytesToHex, hexToBytes, isHex } from '@nebula/protocol/fair/bytes';
import { verifyChainLink } from '@nebula/protocol/fair/hash-chain';
import { merkleLeaf, shoeLevels, verifyMerkleProof } from '@nebula/protocol/fair/merkle';
import { drawShoe } from '@nebula/protocol/fair/shoe';
import type {
  RevealedCard,
  TableRoundDetail,
  TableShoeView,
} from '@nebula/protocol/venue/games/tables-api';

/**
 * 公平验证 of a table round in the browser (docs/contract.md §10.12): each revealed card's leaf,
 * SHA-256 of `{position}:{card}:{salt}`, is hashed here and walked up its proof to the Merkle
 * root the venue published when the shoe started; the hand's cards must be exactly the revealed
 * ones. After the shoe ends its seed is revealed: the whole shoe is dealt again here from it
 * (`tableCode:shoeNo`), its root recomputed, and the seed walked back to the chain's s_0.
 */
export interface CardCheck {
  position: number;
  card: number;
  salt: string;
  leaf: string;
  /** The proof leads to the published root. */
  ok: boolean;
}

export interface RoundCardsCheck {
  cards: CardCheck[];
  /** Every card of the hand is among the revealed ones, at its position. */
  handMatches: boolean;
  allOk: boolean;
}

export function checkRoundCards(detail: TableRoundDetail): RoundCardsCheck {
  const cards = detail.revealed.map((r: RevealedCard) => ({
    position: r.position,
    card: r.card,
    salt: r.salt,
    leaf: bytesToHex(merkleLeaf(r.position, r.card, r.salt)),
    ok: verifyMerkleProof(r.position, r.card, r.salt, r.proof, detail.merkleRoot),
  }));
  const at = new Map(cards.map((c) => [c.position, c.card]));
  const hand = detail.round.hand?.cards ?? [];
  const handMatches = hand.length > 0 && hand.every((c) => at.get(c.position) === c.card);
  return { cards, handMatches, allOk: handMatches && cards.every((c) => c.ok) };
}

export interface ShoeCheck {
  message: string;
  /** The root of the shoe dealt here from the seed. */
  root: string;
  rootOk: boolean;
  /** Every used position the venue lists holds the card dealt here. */
  usedOk: boolean;
  /** The seed walks back to the chain's s_0 in `chainIndex` hashes. */
  chainOk: boolean;
  cards: number[];
}

/** The whole shoe from its revealed seed, compared with what the venue published. */
export function checkShoe(
  tableCode: string,
  shoe: TableShoeView,
  used: readonly { position: number; card: number }[],
): ShoeCheck | null {
  if (!shoe.seed || !isHex(shoe.seed) || shoe.seed.length !== 64) return null;
  const message = `${tableCode}:${shoe.shoeNo}`;
  const seed = hexToBytes(shoe.seed);
  const dealt = drawShoe(seed, message);
  const levels = shoeLevels(dealt.cards, dealt.salts);
  const root = bytesToHex(levels[levels.length - 1]![0]!);
  const link = isHex(shoe.commitment)
    ? verifyChainLink(seed, shoe.chainIndex, hexToBytes(shoe.commitment), 0)
    : { ok: false };
  return {
    message,
    root,
    rootOk: root === shoe.merkleRoot,
    usedOk: used.every((u) => dealt.cards[u.position] === u.card),
    chainOk: link.ok,
    cards: dealt.cards,
  };
}
