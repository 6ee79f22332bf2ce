import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { registerMember } from '../../test/factories';
import { testDbKind } from '../../test/test-db';
import { bet, createActivity, deposit, main, money, toMorning } from './activity.test-kit';

/**
 * Races on PostgreSQL, where they are real (PGlite's one connection would hide them): the
 * unique (member, activity, day) check-in and the unique deposit-bonus entry let one through.
 */
const onPostgres = testDbKind() === 'postgres';

let t: TestApp;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ seedDemo: false });
  toMorning(t);
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

const codes = (envs: { status_code: number }[]) => envs.map((e) => e.status_code).sort();

describe.skipIf(!onPostgres)('activities under concurrency (PostgreSQL)', () => {
  it('10 parallel check-ins on one day: one check-in, one grant', async () => {
    await createActivity(t, 'checkin');
    const m = await registerMember(t);
    await bet(t, m, 10_000n);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        m.client.call('checkin', { token: m.token, headers: money(), body: {} }),
      ),
    );
    expect(codes(answers)).toEqual(
      [6000, ...Array<number>(9).fill(ErrorCode.CheckinAlreadyDone)].sort(),
    );
    const rows = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM activity_checkins WHERE member_id = $1',
      [m.memberId],
    );
    expect(rows.rows[0]!.n).toBe(1);
    expect(await main(t, m)).toBe(200n);
  });

  it('10 parallel claims of one deposit bonus: one grant, paid once', async () => {
    const a = await createActivity(t, 'firstDeposit');
    const m = await registerMember(t);
    await deposit(m, '200');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        m.client.call('activityClaim', {
          token: m.token,
          params: { activityId: a.id },
          headers: money(),
          body: {},
        }),
      ),
    );
    expect(codes(answers)).toEqual(
      [6000, ...Array<number>(9).fill(ErrorCode.ActivityAlreadyClaimed)].sort(),
    );
    const grants = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM grants WHERE member_id = $1 AND kind = 'activity'",
      [m.memberId],
    );
    expect(grants.rows[0]!.n).toBe(1);
    expect(await main(t, m)).toBe(30_000n);
  });
});
