import { ErrorCode, type CheckinCalendar, type CheckinResult } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectCode, registerMember, type Member } from '../../test/factories';
import {
  bet,
  createActivity,
  DAY_MS,
  deposit,
  exclude,
  main,
  money,
  relogin,
  timeOut,
  toMorning,
} from './activity.test-kit';

/**
 * 签到 (contract §5 Activities) over the real HTTP app: once per Shanghai day, only with the
 * day's valid turnover or deposits at the minimum, streak rewards at 1/3/7/30 days paid once
 * as 'checkin' grants, nothing for a member the eligibility gate refuses.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  toMorning(t);
  await createActivity(t, 'checkin');
});
afterAll(() => t.close());

const checkin = (m: Member) =>
  m.client.call<CheckinResult>('checkin', { token: m.token, headers: money(), body: {} });
const calendar = (m: Member, month?: string) =>
  m.client.data<CheckinCalendar>('checkinCalendar', {
    token: m.token,
    ...(month ? { query: { month } } : {}),
  });
const checkinGrants = async (m: Member) =>
  (
    await t.db.query<{ source_id: string; amount: string }>(
      `SELECT source_id, amount::text AS amount FROM grants
        WHERE member_id = $1 AND kind = 'checkin' ORDER BY id`,
      [m.memberId],
    )
  ).rows;

describe('签到', () => {
  it('refused without the day’s turnover; counts with turnover; twice a day refused', async () => {
    const m = await registerMember(t);
    const before = await calendar(m);
    expect(before.today).toMatchObject({ canCheckIn: false, blocker: 'notQualified' });
    const refused = await expectCode(checkin(m), ErrorCode.CheckinNotQualified);
    expect(refused.data).toMatchObject({ turnover: '0.00', minDaily: '100.00' });
    await bet(t, m, 9_999n);
    await expectCode(checkin(m), ErrorCode.CheckinNotQualified);
    await bet(t, m, 1n);
    const first = await checkin(m);
    expect(first.data).toMatchObject({ streak: 1, reward: '2.00' });
    await expectCode(checkin(m), ErrorCode.CheckinAlreadyDone);
    const after = await calendar(m);
    expect(after.today).toMatchObject({ checkedIn: true, canCheckIn: false, blocker: 'done' });
    expect(after.days).toEqual([{ day: after.today.day, streak: 1, reward: '2.00' }]);
    expect(await main(t, m)).toBe(200n);
  });

  it('a deposit at the minimum counts the day too', async () => {
    const m = await registerMember(t);
    await deposit(m, '100');
    expect((await checkin(m)).data?.streak).toBe(1);
  });

  it('the streak pays at 1 and 3 days, once each; a gap starts again', async () => {
    let m = await registerMember(t);
    const days: (CheckinResult | undefined)[] = [];
    for (let i = 0; i < 4; i += 1) {
      await bet(t, m, 10_000n);
      days.push((await checkin(m)).data);
      toMorning(t);
      m = await relogin(m);
    }
    expect(days.map((d) => [d?.streak, d?.reward])).toEqual([
      [1, '2.00'],
      [2, null],
      [3, '8.00'],
      [4, null],
    ]);
    // A day missed: the streak starts again at 1.
    toMorning(t);
    m = await relogin(m);
    await bet(t, m, 10_000n);
    expect((await checkin(m)).data).toMatchObject({ streak: 1, reward: '2.00' });
    const grants = await checkinGrants(m);
    expect(grants.map((g) => g.amount)).toEqual(['200', '800', '200']);
    expect(new Set(grants.map((g) => g.source_id)).size).toBe(3);
    expect(await main(t, m)).toBe(1_200n);
    // Re-running the grant creation for a paid day creates and pays nothing new.
    const [again] = grants;
    const [activityId] = again!.source_id.split(':');
    await t.db.tx((q) =>
      t.services.grants.create(q, {
        kind: 'checkin',
        sourceId: again!.source_id,
        memberId: m.memberId,
        title: 're-run',
        amount: 200n,
        turnoverMultiple: 1,
        expiresAt: null,
        auto: true,
      }),
    );
    expect(await main(t, m)).toBe(1_200n);
    expect(activityId).toMatch(/^\d+$/);
    const cal = await calendar(m);
    expect(cal.streak).toBe(1);
  });

  it('grants reconcile with the ledger to the fen', async () => {
    const r = await t.db.query<{ grants: string; ledger: string }>(
      `SELECT (SELECT COALESCE(sum(amount), 0) FROM grants WHERE kind = 'checkin' AND status = 'paid')::text AS grants,
              (SELECT COALESCE(sum(p.amount), 0) FROM ledger_transactions x
                 JOIN ledger_postings p ON p.transaction_id = x.id
                 JOIN ledger_accounts a ON a.id = p.account_id
                WHERE x.reference LIKE 'grant:checkin:%' AND a.member_id IS NOT NULL)::text AS ledger`,
    );
    expect(r.rows[0]!.grants).toBe(r.rows[0]!.ledger);
    expect(BigInt(r.rows[0]!.grants)).toBeGreaterThan(0n);
  });

  it('a self-excluded or timed-out member cannot check in; the calendar says why', async () => {
    for (const stop of [exclude, timeOut]) {
      const m = await registerMember(t);
      await bet(t, m, 10_000n);
      await stop(m);
      const refused = await expectCode(checkin(m), ErrorCode.RewardIneligible);
      expect(refused.data).toMatchObject({ reason: 'playBreak' });
      expect((await calendar(m)).today).toMatchObject({
        canCheckIn: false,
        blocker: 'ineligible',
        reason: 'playBreak',
      });
      expect(await main(t, m)).toBe(0n);
    }
  });

  it('an earlier month is shown empty, and a bad month is refused', async () => {
    const m = await registerMember(t);
    const past = new Date(t.clock.now() - 40 * DAY_MS).toISOString().slice(0, 7);
    expect((await calendar(m, past)).days).toEqual([]);
    const bad = await m.client.call('checkinCalendar', {
      token: m.token,
      query: { month: '2026-13' },
    });
    expect(bad.status_code).toBe(ErrorCode.Validation);
  });
});
