import { ts, type Queryable } from '@nebula/db';

export interface GiftRecordRow {
  id: bigint;
  time: number;
  roomName: string;
  giftName: string;
  icon: string;
  count: number;
  coin: bigint;
}

/**
 * The member's chat gifts (礼物记录) from the chat's gift ledger: each gift message with the
 * COIN its ledger entry (`gift:{member}:{key}`) really moved, newest first.
 */
export async function pageGiftRecords(
  q: Queryable,
  f: { memberId: number; from: number | null; to: number | null; limit: number; offset: number },
): Promise<{ list: GiftRecordRow[]; total: number }> {
  const where = `m.member_id = $1 AND m.kind = 'gift'
     AND ($2::timestamptz IS NULL OR m.created_at >= $2) AND ($3::timestamptz IS NULL OR m.created_at < $3)`;
  const params = [f.memberId, f.from === null ? null : ts(f.from), f.to === null ? null : ts(f.to)];
  const [list, count] = await Promise.all([
    q.query<{
      id: bigint;
      created_at: Date;
      room_name: string;
      gift_name: string;
      icon: string;
      gift_count: number;
      coin: string | null;
    }>(
      `SELECT m.id, m.created_at, r.name AS room_name, g.name AS gift_name, g.icon, m.gift_count,
              (SELECT sum(p.amount)::text FROM ledger_transactions t
                 JOIN ledger_postings p ON p.transaction_id = t.id
                 JOIN ledger_accounts a ON a.id = p.account_id
                WHERE t.reference = 'gift:' || m.member_id || ':' || m.idempotency_key
                  AND a.member_id IS NULL) AS coin
         FROM chat_messages m
         JOIN chat_rooms r ON r.id = m.room_id
         JOIN chat_gifts g ON g.id = m.gift_id
        WHERE ${where}
        ORDER BY m.id DESC LIMIT $4 OFFSET $5`,
      [...params, f.limit, f.offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM chat_messages m WHERE ${where}`, params),
  ]);
  return {
    list: list.rows.map((x) => ({
      id: x.id,
      time: x.created_at.getTime(),
      roomName: x.room_name,
      giftName: x.gift_name,
      icon: x.icon,
      count: x.gift_count,
      coin: BigInt(x.coin ?? '0'),
    })),
    total: count.rows[0]?.n ?? 0,
  };
}
