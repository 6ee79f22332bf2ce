import type { LedgerRecord } from '@nebula/protocol/api/wallet/wallet.schemas';
import { describe, expect, it } from 'vitest';
import { groupByDay, weekdayOf } from './group-by-day';

const HOUR = 3600 * 1000;
/** 2026-05-01 00:00 in Shanghai is 2026-04-30 16:00 UTC. */
const MAY_1_SHANGHAI = Date.UTC(2026, 3, 30, 16);

function record(id: number, time: number, amount: string): LedgerRecord {
  return {
    id,
    time,
    type: 'deposit',
    asset: 'CNY',
    amount,
    balanceAfter: '0.00',
    memo: '',
    reference: `r${id}`,
    orderStatus: null,
  };
}

describe('records grouped by day', () => {
  it('groups by the Shanghai day, not the UTC one, newest first', () => {
    const list = [
      record(4, MAY_1_SHANGHAI + 25 * HOUR, '-20.00'), // 05-02 01:00
      record(3, MAY_1_SHANGHAI + 0.5 * HOUR, '100.00'), // 05-01 00:30 (still 04-30 in UTC)
      record(2, MAY_1_SHANGHAI - 0.5 * HOUR, '50.00'), // 04-30 23:30
      record(1, MAY_1_SHANGHAI - 10 * HOUR, '-5.00'), // 04-30 14:00
    ];
    const groups = groupByDay(list, [
      { date: '2026-05-02', in: '0.00', out: '20.00' },
      { date: '2026-05-01', in: '100.00', out: '0.00' },
      { date: '2026-04-30', in: '50.00', out: '5.00' },
    ]);
    expect(groups.map((g) => g.date)).toEqual(['2026-05-02', '2026-05-01', '2026-04-30']);
    expect(groups.map((g) => g.records.map((r) => r.id))).toEqual([[4], [3], [2, 1]]);
    expect(groups[2]).toMatchObject({ inflow: '50.00', outflow: '5.00' });
  });

  it('keeps one group and the whole-day total when a day spans two loaded pages', () => {
    const firstPage = [record(9, MAY_1_SHANGHAI + 20 * HOUR, '10.00')];
    const secondPage = [record(8, MAY_1_SHANGHAI + 2 * HOUR, '30.00')];
    const totals = [{ date: '2026-05-01', in: '70.00', out: '0.00' }];
    const groups = groupByDay([...firstPage, ...secondPage], totals);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.records).toHaveLength(2);
    // The server's total covers rows not loaded yet (70, not 40).
    expect(groups[0]!.inflow).toBe('70.00');
  });

  it('shows no total for a day the server did not total', () => {
    const groups = groupByDay([record(1, MAY_1_SHANGHAI, '1.00')], []);
    expect(groups[0]).toMatchObject({ inflow: null, outflow: null });
  });

  it('knows the weekday of a date', () => {
    expect(weekdayOf('2026-05-01')).toBe(5);
    expect(weekdayOf('2026-05-03')).toBe(0);
  });
});
