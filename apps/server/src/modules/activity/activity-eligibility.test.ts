import { ErrorCode, type ActivityClaimResult } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { registerMember, type Member } from '../../test/factories';
import { AppError } from '../../lib/errors';
import { EligibilityService } from '../play-break/eligibility.service';
import { GrantService } from '../rewards/grant.service';
import { ActivityService } from './activity.service';
import { DepositBonusService } from './deposit-bonus.service';
import { createActivity, DAY_MS, deposit, exclude, main, toMorning } from './activity.test-kit';

/**
 * The activity claim's own check (ActivityService.assertEligible, contract §5 Activities) in
 * isolation: the 首存 claim runs over the real database, ledger and activity gate, but its
 * grants go through a gate that lets everybody through — so the claim's check alone stands
 * between a refused member and the money. Each refusal answers its code and pays nothing;
 * without the check each case would be paid (the last case shows the setup pays).
 */
let t: TestApp;
let claims: DepositBonusService;
/** Members whose loss, wager or time limit the limits gate reports reached. */
const limitReached = new Set<number>();

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  toMorning(t);
  // The real gate for the activity; the play limits answered from the set above (their own
  // counting is proved in play-limits.test.ts).
  const gate = new EligibilityService(t.clock, {
    limits: {
      isReached: (_q, memberId) => Promise.resolve(limitReached.has(memberId)),
      assertWithin: () => Promise.resolve(),
    },
  });
  const openGate = new EligibilityService(t.clock);
  // Whatever the member's state, the grant itself is not refused: only the claim's check is.
  openGate.check = () => Promise.resolve({ eligible: true });
  const grants = new GrantService({
    db: t.db,
    clock: t.clock,
    ledger: t.services.ledger,
    turnover: t.services.turnover,
    eligibility: openGate,
  });
  const activities = new ActivityService({ db: t.db, clock: t.clock, eligibility: gate });
  claims = new DepositBonusService({ clock: t.clock, activities, grants });
});
afterAll(() => t.close());

/** A member with a credited 200.00 first deposit: the 首存 claim would pay 100.00. */
async function depositor(): Promise<Member> {
  const m = await registerMember(t);
  await deposit(m, '200');
  return m;
}

async function claim(m: Member, activityId: number): Promise<ActivityClaimResult | AppError> {
  try {
    return await t.db.tx((q) => claims.claim(q, m.memberId, activityId));
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

/** Refused with `code` (and these details), and nothing was granted or paid. */
async function expectRefused(
  m: Member,
  activityId: number,
  code: ErrorCode,
  data?: Record<string, unknown>,
): Promise<void> {
  const r = await claim(m, activityId);
  expect(r).toBeInstanceOf(AppError);
  expect((r as AppError).code).toBe(code);
  if (data) expect((r as AppError).data).toMatchObject(data);
  expect(await main(t, m)).toBe(20_000n);
  const g = await t.db.query('SELECT 1 FROM grants WHERE member_id = $1', [m.memberId]);
  expect(g.rows).toHaveLength(0);
}

describe('the activity claim refuses whom its check refuses, and pays nothing', () => {
  it('a self-excluded member: 9400 playBreak', async () => {
    const a = await createActivity(t, 'firstDeposit');
    const m = await depositor();
    await exclude(m);
    await expectRefused(m, a.id, ErrorCode.RewardIneligible, { reason: 'playBreak' });
  });

  it('a blocked member: 9400 blocked', async () => {
    const a = await createActivity(t, 'firstDeposit');
    const m = await depositor();
    await t.db.query('UPDATE members SET blocked = TRUE WHERE id = $1', [m.memberId]);
    await expectRefused(m, a.id, ErrorCode.RewardIneligible, { reason: 'blocked' });
  });

  it('a member whose play limit is reached: 9400 limitReached', async () => {
    const a = await createActivity(t, 'firstDeposit');
    const m = await depositor();
    limitReached.add(m.memberId);
    await expectRefused(m, a.id, ErrorCode.RewardIneligible, { reason: 'limitReached' });
  });

  it('without the approved real name the activity requires: 9400 realNameRequired', async () => {
    const a = await createActivity(t, 'firstDeposit', {
      eligibility: { requireRealName: true, minVipLevel: 0 },
    });
    const m = await depositor();
    await expectRefused(m, a.id, ErrorCode.RewardIneligible, { reason: 'realNameRequired' });
  });

  it('below the activity’s VIP minimum: 9418', async () => {
    const a = await createActivity(t, 'firstDeposit', {
      eligibility: { requireRealName: false, minVipLevel: 3 },
    });
    const m = await depositor();
    await expectRefused(m, a.id, ErrorCode.ActivityVipTooLow, { minVipLevel: 3 });
  });

  it('before the activity starts and after it ends: 9413; an eligible member is paid', async () => {
    const now = t.clock.now();
    const early = await createActivity(t, 'firstDeposit', {
      startsAt: now + DAY_MS,
      endsAt: now + 10 * DAY_MS,
    });
    const m = await depositor();
    await expectRefused(m, early.id, ErrorCode.ActivityNotRunning);
    const running = await createActivity(t, 'firstDeposit', { endsAt: now + 2 * 3600_000 });
    const late = await depositor();
    const paid = await depositor();
    const r = await claim(paid, running.id);
    expect(r).toMatchObject({ amount: '100.00' });
    expect(await main(t, paid)).toBe(30_000n);
    t.clock.advance(3 * 3600_000);
    await expectRefused(late, running.id, ErrorCode.ActivityNotRunning);
  });
});
