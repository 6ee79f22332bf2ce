import { ErrorCode } from '@nebula/protocol';
import type { Queryable } from '@nebula/db';
import { foreignFailuresSinceLastSuccess, networkSeenSince } from './login-record.repository';
import { isTrustedDevice } from './device.repository';

const DAY = 24 * 3600 * 1000;
const SEEN_WINDOW_MS = 90 * DAY;
const LONG_ABSENCE_MS = 90 * DAY;
/** Failed logins from other networks since the last success that make a login "risky". */
const FOREIGN_FAILURES_RISK = 3;

export type RiskReason = 'ip' | 'device' | 'ipAndDevice' | 'longAbsence' | 'risk';

export const RISK_CODE: Record<RiskReason, number> = {
  ip: ErrorCode.RiskUnusualIp,
  device: ErrorCode.RiskUnusualDevice,
  ipAndDevice: ErrorCode.RiskUnusualIpAndDevice,
  longAbsence: ErrorCode.RiskLongAbsence,
  risk: ErrorCode.RiskGeneral,
};

/**
 * Login risk (contract §4 via the accounts issue): a device the member has not trusted, a
 * network (IPv4 /24, IPv6 /48) not seen for the member in 90 days, a last login over 90 days
 * ago, or a run of failed logins from elsewhere since the last success.
 */
export async function assessLoginRisk(
  q: Queryable,
  m: { memberId: number; lastLoginAt: number | null },
  deviceId: string,
  network: string,
  now: number,
): Promise<RiskReason | null> {
  if (m.lastLoginAt !== null && now - m.lastLoginAt > LONG_ABSENCE_MS) return 'longAbsence';
  const [trusted, seen] = await Promise.all([
    isTrustedDevice(q, m.memberId, deviceId),
    networkSeenSince(q, m.memberId, network, now - SEEN_WINDOW_MS),
  ]);
  if (!trusted && !seen) return 'ipAndDevice';
  if (!trusted) return 'device';
  if (!seen) return 'ip';
  if ((await foreignFailuresSinceLastSuccess(q, m.memberId, network)) >= FOREIGN_FAILURES_RISK)
    return 'risk';
  return null;
}
