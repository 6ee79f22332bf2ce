import { REFERRAL_CODE_TTL_MS, type ReferralCodeName } from '../constants/constants';

/**
 * contract §8.2 / §5 referral codes, kept with the time they were stored: invite_code lives 24 h,
 * i_code, r_code and r_bet 12 h. Pure: the caller passes `now` and does the storage I/O.
 */

export const REFERRAL_CODE_NAMES = Object.keys(REFERRAL_CODE_TTL_MS) as ReferralCodeName[];

/** What is kept in storage (JSON): the code and when it was stored (epoch ms). */
export interface StoredReferralCode {
  value: string;
  storedAt: number;
}

export function isReferralCodeName(name: string): name is ReferralCodeName {
  return Object.prototype.hasOwnProperty.call(REFERRAL_CODE_TTL_MS, name);
}

/**
 * Valid while 0 ≤ now − storedAt < ttl: expired at exactly the ttl. A storedAt in the future is
 * refused, because with a clock set forward at store time the code would otherwise outlive its
 * ttl by the skew.
 */
export function isReferralCodeValid(
  name: ReferralCodeName,
  storedAt: number,
  now: number,
): boolean {
  if (!Number.isFinite(storedAt) || !Number.isFinite(now)) return false;
  const age = now - storedAt;
  return age >= 0 && age < REFERRAL_CODE_TTL_MS[name];
}

export function createStoredReferralCode(value: string, now: number): StoredReferralCode {
  return { value, storedAt: now };
}

function isStoredReferralCode(value: unknown): value is StoredReferralCode {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.value === 'string' && typeof record.storedAt === 'number';
}

/**
 * The code when present, well formed, non-empty and not expired; otherwise null. `stored` is
 * whatever came out of storage (already JSON-parsed), so a corrupt entry reads as absent.
 */
export function readReferralCode(
  name: ReferralCodeName,
  stored: unknown,
  now: number,
): string | null {
  if (!isStoredReferralCode(stored) || stored.value === '') return null;
  return isReferralCodeValid(name, stored.storedAt, now) ? stored.value : null;
}

/** Parses the stored JSON text; null for missing or corrupt text instead of throwing. */
export function parseStoredReferralCode(text: string | null): StoredReferralCode | null {
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isStoredReferralCode(parsed) ? { value: parsed.value, storedAt: parsed.storedAt } : null;
  } catch {
    return null;
  }
}
