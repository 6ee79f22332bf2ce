import type { Queryable } from '@nebula/db';

const ts = (ms: number) => new Date(ms);

/** Whether an operator blocked this device id (10102 on every call and every way in). */
export async function isDeviceBlocked(q: Queryable, deviceId: string): Promise<boolean> {
  return (
    (await q.query('SELECT 1 FROM blocked_devices WHERE device_id = $1', [deviceId])).rowCount > 0
  );
}

export async function isTrustedDevice(
  q: Queryable,
  memberId: number,
  deviceId: string,
): Promise<boolean> {
  return (
    (
      await q.query(
        'SELECT 1 FROM member_devices WHERE member_id = $1 AND device_id = $2 AND trusted',
        [memberId, deviceId],
      )
    ).rowCount > 0
  );
}

export async function upsertDevice(
  q: Queryable,
  d: {
    memberId: number;
    deviceId: string;
    label: string;
    trusted: boolean;
    ip: string;
    now: number;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO member_devices (member_id, device_id, label, trusted, first_seen_at, last_seen_at, last_ip)
     VALUES ($1, $2, $3, $4, $5, $5, $6)
     ON CONFLICT (member_id, device_id) DO UPDATE SET
       trusted = member_devices.trusted OR EXCLUDED.trusted, last_seen_at = EXCLUDED.last_seen_at,
       last_ip = EXCLUDED.last_ip, label = CASE WHEN EXCLUDED.label <> '' THEN EXCLUDED.label ELSE member_devices.label END`,
    [d.memberId, d.deviceId, d.label, d.trusted, ts(d.now), d.ip],
  );
}
