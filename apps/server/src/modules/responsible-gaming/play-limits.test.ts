import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type MailPage, type PlayLimits, type RealityCheck } from '@nebula/protocol';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import { expectCode, type Member } from '../../test/factories';
import { fakeVenueTestbed, fundedMember, transfer, type Testbed } from '../../test/venue-harness';

/**
 * Loss, wager and time limits (contract §5) over the real platform beside a fake venue: set
 * like every limit (two-step loosening), counted from the platform's bet copies and the member's
 * stretches of play, refused at each place money enters play — launch, transfer in, 免转 — with
 * 9220 naming the limit; reached during play they end the member's venue sessions (reason
 * `limit`), bring the venue balance home and tell the member why.
 */
let bed: Testbed;
beforeAll(async () => {
  bed = await fakeVenueTestbed({ codes: ['FAKE'] });
});
afterAll(() => bed.close());

const MINUTE = 60_000;
let seq = 0;
const view = (m: Member) => m.client.data<PlayLimits>('playLimits', { token: m.token });
const set = (m: Member, kind: string, amount: string | null, period = 'day') =>
  m.client.call<PlayLimits>('playLimitSet', { token: m.token, body: { kind, period, amount } });
const one = async (m: Member, kind: string, period = 'day') =>
  (await view(m)).list.find((l) => l.kind === kind && l.period === period);
const launch = (m: Member, appSendMoney = false) =>
  m.client.call('venueLaunch', {
    token: m.token,
    body: { enName: 'FAKE', isPreload: false, isManualLaunch: true, appSendMoney },
  });
const venueBalance = (m: Member) => bed.venue.state.balances.get(`FAKE|n${m.memberId}`) ?? 0n;

/** A bet the venue's feed delivers already settled as lost (version 2: placed then settled). */
function lostBet(m: Member, stake: string): BetVersion {
  const now = Date.now();
  return {
    betId: `L${now}${(seq += 1)}`,
    version: 2,
    playerId: `n${m.memberId}`,
    kind: 'settled',
    stake,
    payout: '0.00',
    oddsChangePolicy: 'any',
    legs: [
      {
        selectionId: 'E7:ft:1x2:home',
        eventName: '上海海港 vs 北京国安',
        marketLabel: '独赢',
        outcomeLabel: '主',
        oddsMilli: 1950,
        result: 'lost',
      },
    ],
    placedAt: now - 1000,
    settledAt: now,
  };
}

describe('setting loss, wager and time limits', () => {
  it('a first limit applies at once, a raise waits, a time limit is whole minutes', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    await expectCode(set(m, 'loss', '100'), ErrorCode.Success);
    expect(await one(m, 'loss')).toMatchObject({ amount: '100.00', used: '0.00', request: null });
    await expectCode(set(m, 'loss', '500'), ErrorCode.Success);
    const raised = await one(m, 'loss');
    expect(raised).toMatchObject({ amount: '100.00', request: { amount: '500.00' } });
    await expectCode(set(m, 'time', '30.50'), ErrorCode.PlayLimitTimeWhole);
    await expectCode(set(m, 'wager', '0'), ErrorCode.Validation);
    await expectCode(set(m, 'wager', '1.234'), ErrorCode.Validation);
    expect(await one(m, 'time')).toMatchObject({ amount: null });
    expect(await one(m, 'wager')).toMatchObject({ amount: null });
  });
});

describe('a loss limit reached by a settled losing bet', () => {
  it('ends the venue sessions, recalls the balance, tells the member, refuses play', async () => {
    const m = await fundedMember(bed.t, '500', bed.admin);
    await expectCode(set(m, 'loss', '100'), ErrorCode.Success);
    await expectCode(transfer(m, 'FAKE', 'in', '300'), ErrorCode.Success);
    expect(venueBalance(m)).toBe(30_000n);
    const ended = bed.venue.control.calls.endSessions ?? 0;

    (bed.venue.control.bets.FAKE ??= []).push(lostBet(m, '150.00'));
    await bed.t.services.betSync.pullAll();

    expect(await one(m, 'loss')).toMatchObject({ amount: '100.00', used: '150.00' });
    expect(bed.venue.control.calls.endSessions ?? 0).toBeGreaterThan(ended);
    // The merchant contract's own reason, so the venue also stops the member's 追号 plans.
    expect(bed.venue.control.ends.at(-1)).toMatchObject({
      venueCode: 'FAKE',
      playerId: `n${m.memberId}`,
      reason: 'limit',
    });
    expect(venueBalance(m)).toBe(0n);
    const mail = await m.client.data<MailPage>('mailList', { token: m.token });
    expect(mail.list[0]?.title).toBe('已达到您设置的限额');

    const refused = await expectCode(transfer(m, 'FAKE', 'in', '10'), ErrorCode.PlayLimitReached);
    expect(refused.data).toEqual({ kind: 'loss', period: 'day', limit: '100.00', used: '150.00' });
    expect(refused.message).toContain('亏损限额（24小时 ¥100.00，已用 ¥150.00）');
    await expectCode(launch(m), ErrorCode.PlayLimitReached);
    await expectCode(launch(m, true), ErrorCode.PlayLimitReached);
    // Money going out is never gated; a second pull stops nobody twice.
    await bed.t.services.betSync.pullAll();
    const after = await m.client.data<MailPage>('mailList', { token: m.token });
    expect(after.list.length).toBe(mail.list.length);
  });

  it('a limit set below what the member already lost while playing stops them at once', async () => {
    const m = await fundedMember(bed.t, '500', bed.admin);
    await expectCode(transfer(m, 'FAKE', 'in', '200'), ErrorCode.Success);
    await expectCode(launch(m), ErrorCode.Success);
    (bed.venue.control.bets.FAKE ??= []).push(lostBet(m, '40.00'));
    await bed.t.services.betSync.pullAll();
    expect(venueBalance(m)).toBe(20_000n);
    // A first limit applies at once; 40.00 lost already reaches it — no check-in needed.
    await expectCode(set(m, 'loss', '30'), ErrorCode.Success);
    expect(bed.venue.control.ends.at(-1)).toMatchObject({
      playerId: `n${m.memberId}`,
      reason: 'limit',
    });
    expect(venueBalance(m)).toBe(0n);
    const mail = await m.client.data<MailPage>('mailList', { token: m.token });
    expect(mail.list[0]?.title).toBe('已达到您设置的限额');
  });

  it('a member under their limit plays on; the venue hears the allowance left', async () => {
    const m = await fundedMember(bed.t, '500', bed.admin);
    const pushed = () =>
      bed.venue.control.allowances.filter((a) => a.playerId === `n${m.memberId}`).at(-1);
    await expectCode(transfer(m, 'FAKE', 'in', '50'), ErrorCode.Success);
    await expectCode(set(m, 'loss', '100'), ErrorCode.Success);
    expect(pushed()).toMatchObject({ venueCode: 'FAKE', loss: '100.00', wager: null });
    await expectCode(set(m, 'wager', '70', 'week'), ErrorCode.Success);
    (bed.venue.control.bets.FAKE ??= []).push(lostBet(m, '40.00'));
    await bed.t.services.betSync.pullAll();
    expect(await one(m, 'loss')).toMatchObject({ used: '40.00' });
    expect(pushed()).toMatchObject({ loss: '60.00', wager: '30.00' });
    expect(pushed()?.computedAt).toBeLessThanOrEqual(bed.t.clock.now());
    await expectCode(transfer(m, 'FAKE', 'in', '50'), ErrorCode.Success);
    await expectCode(launch(m, true), ErrorCode.Success);
  });
});

describe('wager and time limits', () => {
  it('a wager limit counts the stakes placed in the window', async () => {
    const m = await fundedMember(bed.t, '500', bed.admin);
    await expectCode(set(m, 'wager', '200', 'week'), ErrorCode.Success);
    (bed.venue.control.bets.FAKE ??= []).push(lostBet(m, '120.00'), lostBet(m, '90.00'));
    await bed.t.services.betSync.pullAll();
    expect(await one(m, 'wager', 'week')).toMatchObject({ amount: '200.00', used: '210.00' });
    const r = await expectCode(launch(m), ErrorCode.PlayLimitReached);
    expect(r.data).toMatchObject({ kind: 'wager', period: 'week' });
    // A reached limit also stops rewards and offers: a bonus is an invitation to play on.
    expect(await m.client.data('rewardEligibility', { token: m.token })).toEqual({
      eligible: false,
      reason: 'limitReached',
      endsAt: null,
    });
    const grant = await bed.t.db.tx((q) =>
      bed.t.services.grants.create(q, {
        kind: 'activity',
        sourceId: `limit:${m.memberId}`,
        memberId: m.memberId,
        title: '测试彩金',
        amount: 10_000n,
        turnoverMultiple: 1,
        expiresAt: null,
        auto: true,
      }),
    );
    expect(grant).toBeNull();
  });

  it("a job's batch of grants passes over a member whose limit is reached", async () => {
    const reached = await fundedMember(bed.t, '500', bed.admin);
    const limited = await fundedMember(bed.t, '500', bed.admin);
    const free = await fundedMember(bed.t, '500', bed.admin);
    await expectCode(set(reached, 'wager', '100', 'week'), ErrorCode.Success);
    await expectCode(set(limited, 'wager', '100', 'week'), ErrorCode.Success);
    (bed.venue.control.bets.FAKE ??= []).push(lostBet(reached, '120.00'));
    await bed.t.services.betSync.pullAll();
    const grant = (m: Member) => ({
      kind: 'activity' as const,
      sourceId: `limit-batch:${m.memberId}`,
      memberId: m.memberId,
      title: '测试彩金',
      amount: 10_000n,
      turnoverMultiple: 1,
    });
    const paid = await bed.t.db.tx((q) =>
      bed.t.services.grants.createAutoMany(q, [grant(reached), grant(limited), grant(free)]),
    );
    // A limit kept but not reached does not stop the grant; only the reached one does.
    expect([...paid].sort()).toEqual([limited.memberId, free.memberId].sort());
    const main = async (m: Member) =>
      (await bed.t.services.ledger.balances(bed.t.db, m.memberId)).main;
    expect(await main(free)).toBe(60_000n);
    expect(await main(reached)).toBe(50_000n);
  });

  it('play time runs from a launch through the site check-ins, on the test clock', async () => {
    const m = await fundedMember(bed.t, '500', bed.admin);
    await expectCode(set(m, 'time', '30'), ErrorCode.Success);
    await expectCode(launch(m), ErrorCode.Success);
    for (let i = 0; i < 4; i += 1) {
      bed.t.clock.advance(9 * MINUTE);
      await m.client.data<RealityCheck>('realityCheck', { token: m.token });
    }
    expect(await one(m, 'time')).toMatchObject({ amount: '30.00', used: '36.00' });
    // Reached between bets: the check-in that passed it stopped the member and told them.
    const mail = await m.client.data<MailPage>('mailList', { token: m.token });
    expect(mail.list.map((x) => x.title)).toContain('已达到您设置的限额');
    const r = await expectCode(transfer(m, 'FAKE', 'in', '10'), ErrorCode.PlayLimitReached);
    expect(r.message).toContain('游戏时长限额（24小时 30 分钟，已用 36 分钟）');
    // A gap longer than the stretch allows adds nothing.
    bed.t.clock.advance(30 * MINUTE);
    await m.client.data<RealityCheck>('realityCheck', { token: m.token });
    expect(await one(m, 'time')).toMatchObject({ used: '36.00' });
  });
});
