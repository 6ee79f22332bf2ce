import { ts, type Queryable } from '@nebula/db';

/** The SQL of 邀请好友 (contract §5 Rewards): the friends a member invited, with their facts. */

export interface InvitedFriendRow {
  friendId: number;
  inviterId: number;
  userName: string;
  registeredAt: number;
  firstDeposit: bigint | null;
  /** Net valid turnover of the friend's first days (from registration). */
  turnover: bigint;
  /** What the grant for this friend paid, when it exists and is paid. */
  paid: bigint | null;
  hasGrant: boolean;
}

type Raw = {
  id: number;
  inviter_id: number;
  user_name: string;
  registered_at: Date;
  first_deposit: string | null;
  turnover: string;
  grant_amount: string | null;
  grant_status: string | null;
};

/**
 * Friends registered with an inviter's code inside [from, to), by inviter (one member, the
 * latest 500) or every inviter (null; the job, all of them), with the grant of activity `activityId` for each.
 */
export async function listInvitedFriends(
  q: Queryable,
  f: {
    inviterId: number | null;
    from: number;
    to: number;
    turnoverDays: number;
    activityId: number;
  },
): Promise<InvitedFriendRow[]> {
  const r = await q.query<Raw>(
    `SELECT m.id, m.inviter_id, m.user_name, m.registered_at,
       (SELECT COALESCE(d.received_amount, d.credit_amount) FROM deposit_orders d
         WHERE d.member_id = m.id AND d.status = 'credited'
         ORDER BY d.updated_at, d.id LIMIT 1)::text AS first_deposit,
       (SELECT COALESCE(sum(CASE t.kind WHEN 'turnover' THEN t.amount ELSE -t.amount END), 0)
          FROM turnover_entries t
         WHERE t.member_id = m.id AND t.kind IN ('turnover', 'reverse')
           AND t.at >= m.registered_at
           AND t.at < m.registered_at + make_interval(days => $5::int))::text AS turnover,
       g.amount::text AS grant_amount, g.status AS grant_status
       FROM members m
       LEFT JOIN grants g ON g.kind = 'invite' AND g.source_id = $4 || ':' || m.id
      WHERE m.inviter_id IS NOT NULL AND ($1::int IS NULL OR m.inviter_id = $1)
        AND m.registered_at >= $2 AND m.registered_at < $3
      ORDER BY m.registered_at DESC, m.id DESC
      LIMIT $6`,
    [
      f.inviterId,
      ts(f.from),
      ts(f.to),
      String(f.activityId),
      f.turnoverDays,
      f.inviterId === null ? null : 500,
    ],
  );
  return r.rows.map((x) => ({
    friendId: x.id,
    inviterId: x.inviter_id,
    userName: x.user_name,
    registeredAt: new Date(x.registered_at).getTime(),
    firstDeposit: x.first_deposit === null ? null : BigInt(x.first_deposit),
    turnover: BigInt(x.turnover),
    paid: x.grant_status === 'paid' && x.grant_amount !== null ? BigInt(x.grant_amount) : null,
    hasGrant: x.grant_status !== null,
  }));
}

/**
 * Whether an inviter's friends earn friend rewards. The agents module (an approved agent's code
 * puts the friend in the agent's downline, with no friend reward; contract §5 Rewards) answers
 * false for an approved agent here; until an agent notion exists every inviter is a member.
 */
export async function inviterEarnsFriendRewards(q: Queryable, inviterId: number) {
  const r = await q.query('SELECT 1 FROM members WHERE id = $1', [inviterId]);
  return r.rowCount === 1;
}

export async function inviteCodeOf(q: Queryable, memberId: number): Promise<string> {
  const r = await q.query<{ invite_code: string }>(
    'SELECT invite_code FROM members WHERE id = $1',
    [memberId],
  );
  return r.rows[0]?.invite_code ?? '';
}
