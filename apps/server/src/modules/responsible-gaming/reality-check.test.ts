import { ErrorCode, type RealityCheck } from '@nebula/protocol';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feed, newBetId, single } from '../../test/bet-feed';
import { expectCode, type Member } from '../../test/factories';
import { fakeVenueTestbed, fundedMember, type Testbed } from '../../test/venue-harness';

/**
 * Reality checks (contract §5) against the real app, a fake venue and the platform's fake
 * clock: the check falls due one interval after the session began, then one interval after
 * each answer; it carries the session's stakes, payouts and net from the bet copies (bets
 * placed before the session do not count); 退出 ends the member's venue sessions.
 */
let bed: Testbed;
beforeAll(async () => {
  bed = await fakeVenueTestbed({ codes: ['FAKE'] });
}, 60_000);
afterAll(() => bed.close());

const MINUTE = 60_000;
const check = (m: Member) => m.client.data<RealityCheck>('realityCheck', { token: m.token });
const choose = (m: Member, minutes: unknown) =>
  m.client.call<RealityCheck>('realityCheckSet', { token: m.token, body: { minutes } });
const answer = (m: Member, name: 'realityCheckAck' | 'realityCheckExit') =>
  m.client.data<RealityCheck>(name, { token: m.token, body: {} });
/** A bet version placed (and settled) at the platform clock's `at`. */
const bet = (
  m: Member,
  at: number,
  result: 'won' | 'lost' | 'open',
  stake: string,
): BetVersion => ({
  ...single(m, {
    betId: newBetId(),
    selectionId: 'E1:ft:1x2:home',
    oddsMilli: 1900,
    result,
    stake,
  }),
  placedAt: at,
  settledAt: result === 'open' ? null : at,
});

describe('reality checks', () => {
  it('fall due on the session clock with the session’s figures; 继续 moves the next one', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const first = await check(m);
    expect(first).toMatchObject({ minutes: 60, chosen: false, due: false });
    expect(first.dueAt).toBe(first.sessionStartedAt + 60 * MINUTE);
    const start = first.sessionStartedAt;

    const chosen = (await expectCode(choose(m, 15), ErrorCode.Success)).data;
    expect(chosen).toMatchObject({ minutes: 15, chosen: true, dueAt: start + 15 * MINUTE });
    for (const bad of [20, 0.5, '15', null, -15])
      await expectCode(choose(m, bad), ErrorCode.Validation);
    expect((await check(m)).minutes).toBe(15);

    feed(
      bed,
      'FAKE',
      bet(m, start - 5 * MINUTE, 'lost', '999.00'), // before the session: not counted
      bet(m, start + MINUTE, 'lost', '100.00'),
      bet(m, start + 2 * MINUTE, 'won', '50.00'), // pays 95.00
      bet(m, start + 3 * MINUTE, 'open', '30.00'),
    );
    await bed.t.services.betSync.pullAll();

    bed.t.clock.advance(15 * MINUTE - 2000);
    expect((await check(m)).due).toBe(false);
    bed.t.clock.advance(2000);
    const due = await check(m);
    expect(due).toMatchObject({
      due: true,
      stakes: '180.00',
      payouts: '95.00',
      net: '-85.00',
      sessionStartedAt: start,
    });
    expect(due.serverTime - due.sessionStartedAt).toBeGreaterThanOrEqual(15 * MINUTE);

    const carried = await answer(m, 'realityCheckAck');
    expect(carried.due).toBe(false);
    // One interval from the answer (the clock runs on between the answer and this reply).
    const left = (carried.dueAt ?? 0) - carried.serverTime;
    expect(left).toBeLessThanOrEqual(15 * MINUTE);
    expect(left).toBeGreaterThan(15 * MINUTE - 5000);
    bed.t.clock.advance(15 * MINUTE);
    expect((await check(m)).due).toBe(true);

    const off = (await expectCode(choose(m, 0), ErrorCode.Success)).data;
    expect(off).toMatchObject({ minutes: 0, dueAt: null, due: false });
  });

  it('退出 ends the member’s venue sessions and answers the check', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    await m.client.data('venueLaunch', {
      token: m.token,
      body: { enName: 'FAKE', isPreload: false, isManualLaunch: true },
    });
    await choose(m, 30);
    bed.t.clock.advance(30 * MINUTE);
    expect((await check(m)).due).toBe(true);
    const ended = bed.venue.control.calls.endSessions ?? 0;
    const after = await answer(m, 'realityCheckExit');
    expect(after.due).toBe(false);
    expect(bed.venue.control.calls.endSessions ?? 0).toBe(ended + 1);
  });

  it('a new session starts a new clock', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    await choose(m, 15);
    bed.t.clock.advance(20 * MINUTE);
    expect((await check(m)).due).toBe(true);
    m.token = (
      await m.client.data<{ token: string }>('login', {
        body: { userName: m.userName, password: m.password },
      })
    ).token;
    const fresh = await check(m);
    expect(fresh).toMatchObject({ due: false, minutes: 15, stakes: '0.00' });
    expect(fresh.dueAt).toBe(fresh.sessionStartedAt + 15 * MINUTE);
  });
});
