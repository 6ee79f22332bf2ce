import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type AdminMemberLimits,
  type LimitRequest,
  type PlayLimits,
  type RealityCheck,
} from '@nebula/protocol';
import { adminCall, adminToken, expectCode, type Member } from '../../test/factories';
import { fakeVenueTestbed, fundedMember, transfer, type Testbed } from '../../test/venue-harness';

/**
 * When the venues hear the loss and wager allowance (contract §5; §6 the allowance call), over
 * the real platform beside a fake venue with two codes and the platform's test clock: on every
 * change of a limit in force — the member's, an operator's lowering, the member's confirmation
 * of a raise or of a removal (then nulls: a venue must stop refusing past the old limit) — on
 * every launch (a venue new to the member is told at once), and at least every 5 minutes while
 * the member plays.
 */
let bed: Testbed;
beforeAll(async () => {
  bed = await fakeVenueTestbed({ codes: ['FAKE', 'FAKE2'] });
}, 180_000);
afterAll(() => bed.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const set = (m: Member, kind: string, amount: string | null) =>
  m.client.call<PlayLimits>('playLimitSet', {
    token: m.token,
    body: { kind, period: 'day', amount },
  });
const requestOf = async (m: Member, kind: string) =>
  (await m.client.data<PlayLimits>('playLimits', { token: m.token })).list.find(
    (l) => l.kind === kind && l.period === 'day',
  )?.request;
const confirm = (m: Member, requestId: number) =>
  m.client.call<LimitRequest>('limitRequestConfirm', {
    token: m.token,
    params: { requestId },
    body: {},
  });
const launch = (m: Member, enName: string) =>
  m.client.call('venueLaunch', {
    token: m.token,
    body: { enName, isPreload: false, isManualLaunch: true, appSendMoney: true },
  });
const checkIn = (m: Member) => m.client.data<RealityCheck>('realityCheck', { token: m.token });
/** The pushes the venue heard for this member (optionally one code), oldest first. */
const pushes = (m: Member, code?: string) =>
  bed.venue.control.allowances.filter(
    (a) => a.playerId === `n${m.memberId}` && (!code || a.venueCode === code),
  );
const relogin = async (m: Member): Promise<void> => {
  m.token = (
    await m.client.data<{ token: string }>('login', {
      body: { userName: m.userName, password: m.password },
    })
  ).token;
};

describe('the allowance follows every change of a limit', () => {
  it('an operator lowering a loss limit is pushed at once', async () => {
    const m = await fundedMember(bed.t, '500', await adminToken(bed.t));
    await expectCode(transfer(m, 'FAKE', 'in', '50'), ErrorCode.Success);
    await expectCode(set(m, 'loss', '100'), ErrorCode.Success);
    expect(pushes(m).at(-1)).toMatchObject({ venueCode: 'FAKE', loss: '100.00' });
    const op = await adminToken(bed.t, 'finance');
    const before = bed.t.clock.now();
    const r = await adminCall<AdminMemberLimits>(
      bed.t,
      op,
      'POST',
      `/admin/api/v1/members/${m.memberId}/limits`,
      { kind: 'loss', period: 'day', amount: '60', reason: '客户要求' },
    );
    expect(r.status_code).toBe(ErrorCode.Success);
    expect(pushes(m).at(-1)).toMatchObject({ venueCode: 'FAKE', loss: '60.00', wager: null });
    expect(pushes(m).at(-1)?.computedAt).toBeGreaterThanOrEqual(before);
  });

  it('a raise and a removal reach the venue only when the member confirms them', async () => {
    const m = await fundedMember(bed.t, '500', await adminToken(bed.t));
    await expectCode(transfer(m, 'FAKE', 'in', '50'), ErrorCode.Success);
    await expectCode(set(m, 'loss', '100'), ErrorCode.Success);
    await expectCode(set(m, 'loss', '300'), ErrorCode.Success);
    // A request loosens nothing: the venue still holds the member to 100.00.
    expect(pushes(m).map((a) => a.loss)).not.toContain('300.00');
    const raise = await requestOf(m, 'loss');
    expect(raise?.amount).toBe('300.00');
    bed.t.clock.advance(DAY);
    await relogin(m);
    await expectCode(confirm(m, raise!.id), ErrorCode.Success);
    expect(pushes(m).at(-1)).toMatchObject({ loss: '300.00', wager: null });

    await expectCode(set(m, 'loss', null), ErrorCode.Success);
    const removal = await requestOf(m, 'loss');
    expect(removal).toMatchObject({ amount: null });
    expect(pushes(m).at(-1)).toMatchObject({ loss: '300.00' });
    bed.t.clock.advance(DAY);
    await relogin(m);
    await expectCode(confirm(m, removal!.id), ErrorCode.Success);
    // No limit left: the venue hears nulls and stops checking this player's stakes.
    expect(pushes(m).at(-1)).toMatchObject({ venueCode: 'FAKE', loss: null, wager: null });
  });
});

describe('the allowance while the member plays', () => {
  it('a venue new to the member is told at its launch, even right after a push', async () => {
    const m = await fundedMember(bed.t, '500', await adminToken(bed.t));
    await expectCode(transfer(m, 'FAKE', 'in', '50'), ErrorCode.Success);
    await expectCode(set(m, 'wager', '200'), ErrorCode.Success);
    expect(pushes(m, 'FAKE')).toHaveLength(1);
    expect(pushes(m, 'FAKE2')).toHaveLength(0);
    // 免转 moves the main balance into FAKE2: it must know the allowance before any bet.
    await expectCode(launch(m, 'FAKE2'), ErrorCode.Success);
    expect(pushes(m, 'FAKE2').at(-1)).toMatchObject({ loss: null, wager: '200.00' });
  });

  it('is pushed again at least every 5 minutes, and not for a member without limits', async () => {
    const m = await fundedMember(bed.t, '500', await adminToken(bed.t));
    const free = await fundedMember(bed.t, '500', await adminToken(bed.t));
    await expectCode(set(m, 'loss', '100'), ErrorCode.Success);
    await expectCode(launch(m, 'FAKE'), ErrorCode.Success);
    await expectCode(launch(free, 'FAKE'), ErrorCode.Success);
    const launched = pushes(m).length;
    expect(launched).toBeGreaterThan(0);
    bed.t.clock.advance(4 * MINUTE);
    await checkIn(m);
    await checkIn(free);
    expect(pushes(m)).toHaveLength(launched);
    bed.t.clock.advance(MINUTE);
    const due = bed.t.clock.now();
    await checkIn(m);
    await checkIn(free);
    expect(pushes(m)).toHaveLength(launched + 1);
    expect(pushes(m).at(-1)).toMatchObject({ venueCode: 'FAKE', loss: '100.00' });
    expect(pushes(m).at(-1)?.computedAt).toBeGreaterThanOrEqual(due);
    expect(pushes(free)).toHaveLength(0);
  });
});
