import {
  ErrorCode,
  type LuckyFlipRecord,
  type LuckyFlipRotateResult,
  type LuckyFlipRule,
  type LuckyFlipSeeds,
  type LuckyFlipView,
} from '@nebula/protocol';
import { hexToBytes } from '@nebula/protocol/fair/bytes';
import { luckyFlipDraw } from '@nebula/protocol/fair/lucky-flip-draw';
import { seedCommitment } from '@nebula/protocol/fair/player-seeds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, idemKey, registerMember, type Member } from '../../test/factories';
import { addTurnover, creditDeposit, publishActivity } from '../../test/flip-friends';
import { createTestApp, type TestApp } from '../../test/test-app';

/** 幸运翻牌 (contract §5 Rewards): chances from data, fair draws, stock, grants, the gate. */
let t: TestApp;
let activityId: number;
const rule: LuckyFlipRule = {
  depositPerChance: '100',
  turnoverPerChance: '1000',
  maxChances: 20,
  turnoverMultiple: 1,
  prizes: [
    { id: 'big', label: '888元', amount: '888', weight: 1, stock: 1 },
    { id: 'small', label: '8元', amount: '8', weight: 60, stock: null },
    { id: 'none', label: '谢谢参与', amount: '0', weight: 39, stock: null },
  ],
};

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  activityId = await publishActivity(t, 'luckyFlip', rule, { title: '幸运翻牌' });
});
afterAll(() => t.close());

const view = (m: Member) =>
  m.client.data<LuckyFlipView>('luckyFlipView', { token: m.token, query: { activityId } });
const flip = (m: Member, id = activityId) =>
  m.client.call<LuckyFlipRecord>('luckyFlipFlip', {
    token: m.token,
    headers: { 'x-idempotency-key': idemKey() },
    body: { activityId: id },
  });
const main = async (m: Member) => (await t.services.ledger.balances(t.db, m.memberId)).main;
const flipGrants = async (m: Member) =>
  (
    await t.db.query<{ source_id: string; amount: string }>(
      `SELECT source_id, amount::text FROM grants WHERE kind = 'flip' AND member_id = $1 ORDER BY id`,
      [m.memberId],
    )
  ).rows;

describe('幸运翻牌', () => {
  it('no chance: the flip is refused (9430) and nothing is drawn or paid', async () => {
    const m = await registerMember(t);
    const v = await view(m);
    expect(v.chances).toEqual({ earned: 0, used: 0, remaining: 0 });
    expect(v.seeds.nonce).toBe(0);
    await expectCode(flip(m), ErrorCode.LuckyFlipNoChance);
    expect((await view(m)).flips).toHaveLength(0);
    expect(await main(m)).toBe(0n);
  });

  it('chances are earned from deposits and turnover minus flips used, capped by the rule', async () => {
    const m = await registerMember(t);
    await creditDeposit(t, m.memberId, 25_000n); // ¥250 → 2
    await addTurnover(t, m.memberId, 350_000n); // ¥3,500 → 3
    const v = await view(m);
    expect(v.chances).toEqual({ earned: 5, used: 0, remaining: 5 });
    expect(v.deposited).toBe('250.00');
    expect(v.turnover).toBe('3500.00');
    await addTurnover(t, m.memberId, 10_000_000n);
    expect((await view(m)).chances.earned).toBe(20);
  });

  it('a flip draws from the committed seed pair, pays a flip grant, and verifies after rotation', async () => {
    const m = await registerMember(t);
    await addTurnover(t, m.memberId, 300_000n); // 3 chances
    const before = await view(m);
    const records: LuckyFlipRecord[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await flip(m);
      expect(r.status_code).toBe(ErrorCode.Success);
      records.push(r.data);
    }
    expect(records.map((r) => r.nonce)).toEqual([0, 1, 2]);
    expect(records.every((r) => r.serverSeed === null)).toBe(true);
    expect(records[0]!.serverSeedCommitment).toBe(before.seeds.serverSeedCommitment);
    await expectCode(flip(m), ErrorCode.LuckyFlipNoChance);
    const paid = records.filter((r) => r.amount !== '0.00');
    expect(await flipGrants(m)).toEqual(
      paid.map((r) => ({
        source_id: `${activityId}:${m.memberId}:${r.nonce}`,
        amount: String(Math.round(Number(r.amount) * 100)),
      })),
    );
    const total = paid.reduce((s, r) => s + BigInt(Math.round(Number(r.amount) * 100)), 0n);
    expect(await main(m)).toBe(total);

    const rotated = await m.client.data<LuckyFlipRotateResult>('luckyFlipRotate', {
      token: m.token,
      body: {},
    });
    const seed = hexToBytes(rotated.revealed.serverSeed);
    expect(seedCommitment(seed)).toBe(before.seeds.serverSeedCommitment);
    expect(rotated.seeds.serverSeedCommitment).not.toBe(before.seeds.serverSeedCommitment);
    expect(rotated.seeds.nonce).toBe(3);
    const after = await view(m);
    for (const f of after.flips) {
      expect(f.serverSeed).toBe(rotated.revealed.serverSeed);
      const d = luckyFlipDraw(seed, f.clientSeed, f.nonce, f.weights);
      expect(d.roll).toBe(f.roll);
      expect(d.index).toBe(f.drawnIndex);
      expect(rule.prizes[d.index]!.id).toBe(f.drawnPrizeId);
    }
  });

  it('the member edits the client seed; a bad one is refused (9431) and kept', async () => {
    const m = await registerMember(t);
    const s = await m.client.data<LuckyFlipSeeds>('luckyFlipClientSeed', {
      token: m.token,
      body: { clientSeed: 'my-lucky_seed' },
    });
    expect(s.clientSeed).toBe('my-lucky_seed');
    await expectCode(
      m.client.call('luckyFlipClientSeed', { token: m.token, body: { clientSeed: 'bad seed!' } }),
      ErrorCode.LuckyFlipClientSeedInvalid,
    );
    await addTurnover(t, m.memberId, 100_000n);
    expect((await flip(m)).data.clientSeed).toBe('my-lucky_seed');
  });

  it('an activity that has ended or not begun refuses the flip (9413)', async () => {
    const m = await registerMember(t);
    await addTurnover(t, m.memberId, 100_000n);
    const now = t.clock.now();
    const ended = await publishActivity(t, 'luckyFlip', rule, {
      startsAt: now - 10 * 86_400_000,
      endsAt: now - 86_400_000,
    });
    const later = await publishActivity(t, 'luckyFlip', rule, { startsAt: now + 86_400_000 });
    await expectCode(flip(m, ended), ErrorCode.ActivityNotRunning);
    await expectCode(flip(m, later), ErrorCode.ActivityNotRunning);
    await expectCode(flip(m, 999_999), ErrorCode.ActivityNotFound);
  });

  it('a self-excluded member cannot flip (the reward gate) and the page says why', async () => {
    const m = await registerMember(t);
    await addTurnover(t, m.memberId, 500_000n);
    await m.client.data('playBreakSet', {
      token: m.token,
      body: { kind: 'selfExclusion', length: '6m', password: m.password },
    });
    const refused = await expectCode(flip(m), ErrorCode.RewardIneligible);
    expect(refused.data).toMatchObject({ reason: 'playBreak' });
    const v = await view(m);
    expect(v.eligibility).toMatchObject({ eligible: false, reason: 'playBreak' });
    expect(v.chances.used).toBe(0);
    expect(await flipGrants(m)).toHaveLength(0);
    expect(await main(m)).toBe(0n);
  });
});
