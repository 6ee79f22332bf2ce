import { ErrorCode, type PlayBreakStatus, type WalletBalances } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  adminCall,
  adminToken,
  expectCode,
  fund,
  idemKey,
  registerMember,
  withdraw,
  withdrawReady,
  type Member,
} from '../../test/factories';

/**
 * Time-out and self-exclusion (contract §5) over the real HTTP app: confirmed with the login
 * password, never shortened, deposits refused while one runs and allowed again after it ends,
 * withdrawals never refused. Venues (launch, transfer in, sessions ended, money recalled) are
 * covered against the real house venue in venue/house-venue.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  // New payout accounts usable at once: the withdrawal below is about the break, not cool-off.
  await t.services.settings.update({ payoutCooloffHours: 0 });
});
afterAll(() => t.close());

const HOUR = 3600_000;
const status = (m: Member) => m.client.data<PlayBreakStatus>('playBreak', { token: m.token });
const start = (m: Member, body: Record<string, unknown>) =>
  m.client.call<PlayBreakStatus>('playBreakSet', {
    token: m.token,
    body: { password: m.password, ...body },
  });
/** Days on the clock end sessions too: the member logs in again. */
const relogin = async (m: Member): Promise<Member> => {
  const r = await m.client.data<{ token: string }>('login', {
    body: { userName: m.userName, password: m.password },
  });
  return { ...m, token: r.token };
};
const deposit = (m: Member) =>
  m.client.call('depositOrder', {
    token: m.token,
    headers: { 'x-idempotency-key': idemKey() },
    body: { channelId: 'bank-icbc', amount: '1000', depositorName: '王小明' },
  });

describe('time-out and self-exclusion', () => {
  it('starts only with the login password; a wrong one changes nothing', async () => {
    const m = await registerMember(t);
    expect(await status(m)).toEqual({ active: null });
    await expectCode(
      start(m, { kind: 'timeout', length: '24h', password: 'Not-The-Password-1' }),
      ErrorCode.NameError,
    );
    expect(await status(m)).toEqual({ active: null });
    await expectCode(deposit(m), ErrorCode.Success);
  });

  it('a time-out refuses deposits until it ends, then they work again', async () => {
    const m = await registerMember(t);
    const before = t.clock.now();
    const r = await expectCode(start(m, { kind: 'timeout', length: '24h' }), ErrorCode.Success);
    const active = r.data.active!;
    expect(active.kind).toBe('timeout');
    expect(active.endsAt - active.startedAt).toBe(24 * HOUR);
    expect(active.startedAt).toBeGreaterThanOrEqual(before);
    expect(await status(m)).toEqual(r.data);
    const refused = await expectCode(deposit(m), ErrorCode.PlayBreakActive);
    expect(refused.data).toEqual({ kind: 'timeout', endsAt: active.endsAt });
    t.clock.advance(24 * HOUR + 1000);
    const later = await relogin(m);
    expect(await status(later)).toEqual({ active: null });
    await expectCode(deposit(later), ErrorCode.Success);
  });

  it('is never shortened; a longer break replaces it', async () => {
    const m = await registerMember(t);
    const week = await expectCode(start(m, { kind: 'timeout', length: '7d' }), ErrorCode.Success);
    const shorter = await expectCode(
      start(m, { kind: 'timeout', length: '24h' }),
      ErrorCode.PlayBreakShorter,
    );
    expect(shorter.data).toEqual({ endsAt: week.data.active!.endsAt });
    expect(await status(m)).toEqual(week.data);
    const longer = await expectCode(
      start(m, { kind: 'selfExclusion', length: '6m' }),
      ErrorCode.Success,
    );
    expect(longer.data.active!.kind).toBe('selfExclusion');
    expect(longer.data.active!.endsAt).toBeGreaterThan(week.data.active!.endsAt);
    // Operators see the break running in the member list (and have no call to lift it).
    const listed = await adminCall<{ list: { memberId: number; playBreak: unknown }[] }>(
      t,
      await adminToken(t, 'moderator'),
      'GET',
      `/admin/api/v1/members?q=${m.userName}`,
    );
    expect(listed.data.list.find((x) => x.memberId === m.memberId)?.playBreak).toEqual(
      longer.data.active,
    );
    // A week later the self-exclusion still runs: the time-out's end lifted nothing.
    t.clock.advance(7 * 24 * HOUR + 1000);
    const later = await relogin(m);
    expect((await status(later)).active!.kind).toBe('selfExclusion');
    await expectCode(deposit(later), ErrorCode.PlayBreakActive);
  });

  it('a member on a break still withdraws', async () => {
    const m = await withdrawReady(t);
    await fund(t, m.memberId, '500');
    await expectCode(start(m, { kind: 'selfExclusion', length: '1y' }), ErrorCode.Success);
    const w = await expectCode(withdraw(m, '200'), ErrorCode.Success);
    expect(w.data.status).toBe('review');
    expect(await m.client.data<WalletBalances>('walletBalances', { token: m.token })).toMatchObject(
      { main: '300.00', locked: '200.00' },
    );
  });

  it('refuses bad input with a code and changes nothing', async () => {
    const m = await registerMember(t);
    const bad: Record<string, unknown>[] = [
      { kind: 'timeout', length: '6m' },
      { kind: 'selfExclusion', length: '24h' },
      { kind: 'forever', length: '24h' },
      { kind: 'timeout', length: '2h' },
      { kind: 'timeout' },
      { kind: 'timeout', length: '24h', password: '' },
      { kind: 'timeout', length: '24h', extra: 1 },
      { kind: 'timeout', length: 24 },
    ];
    for (const body of bad) {
      await expectCode(start(m, body), ErrorCode.Validation);
    }
    const anonymous = await t.client().call('playBreakSet', {
      body: { kind: 'timeout', length: '24h', password: m.password },
    });
    expect(anonymous.status_code).not.toBe(ErrorCode.Success);
    expect(await status(m)).toEqual({ active: null });
  });
});
