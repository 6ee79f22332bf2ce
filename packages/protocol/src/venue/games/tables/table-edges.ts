import { bankerDraws } from './baccarat';

/**
 * Each table bet's house edge by exact enumeration over the shoe's rank counts (docs/contract.md
 * §10.12's published edges): every way the cards of one hand can fall from a full 8-deck shoe, without
 * replacement, weighted by its probability. Shown on the rules page; asserted by the tests.
 */

const DECKS = 8;
const PER_RANK = 4 * DECKS;
const SHOE = 52 * DECKS;

export interface BaccaratOdds {
  banker: number;
  player: number;
  tie: number;
  /** The banker wins with a total of 6 (免佣 pays it 1:2). */
  bankerSix: number;
}

/** Probabilities of each result of one hand from a full shoe (values 0–9: 10 J Q K are 0). */
export function baccaratOdds(): BaccaratOdds {
  const counts = Array.from({ length: 10 }, (_, v) => (v === 0 ? 4 * PER_RANK : PER_RANK));
  let left = SHOE;
  const out: BaccaratOdds = { banker: 0, player: 0, tie: 0, bankerSix: 0 };
  const record = (pt: number, bt: number, p: number) => {
    if (pt === bt) out.tie += p;
    else if (bt > pt) {
      out.banker += p;
      if (bt === 6) out.bankerSix += p;
    } else out.player += p;
  };
  /** Draws one value, runs `then` with it and its probability, and puts it back. */
  const draw = (p: number, then: (v: number, p: number) => void) => {
    for (let v = 0; v < 10; v++) {
      if (counts[v] === 0) continue;
      const q = (p * counts[v]!) / left;
      counts[v]! -= 1;
      left -= 1;
      then(v, q);
      counts[v]! += 1;
      left += 1;
    }
  };
  draw(1, (p1, a) =>
    draw(a, (b1, b) =>
      draw(b, (p2, c) =>
        draw(c, (b2, d) => {
          const pt = (p1 + p2) % 10;
          const bt = (b1 + b2) % 10;
          if (pt >= 8 || bt >= 8) return record(pt, bt, d);
          if (pt <= 5) {
            draw(d, (p3, e) => {
              const pt3 = (pt + p3) % 10;
              if (bankerDraws(bt, p3)) draw(e, (b3, f) => record(pt3, (bt + b3) % 10, f));
              else record(pt3, bt, e);
            });
          } else if (bankerDraws(bt, null)) {
            draw(d, (b3, e) => record(pt, (bt + b3) % 10, e));
          } else record(pt, bt, d);
        }),
      ),
    ),
  );
  return out;
}

/** The first two cards of a side are the same rank (10 and K are no pair). */
export const PAIR_PROBABILITY = (13 * PER_RANK * (PER_RANK - 1)) / (SHOE * (SHOE - 1));
/** 龙虎: the second card has the first one's rank. */
export const DRAGON_TIGER_TIE_PROBABILITY = (PER_RANK - 1) / (SHOE - 1);

/** House edges as fractions (0.010579 is 1.0579 %), keyed by table kind and zone. */
export function tableEdges(): {
  baccarat: Record<'banker' | 'player' | 'tie' | 'banker_pair' | 'player_pair', number>;
  noCommission: Record<'banker', number>;
  dragonTiger: Record<'dragon' | 'tiger' | 'tie', number>;
} {
  const o = baccaratOdds();
  const pair = 1 - 12 * PAIR_PROBABILITY;
  const t = DRAGON_TIGER_TIE_PROBABILITY;
  const side = 1 - (2 * ((1 - t) / 2) + 0.5 * t);
  return {
    baccarat: {
      banker: 1 - (1.95 * o.banker + o.tie),
      player: 1 - (2 * o.player + o.tie),
      tie: 1 - 9 * o.tie,
      banker_pair: pair,
      player_pair: pair,
    },
    noCommission: {
      banker: 1 - (2 * (o.banker - o.bankerSix) + 1.5 * o.bankerSix + o.tie),
    },
    dragonTiger: { dragon: side, tiger: side, tie: 1 - 9 * t },
  };
}
