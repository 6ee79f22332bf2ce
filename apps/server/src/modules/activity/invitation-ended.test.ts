import { ErrorCode, type FriendInvitationView, type FriendInviteRule } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, idemKey, registerMember, type Member } from '../../test/factories';
import { addTurnover, creditDeposit, publishActivity } from '../../test/flip-friends';
import { createTestApp, type TestApp } from '../../test/test-app';
import { relogin } from './activity.test-kit';

/**
 * 邀请好友 after its end (contract §5 Rewards): a friend who registered and qualified while the
 * activity ran has earned the inviter's reward, so the friend job still pays it once the
 * activity is over; the inviter's own 领取 is refused (9413, the activity no longer runs) and a
 * member registering with the code after the end is nobody's friend for it.
 */
let t: TestApp;
let activityId: number;
const HOUR = 3600_000;
const rule: FriendInviteRule = {
  minFirstDeposit: '100',
  minTurnover: '500',
  turnoverDays: 7,
  reward: '38',
  turnoverMultiple: 1,
};

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  const now = t.clock.now();
  activityId = await publishActivity(t, 'friendInvite', rule, {
    title: '邀请好友',
    startsAt: now - HOUR,
    endsAt: now + HOUR,
  });
});
afterAll(() => t.close());

const codeOf = async (m: Member) =>
  (
    await t.db.query<{ invite_code: string }>('SELECT invite_code FROM members WHERE id = $1', [
      m.memberId,
    ])
  ).rows[0]!.invite_code;
const claim = (m: Member) =>
  m.client.call<FriendInvitationView>('friendInvitationClaim', {
    token: m.token,
    headers: { 'x-idempotency-key': idemKey() },
    body: {},
  });
const main = async (m: Member) => (await t.services.ledger.balances(t.db, m.memberId)).main;
const inviteGrants = async (m: Member) =>
  (
    await t.db.query<{ source_id: string }>(
      `SELECT source_id FROM grants WHERE kind = 'invite' AND member_id = $1 ORDER BY id`,
      [m.memberId],
    )
  ).rows.map((r) => r.source_id);
const friendOf = async (inviter: Member) =>
  registerMember(t, t.client(), { inviteCode: await codeOf(inviter) });
async function qualify(friend: Member) {
  await creditDeposit(t, friend.memberId, 20_000n);
  await addTurnover(t, friend.memberId, 60_000n);
}

describe('邀请好友 after the activity ended', () => {
  it('the job pays what was earned during it; claims are refused; late friends earn nothing', async () => {
    const inviter = await registerMember(t);
    const early = await friendOf(inviter);
    await qualify(early);
    // The activity ends before the job has run or the inviter has claimed.
    t.clock.advance(2 * HOUR);
    const me = await relogin(inviter);
    await expectCode(claim(me), ErrorCode.ActivityNotRunning);
    expect(await main(me)).toBe(0n);
    expect(await inviteGrants(me)).toEqual([]);
    // A member registering with the code now is not a friend of this activity.
    const late = await friendOf(me);
    await qualify(late);
    expect(await t.services.flipFriends.invitation.runDue()).toBe(1);
    expect(await inviteGrants(me)).toEqual([`${activityId}:${early.memberId}`]);
    expect(await main(me)).toBe(3800n);
    // Paid once: neither a re-run of the job nor a claim adds anything.
    expect(await t.services.flipFriends.invitation.runDue()).toBe(0);
    await expectCode(claim(me), ErrorCode.ActivityNotRunning);
    expect(await main(me)).toBe(3800n);
    const v = await me.client.data<FriendInvitationView>('friendInvitationView', {
      token: me.token,
    });
    expect(v.friends.map((f) => f.friendId)).toEqual([early.memberId]);
    expect(v.paidTotal).toBe('38.00');
  });
});
