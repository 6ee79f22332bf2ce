import { ts, type Queryable } from '@nebula/db';

export interface LoginRecordInsert {
  memberId: number | null;
  userNameLower: string;
  ip: string;
  network: string;
  deviceId: string;
  userAgent: string;
  success: boolean;
  risky: boolean;
  riskReason: string | null;
  now: number;
}

export async function insertLoginRecord(q: Queryable, r: LoginRecordInsert): Promise<void> {
  await q.query(
    `INSERT INTO login_history (member_id, user_name_lower, ip, network, device_id, user_agent, success, risky, risk_reason, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      r.memberId,
      r.userNameLower,
      r.ip,
      r.network,
      r.deviceId,
      r.userAgent,
      r.success,
      r.risky,
      r.riskReason,
      ts(r.now),
    ],
  );
}

export async function networkSeenSince(
  q: Queryable,
  memberId: number,
  network: string,
  since: number,
): Promise<boolean> {
  const r = await q.query(
    'SELECT 1 FROM login_history WHERE member_id = $1 AND network = $2 AND success AND at > $3 LIMIT 1',
    [memberId, network, ts(since)],
  );
  return r.rowCount > 0;
}

/** Failed logins for this member since its last success, from networks other than this one. */
export async function foreignFailuresSinceLastSuccess(
  q: Queryable,
  memberId: number,
  network: string,
): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM login_history
      WHERE member_id = $1 AND NOT success AND network <> $2
        AND at > COALESCE((SELECT max(at) FROM login_history WHERE member_id = $1 AND success), '-infinity'::timestamptz)`,
    [memberId, network],
  );
  return r.rows[0]?.n ?? 0;
}
