import { ErrorCode, LIMITS_REVIEW_DAYS, type LimitsReview } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectCode, registerMember, type Member } from '../../test/factories';

/**
 * The reminder to review one's limits (contract §5, "Members are reminded…") over the real HTTP
 * app and the platform's test clock: due LIMITS_REVIEW_DAYS (182) after registration, answered
 * by recording a review, due again 182 days after that; each member's own.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
}, 180_000);
afterAll(() => t.close());

const DAY = 86_400_000;
const status = (m: Member) => m.client.data<LimitsReview>('limitsReview', { token: m.token });
const review = (m: Member) =>
  m.client.call<LimitsReview>('limitsReviewDone', { token: m.token, body: {} });
/** A fresh session: moving the clock by months outlives the last one. */
const relogin = async (m: Member): Promise<void> => {
  m.token = (
    await m.client.data<{ token: string }>('login', {
      body: { userName: m.userName, password: m.password },
    })
  ).token;
};

describe('the 6-monthly limits review', () => {
  it('falls due 182 days after registration, then 182 days after each review', async () => {
    expect(LIMITS_REVIEW_DAYS).toBe(182);
    const m = await registerMember(t);
    const other = await registerMember(t);
    expect(await status(m)).toEqual({ due: false, reviewedAt: null });

    t.clock.advance((LIMITS_REVIEW_DAYS - 1) * DAY);
    await relogin(m);
    expect((await status(m)).due).toBe(false);
    t.clock.advance(DAY);
    await relogin(m);
    await relogin(other);
    expect(await status(m)).toEqual({ due: true, reviewedAt: null });

    const before = t.clock.now();
    const done = (await expectCode(review(m), ErrorCode.Success)).data;
    expect(done.due).toBe(false);
    expect(done.reviewedAt).toBeGreaterThanOrEqual(before);
    expect(await status(m)).toEqual(done);
    // Each member answers their own reminder.
    expect(await status(other)).toEqual({ due: true, reviewedAt: null });

    t.clock.advance((LIMITS_REVIEW_DAYS - 1) * DAY);
    await relogin(m);
    expect((await status(m)).due).toBe(false);
    t.clock.advance(DAY);
    await relogin(m);
    expect(await status(m)).toMatchObject({ due: true, reviewedAt: done.reviewedAt });
  });

  it('needs a member session', async () => {
    const anonymous = t.client();
    await expectCode(anonymous.call('limitsReview', {}), ErrorCode.AuthRequired);
    await expectCode(anonymous.call('limitsReviewDone', { body: {} }), ErrorCode.AuthRequired);
  });
});
