import type { OrderEvent } from '@nebula/protocol';
import { ts, type Queryable } from '@nebula/db';

export async function addEvent(
  q: Queryable,
  orderId: string,
  status: string,
  note: string,
  now: number,
): Promise<void> {
  await q.query('INSERT INTO order_events (order_id, status, note, at) VALUES ($1, $2, $3, $4)', [
    orderId,
    status,
    note,
    ts(now),
  ]);
}
export async function eventsOf(
  q: Queryable,
  orderIds: string[],
): Promise<Map<string, OrderEvent[]>> {
  const map = new Map<string, OrderEvent[]>();
  if (orderIds.length === 0) return map;
  const r = await q.query<{ order_id: string; status: string; note: string; at: Date }>(
    'SELECT order_id, status, note, at FROM order_events WHERE order_id = ANY($1) ORDER BY id',
    [orderIds],
  );
  for (const e of r.rows) {
    const list = map.get(e.order_id) ?? [];
    list.push({ time: e.at.getTime(), status: e.status, note: e.note });
    map.set(e.order_id, list);
  }
  return map;
}
