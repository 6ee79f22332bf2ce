import { describe, expect, it } from 'vitest';
import type { GameView, RoundView } from '@nebula/protocol/venue/games/games';
import type { TableRoundView, TableView } from '@nebula/protocol/venue/games/tables-api';
import { applyGamesList, applyLotteryFrame, gamesStore } from './games-store';
import { applyTableFrame, tablesStore } from './tables-store';

/**
 * The stores following the live channels (docs/contract.md §10.11): a lottery game's round
 * opens, seals and draws from frames (the draw an arrival for its animation); a table's round
 * takes the totals, the seal and the hand.
 */
const lot = (
  roundNo: string,
  status: RoundView['status'],
  outcome: number[] | null,
): RoundView => ({
  gameCode: 'JSK3',
  roundNo,
  chainId: 'c',
  chainIndex: 1,
  status,
  opensAt: 0,
  sealAt: 10,
  drawAt: 20,
  paytableHash: 'h',
  seed: outcome ? 'ab' : null,
  outcome,
  voided: null,
});
const game = (current: RoundView): GameView => ({
  gameCode: 'JSK3',
  family: 'CP',
  name: '极速快3',
  status: 'open',
  roundSeconds: 60,
  sealBeforeSeconds: 10,
  paytableUrl: '/p',
  paytableHash: 'h',
  current,
});
const head = { channel: 'lottery:JSK3', at: 0 };

describe('a lottery game on its channel', () => {
  it('opens, seals and draws the round, the draw an arrival', () => {
    applyGamesList(
      { serverTime: 0, games: [game(lot('202611270001', 'settled', [1, 2, 3]))] },
      0,
      0,
    );
    applyLotteryFrame({
      type: 'lottery.opened',
      ...head,
      round: lot('202611270002', 'open', null),
    });
    expect(gamesStore.get().games![0]!.current!.roundNo).toBe('202611270002');
    applyLotteryFrame({ type: 'lottery.sealed', ...head, roundNo: '202611270002' });
    expect(gamesStore.get().games![0]!.current!.status).toBe('sealed');
    applyLotteryFrame({
      type: 'lottery.drawn',
      ...head,
      round: lot('202611270002', 'drawn', [4, 5, 6]),
    });
    expect(gamesStore.get().games![0]!.current!.outcome).toEqual([4, 5, 6]);
    expect(gamesStore.get().last.JSK3!.roundNo).toBe('202611270002');
    expect(gamesStore.get().drawn.JSK3!.outcome).toEqual([4, 5, 6]);
    // An older round's frame never takes the place of the newer one.
    applyLotteryFrame({
      type: 'lottery.opened',
      ...head,
      round: lot('202611270001', 'open', null),
    });
    expect(gamesStore.get().games![0]!.current!.roundNo).toBe('202611270002');
  });
});

const tround = (roundNo: string): TableRoundView => ({
  roundNo,
  shoeNo: '1',
  handNo: 1,
  state: 'betting',
  opensAt: 0,
  bettingEndsAt: 10,
  zoneTotals: [
    { zone: 'dragon', amount: '0.00' },
    { zone: 'tiger', amount: '0.00' },
    { zone: 'tie', amount: '0.00' },
  ],
  hand: null,
});

describe('a table on its channel', () => {
  it('takes the totals and the seal of its own round only', () => {
    tablesStore.set({ tables: [{ code: 'LH1', round: tround('7') } as TableView], error: null });
    const t = { channel: 'table:LH1', at: 0 };
    const totals = [
      { zone: 'dragon' as const, amount: '50.00' },
      { zone: 'tiger' as const, amount: '0.00' },
      { zone: 'tie' as const, amount: '10.00' },
    ];
    applyTableFrame({ type: 'table.totals', ...t, roundNo: '6', zoneTotals: totals });
    expect(tablesStore.get().tables![0]!.round!.zoneTotals[0]!.amount).toBe('0.00');
    applyTableFrame({ type: 'table.totals', ...t, roundNo: '7', zoneTotals: totals });
    expect(tablesStore.get().tables![0]!.round!.zoneTotals).toEqual(totals);
    applyTableFrame({ type: 'table.sealed', ...t, roundNo: '7' });
    expect(tablesStore.get().tables![0]!.round!.state).toBe('sealed');
  });
});
