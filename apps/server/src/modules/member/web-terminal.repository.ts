import { ts, type Queryable } from '@nebula/db';

export async function insertWebTerminal(
  q: Queryable,
  t: {
    deviceId: string;
    memberId: number | null;
    ip: string;
    userAgent: string;
    data: unknown;
    now: number;
  },
): Promise<void> {
  await q.query(
    'INSERT INTO web_terminals (device_id, member_id, ip, user_agent, data, at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)',
    [t.deviceId, t.memberId, t.ip, t.userAgent.slice(0, 300), JSON.stringify(t.data), ts(t.now)],
  );
}
