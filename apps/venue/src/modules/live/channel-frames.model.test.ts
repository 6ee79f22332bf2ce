import { describe, expect, it } from 'vitest';
import type { TableRoundView } from '@nebula/protocol/venue/games/tables-api';
import type { RoundView } from '@nebula/protocol/venue/games/games';
import { channelFrames } from './channel-frames.model';

/** The diff of two looks at a channel (docs/contract.md §10.11): every step told, in order. */
const card = (position: number) => ({
  position,
  card: position,
  rank: 1,
  suit: 0,
  side: 'dragon' as const,
});
const round = (patch: Partial<TableRoundView> = {}): TableRoundView => ({
  roundNo: '5',
  shoeNo: '1',
  handNo: 5,
  state: 'betting',
  opensAt: 0,
  bettingEndsAt: 15_000,
  zoneTotals: [
    { zone: 'dragon', amount: '0.00' },
    { zone: 'tiger', amount: '0.00' },
    { zone: 'tie', amount: '0.00' },
  ],
  hand: null,
  ...patch,
});
const hand = {
  roundNo: '5',
  handNo: 5,
  winner: 'dragon' as const,
  bankerPair: false,
  playerPair: false,
  natural: false,
  bankerTotal: 9,
  playerTotal: 3,
  cards: [card(10), card(11)],
};
const table = (r: TableRoundView | null) => ({ kind: 'table' as const, round: r });
const types = (fs: { type: string }[]) => fs.map((f) => f.type);

describe('table frames', () => {
  it('tells nothing when nothing changed', () => {
    expect(channelFrames('table:LH1', table(round()), table(round()), 1)).toEqual([]);
  });

  it('tells a seal and a deal made between two looks, card by card, then the result', () => {
    const fs = channelFrames(
      'table:LH1',
      table(round()),
      table(round({ state: 'dealing', hand })),
      1,
    );
    expect(types(fs)).toEqual(['table.sealed', 'table.card', 'table.card', 'table.result']);
    expect(fs[1]).toMatchObject({ index: 0, of: 2, card: { position: 10 } });
    const settled = channelFrames(
      'table:LH1',
      table(round({ state: 'dealing', hand })),
      table(round({ state: 'settled', hand })),
      2,
    );
    expect(settled).toMatchObject([{ type: 'table.result', state: 'settled' }]);
  });

  it('tells a new round with the totals it already has, and a void without a seal', () => {
    const next = round({
      roundNo: '6',
      zoneTotals: [
        { zone: 'dragon', amount: '10.00' },
        { zone: 'tiger', amount: '0.00' },
        { zone: 'tie', amount: '0.00' },
      ],
    });
    expect(types(channelFrames('table:LH1', table(round()), table(next), 1))).toEqual([
      'table.opened',
      'table.totals',
    ]);
    const voided = channelFrames(
      'table:LH1',
      table(round()),
      table(round({ state: 'voided', hand })),
      1,
    );
    expect(types(voided)).toEqual(['table.card', 'table.card', 'table.result']);
  });
});

const lot = (
  roundNo: string,
  status: RoundView['status'],
  outcome: number[] | null = null,
): RoundView => ({
  gameCode: 'JSK3',
  roundNo,
  chainId: 'c',
  chainIndex: 1,
  status,
  opensAt: 0,
  sealAt: 1,
  drawAt: 2,
  paytableHash: 'h',
  seed: outcome ? 'ab' : null,
  outcome,
  voided: null,
});
const lottery = (rounds: RoundView[]) => ({ kind: 'lottery' as const, rounds });

describe('lottery frames', () => {
  it('tells the last round sealed and drawn before the next one opens', () => {
    const fs = channelFrames(
      'lottery:JSK3',
      lottery([lot('2', 'open'), lot('1', 'settled', [1, 2, 3])]),
      lottery([lot('3', 'open'), lot('2', 'drawn', [4, 5, 6])]),
      1,
    );
    expect(types(fs)).toEqual(['lottery.sealed', 'lottery.drawn', 'lottery.opened']);
    expect(fs[1]).toMatchObject({ round: { roundNo: '2', outcome: [4, 5, 6] } });
  });
});
