import { ts, type Queryable } from '@nebula/db';

/** The SQL of 好友最高投注 (contract §5 Rewards): each invited friend's largest settled bet. */

export interface PeakFriendRow {
  friendId: number;
  inviterId: number;
  userName: string;
  registeredAt: number;
  /** The largest stake of a settled bet with valid turnover in the friend's first days. */
  bestStake: bigint | null;
  hasGrant: boolean;
  paid: bigint | null;
}

type Raw = {
  id: number;
  inviter_id: number;
  user_name: string;
  registered_at: Date;
  best: string | null;
  grant_amount: string | null;
  grant_status: string | null;
};

export async function listPeakFriends(
  q: Queryable,
  f: { inviterId: number | null; from: number; to: number; days: number; activityId: number },
): Promise<PeakFriendRow[]> {
  const r = await q.query<Raw>(
    `SELECT m.id, m.inviter_id, m.user_name, m.registered_at,
       (SELECT max(b.stake) FROM venue_bets b
         WHERE b.member_id = m.id AND b.status NOT IN ('open', 'void') AND b.valid_turnover > 0
           AND b.settled_at >= m.registered_at
           AND b.settled_at < m.registered_at + make_interval(days => $5::int))::text AS best,
       g.amount::text AS grant_amount, g.status AS grant_status
       FROM members m
       LEFT JOIN grants g ON g.kind = 'peakBet' AND g.source_id = $4 || ':' || m.id
      WHERE m.inviter_id IS NOT NULL AND ($1::int IS NULL OR m.inviter_id = $1)
        AND m.registered_at >= $2 AND m.registered_at < $3
      ORDER BY m.registered_at DESC, m.id DESC
      LIMIT $6`,
    [
      f.inviterId,
      ts(f.from),
      ts(f.to),
      String(f.activityId),
      f.days,
      f.inviterId === null ? null : 500,
    ],
  );
  return r.rows.map((x) => ({
    friendId: x.id,
    inviterId: x.inviter_id,
    userName: x.user_name,
    registeredAt: new Date(x.registered_at).getTime(),
    bestStake: x.best === null ? null : BigInt(x.best),
    hasGrant: x.grant_status !== null,
    paid: x.grant_status === 'paid' && x.grant_amount !== null ? BigInt(x.grant_amount) : null,
  }));
}
