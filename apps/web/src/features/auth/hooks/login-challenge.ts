import type { LoginChallenge } from '@nebula/protocol/api/auth/auth.schemas';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { businessData, BusinessError } from '../../../lib/api-errors';

const RISK_CODES: ReadonlySet<number> = new Set([
  ErrorCode.RiskUnusualIp,
  ErrorCode.RiskUnusualDevice,
  ErrorCode.RiskUnusualIpAndDevice,
  ErrorCode.RiskLongAbsence,
  ErrorCode.RiskGeneral,
]);
const REASONS: ReadonlySet<string> = new Set([
  'ip',
  'device',
  'ipAndDevice',
  'longAbsence',
  'risk',
]);

/** The step-up of a risky login (6025–6029 carry a LoginChallenge in `data`), else null. */
export function loginChallengeOf(error: unknown): LoginChallenge | null {
  if (!(error instanceof BusinessError) || !RISK_CODES.has(error.code)) return null;
  const data = businessData(error);
  const { challengeId, phoneMasked, reason } = data ?? {};
  if (typeof challengeId !== 'string' || typeof phoneMasked !== 'string') return null;
  if (typeof reason !== 'string' || !REASONS.has(reason)) return null;
  return { challengeId, phoneMasked, reason: reason as LoginChallenge['reason'] };
}
