import { StorageKey, type ReferralCodeName } from '@nebula/protocol/constants/constants';
import {
  createStoredReferralCode,
  parseStoredReferralCode,
  readReferralCode,
  REFERRAL_CODE_NAMES,
} from '@nebula/protocol/rules/referral';
import { INVITE_CODE_PATTERN } from '@nebula/protocol/rules/account-rules';
import { local, session } from '../lib/storage';

/** What a code from a link may look like; anything else is ignored rather than stored. */
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const GROW_CODE_PARAM = 'growCode';
const AGENT_VERIFY_PARAM = 'agent_verify';

/**
 * Reads the contract §8.2 codes of a query string, on any page: the referral codes are kept in
 * localStorage with the time they were stored (a newer link replaces an older code and
 * restarts its clock); `growCode` and `agent_verify` are kept in sessionStorage for this visit.
 */
export function captureReferralParams(search: string, now: number = Date.now()): void {
  if (!search || search === '?') return;
  const params = new URLSearchParams(search);
  for (const name of REFERRAL_CODE_NAMES) {
    const value = params.get(name)?.trim();
    if (value && CODE_PATTERN.test(value)) {
      local.setJson(name, createStoredReferralCode(value, now));
    }
  }
  const grow = params.get(GROW_CODE_PARAM)?.trim();
  if (grow && CODE_PATTERN.test(grow)) session.set(StorageKey.GrowCode, grow);
  const agent = params.get(AGENT_VERIFY_PARAM)?.trim();
  if (agent && CODE_PATTERN.test(agent)) session.set(StorageKey.AgentVerify, agent);
}

/** A stored referral code while valid (contract §8.4: invite_code 24 h, the others 12 h). */
export function readStoredReferralCode(
  name: ReferralCodeName,
  now: number = Date.now(),
): string | null {
  const stored = parseStoredReferralCode(local.get(name));
  const value = readReferralCode(name, stored, now);
  // An expired or corrupt entry is dropped, so it can never come back by a clock change.
  if (value === null && local.get(name) !== null) local.remove(name);
  return value;
}

/** The invite code to prefill at registration: a valid invite_code, else i_code. */
export function registrationInviteCode(now: number = Date.now()): string | null {
  for (const name of ['invite_code', 'i_code'] as const) {
    const value = readStoredReferralCode(name, now);
    if (value && INVITE_CODE_PATTERN.test(value)) return value;
  }
  return null;
}

/**
 * The agent code to send at registration (contract §5 Agents): this visit's `agent_verify`,
 * else its `growCode`, when it has the shape of a code.
 */
export function registrationAgentCode(): string | null {
  for (const value of [getAgentVerify(), getGrowCode()])
    if (value && INVITE_CODE_PATTERN.test(value)) return value;
  return null;
}

export function getGrowCode(): string | null {
  return session.get(StorageKey.GrowCode);
}

export function getAgentVerify(): string | null {
  return session.get(StorageKey.AgentVerify);
}
