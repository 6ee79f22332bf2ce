import {
  ErrorCode,
  type ActivityClaimResult,
  type DepositOrder,
  type GrantPage,
  type MemberActivity,
  type MemberActivityList,
} from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminToken, expectCode, registerMember, type Member } from '../../test/factories';
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
 * 首存 / 续存 (contract §5 Activities) over the real HTTP app, ledger and sandbox gateway:
 * applied before the deposit or claimed after, paid once as an 'activity' grant with its
 * turnover bucket; refused after the end and to members the eligibility gate refuses.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  toMorning(t);
});
afterAll(() => t.close());

const apply = (m: Member, id: number) =>
  m.client.call<MemberActivity>('activityApply', {
    token: m.token,
    params: { activityId: id },
    body: {},
  });
const claim = (m: Member, id: number) =>
  m.client.call<ActivityClaimResult>('activityClaim', {
    token: m.token,
    params: { activityId: id },
    headers: money(),
    body: {},
  });
const grants = (m: Member) => m.client.data<GrantPage>('rewardGrants', { token: m.token });
const postings = async (memberId: number) => {
  const r = await t.db.query<{ n: number; total: string }>(
    `SELECT count(*)::int AS n, COALESCE(sum(p.amount), 0)::text AS total
       FROM ledger_transactions x JOIN ledger_postings p ON p.transaction_id = x.id
       JOIN ledger_accounts a ON a.id = p.account_id
      WHERE x.reference LIKE 'grant:activity:%' AND a.member_id = $1`,
    [memberId],
  );
  return { n: r.rows[0]!.n, total: BigInt(r.rows[0]!.total) };
};

describe('首存 deposit bonus', () => {
  it('apply, then deposit: paid once at the credit, with its turnover bucket', async () => {
    const a = await createActivity(t, 'firstDeposit');
    const m = await registerMember(t);
    const applied = await apply(m, a.id);
    expect(applied.data.me).toMatchObject({ applied: true, actions: [] });
    await expectCode(apply(m, a.id), ErrorCode.ActivityAlreadyApplied);
    await deposit(m, '200');
    // 50 % of 200.00 = 100.00 on top of the deposit.
    expect(await main(t, m)).toBe(30_000n);
    const [g] = (await grants(m)).list;
    expect(g).toMatchObject({ kind: 'activity', amount: '100.00', status: 'paid' });
    expect(g!.bucket).toMatchObject({ required: '800.00', filled: '0.00', status: 'open' });
    // A claim after the paid application pays nothing new; a second deposit pays nothing.
    await expectCode(claim(m, a.id), ErrorCode.ActivityAlreadyClaimed);
    await deposit(m, '200');
    expect(await main(t, m)).toBe(50_000n);
    expect(await postings(m.memberId)).toEqual({ n: 1, total: 10_000n });
    // Valid turnover fills the buckets oldest first: the first deposit's 200.00, then the bonus's.
    await bet(t, m, 50_000n);
    const after = (await grants(m)).list[0]!;
    expect(after.bucket?.filled).toBe('300.00');
  });

  it('claimed after depositing, within the window; a second claim is refused', async () => {
    const a = await createActivity(t, 'firstDeposit');
    const m = await registerMember(t);
    await expectCode(claim(m, a.id), ErrorCode.ActivityNoQualifyingDeposit);
    await deposit(m, '1000');
    const list = await m.client.data<MemberActivityList>('activityList', { token: m.token });
    expect(list.list.find((x) => x.id === a.id)?.me).toMatchObject({
      actions: ['claim'],
      claimable: '300.00',
    });
    // 50 % of 1000.00 capped at 300.00.
    expect((await claim(m, a.id)).data.amount).toBe('300.00');
    await expectCode(claim(m, a.id), ErrorCode.ActivityAlreadyClaimed);
    expect(await main(t, m)).toBe(130_000n);
    // Applying after the first deposit is refused: 首存 is the first deposit only.
    await expectCode(apply(m, a.id), ErrorCode.ActivityFirstDepositTaken);
  });

  it('a deposit below the minimum does not qualify; the application is void', async () => {
    const a = await createActivity(t, 'firstDeposit');
    const m = await registerMember(t);
    await apply(m, a.id);
    await deposit(m, '50');
    await deposit(m, '500');
    expect(await main(t, m)).toBe(55_000n);
    await expectCode(claim(m, a.id), ErrorCode.ActivityNoQualifyingDeposit);
  });

  it('after the claim window or the end, nothing is paid', async () => {
    const a = await createActivity(t, 'firstDeposit', {
      rule: {
        percentBp: 1000,
        minDeposit: '100.00',
        cap: '50.00',
        turnoverMultiple: 1,
        claimWindowHours: 1,
      },
    });
    const m = await registerMember(t);
    await deposit(m, '200');
    t.clock.advance(2 * 3600_000);
    await expectCode(claim(m, a.id), ErrorCode.ActivityNoQualifyingDeposit);
    const ended = await createActivity(t, 'firstDeposit');
    const m2 = await registerMember(t);
    await deposit(m2, '200');
    const r = await t.app.inject({
      method: 'POST',
      url: `/admin/api/v1/activities/${ended.id}/end`,
      headers: { 'x-admin-token': await adminToken(t, 'finance') },
      payload: {},
    });
    expect(r.json<{ status_code: number }>().status_code).toBe(6000);
    await expectCode(claim(m2, ended.id), ErrorCode.ActivityNotRunning);
    await expectCode(apply(m2, ended.id), ErrorCode.ActivityNotRunning);
    expect(await main(t, m2)).toBe(20_000n);
    toMorning(t);
  });

  it('a self-excluded member can neither apply nor claim (the gate decides)', async () => {
    const a = await createActivity(t, 'firstDeposit');
    const m = await registerMember(t);
    await deposit(m, '200');
    await exclude(m);
    const refused = await expectCode(claim(m, a.id), ErrorCode.RewardIneligible);
    expect(refused.data).toMatchObject({ reason: 'playBreak' });
    await expectCode(apply(m, a.id), ErrorCode.RewardIneligible);
    const detail = await m.client.data<MemberActivity>('activityDetail', {
      token: m.token,
      params: { activityId: a.id },
    });
    expect(detail.me).toMatchObject({ actions: [], blocker: 'ineligible', reason: 'playBreak' });
    expect(await main(t, m)).toBe(20_000n);
  });

  it('an application is not paid to a member in a time-out when the deposit lands', async () => {
    const a = await createActivity(t, 'firstDeposit');
    const m = await registerMember(t);
    await apply(m, a.id);
    const o = await m.client.data<{ orderId: string }>('depositOrder', {
      token: m.token,
      headers: money(),
      body: { channelId: 'alipay', amount: '200' },
    });
    // The member takes a time-out; the money they sent before still arrives.
    await timeOut(m);
    const paid = await m.client.call<DepositOrder>('sandboxPay', {
      token: m.token,
      headers: money(),
      params: { orderId: o.orderId },
      body: {},
    });
    expect(paid.data?.status).toBe('credited');
    expect(await main(t, m)).toBe(20_000n);
    expect((await grants(m)).list).toHaveLength(0);
  });
});

describe('续存 deposit bonus', () => {
  it('once per Shanghai day, not on the first deposit', async () => {
    const a = await createActivity(t, 'redeposit', {
      rule: {
        percentBp: 1000,
        minDeposit: '100.00',
        cap: '50.00',
        turnoverMultiple: 2,
        claimWindowHours: 24,
      },
    });
    let m = await registerMember(t);
    await deposit(m, '300');
    await expectCode(claim(m, a.id), ErrorCode.ActivityNoQualifyingDeposit);
    await apply(m, a.id);
    await deposit(m, '300');
    // 10 % of 300.00.
    expect(await main(t, m)).toBe(63_000n);
    await deposit(m, '300');
    await expectCode(claim(m, a.id), ErrorCode.ActivityAlreadyClaimed);
    t.clock.advance(DAY_MS);
    m = await relogin(m);
    await deposit(m, '1000');
    expect((await claim(m, a.id)).data.amount).toBe('50.00');
    expect(await postings(m.memberId)).toEqual({ n: 2, total: 8_000n });
  });

  it('re-running the deposit hook pays nothing new', async () => {
    const a = await createActivity(t, 'redeposit');
    const m = await registerMember(t);
    await deposit(m, '100');
    await apply(m, a.id);
    const d = await deposit(m, '200');
    const before = await main(t, m);
    await t.db.tx((q) => t.services.depositBonus.onDepositCredited(q, m.memberId, d.orderId));
    await t.db.tx((q) => t.services.depositBonus.onDepositCredited(q, m.memberId, d.orderId));
    expect(await main(t, m)).toBe(before);
    expect((await postings(m.memberId)).n).toBe(1);
  });

  it('a bonus that fails leaves the deposit standing; the application waits for a claim', async () => {
    const a = await createActivity(t, 'firstDeposit');
    const m = await registerMember(t);
    await apply(m, a.id);
    // A broken rule makes the hook throw inside the credit's unit of work.
    await t.db.query(
      `UPDATE activities SET rule = jsonb_set(rule, '{cap}', '"bad"') WHERE id = $1`,
      [a.id],
    );
    await deposit(m, '200');
    expect(await main(t, m)).toBe(20_000n);
    expect((await grants(m)).list).toHaveLength(0);
    await t.db.query(
      `UPDATE activities SET rule = jsonb_set(rule, '{cap}', '"300.00"') WHERE id = $1`,
      [a.id],
    );
    expect((await claim(m, a.id)).data.amount).toBe('100.00');
  });

  it('below the activity’s VIP minimum: no claim, the sheet says why', async () => {
    const a = await createActivity(t, 'firstDeposit', {
      eligibility: { requireRealName: false, minVipLevel: 1 },
    });
    const m = await registerMember(t);
    await deposit(m, '200');
    await expectCode(claim(m, a.id), ErrorCode.ActivityVipTooLow);
    const detail = await m.client.data<MemberActivity>('activityDetail', {
      token: m.token,
      params: { activityId: a.id },
    });
    expect(detail.me).toMatchObject({ actions: [], blocker: 'vipTooLow' });
    await t.db.query('UPDATE members SET vip_level = 1 WHERE id = $1', [m.memberId]);
    expect((await claim(m, a.id)).data.amount).toBe('100.00');
  });

  it('an activity requiring the real name pays nobody without it', async () => {
    const a = await createActivity(t, 'firstDeposit', {
      eligibility: { requireRealName: true, minVipLevel: 0 },
    });
    const m = await registerMember(t);
    await deposit(m, '200');
    const refused = await expectCode(claim(m, a.id), ErrorCode.RewardIneligible);
    expect(refused.data).toMatchObject({ reason: 'realNameRequired' });
    expect(await main(t, m)).toBe(20_000n);
  });
});
