import {
  ErrorCode,
  type DepositOrder,
  type GrantPage,
  type VipStatus,
  type VipTable,
} from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  adminCall,
  adminToken,
  expectCode,
  idemKey,
  registerMember,
  type Member,
} from '../../test/factories';
import { periodStart, shanghaiDate } from '../../lib/shanghai-time';

/**
 * VIP (contract §5 Rewards): the daily job at 04:00 Shanghai, keyed by its day; upgrade bonuses
 * once per level, skipped levels included; retention over 90 days; the monthly packet on the
 * 5th; the birthday set once. Re-running any period pays nothing twice.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
const money = () => ({ 'x-idempotency-key': idemKey() });
/** Moves the clock to the next 04:00 Asia/Shanghai at least `days` days ahead. */
const toReview = (days = 1) => {
  const now = t.clock.now();
  t.clock.advance(periodStart('day', now) + days * DAY + 4 * 3600_000 + 60_000 - now);
};
async function deposit(m: Member, amount: string) {
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
const bet = (m: Member, fen: bigint) =>
  t.db.tx((q) => t.services.turnover.addValid(q, m.memberId, fen, `vip-bet:${idemKey()}`, '投注'));
const relogin = async (m: Member): Promise<Member> => {
  const r = await m.client.data<{ token: string }>('login', {
    body: { userName: m.userName, password: m.password },
  });
  return { ...m, token: r.token };
};
const grantsOf = async (m: Member, kind: string) =>
  (
    await t.db.query<{ source_id: string }>(
      'SELECT source_id FROM grants WHERE member_id = $1 AND kind = $2 ORDER BY source_id',
      [m.memberId, kind],
    )
  ).rows.map((r) => r.source_id);
const level = async (m: Member) =>
  (
    await t.db.query<{ vip_level: number }>('SELECT vip_level FROM members WHERE id = $1', [
      m.memberId,
    ])
  ).rows[0]!.vip_level;

describe('the daily VIP job', () => {
  it('reaches the highest level met; each skipped level pays its bonus once; re-runs pay nothing', async () => {
    let m = await registerMember(t);
    for (let i = 0; i < 5; i += 1) await deposit(m, '1000');
    await bet(m, 3_000_000n); // 30,000.00: VIP2's turnover
    toReview();
    const run = await t.services.vipJob.runDaily();
    expect(run.skipped).toBe(false);
    expect(await level(m)).toBe(2);
    expect(await grantsOf(m, 'vipUpgrade')).toEqual([`${m.memberId}:1`, `${m.memberId}:2`]);
    // The same period again: skipped; forced again (a crash before it was marked): nothing new.
    expect((await t.services.vipJob.runDaily()).skipped).toBe(true);
    await t.db.query(`DELETE FROM reward_job_runs WHERE job = 'vip' AND period = $1`, [run.period]);
    await t.services.vipJob.runDaily();
    toReview();
    await t.services.vipJob.runDaily();
    expect(await grantsOf(m, 'vipUpgrade')).toHaveLength(2);
    // The member sees the level and claims the bonus (with its turnover bucket).
    m = await relogin(m);
    const s = await m.client.data<VipStatus>('vipStatus', { token: m.token });
    expect(s).toMatchObject({ level: 2, name: 'VIP2', next: { level: 3 } });
    const page = await m.client.data<GrantPage>('rewardGrants', {
      token: m.token,
      query: { kind: 'vipUpgrade' },
    });
    expect(page.list).toHaveLength(2);
    const claimed = await m.client.data<{ status: string; bucket: unknown }>('rewardGrantClaim', {
      token: m.token,
      params: { grantId: page.list[0]!.id },
      headers: money(),
      body: {},
    });
    expect(claimed).toMatchObject({ status: 'paid', bucket: { status: 'open' } });
  });

  it('two nodes running the same day at once pay each bonus once', async () => {
    const m = await registerMember(t);
    await deposit(m, '1000');
    await bet(m, 500_000n);
    toReview();
    await Promise.all([t.services.vipJob.runDaily(), t.services.vipJob.runDaily()]);
    expect(await level(m)).toBe(1);
    expect(await grantsOf(m, 'vipUpgrade')).toEqual([`${m.memberId}:1`]);
  });

  it('drops one level after 90 days short of the retention turnover, and stays down', async () => {
    const m = await registerMember(t);
    await deposit(m, '1000');
    await bet(m, 500_000n);
    toReview();
    await t.services.vipJob.runDaily();
    expect(await level(m)).toBe(1);
    toReview(91);
    await t.services.vipJob.runDaily();
    expect(await level(m)).toBe(0);
    toReview();
    await t.services.vipJob.runDaily();
    expect(await level(m)).toBe(0);
    // Turnover meeting the retention brings it back, with no second upgrade bonus.
    await bet(m, 100_000n);
    toReview();
    await t.services.vipJob.runDaily();
    expect(await level(m)).toBe(1);
    expect(await grantsOf(m, 'vipUpgrade')).toHaveLength(1);
  });

  it("the monthly packet comes on the 5th for last month's deposits, once", async () => {
    const m = await registerMember(t);
    const depositedAt = t.clock.now();
    await deposit(m, '1000');
    await bet(m, 500_000n);
    toReview();
    await t.services.vipJob.runDaily();
    // To the 5th of the month after the deposit's, 04:00 Shanghai: last month is the deposit's.
    const next = periodStart('month', periodStart('month', depositedAt) + 40 * DAY);
    const fifth = next + 4 * DAY + 4 * 3600_000 + 60_000;
    // Keep the level: its retention turnover is met within the 90 days.
    await bet(m, 100_000n);
    t.clock.advance(fifth - t.clock.now());
    expect(shanghaiDate(t.clock.now()).endsWith('-05')).toBe(true);
    await t.services.vipJob.runDaily();
    await t.db.query(`DELETE FROM reward_job_runs WHERE job = 'vip'`);
    await t.services.vipJob.runDaily();
    expect(await grantsOf(m, 'vipMonthly')).toHaveLength(1);
  });
});

describe('birthday and the level table', () => {
  it('the birthday is set once by an adult; the packet comes on it after 60 days', async () => {
    const m = await registerMember(t);
    const child = `${new Date(t.clock.now()).getUTCFullYear() - 10}-01-01`;
    await expectCode(
      m.client.call('vipBirthdaySet', { token: m.token, body: { birthday: child } }),
      ErrorCode.Validation,
    );
    await expectCode(
      m.client.call('vipBirthdaySet', { token: m.token, body: { birthday: '1990-02-30' } }),
      ErrorCode.Validation,
    );
    const day = shanghaiDate(t.clock.now() + 61 * DAY).slice(5);
    const birthday = `1990-${day === '02-29' ? '02-28' : day}`;
    const set = await m.client.data<VipStatus>('vipBirthdaySet', {
      token: m.token,
      body: { birthday },
    });
    expect(set.birthday).toBe(birthday);
    await expectCode(
      m.client.call('vipBirthdaySet', { token: m.token, body: { birthday: '1991-01-01' } }),
      ErrorCode.BirthdayAlreadySet,
    );
    await deposit(m, '1000');
    await bet(m, 600_000n);
    const target = periodStart('day', t.clock.now() + 61 * DAY) + 4 * 3600_000 + 60_000;
    t.clock.advance(target - t.clock.now());
    await t.services.vipJob.runDaily();
    expect(await grantsOf(m, 'vipBirthday')).toHaveLength(1);
  });

  it('operators edit a level (audited); a table whose thresholds fall is refused', async () => {
    const op = await adminToken(t, 'finance');
    const table = await adminCall<VipTable>(t, op, 'GET', '/admin/api/v1/vip/levels');
    expect(table.data.list).toHaveLength(11);
    const vip3 = table.data.list[3]!;
    const { level, ...body } = vip3;
    expect(level).toBe(3);
    const bad = await adminCall(t, op, 'POST', '/admin/api/v1/vip/levels/3', {
      ...body,
      depositThreshold: '1.00',
    });
    expect(bad.status_code).toBe(ErrorCode.VipLevelInvalid);
    const ok = await adminCall(t, op, 'POST', '/admin/api/v1/vip/levels/3', {
      ...body,
      upgradeBonus: '150.00',
    });
    // A cut applies at once; a raise waits for a second operator (reward-four-eyes.test.ts).
    expect(ok).toMatchObject({ status_code: ErrorCode.Success, data: { upgradeBonus: '150.00' } });
    const after = await t.client().data<VipTable>('vipTable');
    expect(after.list[3]!.upgradeBonus).toBe('150.00');
    const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'vip.level.set'`);
    expect(audit.rows).toHaveLength(1);
  });
});
