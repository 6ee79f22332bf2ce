import { deviceName } from '@nebula/protocol';
import type { TrustedDevice } from '@nebula/protocol';
import { ts, type Queryable } from '@nebula/db';

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

/** Labels written before devices were named from the user agent. */
const LEGACY_LABELS: ReadonlySet<string> = new Set([
  '浏览器',
  'iOS 设备',
  'Android 设备',
  'Windows 电脑',
  'Mac 电脑',
]);

/**
 * Trusted devices, each with its latest webTerminal report. Only reports sent anonymously or
 * under this member's own session count, so another member who used (or claims) the same
 * device id cannot put words in this member's security centre. Text fields are clipped: the
 * report is free-form JSON.
 */
export async function readDevices(
  q: Queryable,
  memberId: number,
  currentDeviceId: string,
): Promise<TrustedDevice[]> {
  const r = await q.query<{
    device_id: string;
    label: string;
    first_seen_at: Date;
    last_seen_at: Date;
    last_ip: string;
    fingerprint: string | null;
    screen: string | null;
    user_agent: string | null;
    reported_at: Date | null;
  }>(
    `SELECT d.device_id, d.label, d.first_seen_at, d.last_seen_at, d.last_ip,
            w.fingerprint, w.screen, w.user_agent, w.at AS reported_at
       FROM member_devices d
       LEFT JOIN LATERAL (
         SELECT CASE WHEN jsonb_typeof(t.data->'fingerprint') = 'string' THEN left(t.data->>'fingerprint', 64) END AS fingerprint,
                CASE WHEN jsonb_typeof(t.data->'screen') = 'string' THEN left(t.data->>'screen', 32) END AS screen,
                t.user_agent, t.at
           FROM web_terminals t
          WHERE t.device_id = d.device_id AND (t.member_id IS NULL OR t.member_id = d.member_id)
          ORDER BY t.at DESC, t.id DESC LIMIT 1
       ) w ON true
      WHERE d.member_id = $1 AND d.trusted ORDER BY d.last_seen_at DESC`,
    [memberId],
  );
  return r.rows.map((d) => ({
    deviceId: d.device_id,
    // Labels of old rows (a bare 浏览器) and empty ones are named again from what is known.
    label: d.label && !LEGACY_LABELS.has(d.label) ? d.label : deviceName(d.user_agent),
    current: d.device_id === currentDeviceId,
    firstSeenAt: d.first_seen_at.getTime(),
    lastSeenAt: d.last_seen_at.getTime(),
    lastIp: d.last_ip,
    terminal: d.reported_at
      ? {
          fingerprint: d.fingerprint,
          screen: d.screen,
          userAgent: d.user_agent ?? '',
          reportedAt: d.reported_at.getTime(),
        }
      : null,
  }));
}

export async function untrustDevice(
  q: Queryable,
  memberId: number,
  deviceId: string,
): Promise<boolean> {
  return (
    (
      await q.query(
        'UPDATE member_devices SET trusted = false WHERE member_id = $1 AND device_id = $2 AND trusted',
        [memberId, deviceId],
      )
    ).rowCount > 0
  );
}
