import { describe, expect, it } from 'vitest';
import { cardRank, hexToBytes, verifyMerkleProof } from '@nebula/protocol';
import { playBaccarat, playDragonTiger } from '@nebula/protocol/venue/games/tables/index';
import type { TableZone } from '@nebula/protocol/venue/games/tables-zones';
import { demoTableSettings, tableDefinition } from './tables-catalogue';
import type { TableRow } from './table.repository';
import { tablePayout, TableSettlementService } from './table-settlement.service';
import {
  buildTableShoe,
  dealHand,
  reachesCut,
  revealPosition,
  type StoredHand,
} from './table-shoe.model';
import type { GameBetRow } from '../bets/bet.service';

/**
 * A fixed shoe dealt to its cut card (docs/contract.md §10.12): each hand is the rules' hand
 * of its cards, the cards follow each other from the burn on, every dealt card's proof leads
 * to the root and a changed card does not; and the pays of each zone, exact in fen.
 */
const SEED = hexToBytes('5f'.repeat(32));
const table = (code: string): TableRow => {
  const def = tableDefinition(code)!;
  return { ...def, ...demoTableSettings(def.kind) };
};

function dealShoe(kind: 'baccarat' | 'dragon_tiger', code: string) {
  const t = buildTableShoe(SEED, code, '1');
  const hands: { hand: StoredHand; start: number; used: number }[] = [];
  let at = t.shoe.burned;
  for (;;) {
    const { hand, used } = dealHand(kind, t.shoe.cards, at);
    hands.push({ hand, start: at, used });
    const last = reachesCut(t, at, used);
    at += used;
    if (last) break;
  }
  return { t, hands, end: at };
}

describe('a fixed shoe dealt to the cut', () => {
  it('百家乐: every hand follows the rules, the last one deals the cut index', () => {
    const { t, hands, end } = dealShoe('baccarat', 'BAC1');
    expect(t.shoe.burned).toBe(1 + Math.min(cardRank(t.shoe.cards[0]!), 10));
    expect(hands.length).toBeGreaterThan(60);
    expect(end).toBeGreaterThan(t.shoe.cutIndex);
    expect(end - hands.at(-1)!.used).toBeLessThanOrEqual(t.shoe.cutIndex);
    for (const { hand, start, used } of hands) {
      expect(hand.cards.map((c) => c.position)).toEqual(
        Array.from({ length: used }, (_, i) => start + i),
      );
      let i = start;
      const rules = playBaccarat(() => cardRank(t.shoe.cards[i++]!));
      expect([hand.winner, hand.playerTotal, hand.bankerTotal]).toEqual([
        rules.winner,
        rules.playerTotal,
        rules.bankerTotal,
      ]);
      expect(hand.cards.filter((c) => c.side === 'player').map((c) => c.rank)).toEqual(
        rules.player,
      );
    }
  });

  it('龙虎: two cards a hand, K high', () => {
    const { t, hands } = dealShoe('dragon_tiger', 'LH1');
    for (const { hand, start } of hands) {
      const rules = playDragonTiger(
        cardRank(t.shoe.cards[start]!),
        cardRank(t.shoe.cards[start + 1]!),
      );
      expect(hand.winner).toBe(rules.winner);
    }
  });

  it('every dealt card proves against the root; a changed card or salt does not', () => {
    const { t, hands } = dealShoe('baccarat', 'BAC2');
    for (const { hand } of hands.slice(0, 20)) {
      for (const c of hand.cards) {
        const r = revealPosition(t, c.position);
        expect(r.card).toBe(c.card);
        expect(verifyMerkleProof(r.position, r.card, r.salt, r.proof, t.root)).toBe(true);
        expect(verifyMerkleProof(r.position, (r.card + 1) % 416, r.salt, r.proof, t.root)).toBe(
          false,
        );
        expect(verifyMerkleProof(r.position + 1, r.card, r.salt, r.proof, t.root)).toBe(false);
      }
    }
  });
});

const bHand = (over: Partial<StoredHand>, player: number[], banker: number[]): StoredHand => ({
  winner: 'banker',
  bankerPair: banker[0] === banker[1],
  playerPair: player[0] === player[1],
  natural: false,
  bankerTotal: 0,
  playerTotal: 0,
  cards: [
    ...player.map((rank, i) => ({
      position: i,
      card: rank - 1,
      rank,
      suit: 0,
      side: 'player' as const,
    })),
    ...banker.map((rank, i) => ({
      position: 9 + i,
      card: rank - 1,
      rank,
      suit: 0,
      side: 'banker' as const,
    })),
  ],
  ...over,
});

describe('pays in fen', () => {
  const stake = 10_000n; // 100.00
  const pay = (code: string, hand: StoredHand, zone: TableZone) =>
    tablePayout(table(code), hand, zone, stake);

  it('百家乐: 庄 0.95:1, 闲 1:1, pushed on a tie; 和 8:1; pairs 11:1', () => {
    const banker7 = bHand({ winner: 'banker', bankerTotal: 7, playerTotal: 5 }, [2, 3], [3, 4]);
    expect(pay('BAC1', banker7, 'banker')).toBe(19_500n);
    expect(pay('BAC1', banker7, 'player')).toBe(0n);
    expect(pay('BAC1', banker7, 'tie')).toBe(0n);
    const tie = bHand({ winner: 'tie', bankerTotal: 6, playerTotal: 6 }, [3, 3], [2, 4]);
    expect(pay('BAC1', tie, 'banker')).toBe(10_000n);
    expect(pay('BAC1', tie, 'player')).toBe(10_000n);
    expect(pay('BAC1', tie, 'tie')).toBe(90_000n);
    expect(pay('BAC1', tie, 'player_pair')).toBe(120_000n);
    expect(pay('BAC1', tie, 'banker_pair')).toBe(0n);
  });

  it('免佣: 庄 1:1, a banker win on 6 pays 1:2', () => {
    const six = bHand({ winner: 'banker', bankerTotal: 6, playerTotal: 5 }, [2, 3], [2, 4]);
    const seven = bHand({ winner: 'banker', bankerTotal: 7, playerTotal: 5 }, [2, 3], [3, 4]);
    expect(pay('BAC2', six, 'banker')).toBe(15_000n);
    expect(pay('BAC2', seven, 'banker')).toBe(20_000n);
  });

  it('龙虎: 1:1, half lost on a tie, 和 8:1', () => {
    const dt = (dragon: number, tiger: number): StoredHand => ({
      ...bHand({}, [], []),
      winner: dragon === tiger ? 'tie' : dragon > tiger ? 'dragon' : 'tiger',
      bankerTotal: dragon,
      playerTotal: tiger,
    });
    expect(pay('LH1', dt(13, 1), 'dragon')).toBe(20_000n);
    expect(pay('LH1', dt(13, 1), 'tiger')).toBe(0n);
    expect(pay('LH1', dt(5, 5), 'dragon')).toBe(5_000n);
    expect(pay('LH1', dt(5, 5), 'tiger')).toBe(5_000n);
    expect(pay('LH1', dt(5, 5), 'tie')).toBe(90_000n);
  });

  it('valid stake: a push counts nothing, a half loss its stake', () => {
    const s = new TableSettlementService(null as never, null as never, 1);
    const bet = (id: string, zone: string): GameBetRow =>
      ({ id, stake, selectionId: `g:LH1:1:${zone}:` }) as GameBetRow;
    const tie = bHand({ winner: 'tie', bankerTotal: 6, playerTotal: 6 }, [3, 3], [2, 4]);
    const ended = s.decide(table('BAC1'), tie, [bet('a', 'banker'), bet('b', 'tie')]);
    expect(ended.map((e) => [e.result, e.payout, e.validStake])).toEqual([
      ['push', 10_000n, 0n],
      ['won', 90_000n, stake],
    ]);
    const lh = { ...tie, winner: 'tie' as const, bankerTotal: 5, playerTotal: 5 };
    const half = s.decide(table('LH1'), lh, [bet('c', 'dragon')]);
    expect(half.map((e) => [e.result, e.payout, e.validStake])).toEqual([['lost', 5_000n, stake]]);
  });
});
