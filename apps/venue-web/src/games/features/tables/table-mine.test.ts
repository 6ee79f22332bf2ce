import { describe, expect, it } from 'vitest';
import type { TableBetView } from '@nebula/protocol/venue/games/tables-api';
import { lastRoundFen, mergeBets, roundBets, roundOutcome } from './table-mine';

const bet = (id: string, roundNo: string, over: Partial<TableBetView> = {}): TableBetView => ({
  betId: id,
  tableCode: 'BAC1',
  roundNo,
  zone: 'banker',
  zoneName: '庄',
  amount: '20.00',
  status: 'open',
  result: 'open',
  payout: null,
  validStake: null,
  placedAt: Number(id),
  settledAt: null,
  ...over,
});

describe('the member’s bets at a table', () => {
  it('keeps the newest view of each bet and never goes back to open', () => {
    const settled = bet('1', '7', { status: 'settled', result: 'won', payout: '39.00' });
    expect(mergeBets([settled], [bet('1', '7')])).toEqual([settled]);
    expect(mergeBets([bet('1', '7')], [settled])).toEqual([settled]);
    expect(mergeBets([bet('2', '8')], [settled]).map((b) => b.betId)).toEqual(['2', '1']);
  });

  it('finds the last round for 重复 and what a settled round paid', () => {
    const bets = [
      bet('3', '8'),
      bet('2', '7', { status: 'settled', result: 'won', payout: '39.00' }),
      bet('1', '7', {
        zone: 'tie',
        amount: '10.00',
        status: 'settled',
        result: 'lost',
        payout: '0.00',
      }),
    ];
    expect(lastRoundFen(bets, '8')).toEqual({ banker: 2000n, tie: 1000n });
    expect(roundOutcome(roundBets(bets, '7'))).toEqual({
      stake: '30.00',
      payout: '39.00',
      net: 900n,
    });
    // A round with a bet still open has no result yet.
    expect(roundOutcome(roundBets(bets, '8'))).toBeNull();
    expect(roundOutcome([])).toBeNull();
  });
});
