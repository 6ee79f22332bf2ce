import { ErrorCode, type DepositOrder, type Statement } from '@nebula/protocol';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feed, newBetId, single } from '../../test/bet-feed';
import {
  adminToken,
  expectCode,
  idemKey,
  withdraw,
  withdrawReady,
  type Member,
} from '../../test/factories';
import { fakeVenueTestbed, registerVenue, type Testbed } from '../../test/venue-harness';

/**
 * Monthly statements (contract §5) over the real app and a fake venue, the fake clock placed
 * at chosen Shanghai instants: deposits credited and withdrawals paid fall in the month they
 * happened (Shanghai midnight is the boundary), bets in the month they settled, per family;
 * the lifetime net deposit runs to the end of the month; a malformed month is 10003.
 */
let bed: Testbed;
beforeAll(async () => {
  bed = await fakeVenueTestbed({ codes: ['FAKE'], fake: { codes: ['FAKE', 'FAKEZR'] } });
  await registerVenue(bed.t, bed.admin, {
    code: 'FAKEZR',
    family: 'ZR',
    origin: bed.venue.url,
    apiUrl: bed.venue.url,
  });
  await bed.t.services.settings.update({ payoutCooloffHours: 0, turnoverMultiplier: '0' });
}, 60_000);
afterAll(() => bed.close());

/** Moves the fake clock forward to a Shanghai wall-clock time, e.g. '2031-01-20 12:00'. */
function at(shanghai: string): void {
  const target = Date.parse(`${shanghai.replace(' ', 'T')}:00+08:00`);
  expect(target).toBeGreaterThanOrEqual(bed.t.clock.now());
  bed.t.clock.advance(target - bed.t.clock.now());
}
async function relogin(m: Member): Promise<void> {
  m.token = (
    await m.client.data<{ token: string }>('login', {
      body: { userName: m.userName, password: m.password },
    })
  ).token;
}
async function deposit(m: Member, amount: string): Promise<void> {
  const money = () => ({ 'x-idempotency-key': idemKey() });
  const o = await m.client.data<{ orderId: string }>('depositOrder', {
    token: m.token,
    headers: money(),
    body: { channelId: 'alipay', amount },
  });
  const paid = await m.client.data<DepositOrder>('sandboxPay', {
    token: m.token,
    headers: money(),
    params: { orderId: o.orderId },
    body: {},
  });
  expect(paid.status).toBe('credited');
}
const statement = (m: Member, month: unknown) =>
  m.client.call<Statement>('statement', { token: m.token, query: { month } as never });
const settled = (m: Member, result: 'won' | 'lost', stake: string): BetVersion => {
  const now = bed.t.clock.now();
  return {
    ...single(m, {
      betId: newBetId(),
      selectionId: 'E1:ft:1x2:home',
      oddsMilli: 1900,
      result,
      stake,
    }),
    placedAt: now - 3600_000,
    settledAt: now,
  };
};

describe('monthly statements', () => {
  it('counts each month in Shanghai time, per family, with the lifetime net deposit', async () => {
    at('2031-01-20 12:00');
    const m = await withdrawReady(bed.t);
    await deposit(m, '1000');
    feed(bed, 'FAKE', settled(m, 'lost', '100.00'), settled(m, 'won', '50.00'));
    const w = (await withdraw(m, '200')).data;
    const finance = await adminToken(bed.t, 'finance');
    const paid = await bed.t.app.inject({
      method: 'POST',
      url: `/admin/api/v1/withdrawals/${w.orderId}/approve`,
      headers: { 'x-admin-token': finance, 'x-idempotency-key': idemKey() },
      payload: {},
    });
    expect(paid.json()).toMatchObject({ status_code: ErrorCode.Success });
    at('2031-01-31 23:30');
    await relogin(m);
    feed(bed, 'FAKEZR', settled(m, 'lost', '40.00'));
    await bed.t.services.betSync.pullAll();
    at('2031-02-01 00:10'); // just past Shanghai midnight: February
    await deposit(m, '300');
    feed(bed, 'FAKE', settled(m, 'won', '10.00'));
    await bed.t.services.betSync.pullAll();

    const jan = (await expectCode(statement(m, '2031-01'), ErrorCode.Success)).data;
    expect(jan).toMatchObject({
      month: '2031-01',
      deposits: '1000.00',
      withdrawals: '200.00',
      netDeposits: '800.00',
      stakes: '190.00',
      payouts: '95.00',
      net: '-95.00',
      lifetimeNetDeposits: '800.00',
    });
    expect(jan.families).toEqual([
      { family: 'TY', bets: 2, stakes: '150.00', payouts: '95.00', net: '-55.00' },
      { family: 'ZR', bets: 1, stakes: '40.00', payouts: '0.00', net: '-40.00' },
    ]);
    expect(jan.months).toEqual(['2031-02', '2031-01']);

    const feb = (await expectCode(statement(m, '2031-02'), ErrorCode.Success)).data;
    expect(feb).toMatchObject({
      deposits: '300.00',
      withdrawals: '0.00',
      netDeposits: '300.00',
      lifetimeNetDeposits: '1100.00',
      families: [{ family: 'TY', bets: 1, stakes: '10.00', payouts: '19.00', net: '9.00' }],
    });
    const before = (await expectCode(statement(m, '2030-12'), ErrorCode.Success)).data;
    expect(before).toMatchObject({ deposits: '0.00', families: [], lifetimeNetDeposits: '0.00' });

    for (const bad of ['2031-13', '2031-1', '31-01', 'abc', '', '2031-01-01'])
      await expectCode(statement(m, bad), ErrorCode.Validation);
  });
});
