import { ErrorCode, type Grant, type GrantPage, type Turnover } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  adminCall,
  adminToken,
  expectCode,
  fund,
  idemKey,
  registerMember,
  type Member,
} from '../../test/factories';
import type { GrantInput } from './grant.service';

/**
 * Grants and their turnover buckets (contract §5 Rewards) over the real HTTP app and ledger:
 * paid once, claimed once, revoked only while available, given up up to the main balance,
 * and reconciled with the ledger to the fen.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

let seq = 0;
const input = (m: Member, over: Partial<GrantInput> = {}): GrantInput => ({
  kind: 'activity',
  sourceId: `test:${m.memberId}:${(seq += 1)}`,
  memberId: m.memberId,
  title: '测试彩金',
  amount: 10_000n,
  turnoverMultiple: 0,
  expiresAt: null,
  auto: false,
  ...over,
});
const create = (g: GrantInput) => t.db.tx((q) => t.services.grants.create(q, g));
const claim = (m: Member, grantId: number, key = idemKey()) =>
  m.client.call<Grant>('rewardGrantClaim', {
    token: m.token,
    params: { grantId },
    headers: { 'x-idempotency-key': key },
    body: {},
  });
const giveUp = (m: Member, grantId: number) =>
  m.client.call<Grant>('rewardGrantGiveUp', {
    token: m.token,
    params: { grantId },
    headers: { 'x-idempotency-key': idemKey() },
    body: {},
  });
const main = async (m: Member) => (await t.services.ledger.balances(t.db, m.memberId)).main;
const missing = (m: Member) => t.services.turnover.missing(t.db, m.memberId);
const bet = (m: Member, fen: bigint) =>
  t.db.tx((q) =>
    t.services.turnover.addValid(q, m.memberId, fen, `test-bet:${idemKey()}`, '测试投注'),
  );
const postings = async (reference: string) => {
  const r = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ledger_transactions WHERE reference = $1',
    [reference],
  );
  return r.rows[0]!.n;
};

describe('grants', () => {
  it('an automatic grant is paid once at creation; a re-run creates and pays nothing', async () => {
    const m = await registerMember(t);
    const g = input(m, { auto: true, turnoverMultiple: 3 });
    const first = await create(g);
    expect(first?.status).toBe('paid');
    const again = await create(g);
    expect(again?.id).toBe(first!.id);
    expect(await main(m)).toBe(10_000n);
    expect(await postings(`grant:activity:${g.sourceId}`)).toBe(1);
    // Its bucket: 3 × 100.00, open, so withdrawals wait.
    expect(await missing(m)).toBe(30_000n);
  });

  it('a claim pays once; a second claim, another member and a retry are refused or replayed', async () => {
    const m = await registerMember(t);
    const other = await registerMember(t);
    const g = (await create(input(m)))!;
    expect(g.status).toBe('available');
    expect(await main(m)).toBe(0n);
    await expectCode(claim(other, g.id), ErrorCode.GrantNotFound);
    const key = idemKey();
    const ok = await expectCode(claim(m, g.id, key), ErrorCode.Success);
    expect(ok.data).toMatchObject({ status: 'paid', amount: '100.00' });
    // The same key answers the first outcome; a new key is a second claim.
    expect((await claim(m, g.id, key)).data).toEqual(ok.data);
    await expectCode(claim(m, g.id), ErrorCode.GrantNotAvailable);
    expect(await main(m)).toBe(10_000n);
    expect(await main(other)).toBe(0n);
  });

  it('claims of one grant sent at once pay once', async () => {
    const m = await registerMember(t);
    const g = (await create(input(m)))!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(m, g.id)));
    const ok = answers.filter((a) => a.status_code === ErrorCode.Success);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.status_code === ErrorCode.GrantNotAvailable)).toHaveLength(4);
    expect(await main(m)).toBe(10_000n);
    expect(await postings(`grant:activity:${g.sourceId}`)).toBe(1);
  });

  it('an expired grant cannot be claimed; a revoked one neither; a paid one is never revoked', async () => {
    const m = await registerMember(t);
    const op = await adminToken(t, 'finance');
    const expiring = (await create(input(m, { expiresAt: t.clock.now() + 1000 })))!;
    const revoked = (await create(input(m)))!;
    const paid = (await create(input(m, { auto: true })))!;
    t.clock.advance(2000);
    await expectCode(claim(m, expiring.id), ErrorCode.GrantExpired);
    const r = await adminCall<Grant>(t, op, 'POST', `/admin/api/v1/grants/${revoked.id}/revoke`, {
      reason: '重复发放',
    });
    expect(r).toMatchObject({ status_code: ErrorCode.Success, data: { status: 'revoked' } });
    await expectCode(claim(m, revoked.id), ErrorCode.GrantNotAvailable);
    const refused = await adminCall(t, op, 'POST', `/admin/api/v1/grants/${paid.id}/revoke`, {
      reason: '误发',
    });
    expect(refused.status_code).toBe(ErrorCode.GrantNotAvailable);
    expect(await main(m)).toBe(10_000n);
    // The revocation is audited with who and why.
    const audit = await t.db.query<{ actor: string; action: string }>(
      `SELECT actor, action FROM audit_log WHERE target = $1`,
      [`grant:${revoked.id}`],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.action).toBe('grant.revoke');
  });

  it('a moderator may not revoke; bad input changes nothing', async () => {
    const m = await registerMember(t);
    const g = (await create(input(m)))!;
    const mod = await adminToken(t, 'moderator');
    const r = await adminCall(t, mod, 'POST', `/admin/api/v1/grants/${g.id}/revoke`, {
      reason: 'x',
    });
    expect(r.status_code).not.toBe(ErrorCode.Success);
    const fin = await adminToken(t, 'finance');
    const empty = await adminCall(t, fin, 'POST', `/admin/api/v1/grants/${g.id}/revoke`, {
      reason: '',
    });
    expect(empty.status_code).toBe(ErrorCode.Validation);
    await expectCode(
      m.client.call('rewardGrantClaim', {
        token: m.token,
        params: { grantId: 'abc' },
        headers: { 'x-idempotency-key': idemKey() },
        body: {},
      }),
      ErrorCode.Validation,
    );
    const page = await m.client.data<GrantPage>('rewardGrants', { token: m.token });
    expect(page.list.find((x) => x.id === g.id)?.status).toBe('available');
  });
});

describe('turnover buckets', () => {
  it('valid turnover fills the oldest bucket first; a reversal opens the newest again', async () => {
    const m = await registerMember(t);
    const a = (await create(input(m, { auto: true, turnoverMultiple: 1 })))!; // needs 100.00
    const b = (await create(input(m, { auto: true, turnoverMultiple: 2, amount: 5_000n })))!; // 100.00
    await bet(m, 15_000n);
    const page = await m.client.data<GrantPage>('rewardGrants', { token: m.token });
    const byId = new Map(page.list.map((g) => [g.id, g]));
    expect(byId.get(a.id)?.bucket).toEqual({
      required: '100.00',
      filled: '100.00',
      status: 'done',
    });
    expect(byId.get(b.id)?.bucket).toEqual({ required: '100.00', filled: '50.00', status: 'open' });
    expect(await missing(m)).toBe(5_000n);
    await t.db.tx((q) =>
      t.services.turnover.reverseValid(q, m.memberId, 8_000n, `test-void:${idemKey()}`, '作废'),
    );
    // 50.00 back from b, then 30.00 from a, which opens again.
    expect(await missing(m)).toBe(13_000n);
    await bet(m, 13_000n);
    expect(await missing(m)).toBe(0n);
  });

  it('放弃优惠 reverses up to the main balance and closes the bucket', async () => {
    const m = await registerMember(t);
    const g = (await create(input(m, { auto: true, turnoverMultiple: 5 })))!;
    expect(await missing(m)).toBe(50_000n);
    // The member spent part of it: 60.00 left to take back.
    await t.services.ledger.postNow({
      reference: `test-spend:${m.memberId}`,
      kind: 'adjust',
      memberId: m.memberId,
      postings: [
        { account: { memberId: m.memberId, kind: 'main' }, amount: -4_000n },
        { account: { house: 'adjustments' }, amount: 4_000n },
      ],
    });
    const r = await expectCode(giveUp(m, g.id), ErrorCode.Success);
    expect(r.data).toMatchObject({ forfeited: '60.00', bucket: { status: 'given_up' } });
    expect(await main(m)).toBe(0n);
    expect(await missing(m)).toBe(0n);
    await expectCode(giveUp(m, g.id), ErrorCode.GrantNoOpenBucket);
    const none = (await create(input(m, { auto: true })))!;
    await expectCode(giveUp(m, none.id), ErrorCode.GrantNoOpenBucket);
    const view = await m.client.data<Turnover>('turnover', { token: m.token });
    expect(view.missing).toBe('0.00');
  });

  it('a deposit bucket and a grant bucket both hold withdrawals until filled', async () => {
    const m = await registerMember(t);
    await t.db.tx((q) =>
      t.services.turnover.requireFor(q, m.memberId, 20_000n, `test-dep:${m.memberId}`),
    );
    await create(input(m, { auto: true, turnoverMultiple: 1 }));
    const before = await missing(m);
    await bet(m, 1_000n);
    expect(await missing(m)).toBe(before - 1_000n);
  });
});

describe('grants and the ledger', () => {
  it('paid grants less forfeits equal the bonuses account to the fen; the books reconcile', async () => {
    const m = await registerMember(t);
    await fund(t, m.memberId, '1');
    await create(input(m, { auto: true, amount: 12_345n }));
    const sums = await t.db.query<{ paid: string; forfeited: string }>(
      `SELECT COALESCE(sum(amount) FILTER (WHERE status = 'paid'), 0)::text AS paid,
              COALESCE(sum(forfeited), 0)::text AS forfeited FROM grants`,
    );
    const house = await t.db.query<{ total: string }>(
      `SELECT COALESCE(sum(p.amount), 0)::text AS total FROM ledger_postings p
         JOIN ledger_accounts a ON a.id = p.account_id WHERE a.member_id IS NULL AND a.kind = 'bonuses'`,
    );
    const paid = BigInt(sums.rows[0]!.paid) - BigInt(sums.rows[0]!.forfeited);
    expect(-BigInt(house.rows[0]!.total)).toBe(paid);
    await t.services.ledger.rollUp();
    expect((await t.services.ledger.reconcile()).ok).toBe(true);
  });

  it("operators see a member's grants and the report per day and kind", async () => {
    const m = await registerMember(t);
    await create(input(m, { auto: true, amount: 700n }));
    const op = await adminToken(t, 'finance');
    const list = await adminCall<GrantPage>(
      t,
      op,
      'GET',
      `/admin/api/v1/members/${m.memberId}/grants`,
    );
    expect(list.data.list).toHaveLength(1);
    const day = new Date(t.clock.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const report = await adminCall<{ list: { day: string; kind: string; count: number }[] }>(
      t,
      op,
      'GET',
      `/admin/api/v1/grants/report?from=${day}&to=${day}`,
    );
    expect(
      report.data.list.find((r) => r.kind === 'activity' && r.day === day)?.count,
    ).toBeGreaterThan(0);
    const bad = await adminCall(
      t,
      op,
      'GET',
      `/admin/api/v1/grants/report?from=${day}&to=2000-01-01`,
    );
    expect(bad.status_code).toBe(ErrorCode.Validation);
  });
});
