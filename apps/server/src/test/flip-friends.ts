import type { TestApp } from './test-app';

/**
 * Test helpers of 幸运翻牌 and the friend activities: a published activity of a kind (its rule
 * as the kind's schema accepts it), valid turnover and a credited deposit for a member.
 */
export async function publishActivity(
  t: TestApp,
  kind: 'luckyFlip' | 'friendInvite' | 'friendPeakBet',
  rule: unknown,
  o: { startsAt?: number; endsAt?: number; title?: string } = {},
): Promise<number> {
  const now = t.clock.now();
  const r = await t.db.query<{ id: number }>(
    `INSERT INTO activities (kind, title, picture_url, rules_text, starts_at, ends_at, rule,
       eligibility, status, created_at, updated_at, created_by)
     VALUES ($1, $2, '/static/activities/test.png', '测试活动规则', $3, $4, $5::jsonb, '{}'::jsonb,
       'active', $6, $6, 'test')
     RETURNING id`,
    [
      kind,
      o.title ?? '测试活动',
      new Date(o.startsAt ?? now - 3600_000),
      new Date(o.endsAt ?? now + 60 * 86_400_000),
      JSON.stringify(rule),
      new Date(now),
    ],
  );
  return Number(r.rows[0]!.id);
}

let seq = 0;

export async function addTurnover(t: TestApp, memberId: number, fen: bigint): Promise<void> {
  seq += 1;
  await t.db.tx((q) =>
    t.services.turnover.addValid(q, memberId, fen, `ff-bet:${memberId}:${seq}`, '投注'),
  );
}

export async function creditDeposit(t: TestApp, memberId: number, fen: bigint): Promise<void> {
  seq += 1;
  const at = new Date(t.clock.now());
  await t.db.query(
    `INSERT INTO deposit_orders (id, member_id, channel_id, channel_type, channel_name, currency,
       amount, credit_amount, status, received_amount, created_at, expires_at, updated_at)
     VALUES ($1, $2, 'alipay', 'online', '支付宝', 'CNY', $3, $3, 'credited', $3, $4, $4, $4)`,
    [`DFF${memberId}X${seq}`, memberId, fen, at],
  );
}
