import { type FriendPeakBetRule, type FriendPeakBetView } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type Member } from '../../test/factories';
import { publishActivity } from '../../test/flip-friends';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * 好友最高投注 (contract §5 Rewards): each friend's largest settled valid bet of their first
 * days sets the inviter's tier; paid once after the days close (the test clock moves there).
 */
let t: TestApp;
let activityId: number;
const DAY_MS = 86_400_000;
const rule: FriendPeakBetRule = {
  days: 30,
  tiers: [
    { minStake: '100', reward: '10' },
    { minStake: '1000', reward: '88' },
  ],
  turnoverMultiple: 0,
};

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  activityId = await publishActivity(t, 'friendPeakBet', rule, { title: '好友最高投注' });
  await t.db.query(
    `INSERT INTO venues (code, family, name, logo, dialect, origin, api_url, merchant_code, status, sort, created_at, updated_at)
     VALUES ('PKDZ', 'DZ', '测试电子', '/static/venues/x.svg', NULL, 'http://127.0.0.1:1', 'http://127.0.0.1:1', 'NEBULA', 'open', 99, now(), now())`,
  );
});
afterAll(() => t.close());

let seq = 0;
/** A bet of the friend: settled (won/lost) with valid turnover, open, or void. */
async function bet(
  m: Member,
  stakeFen: bigint,
  status: 'won' | 'lost' | 'open' | 'void',
  atMs?: number,
) {
  seq += 1;
  const at = new Date(atMs ?? t.clock.now());
  const settled = status === 'open' ? null : at;
  const valid = status === 'won' || status === 'lost' ? stakeFen : 0n;
  await t.db.query(
    `INSERT INTO venue_bets (venue_code, bet_id, member_id, version, change_kind, status, stake,
       payout, odds_milli, potential_win, legs, placed_at, settled_at, valid_turnover, updated_at)
     VALUES ('PKDZ', $1, $2, 2, 'settled', $3, $4, 0, 1950, $4, '[]'::jsonb, $5, $6, $7, $5)`,
    [`PK${seq}`, m.memberId, status, stakeFen, at, settled, valid],
  );
}
const codeOf = async (m: Member) =>
  (
    await t.db.query<{ invite_code: string }>('SELECT invite_code FROM members WHERE id = $1', [
      m.memberId,
    ])
  ).rows[0]!.invite_code;
const invite = async (inviter: Member) =>
  registerMember(t, t.client(), { inviteCode: await codeOf(inviter) });
const view = (m: Member) =>
  m.client.data<FriendPeakBetView>('friendPeakBetView', { token: m.token });
const peakGrants = async (m: Member) =>
  (
    await t.db.query<{ source_id: string; amount: string }>(
      `SELECT source_id, amount::text FROM grants WHERE kind = 'peakBet' AND member_id = $1 ORDER BY id`,
      [m.memberId],
    )
  ).rows;

describe('好友最高投注', () => {
  it('tiers by the best settled valid bet of the first 30 days; paid once after they close', async () => {
    const a = await registerMember(t);
    const b = await invite(a);
    const c = await invite(a);
    const x = await registerMember(t);
    const y = await invite(x);
    await bet(b, 50_000n, 'won');
    await bet(b, 500_000n, 'void'); // voided: no valid turnover
    await bet(b, 300_000n, 'open'); // not settled
    await bet(c, 5_000n, 'lost'); // below every tier
    await bet(y, 200_000n, 'won');
    const loner = await registerMember(t);
    expect((await view(loner)).state).toBe('noFriends');
    let v = await view(a);
    const byId = (id: number) => v.friends.find((f) => f.friendId === id)!;
    expect(v.state).toBe('running');
    expect(v.rule?.tiers).toHaveLength(2);
    expect(byId(b.memberId)).toMatchObject({
      bestStake: '500.00',
      reward: '10.00',
      status: 'open',
    });
    expect(byId(c.memberId)).toMatchObject({ bestStake: '50.00', reward: null, status: 'open' });
    await bet(b, 120_000n, 'lost');
    v = await view(a);
    expect(byId(b.memberId)).toMatchObject({ bestStake: '1200.00', reward: '88.00' });

    // Before the 30 days close nothing is paid.
    expect(await t.services.flipFriends.peakBet.runDue()).toBe(0);
    expect(await peakGrants(a)).toHaveLength(0);

    // The inviter x self-excludes: x's friend's reward is never paid.
    await x.client.data('playBreakSet', {
      token: x.token,
      body: { kind: 'selfExclusion', length: '6m', password: x.password },
    });

    t.clock.advance(31 * DAY_MS);
    // A bet after the friend's 30 days does not count.
    await bet(b, 900_000n, 'won');
    // Closed with a tier reached: due, until the job pays it.
    v = await t.services.flipFriends.peakBet.view(a.memberId);
    expect(byId(b.memberId)).toMatchObject({ status: 'due' });
    expect(await t.services.flipFriends.peakBet.runDue()).toBe(1);
    expect(await t.services.flipFriends.peakBet.runDue()).toBe(0);
    expect(await peakGrants(a)).toEqual([
      { source_id: `${activityId}:${b.memberId}`, amount: '8800' },
    ]);
    expect(await peakGrants(x)).toHaveLength(0);
    expect((await t.services.ledger.balances(t.db, a.memberId)).main).toBe(8800n);
    // The session has expired by now: read the page's data from the service.
    v = await t.services.flipFriends.peakBet.view(a.memberId);
    expect(byId(b.memberId)).toMatchObject({ bestStake: '1200.00', status: 'paid' });
    expect(byId(c.memberId)).toMatchObject({ status: 'none' });
    expect(v.paidTotal).toBe('88.00');
    expect(v.state).toBe('running');
    // The self-excluded inviter's page says so instead of counting for ever.
    v = await t.services.flipFriends.peakBet.view(x.memberId);
    expect(v.state).toBe('ineligible');
    expect(byId(y.memberId)).toMatchObject({ reward: '88.00', status: 'ineligible' });

    // After the activity's end with nothing still to come: ended.
    t.clock.advance(30 * DAY_MS);
    expect((await t.services.flipFriends.peakBet.view(a.memberId)).state).toBe('ended');
    expect((await t.services.flipFriends.peakBet.view(loner.memberId)).state).toBe('ended');
  });
});
