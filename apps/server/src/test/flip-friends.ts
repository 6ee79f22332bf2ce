import type { ActivityCreateRequest } from '@nebula/protocol';
import type { TestApp } from './test-app';
import { createActivity } from '../modules/activity/activity.test-kit';

/**
 * Test helpers of 幸运翻牌 and the friend activities: an activity of a kind made through the
 * operators' API (so its rule passes the kind's schema), valid turnover and a credited deposit.
 */
export async function publishActivity(
  t: TestApp,
  kind: 'luckyFlip' | 'friendInvite' | 'friendPeakBet',
  rule: unknown,
  o: { startsAt?: number; endsAt?: number; title?: string } = {},
): Promise<number> {
  const now = t.clock.now();
  const a = await createActivity(t, kind, {
    rule: rule as ActivityCreateRequest['rule'],
    title: o.title ?? '测试活动',
    startsAt: o.startsAt ?? now - 3600_000,
    endsAt: o.endsAt ?? now + 60 * 86_400_000,
  });
  return a.id;
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
