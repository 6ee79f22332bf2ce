import { ErrorCode, type FriendInvitationView, type FriendInviteRule } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, idemKey, registerMember, type Member } from '../../test/factories';
import { addTurnover, creditDeposit, publishActivity } from '../../test/flip-friends';
import { createTestApp, type TestApp } from '../../test/test-app';

/** 邀请好友 (contract §5 Rewards): friends by invite code, status, one reward per friend. */
let t: TestApp;
let activityId: number;
const rule: FriendInviteRule = {
  minFirstDeposit: '100',
  minTurnover: '500',
  turnoverDays: 7,
  reward: '38',
  turnoverMultiple: 1,
};

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  activityId = await publishActivity(t, 'friendInvite', rule, { title: '邀请好友' });
});
afterAll(() => t.close());

const codeOf = async (m: Member) =>
  (
    await t.db.query<{ invite_code: string }>('SELECT invite_code FROM members WHERE id = $1', [
      m.memberId,
    ])
  ).rows[0]!.invite_code;
const view = (m: Member) =>
  m.client.data<FriendInvitationView>('friendInvitationView', { token: m.token });
const claim = (m: Member) =>
  m.client.call<FriendInvitationView>('friendInvitationClaim', {
    token: m.token,
    headers: { 'x-idempotency-key': idemKey() },
    body: {},
  });
const main = async (m: Member) => (await t.services.ledger.balances(t.db, m.memberId)).main;
const inviteGrants = async (m: Member) =>
  (
    await t.db.query<{ source_id: string; amount: string; status: string }>(
      `SELECT source_id, amount::text, status FROM grants WHERE kind = 'invite' AND member_id = $1`,
      [m.memberId],
    )
  ).rows;
/** An inviter and a friend registered with the inviter's code. */
async function pair(): Promise<[Member, Member]> {
  const inviter = await registerMember(t);
  const friend = await registerMember(t, t.client(), { inviteCode: await codeOf(inviter) });
  return [inviter, friend];
}
async function qualify(friend: Member) {
  await creditDeposit(t, friend.memberId, 20_000n);
  await addTurnover(t, friend.memberId, 60_000n);
}

describe('邀请好友', () => {
  it('shows the code and each friend: registered → deposited → active, qualified', async () => {
    const [a, b] = await pair();
    let v = await view(a);
    expect(v.inviteCode).toBe(await codeOf(a));
    expect(v.activity?.id).toBe(activityId);
    expect(v.friends).toHaveLength(1);
    expect(v.friends[0]).toMatchObject({
      friendId: b.memberId,
      status: 'registered',
      firstDeposit: null,
      qualified: false,
      paid: null,
    });
    expect(v.friends[0]!.name).toContain('***');
    await creditDeposit(t, b.memberId, 20_000n);
    v = await view(a);
    expect(v.friends[0]).toMatchObject({ status: 'deposited', firstDeposit: '200.00' });
    await addTurnover(t, b.memberId, 40_000n);
    v = await view(a);
    expect(v.friends[0]).toMatchObject({ status: 'active', turnover: '400.00', qualified: false });
    await addTurnover(t, b.memberId, 10_000n);
    v = await view(a);
    expect(v.friends[0]!.qualified).toBe(true);
    expect(v.claimable).toBe(1);
  });

  it('the job pays each qualified friend once; a re-run pays nothing', async () => {
    const [a, b] = await pair();
    await qualify(b);
    const first = await t.services.flipFriends.invitation.runDue();
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await inviteGrants(a)).toEqual([
      { source_id: `${activityId}:${b.memberId}`, amount: '3800', status: 'paid' },
    ]);
    expect(await t.services.flipFriends.invitation.runDue()).toBe(0);
    expect(await inviteGrants(a)).toHaveLength(1);
    expect(await main(a)).toBe(3800n);
    const v = await view(a);
    expect(v.friends[0]!.paid).toBe('38.00');
    expect(v.paidTotal).toBe('38.00');
    await expectCode(claim(a), ErrorCode.InvitationNothingToClaim);
  });

  it('领取 pays the qualified friends; a second claim and the job pay nothing more', async () => {
    const [a, b] = await pair();
    await expectCode(claim(a), ErrorCode.InvitationNothingToClaim);
    await qualify(b);
    const r = await claim(a);
    expect(r.status_code).toBe(ErrorCode.Success);
    expect(r.data.paidTotal).toBe('38.00');
    expect(r.data.claimable).toBe(0);
    await expectCode(claim(a), ErrorCode.InvitationNothingToClaim);
    await t.services.flipFriends.invitation.runDue();
    expect(await inviteGrants(a)).toHaveLength(1);
    expect(await main(a)).toBe(3800n);
  });

  it('a self-excluded inviter gets no reward: the claim is refused, the job pays nothing', async () => {
    const [a, b] = await pair();
    await qualify(b);
    await a.client.data('playBreakSet', {
      token: a.token,
      body: { kind: 'selfExclusion', length: '6m', password: a.password },
    });
    const refused = await expectCode(claim(a), ErrorCode.RewardIneligible);
    expect(refused.data).toMatchObject({ reason: 'playBreak' });
    await t.services.flipFriends.invitation.runDue();
    expect(await inviteGrants(a)).toHaveLength(0);
    expect(await main(a)).toBe(0n);
    expect((await view(a)).eligibility).toMatchObject({ eligible: false, reason: 'playBreak' });
  });

  it('a member registered without a code is nobody’s friend', async () => {
    const [a] = await pair();
    await registerMember(t);
    expect((await view(a)).friends).toHaveLength(1);
  });
});
