import { ErrorCode, type Eligibility, type Grant } from '@nebula/protocol';
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
import type { GrantInput } from './grant.service';

/**
 * The one eligibility gate (contract §5 Rewards) on every reward path: a member in a
 * self-exclusion or time-out, or blocked, gets no grant from a job, no claim, no VIP packet;
 * a rule may require the approved real name. Each case would pay without the gate.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

let seq = 0;
const input = (m: Member, over: Partial<GrantInput> = {}): GrantInput => ({
  kind: 'activity',
  sourceId: `elig:${m.memberId}:${(seq += 1)}`,
  memberId: m.memberId,
  title: '测试彩金',
  amount: 10_000n,
  turnoverMultiple: 1,
  expiresAt: null,
  auto: false,
  ...over,
});
const create = (g: GrantInput) => t.db.tx((q) => t.services.grants.create(q, g));
const main = async (m: Member) => (await t.services.ledger.balances(t.db, m.memberId)).main;
const exclude = (m: Member) =>
  m.client.data('playBreakSet', {
    token: m.token,
    body: { kind: 'selfExclusion', length: '6m', password: m.password },
  });
const standing = (m: Member) => m.client.data<Eligibility>('rewardEligibility', { token: m.token });

describe('eligibility on every reward path', () => {
  it('a self-excluded member: no automatic grant, no claim, the page says why', async () => {
    const m = await registerMember(t);
    const available = (await create(input(m)))!;
    expect(await standing(m)).toEqual({ eligible: true, reason: null, endsAt: null });
    await exclude(m);
    expect(await create(input(m, { auto: true }))).toBeNull();
    const refused = await expectCode(
      m.client.call<Grant>('rewardGrantClaim', {
        token: m.token,
        params: { grantId: available.id },
        headers: { 'x-idempotency-key': idemKey() },
        body: {},
      }),
      ErrorCode.RewardIneligible,
    );
    expect(refused.data).toMatchObject({ reason: 'playBreak' });
    expect((await standing(m)).reason).toBe('playBreak');
    expect(await main(m)).toBe(0n);
    const rows = await t.db.query('SELECT 1 FROM grants WHERE member_id = $1 AND status = $2', [
      m.memberId,
      'paid',
    ]);
    expect(rows.rows).toHaveLength(0);
  });

  it('a self-excluded member gets no VIP upgrade bonus from the daily job', async () => {
    const m = await registerMember(t);
    await t.db.tx((q) =>
      t.services.turnover.addValid(q, m.memberId, 10_000_000n, `elig-bet:${m.memberId}`, '投注'),
    );
    await t.db.query(
      `INSERT INTO deposit_orders (id, member_id, channel_id, channel_type, channel_name, currency, amount, credit_amount, status, received_amount, created_at, expires_at, updated_at)
       VALUES ($1, $2, 'alipay', 'online', '支付宝', 'CNY', 1000000, 1000000, 'credited', 1000000, now(), now(), now())`,
      [`DELIG${m.memberId}X`, m.memberId],
    );
    await exclude(m);
    await t.services.vipJob.runDaily();
    const grants = await t.db.query('SELECT 1 FROM grants WHERE member_id = $1', [m.memberId]);
    expect(grants.rows).toHaveLength(0);
  });

  it('a blocked member gets no grant; a rule requiring the real name refuses without it', async () => {
    const m = await registerMember(t);
    expect(await create(input(m, { auto: true, requireRealName: true }))).toBeNull();
    const op = await adminToken(t);
    const r = await adminCall(t, op, 'POST', `/admin/api/v1/members/${m.memberId}/block`, {
      blocked: true,
      reason: '风控',
    });
    expect(r.status_code).toBe(ErrorCode.Success);
    expect(await create(input(m, { auto: true }))).toBeNull();
    const v = await t.services.eligibility.check(t.db, m.memberId, 'marketing');
    expect(v).toMatchObject({ eligible: false, reason: 'blocked' });
    expect(await main(m)).toBe(0n);
  });

  it('play keeps its answer: 9202 with the break while one runs', async () => {
    const m = await registerMember(t);
    await exclude(m);
    await expect(t.services.eligibility.assertCanPlay(t.db, m.memberId)).rejects.toMatchObject({
      code: ErrorCode.PlayBreakActive,
    });
  });
});
