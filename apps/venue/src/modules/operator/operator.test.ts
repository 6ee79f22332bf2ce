import { ErrorCode } from '@nebula/protocol';
import type { EventView } from '@nebula/protocol/venue/h5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { operatorKit } from '../../test/operator-kit';

/**
 * The venue's operators: who may do what, the book's settings at run time, and holds —
 * each change audited. Results, corrections, voids and the reports are in
 * operator-corrections.test.ts, resettles and debts in operator-debts.test.ts.
 */
let v: VenueTestApp;
beforeAll(async () => {
  v = await createVenueTestApp();
  await v.leader.tick();
});
afterAll(() => v.close());

const { newPlayer, upcoming, place, sel } = operatorKit(() => v);

describe('operator access', () => {
  it('refuses a missing or unknown token and a role below the call', async () => {
    expect((await v.operator('settings', {}, null)).code).toBe(ErrorCode.VenueOperatorUnauthorized);
    const r = await v.app.inject({
      method: 'POST',
      url: '/operator/v1/settings',
      headers: { 'x-venue-operator-token': 'x'.repeat(40) },
      payload: {},
    });
    expect(r.json<{ code: number }>().code).toBe(ErrorCode.VenueOperatorUnauthorized);
    expect((await v.operator('settings', {}, 'viewer')).code).toBe(0);
    expect((await v.operator('updateSettings', { marginBp: 600 }, 'viewer')).code).toBe(
      ErrorCode.VenueOperatorForbidden,
    );
    expect((await v.operator('updateSettings', { marginBp: 600 }, 'trader')).code).toBe(
      ErrorCode.VenueOperatorForbidden,
    );
    expect((await v.operator('voidBet', { betId: 'x', reason: '测试' }, 'viewer')).code).toBe(
      ErrorCode.VenueOperatorForbidden,
    );
    expect((await v.operator('audit', {}, 'trader')).code).toBe(ErrorCode.VenueOperatorForbidden);
  });

  it('refuses bad bodies with a code', async () => {
    for (const [call, body] of [
      ['updateSettings', { marginBp: -1 }],
      ['updateSettings', { minStake: '1.001' }],
      ['updateSettings', { minStake: '100000' }],
      ['holdMarket', { eventId: 'x', marketKey: 'x:zz:ah', held: true }],
      ['result', { eventId: 'x', status: 'finished' }],
      ['dailyReport', { date: '2026-02-30' }],
      ['settings', { extra: 1 }],
    ] as const) {
      expect((await v.operator(call, body, 'admin')).code, `${call}`).toBe(
        ErrorCode.VenueRequestInvalid,
      );
    }
    expect((await v.operator('holdEvent', { eventId: 'no-such', held: true }, 'trader')).code).toBe(
      ErrorCode.VenueEventUnknown,
    );
  });
});

describe("the book's settings at run time", () => {
  it('a new margin reprices every market; new limits apply at once; both audited', async () => {
    const { token } = await newPlayer();
    const ev = (await upcoming(token))[0]!;
    const implied = (e: EventView) =>
      e.markets
        .find((m) => m.kind === '1x2')!
        .selections.reduce((s, x) => s + 1000 / x.oddsMilli, 0);
    const before = implied(ev);
    expect(before).toBeGreaterThan(1.04);
    expect(before).toBeLessThan(1.07);
    const r = await v.operator('updateSettings', { marginBp: 1000, minStake: '20' }, 'admin');
    expect(r).toMatchObject({ code: 0, data: { marginBp: 1000, minStake: '20.00' } });
    try {
      const after = (await v.page<EventView>('GET', `/v1/event?id=${ev.eventId}`, token)).data!;
      expect(implied(after)).toBeGreaterThan(1.09);
      expect((await place(token, [sel(after, '1x2', 0)], '10.00')).code).toBe(
        ErrorCode.BetStakeTooLow,
      );
    } finally {
      await v.operator('updateSettings', { marginBp: 500, minStake: '10' }, 'admin');
    }
    const audit = await v.operator<{ entries: { action: string; operator: string }[] }>(
      'audit',
      { limit: 5 },
      'admin',
    );
    expect(audit.data!.entries[0]).toMatchObject({
      action: 'settings.update',
      operator: 'admin-op',
    });
  });

  it('a held event and a held market take no bets until reopened', async () => {
    const { token } = await newPlayer();
    const ev = (await upcoming(token))[1]!;
    expect(
      (await v.operator('holdEvent', { eventId: ev.eventId, held: true }, 'trader')).code,
    ).toBe(0);
    expect((await place(token, [sel(ev, '1x2', 0)])).code).toBe(ErrorCode.BetMarketSuspended);
    await v.operator('holdEvent', { eventId: ev.eventId, held: false }, 'trader');
    const ou = ev.markets.find((m) => m.kind === 'ou')!;
    const key = `${ev.eventId}:ft:ou`;
    await v.operator('holdMarket', { eventId: ev.eventId, marketKey: key, held: true }, 'trader');
    const detail = (await v.page<EventView>('GET', `/v1/event?id=${ev.eventId}`, token)).data!;
    const ftOu = detail.markets.filter((m) => m.kind === 'ou' && m.period === 'ft');
    expect(ftOu.length).toBeGreaterThan(1);
    expect(ftOu.every((m) => m.suspended)).toBe(true);
    expect(detail.markets.filter((m) => m.period === '1h').some((m) => m.suspended)).toBe(false);
    expect(detail.markets.filter((m) => m.kind === '1x2').every((m) => !m.suspended)).toBe(true);
    const ouSel = {
      selectionId: ou.selections[0]!.selectionId,
      oddsMilli: ou.selections[0]!.oddsMilli,
    };
    expect((await place(token, [ouSel])).code).toBe(ErrorCode.BetMarketSuspended);
    expect((await place(token, [sel(ev, '1x2', 0)])).code).toBe(0);
    await v.operator('holdMarket', { eventId: ev.eventId, marketKey: key, held: false }, 'trader');
    expect((await place(token, [ouSel])).code).toBe(0);
  });
});
